!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic k
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 k :  : k : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
DECLARE k;
SGTR H0.x, f[TEX0].x, k.x;
MULR R0, f[TEX0], k;
MOVR R1.xy, f[TEX0].xyyy;
MOVR R1.zw, k.zwzw;
MOVR R2, k;
MOVXC HC, H0.x;
MOVR R2 (NE), R1;
SUBR R1, f[TEX0], k;
MOVR R1 (NE), R0;
MOVR R0.x, {3}.x;
MOVXC HC.x, H0;
MOVR R0.x (NE), f[TEX0].x;
ADDR R0, R1, R0.x;
MOVR o[COLR].xy, R2.xyyy;
MOVR o[COLR].zw, R0.zwzw;
END
# 15 instructions, 3 R-regs, 1 H-regs
