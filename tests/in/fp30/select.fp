!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
MOVR R0, f[TEX1];
ADDR o[COLR], f[TEX0], R0;
SLTRC HC, f[TEX0], R0;
MULR o[COLR] (NE), f[TEX0], R0;
SGERC HC, f[TEX0].x, {0}.x;
MOVR o[COLR] (EQ), f[TEX0];
END
# 6 instructions, 1 R-regs, 0 H-regs
