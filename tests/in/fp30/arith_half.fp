!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic k
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.COLOR0 : COL0 : -1 : 1
#var half4 k :  : k : -1 : 1
#var half4 color : $vout.COLOR : COL : -1 : 1
DECLARE k;
MOVR R0, f[TEX0];
MADH H0, R0, f[COL0], k;
MADH H1, R0, k, f[COL0];
SUBH H0, H0, H1;
MAXH H0, H0, R0;
FLRH H0, H0;
FRCH H1, H1;
ADDH o[COLH], H0, H1;
END
# 8 instructions, 1 R-regs, 2 H-regs
