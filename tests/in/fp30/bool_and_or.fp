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
MADX_SAT H3, H0, H2, H1;
MADX_SAT H0, H1, H2, H0;
MULX H0, H3, H0;
MAXX H1, H0, H0;
ADDR o[COLR], H1, H0;
END
# 9 instructions, 1 R-regs, 4 H-regs
