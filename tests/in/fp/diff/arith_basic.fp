!!FP1.0
# ADD, SUB, MUL, MAD, MOV with swizzles, negation and write masks on interpolated inputs.
ADDR R0, f[TEX0], f[TEX0].yxwz;
SUBR R1, R0, f[COL0].zzxy;
MULR R2, R1, {3, -0.5, 0.25, 2};
MOVR R3.xz, -R2.yyww;
MOVR R3.yw, R2;
MADR R4, R3, f[TEX1], R0;
MULR o[COLR], R4, 0.5;
END
