!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic limit
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float limit :  : limit : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
#var <none>4 $kill_0000 : $vout.$kill : $kill : -1 : 0
DECLARE limit;
MULR o[COLR], f[TEX0], f[TEX0];
SLTRC HC.x, f[TEX0].w, limit;
KIL NE.x;
END
# 3 instructions, 0 R-regs, 0 H-regs
