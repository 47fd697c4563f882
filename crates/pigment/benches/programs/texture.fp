!!FP1.0
# Benchmark: four trilinear (LINEAR_MIPMAP_LINEAR) lookups from two mipmapped 256x256 RGBA8 textures,
# blended; 11 instructions.
TEX R1, f[TEX0], TEX0, 2D;
MADR R2.xy, f[TEX0], {0.5, 0.5, 0, 0}, {0.25, 0.25, 0, 0};
TEX R2, R2, TEX0, 2D;
ADDR R3.xy, f[TEX0], {0.1, 0.3, 0, 0};
TEX R3, R3, TEX1, 2D;
MULR R4.xy, f[TEX1], {2, 2, 0, 0};
TEX R4, R4, TEX1, 2D;
ADDR R1, R1, R2;
MADR R1, R3, 0.5, R1;
MADR R1, R4, 0.25, R1;
MULR o[COLR], R1, 0.5;
END
