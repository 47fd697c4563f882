!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var half4 h : $vin.COLOR1 : COL1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
MOVH H0, f[TEX0];
MOVR R0, f[TEX0];
MOVX H1, R0;
MOVX H2, f[COL1];
SNEH H3, f[COL1], {0}.x;
ADDH H0, H0, H2;
MULH H0, H0, H3;
ADDR o[COLR], H0, H1;
END
# 8 instructions, 1 R-regs, 4 H-regs
