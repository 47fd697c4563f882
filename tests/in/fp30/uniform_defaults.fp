!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic tint
#semantic gain
#semantic k
#semantic n
#semantic on
#semantic plain
#semantic M
#semantic IN
#semantic unused
#var float2 uv : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float3 tint :  : tint : -1 : 1
#var half gain :  : gain : -1 : 1
#var float4 k[0] :  : k$0 : -1 : 0
#var float4 k[1] :  : k$1 : -1 : 1
#var int n :  : n : -1 : 1
#var bool on :  : on : -1 : 1
#var float4 plain :  : plain : -1 : 1
#var float2x2 M :  : M$0, 2 : -1 : 1
#var float2 IN.size :  : IN$size : -1 : 1
#var float unused :  :  : -1 : 0
#var float4 color : $vout.COLOR : COL : -1 : 1
#default tint = 0.95 0.55 0.25
#default gain = 0.44995117
#default k[0] = 1 2 3 4
#default k[1] = -0.5 0.25 8 16
#default n = 3
#default on = 1
#default M[0] = 1 2
#default M[1] = 3 4
#default unused = 7
DECLARE n = {3};
DECLARE gain = {0.44995117};
DECLARE on = {1};
DECLARE tint = {0.95, 0.55, 0.25};
DECLARE k$0 = {1, 2, 3, 4};
DECLARE k$1 = {-0.5, 0.25, 8, 16};
DECLARE plain;
DECLARE M$0 = {1, 2};
DECLARE M$1 = {3, 4};
DECLARE IN$size;
MOVR R0.xy, tint;
MULR R0.xy, R0, k$1;
MOVR R0.zw, plain.xyxy;
MADR R0.xy, R0, on.x, R0.zwzz;
ADDR R0.xy, R0, n.x;
ADDR R0.xy, R0, f[TEX0];
MOVR R0.zw, IN$size.xyxy;
MADR o[COLR].xy, R0, M$1, R0.zwzz;
MOVR o[COLR].z, gain.x;
MOVR o[COLR].w, n.x;
END
# 10 instructions, 1 R-regs, 0 H-regs
