!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var half4 color : $vout.COLOR : COL : -1 : 1
MOVR R0, f[TEX0];
FLRH H0, R0;
MULH H0, H0, {0.00048828125}.x;
MADH o[COLH].x, {1.0009766}, {1.0009766}, H0;
SUBH H1.y, {1.0009766}.x, H0;
MADH o[COLH].y, {1}.x, H1, H0;
MOVH H1.x, {1.0009766};
MOVH H1.yzw, H0;
DP4H o[COLH].z, H1, {1.0009766, 1}.xyyy;
MOVR R1.xyz, f[TEX1];
DP3H o[COLH].w, R0, R1;
END
# 11 instructions, 2 R-regs, 2 H-regs
