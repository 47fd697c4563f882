!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 h : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
FRCR R0, f[TEX0];
SGER H0, R0, {0.5}.x;
FLRR R0, f[TEX0];
ADDR R1, R0, H0;
MOVR R0, R0;
SLTRC HC, f[TEX0], {0}.x;
FLRR R2, -f[TEX0];
MOVR R0 (NE), -R2;
ADDR R0, -R2, R0;
ADDR R0, R0, R1;
MOVR R1, f[TEX1];
FRCH H0, R1;
SGEH H0, H0, {0.5}.x;
FLRH H1, R1;
ADDH H0, H1, H0;
SLTHC HC, R1, {0}.x;
FLRH H2, -R1;
MOVH H1 (NE), -H2;
SUBH H0, H0, R1;
MADH H0, {0.25, 0.5, 0.75, 1}, H0, R1;
ADDH H0, H0, H1;
MADR o[COLR], R0, H0, f[TEX0];
END
# 22 instructions, 3 R-regs, 3 H-regs
