!!FP1.0
# Benchmark: per-pixel Blinn-Phong lighting, 20 instructions.
DECLARE light_pos = {2, 3, 4, 1};
DECLARE diffuse_color = {0.8, 0.5, 0.3, 1};
DECLARE specular_color = {1, 1, 1, 1};
MOVR R0, f[TEX1];
DP3R R0.w, R0, R0;
RSQR R0.w, R0.w;
MULR R0.xyz, R0, R0.w;
MOVR R1, light_pos;
ADDR R1.xyz, R1, -f[TEX0];
DP3R R1.w, R1, R1;
RSQR R1.w, R1.w;
MULR R1.xyz, R1, R1.w;
ADDR R2.xyz, R1, {0, 0, 1, 0};
DP3R R2.w, R2, R2;
RSQR R2.w, R2.w;
MULR R2.xyz, R2, R2.w;
DP3R R3.x, R0, R1;
DP3R R3.y, R0, R2;
MOVR R3.w, 32;
LITR R4, R3;
MULR R5, diffuse_color, R4.y;
MADR R5.xyz, specular_color, R4.z, R5;
ADDR o[COLR], R5, {0.05, 0.05, 0.05, 0};
END
