!!FP1.0
# pigment fp30 back end
#profile fp30
#program main
#var float4 a : $vin.TEXCOORD0 : TEX0 : -1 : 1
#var float4 b : $vin.TEXCOORD1 : TEX1 : -1 : 1
#var float4 color : $vout.COLOR : COL : -1 : 1
RSQR R0.x, |f[TEX0].x|;
RSQR R0.y, |f[TEX0].y|;
RSQR R0.z, |f[TEX0].z|;
RSQR R0.w, |f[TEX0].w|;
RCPR R1.x, f[TEX0].x;
RCPR R1.y, f[TEX0].y;
RCPR R1.z, f[TEX0].z;
RCPR R1.w, f[TEX0].w;
ADDR R0, R1, R0;
LG2R R1.x, |f[TEX0].x|;
LG2R R1.y, |f[TEX0].y|;
LG2R R1.z, |f[TEX0].z|;
LG2R R1.w, |f[TEX0].w|;
EX2R R2.x, f[TEX0].x;
EX2R R2.y, f[TEX0].y;
EX2R R2.z, f[TEX0].z;
EX2R R2.w, f[TEX0].w;
ADDR R1, R2, R1;
COSR R2.x, f[TEX1].x;
COSR R2.y, f[TEX1].y;
COSR R2.z, f[TEX1].z;
COSR R2.w, f[TEX1].w;
SINR R3.x, f[TEX0].x;
SINR R3.y, f[TEX0].y;
SINR R3.z, f[TEX0].z;
SINR R3.w, f[TEX0].w;
ADDR R2, R3, R2;
MULR R0, R0, R1;
MOVR R1, f[TEX1];
POWR R3.x, |f[TEX0].x|, R1.x;
POWR R3.y, |f[TEX0].y|, R1.y;
POWR R3.z, |f[TEX0].z|, R1.z;
POWR R3.w, |f[TEX0].w|, R1.w;
MADR o[COLR], R2, R3, R0;
END
# 34 instructions, 4 R-regs, 0 H-regs
