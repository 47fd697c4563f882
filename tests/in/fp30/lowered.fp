!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
RSQR R0.x, |f[TEX1].x|;
RSQR R0.y, |f[TEX1].y|;
RSQR R0.z, |f[TEX1].z|;
RSQR R0.w, |f[TEX1].w|;
RCPR R1.x, R0.x;
RCPR R1.y, R0.y;
RCPR R1.z, R0.z;
RCPR R1.w, R0.w;
SLTRC HC, f[TEX1], {0}.x;
FLRR R0, f[TEX1];
FLRR R2, -f[TEX1];
MOVR R0 (NE), -R2;
FRCR R2, f[TEX0];
SGER H0, R2, {0.5}.x;
FLRR R2, f[TEX0];
ADDR R2, R2, H0;
MAXR R3, f[TEX1], {-0.5}.x;
MINR R3, R3, {0.5}.x;
MOVR R4, f[TEX0];
SUBR R4, f[TEX1], R4;
MADR R3, R3, R4, f[TEX0];
RCPR R4.x, f[TEX1].x;
RCPR R4.y, f[TEX1].y;
RCPR R4.z, f[TEX1].z;
RCPR R4.w, f[TEX1].w;
MADR R1, f[TEX0], R4, R1;
FLRR R4, -f[TEX0];
ADDR R0, -R4, R0;
ADDR R2, R2, R3;
ADDR R0, R1, R0;
ADDR o[COLR], R0, R2;
END
# 31 instructions, 5 R-regs, 1 H-regs
