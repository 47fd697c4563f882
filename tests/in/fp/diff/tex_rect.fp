!!FP1.0
# RECT textures are addressed in texels and clamp to the edge.
# tolerance: 1e-6
# texture: 2 RECT checker linear
MADR R0, f[TEX0], 10, -1;
TEX R1, R0, TEX2, RECT;
MOVR o[COLR], R1;
END
