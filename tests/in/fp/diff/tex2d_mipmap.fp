!!FP1.0
# Trilinear filtering: LOD from the quad's derivatives of coordinates that shrink the texture.
# size: 32x32
# tolerance: 1e-4
# texture: 1 2D checker mipmap
MULR R0, f[TEX0], {0.75, 1.75, 0, 1};
TEX R1, R0, TEX1, 2D;
MOVR o[COLR], R1;
END
