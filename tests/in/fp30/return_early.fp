!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
#var <none>4 $kill_0000 : $vout.$kill : $kill : -1 : 0
SGTRC H0.x, f[TEX0], {0};
SEQX H0.x, H0, {0};
SGTR H0.y, f[TEX0], {0}.x;
MOVR o[COLR], {0.5, 1}.xxxy;
MOVR o[COLR] (EQ.x), f[TEX0];
MULXC HC.x, H0.y, H0;
KIL NE.x;
END
# 7 instructions, 0 R-regs, 1 H-regs
