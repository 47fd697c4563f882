!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic k
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var half4 k :  : k : -1 : 1
#var half4 color : $vout.COLOR : COL : -1 : 1
DECLARE k;
MOVR R0, f[TEX0];
MOVR R1, f[TEX1];
MULH H0.x, R0, R1;
MADH H0.x, R0.y, R1.y, H0;
SUBH H0.z, R1, R0;
MOVH o[COLH].x, H0;
MADH o[COLH].y, R0, R1, k;
MADH o[COLH].z, k, H0, R0;
DP4H o[COLH].w, R0, R1;
END
# 9 instructions, 2 R-regs, 1 H-regs
