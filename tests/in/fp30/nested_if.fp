!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
SLTRC H0.x, f[TEX0].x, {0}.x;
SEQX H0.x, H0, {0}.x;
MOVR R0, {0}.x;
MOVR R0 (NE.x), {1, 0}.xyyx;
SLTR H1.x, f[TEX0].y, {0}.x;
SEQX H2.x, H1, {0}.x;
MULXC HC, H0.x, H1.x;
MOVR R0 (NE), {0, 1}.xyxy;
MULXC H0.x, H0, H2;
MOVR R0 (NE.x), {0, 1}.xxyy;
SGTR H1.x, f[TEX0].y, {1}.x;
MOVR R1.xyz, R0.xyzz;
MOVR R1.w, f[TEX0].y;
MOVR o[COLR], R0;
MULXC HC, H0.x, H1.x;
MOVR o[COLR] (NE), R1;
END
# 16 instructions, 2 R-regs, 3 H-regs
