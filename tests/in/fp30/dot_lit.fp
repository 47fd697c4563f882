!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
MOVR R0, f[TEX1];
MULR R1.x, f[TEX0].z, R0;
MADR R1.x, f[TEX0].w, R0.y, R1;
DP4R R2.x, f[TEX0], R0;
DP3R R2.y, f[TEX0], R0.zyxx;
MOVR R2.z, R1.x;
MULR R2.w, f[TEX0], f[TEX0];
LITR R1, f[TEX1];
DSTR R0, f[TEX0], R0;
ADDR R1, R2, R1;
ADDR o[COLR], R1, R0;
END
# 11 instructions, 3 R-regs, 0 H-regs
