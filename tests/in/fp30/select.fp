!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
MOVR R0, f[TEX1];
SLTRC HC, f[TEX0], R0;
MULR R1, f[TEX0], R0;
ADDR R0, f[TEX0], R0;
MOVR R0 (NE), R1;
SGER H0.x, f[TEX0].x, {0}.x;
MOVR o[COLR], f[TEX0];
MOVXC HC, H0.x;
MOVR o[COLR] (NE), R0;
END
# 9 instructions, 2 R-regs, 1 H-regs
