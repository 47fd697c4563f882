!!FP1.0
# TXP divides s, t by q.
# tolerance: 1e-6
# texture: 0 2D checker nearest
MOVR R0, f[TEX0];
ADDR R0.w, f[TEX0].x, 0.5;
TXP R1, R0, TEX0, 2D;
MOVR o[COLR], R1;
END
