!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
MOVR R0, f[TEX1];
SLTR H0, f[TEX0], R0;
SGER H1, f[TEX0], R0;
SGTR H2, f[TEX0], {0}.x;
MULX H0, H0, H2;
MAXX H1, H0, H1;
SNEX H3, H1, H2;
SEQX H3, H3, {0}.x;
MULX H4.x, H2, H2.y;
MULX H4.x, H4, H2.z;
MULX H4.x, H4, H2.w;
DP4X_SAT H2.x, H3, {1}.x;
MOVH H2.y, H4.x;
DP3X_SAT H2.z, H0, {1}.x;
MULX H2.w, H1.z, H1;
ADDR o[COLR], H2, H3;
END
# 16 instructions, 1 R-regs, 5 H-regs
