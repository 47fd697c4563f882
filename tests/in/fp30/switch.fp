!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic mode
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var int mode :  : mode : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
DECLARE mode;
MOVR R0, {0}.x;
SEQR H0.x, mode, R0;
MOVR R0, {1}.x;
SEQR H1.x, mode, R0;
MOVR R0, {2}.x;
SEQR H2.x, mode, R0;
MAXX H1.x, H1, H2;
MULR R0, f[TEX0], f[TEX0];
MOVR o[COLR], -f[TEX0];
MOVXC HC, H1.x;
MOVR o[COLR] (NE), R0;
MOVXC HC, H0.x;
MOVR o[COLR] (NE), f[TEX0];
END
# 13 instructions, 1 R-regs, 3 H-regs
