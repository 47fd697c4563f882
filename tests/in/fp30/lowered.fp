!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
RCPR R0.x, f[TEX1].x;
RCPR R0.y, f[TEX1].y;
RCPR R0.z, f[TEX1].z;
RCPR R0.w, f[TEX1].w;
RSQR R1.x, |f[TEX1].x|;
RSQR R1.y, |f[TEX1].y|;
RSQR R1.z, |f[TEX1].z|;
RSQR R1.w, |f[TEX1].w|;
RCPR R2.x, R1.x;
RCPR R2.y, R1.y;
RCPR R2.z, R1.z;
RCPR R2.w, R1.w;
FLRR R1, -f[TEX0];
FLRR R3, -f[TEX1];
FLRR R4, f[TEX1];
SLTRC HC, f[TEX1], {0}.x;
MOVR R4 (NE), -R3;
FLRR R3, f[TEX0];
FRCR R5, f[TEX0];
SGER H0, R5, {0.5}.x;
ADDR R3, R3, H0;
MAXR R5, f[TEX1], {-0.5}.x;
MINR R5, R5, {0.5}.x;
MOVR R6, f[TEX0];
SUBR R6, f[TEX1], R6;
MADR R5, R5, R6, f[TEX0];
MADR R0, f[TEX0], R0, R2;
ADDR R1, -R1, R4;
ADDR R2, R3, R5;
ADDR R0, R0, R1;
ADDR o[COLR], R0, R2;
END
# 31 instructions, 7 R-regs, 1 H-regs
