!!FP1.0
# CUBE lookups: a direction sweeping several faces.
# texture: 0 CUBE checker nearest
MADR R0, f[TEX0].xyxy, {2, 2, 0, 0}, {-1, -1, 0.6, 0};
MOVR R0.z, -0.6;
ADDR R0.z, R0.z, f[TEX0].x;
TEX R1, R0, TEX0, CUBE;
MOVR o[COLR], R1;
END
