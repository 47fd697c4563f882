!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic tint
#semantic bias
#var float4 uv : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 c : $vin.COLOR0 : COL0 : -1 : 1
#var float4 tint :  : tint : -1 : 1
#var float4 bias :  : bias : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
DECLARE tint;
DECLARE bias;
MOVR R0, f[COL0];
ADDR R0, f[TEX0], R0;
MOVR R1, bias;
MADR R0, R0, tint, -R1;
MINR R1, |R0|, {0.25, 0.5, 0.75, 1};
MAXR R0, R1, -R0;
MULR_SAT o[COLR], R0, R0;
END
# 7 instructions, 2 R-regs, 0 H-regs
