!!FP1.0
# Condition-code masks on writes: conditional selection without branches.
ADDRC R0, f[TEX0], -0.5;
MOVR R1, {1, 0, 0, 1};
MOVR R1 (GT.xyxy), {0, 1, 0, 1};
MOVR R1.z (LT.y), 0.75;
MOVR R1.w (EQ.z), 0.5;
MOVR o[COLR], R1;
END
