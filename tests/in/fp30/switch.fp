!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic mode
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var int mode :  : mode : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
DECLARE mode;
MOVR R0.x, mode;
SEQR H0.xy, R0.x, {1, 2};
MOVR o[COLR], -f[TEX0];
MAXXC HC, H0.x, H0.y;
MULR o[COLR] (NE), f[TEX0], f[TEX0];
SEQRC HC, R0.x, {0}.x;
MOVR o[COLR] (NE), f[TEX0];
END
# 7 instructions, 1 R-regs, 1 H-regs
