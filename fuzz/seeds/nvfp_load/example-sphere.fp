!!FP1.0
# A sphere lit by one light over a gradient sky, drawn on the reference quad.
#   pigment run examples/fp/sphere.fp --size 512x512 -o sphere.png
# Try: --param light=-0.6,0.3,0.74   or   --param albedo=0.2,0.5,0.9
DECLARE light = {0.48, 0.6, 0.64, 0};    # unit vector toward the light
DECLARE albedo = {0.85, 0.38, 0.16, 1};
MADR R0.xy, f[TEX0], 2, -1;              # (x, y) on [-1, 1]^2
DP3R R0.w, R0, R0;                       # r^2 (R0.z starts at 0)
ADDRC R1.x, 1, -R0.w;                    # 1 - r^2; CC.x is GT inside the sphere
RSQR R1.y, |R1.x|;
MULR R0.z, R1.x, R1.y;                   # z = sqrt(1 - r^2): R0.xyz is the unit normal
MOVR R3, light;
ADDR R3.z, R3.z, 1;                      # light + view direction (0, 0, 1)
DP3R R3.w, R3, R3;
RSQR R3.w, R3.w;
MULR R3.xyz, R3, R3.w;                   # half vector
DP3R R2.x, R0, light;                    # N.L
DP3R R2.y, R0, R3;                       # N.H
MOVR R2.w, 48;                           # shininess
LITR R4, R2;                             # (1, max(N.L, 0), specular, 1)
MULR R5, albedo, R4.y;                   # diffuse
MADR R5.xyz, R4.z, 0.6, R5;              # + white highlight
ADDR R5.xyz, R5, 0.06;                   # + ambient
MOVR R7, {0.25, 0.35, 0.6, 1};
LRPR R6, f[TEX0].y, R7, {0.02, 0.02, 0.05, 1};   # sky gradient
MOVR o[COLR], R6;
MOVR o[COLR].xyz (GT.x), R5;             # the sphere, where CC.x says we are inside
END
