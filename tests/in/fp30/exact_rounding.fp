!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var half4 h : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
FLRR R0, -f[TEX0];
FLRR R1, f[TEX0];
MOVR R2, R1;
SLTRC HC, f[TEX0], {0}.x;
MOVR R2 (NE), -R0;
FRCR R3, f[TEX0];
SGER H0, R3, {0.5}.x;
ADDR R1, R1, H0;
ADDR R0, -R0, R2;
ADDR R0, R0, R1;
MOVR R1, f[TEX1];
FLRH H0, R1;
FRCH H1, R1;
SGEH H1, H1, {0.5}.x;
ADDH H1, H0, H1;
FLRH H2, -R1;
SLTHC HC, R1, {0}.x;
MOVH H0 (NE), -H2;
SUBR R1, H1, f[TEX1];
MADR H1, {0.25, 0.5, 0.75, 1}, R1, f[TEX1];
ADDH H0, H1, H0;
MADR o[COLR], R0, H0, f[TEX0];
END
# 22 instructions, 4 R-regs, 3 H-regs
