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
MOVR R0, f[TEX0];
MADX H0, R0, f[COL0], k;
MADX H1, R0, f[COL0], k;
SUBX H0, -H0, H1;
DP4X H1.x, R0, f[COL0];
MINX o[COLH], H0, H1.x;
END
# 6 instructions, 1 R-regs, 2 H-regs
