// A phosphor mask and scanlines for the benchmark shaders, chosen by constant switches.
#ifndef BENCH_MASK_H
#define BENCH_MASK_H
#include "params.h"
static const int mask_type = 2;
float3 phosphor_mask(float2 pos)
{
    float3 m = float3(1.0 - mask_strength);
    if (mask_type == 1) {
        float x = frac(pos.x / 2.0);
        m.g = x < 0.5 ? 1.0 : m.g;
        m.rb = x < 0.5 ? m.rb : float2(1.0);
    } else if (mask_type == 2) {
        float x = frac(pos.x / 3.0);
        if (x < 0.333) m.r = 1.0;
        else if (x < 0.666) m.g = 1.0;
        else m.b = 1.0;
    }
    return m;
}
float scanline_weight(float dist, float3 color)
{
    float l = luma(color);
    float width = lerp(0.35, 0.6, l);
    return exp(-pow(abs(dist) / width, 2.5 - l));
}
#endif
