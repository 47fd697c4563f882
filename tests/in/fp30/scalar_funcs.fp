!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
RCPR R0.x, f[TEX0].x;
RCPR R0.y, f[TEX0].y;
RCPR R0.z, f[TEX0].z;
RCPR R0.w, f[TEX0].w;
RSQR R1.x, |f[TEX0].x|;
RSQR R1.y, |f[TEX0].y|;
RSQR R1.z, |f[TEX0].z|;
RSQR R1.w, |f[TEX0].w|;
EX2R R2.x, f[TEX0].x;
EX2R R2.y, f[TEX0].y;
EX2R R2.z, f[TEX0].z;
EX2R R2.w, f[TEX0].w;
LG2R R3.x, |f[TEX0].x|;
LG2R R3.y, |f[TEX0].y|;
LG2R R3.z, |f[TEX0].z|;
LG2R R3.w, |f[TEX0].w|;
SINR R4.x, f[TEX0].x;
SINR R4.y, f[TEX0].y;
SINR R4.z, f[TEX0].z;
SINR R4.w, f[TEX0].w;
COSR R5.x, f[TEX1].x;
COSR R5.y, f[TEX1].y;
COSR R5.z, f[TEX1].z;
COSR R5.w, f[TEX1].w;
MOVR R6, f[TEX1];
POWR R7.x, |f[TEX0].x|, R6.x;
POWR R7.y, |f[TEX0].y|, R6.y;
POWR R7.z, |f[TEX0].z|, R6.z;
POWR R7.w, |f[TEX0].w|, R6.w;
ADDR R0, R0, R1;
ADDR R1, R2, R3;
ADDR R2, R4, R5;
MULR R0, R0, R1;
MADR o[COLR], R2, R7, R0;
END
# 34 instructions, 8 R-regs, 0 H-regs
