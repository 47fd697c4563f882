!!FP1.0
# FLR, FRC, absolute value and negate-of-absolute on scaled coordinates.
MOVR R5, {7.5, -5.25, 3, 1};
MADR R0, f[TEX0], R5, {-2, 1, 0, 0};
FLRR R1, R0;
FRCR R2, R0;
ADDR R3, |R0|, -|R1.yxzw|;
MADR o[COLR], R2, 0.5, R3;
END
