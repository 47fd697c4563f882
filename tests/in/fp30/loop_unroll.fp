!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic w
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 w[0] :  : w$0 : -1 : 1
#var float4 w[1] :  : w$1 : -1 : 1
#var float4 w[2] :  : w$2 : -1 : 1
#var float4 w[3] :  : w$3 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
DECLARE w$0;
DECLARE w$1;
DECLARE w$2;
DECLARE w$3;
MADR R0, f[TEX0], w$0, H0;
MADR R0, f[TEX0], w$1, R0;
MADR R0, f[TEX0], w$2, R0;
MADR o[COLR], f[TEX0], w$3, R0;
END
# 4 instructions, 1 R-regs, 1 H-regs
