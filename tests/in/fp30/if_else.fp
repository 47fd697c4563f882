!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic k
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 k :  : k : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
DECLARE k;
SGTRC HC.x, f[TEX0].x, k.x;
MOVR o[COLR].xy, f[TEX0].xyxx;
MOVR o[COLR].xy (EQ.xxzw), k.xyxx;
SUBR R0.zw, f[TEX0].zzzw, k.zzzw;
MULR R0.zw (NE.xyxx), f[TEX0].zzzw, k.zzzw;
MOVR R0.x, {3}.x;
MOVR R0.x (NE), f[TEX0].x;
ADDR o[COLR].zw, R0.zzzw, R0.x;
END
# 8 instructions, 1 R-regs, 0 H-regs
