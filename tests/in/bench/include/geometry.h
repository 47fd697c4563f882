// Screen geometry of the benchmark shaders: barrel distortion, rounded corners, a border.
#ifndef BENCH_GEOMETRY_H
#define BENCH_GEOMETRY_H
#include "params.h"
float2 barrel(float2 uv, float k)
{
    float2 c = uv * 2.0 - 1.0;
    float r2 = dot(c, c);
    float2 warped = c * (1.0 + k * r2 + 0.25 * k * r2 * r2);
    return warped * 0.5 + 0.5;
}
float2 barrel_inverse(float2 uv, float k)
{
    // Newton steps on r(1 + k r^2) = r', unrolled.
    float2 c = uv * 2.0 - 1.0;
    float target = length(c);
    float r = target;
    for (int i = 0; i < 4; i++) {
        float f = r * (1.0 + k * r * r) - target;
        float df = 1.0 + 3.0 * k * r * r;
        r = r - f / df;
    }
    float scale = target > 1e-5 ? r / target : 1.0;
    return c * scale * 0.5 + 0.5;
}
float corner_mask(float2 uv)
{
    float2 d = abs(uv * 2.0 - 1.0);
    float2 q = max(d - (1.0 - corner_radius), 0.0);
    float dist = length(q) - corner_radius;
    return saturate(-dist * border_softness);
}
float2 pixel_center(float2 uv, float2 size) { return (floor(uv * size) + 0.5) / size; }
#endif
