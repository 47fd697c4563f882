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
MOVR R1, {0.5}.x;
MADR o[COLR], R0, s, R1;
END
# 3 instructions, 2 R-regs, 0 H-regs
