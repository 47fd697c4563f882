!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
SGTRC HC.x, f[TEX0], {0.5};
MULR R0.x, {0}, f[TEX0];
ADDR R0.x (NE), {0}, f[TEX0];
MULR R0.y, R0.x, f[TEX0].x;
ADDR R0.y (NE.x), R0.x, f[TEX0].x;
MULR R0.x, R0.y, f[TEX0];
ADDR R0.x (NE), R0.y, f[TEX0];
MULR R0.y, R0.x, f[TEX0].x;
ADDR R0.y (NE.x), R0.x, f[TEX0].x;
MULR R0.x, R0.y, f[TEX0];
ADDR R0.x (NE), R0.y, f[TEX0];
MULR o[COLR], R0.x, f[TEX0].x;
ADDR o[COLR] (NE.x), R0.x, f[TEX0].x;
END
# 13 instructions, 1 R-regs, 0 H-regs
