!!FP1.0
# CUBE lookups: a direction sweeping several faces (never exactly between two: GL leaves ties open).
# texture: 0 CUBE checker nearest
MOVR R2, {2, 1.75, 0, 0};
MADR R0, f[TEX0].xyxy, R2, {-1, -0.9, 0.6, 0};
MOVR R0.z, -0.6;
ADDR R0.z, R0.z, f[TEX0].x;
TEX R1, R0, TEX0, CUBE;
MOVR o[COLR], R1;
END
