!!FP1.0
# 1D and 3D lookups on two units.
# tolerance: 1e-6
# texture: 0 1D ramp linear
# texture: 3 3D checker nearest
TEX R0, f[TEX0].x, TEX0, 1D;
MOVR R1, f[TEX1];
TEX R2, R1, TEX3, 3D;
ADDR o[COLR], R0, R2;
END
