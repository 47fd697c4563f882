!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
MOVR R0, f[TEX1];
DP4R R1.x, f[TEX0], R0;
DP3R R2.x, f[TEX0].xyzz, R0.zyxx;
MULR R3.x, f[TEX0].z, R0.x;
MADR R3.x, f[TEX0].w, R0.y, R3.x;
MULR R4.x, f[TEX0].w, f[TEX0].w;
MOVR R1.y, R2.xxzw;
MOVR R1.z, R3.xyxw;
MOVR R1.w, R4.xyzx;
LITR R2, f[TEX1];
DSTR R0, f[TEX0], R0;
ADDR R1, R1, R2;
ADDR o[COLR], R1, R0;
END
# 13 instructions, 5 R-regs, 0 H-regs
