!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var half2 h : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
PK2H R0.x, f[TEX1];
PK4UB R1.x, f[TEX0];
UP4UB R1, R1.x;
PK2US R2.x, f[TEX0].zwww;
UP2US R2.xy, R2.x;
MULR R3, f[TEX0], {0.3}.x;
PK4B R3.x, R3;
UP4B R3, R3.x;
UP2H R0.xy, R0.x;
MOVR R0.zw, R2.xyxy;
ADDR R0, R0, R1;
ADDR o[COLR], R0, R3;
END
# 12 instructions, 4 R-regs, 0 H-regs
