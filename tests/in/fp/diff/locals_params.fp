!!FP1.0
# Numbered and named local parameters.
# local: 0 0.25,0.5,0.75,1
# local: 5 -1,2,-3,4
DECLARE tint = {0.5, 0.25, 1, 1};
MULR R0, f[TEX0], p[0];
MADR R1, R0, tint, f[COL1];
MOVR R2, p[5];
MULR R2, R2, 0.125;
ADDR o[COLR], R1, R2;
END
