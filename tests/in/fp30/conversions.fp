!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 h : $vin.COLOR1 : COL1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
MOVX H0, f[COL1];
MOVH H1, f[TEX0];
ADDH H0, H1, H0;
SNEH H1, f[COL1], {0}.x;
MULH H0, H0, H1;
MOVR R0, f[TEX0];
MOVX H1, R0;
ADDR o[COLR], H0, H1;
END
# 8 instructions, 1 R-regs, 2 H-regs
