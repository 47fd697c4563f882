!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float2 b : $vin.TEXCOORD3 : TEX3 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
#var float depth : $vout.DEPTH : DEPR : -1 : 1
MOVR R0.xyz, f[TEX0].wzyy;
MOVR R0.w, {1}.x;
MULR R1.xy, f[TEX3].yxxx, f[TEX3].yxxx;
MOVR R2.xyz, f[TEX0].wzyy;
MOVR R2.w, {0}.x;
MOVR R1.zw, f[TEX3].xyxy;
ADDR R0, R1, R0;
MOVR o[COLR].xz, R2.xxzx;
MOVR o[COLR].yw, R0.wwwx;
MOVR o[DEPR].z, R0.z;
END
# 10 instructions, 3 R-regs, 0 H-regs
