!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float2 h : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
PK2H R0.x, f[TEX1];
UP2H R0.xy, R0.x;
PK2US R1.x, f[TEX0].zwww;
UP2US R1.xy, R1.x;
MOVR R0.zw, R1.xyxy;
PK4UB R1.x, f[TEX0];
UP4UB R1, R1.x;
ADDR R0, R0, R1;
MULR R1, f[TEX0], {0.3}.x;
PK4B R1.x, R1;
UP4B R1, R1.x;
ADDR o[COLR], R0, R1;
END
# 12 instructions, 2 R-regs, 0 H-regs
