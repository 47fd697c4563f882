!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic k
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 k :  : k : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
DECLARE k;
SGTRC HC.x, f[TEX0], k;
MOVR o[COLR].xy, f[TEX0];
MOVR o[COLR].xy (EQ.x), k;
SUBR R0.zw, f[TEX0], k;
MULR R0.zw (NE.x), f[TEX0], k;
MOVR R0.x, {3};
MOVR R0.x (NE), f[TEX0];
ADDR o[COLR].zw, R0, R0.x;
END
# 8 instructions, 1 R-regs, 0 H-regs
