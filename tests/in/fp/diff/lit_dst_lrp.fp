!!FP1.0
# LIT, DST, LRP.
# tolerance: 2e-5
MADR R0, f[TEX0].xyxy, {2, 2, 0, 0}, {-0.5, -0.5, 0, 0};
MOVR R0.w, 10;
LITR R1, R0;
MULR R2, f[COL0], f[COL0];
DSTR R3, R2, f[COL1];
LRPR R4, f[TEX0].x, R1, R3;
MULR o[COLR], R4, 0.5;
END
