!!FP1.0
# EX2, LG2, POW, SIN, COS (approximations: compared within a tolerance).
# tolerance: 2e-4
ADDR R0, f[TEX0], 0.25;
EX2R R1.x, R0.x;
LG2R R1.y, R0.y;
POWR R1.z, R0.x, R0.y;
SINR R1.w, R0.x;
COSR R2.x, R0.y;
MULR R2.y, R1.x, R2.x;
ADDR o[COLR], R1, R2.xxyy;
END
