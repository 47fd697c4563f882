!!FP1.0
# TEX on a 2D texture with NEAREST filtering, coordinates scaled to repeat.
# texture: 0 2D checker nearest
MULR R0, f[TEX0], 2.5;
TEX R1, R0, TEX0, 2D;
MOVR o[COLR], R1;
END
