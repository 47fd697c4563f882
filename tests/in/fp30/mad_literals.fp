!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic s
#var float4 uv : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 s :  : s : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
DECLARE s;
MADR R0, f[TEX0], {2, -1}.x, {2, -1}.y;
MOVH H0.x, {0.5};
MADR o[COLR], R0, s, H0.x;
END
# 3 instructions, 1 R-regs, 1 H-regs
