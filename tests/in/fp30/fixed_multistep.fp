!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#semantic k
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.COLOR0 : COL0 : -1 : 1
#var fixed4 k :  : k : -1 : 1
#var half4 color : $vout.COLOR : COL : -1 : 1
DECLARE k;
MOVR R0.xyz, f[TEX0];
SUBX H0.yz, f[COL0], R0;
MADX o[COLH].x, R0, f[COL0], k;
MADX o[COLH].yz, k, H0, R0;
DP3X o[COLH].w, R0, f[COL0];
END
# 5 instructions, 1 R-regs, 1 H-regs
