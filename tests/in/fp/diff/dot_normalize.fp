!!FP1.0
# DP3, DP4, RSQ, RCP: normalising a vector built from the inputs.
# tolerance: 2e-6
ADDR R0, f[TEX1], {0.1, 0.2, 0.3, 0.4};
DP3R R1.x, R0, R0;
RSQR R1.y, R1.x;
MULR R2.xyz, R0, R1.y;
DP4R R2.w, R0, f[COL0];
RCPR R3.x, R2.w;
MULR o[COLR].xyz, R2, R3.x;
MOVR o[COLR].w, R3.x;
END
