!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
SLTRC H0.x, f[TEX0], {0};
SEQX H0.x, H0, {0};
MOVR o[COLR], {0}.x;
MOVR o[COLR].xw (NE.x), {1, 0}.x;
SLTR H0.y, f[TEX0], {0}.x;
SEQX H0.z, H0.y, {0}.x;
MULXC HC.xyw, H0.x, H0.y;
MOVR o[COLR].xyw (NE), {0, 1}.xyxy;
MULXC H0.x, H0, H0.z;
MOVR o[COLR] (NE.x), {0, 1}.xxyy;
SGTR H0.y, f[TEX0], {1}.x;
MULXC HC.w, H0.x, H0.y;
MOVR o[COLR].w (NE), f[TEX0].y;
END
# 13 instructions, 0 R-regs, 1 H-regs
