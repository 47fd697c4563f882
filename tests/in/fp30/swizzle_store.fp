!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float2 b : $vin.TEXCOORD3 : TEX3 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
#var float depth : $vout.DEPTH : DEPR : -1 : 1
MOVR R0.xz, f[TEX0].wzyy;
MOVR R0.w, {1}.x;
MULR R1.x, f[TEX3].y, f[TEX3].y;
MOVR R1.zw, f[TEX3].xyxy;
ADDR R0.xzw, R1, R0;
MOVR o[COLR].xz, f[TEX0].wwyw;
MOVR o[COLR].yw, R0.wwwx;
MOVR o[DEPR].z, R0;
END
# 8 instructions, 2 R-regs, 0 H-regs
