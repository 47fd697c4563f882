!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic s
#semantic t
#var float4 uv : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 s :  : s : -1 : 1
#var float4 t :  : t : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
DECLARE s;
DECLARE t;
MULR R0, f[TEX0], t;
MOVR R1, t;
MADR R1, f[TEX0], s, R1;
MADR R2, -f[TEX0], s, s;
MULR R3, R1, R1;
MADR R4, R1, R2, R0;
MADR R1, R1, R2, -R3;
MADR R0, R0, R0, R3;
ADDR R1, R4, R1;
ADDR o[COLR], R1, R0;
END
# 10 instructions, 5 R-regs, 0 H-regs
