!!FP1.0
# KIL on a condition code: fragments outside a disk are killed and keep the clear colour.
MADR R0.xy, f[TEX0], 2, -1;
DP3R R0.w, R0.xyzz, R0.xyzz;
ADDRC R1.x, R0.w, -0.7;
KIL GT.x;
MOVR o[COLR], f[COL0];
END
