!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
SLTR H0.x, f[TEX0].x, {0}.x;
SEQX H1.x, H0, {0}.x;
MOVR R0, {0}.x;
MOVXC HC, H0.x;
MOVR R0 (NE), {1, 0}.xyyx;
SLTR H0.x, f[TEX0].y, {0}.x;
SEQX H2.x, H0, {0}.x;
MULX H0.x, H1, H0;
MOVXC HC, H0.x;
MOVR R0 (NE), {0, 1}.xyxy;
MULX H0.x, H1, H2;
MOVXC HC, H0.x;
MOVR R0 (NE), {0, 1}.xxyy;
SGTR H1.x, f[TEX0].y, {1}.x;
MULX H0.x, H0, H1;
MOVR R1.xyz, R0.xyzz;
MOVR R1.w, f[TEX0].y;
MOVR o[COLR], R0;
MOVXC HC, H0.x;
MOVR o[COLR] (NE), R1;
END
# 20 instructions, 2 R-regs, 3 H-regs
