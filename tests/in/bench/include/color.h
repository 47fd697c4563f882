// Colour helpers of the benchmark shaders: gamma, luminance, tone curves.
#ifndef BENCH_COLOR_H
#define BENCH_COLOR_H
#include "params.h"
float3 decode_gamma(float3 c) { return pow(max(c, 0.0), float3(gamma_in)); }
float3 encode_gamma(float3 c) { return pow(max(c, 0.0), float3(1.0 / gamma_out)); }
float luma(float3 c) { return dot(c, float3(0.2126, 0.7152, 0.0722)); }
float3 soft_clip(float3 c)
{
    float3 over = max(c - 0.8, 0.0);
    return c - over * over / (1.0 + over);
}
float3 saturate_color(float3 c, float amount)
{
    float l = luma(c);
    return lerp(float3(l), c, amount);
}
#endif
