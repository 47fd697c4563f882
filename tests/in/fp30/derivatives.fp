!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.COLOR0 : COL0 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
MULR R0, f[TEX0], f[TEX0];
DDXR R1, R0;
DDYR R0, R0;
ADDR R0, |R1|, |R0|;
DDXH H0, f[COL0];
ADDR o[COLR], R0, H0;
END
# 6 instructions, 2 R-regs, 1 H-regs
