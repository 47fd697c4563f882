!!FP1.0
# TEX on a 2D texture with LINEAR filtering and REPEAT wrapping.
# tolerance: 1e-6
# texture: 0 2D checker linear
MADR R0, f[TEX0], 1.5, -0.25;
TEX R1, R0, TEX0, 2D;
MOVR o[COLR], R1;
END
