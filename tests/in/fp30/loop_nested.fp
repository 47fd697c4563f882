!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
SGTR H0.x, f[TEX0].x, {0.5}.x;
ADDR R0.x, {0}.x, f[TEX0].x;
MULR R1.x, {0}.x, f[TEX0].x;
MOVXC HC.x, H0;
MOVR R1.x (NE), R0;
ADDR R0.x, R1, f[TEX0].x;
MULR R1.x, R1, f[TEX0].x;
MOVR R1.x (NE), R0;
ADDR R0.x, R1, f[TEX0].x;
MULR R1.x, R1, f[TEX0].x;
MOVR R1.x (NE), R0;
ADDR R0.x, R1, f[TEX0].x;
MULR R1.x, R1, f[TEX0].x;
MOVR R1.x (NE), R0;
ADDR R0.x, R1, f[TEX0].x;
MULR R1.x, R1, f[TEX0].x;
MOVR R1.x (NE), R0;
ADDR R0.x, R1, f[TEX0].x;
MULR R1.x, R1, f[TEX0].x;
MOVR R1.x (NE), R0;
MOVR o[COLR], R1.x;
END
# 21 instructions, 2 R-regs, 1 H-regs
