!!FP1.0
# The executor micro-benchmark's program: fp16 arithmetic, LIT, derivatives, KIL, EX2.
DECLARE light = {0.3, 0.5, 0.8, 16};
DP3R R0.x, f[TEX1], f[TEX1];
RSQR R0.x, R0.x;
MULR R1.xyz, f[TEX1], R0.x;
DP3R_SAT R2.x, R1, light;
MULR R3, f[COL0], R2.x;
LITR R4, R2.xxxw;
MADH H0, R4.z, f[COL1], R3;
DDXR R5, f[TEX0];
DDYR R6, f[TEX0];
MADR R5, R5, R5, R6;
SGTRC RC.x, R5.x, {0.5}.x;
KIL GT.x;
EX2H H1.x, -R2.x;
MULH o[COLH], H0, H1.x;
END
