!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic s : TEXUNIT2
#semantic t
#var float2 uv : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float3 p : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var sampler2D s : TEXUNIT2 : texunit 2 : -1 : 1
#var sampler2D t :  : texunit 0 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
DDYR R0.xy, f[TEX0];
DDXR R1.xy, f[TEX0];
TXD R0, f[TEX1].yxxx, R1, R0, TEX2, 2D;
TXP R1, f[TEX1].xyzz, TEX0, 2D;
TEX R2, f[TEX0], TEX2, 2D;
ADDR R1, R2, R1;
MADR o[COLR], R0, R1, R2;
END
# 7 instructions, 3 R-regs, 0 H-regs
