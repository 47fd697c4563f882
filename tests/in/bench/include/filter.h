// Filters of the benchmark shaders: Gaussian and Lanczos-like taps in loops that unroll, and a
// supersampling grid (nested loops).
#ifndef BENCH_FILTER_H
#define BENCH_FILTER_H
#include "params.h"
#include "color.h"
float gauss(float x, float sigma) { return exp(-x * x / (2.0 * sigma * sigma)); }
float windowed_sinc(float x)
{
    float px = 3.14159265 * x + 1e-5;
    return sin(px) / px * sin(px / 2.0) / (px / 2.0);
}
float3 blur_line(sampler2D tex, float2 uv, float2 step, float sigma)
{
    float3 sum = decode_gamma(tex2D(tex, uv).rgb);
    float total = 1.0;
    for (int i = 1; i <= filter_taps; i++) {
        float w = gauss(float(i), sigma);
        float3 a = decode_gamma(tex2D(tex, uv + step * float(i)).rgb);
        float3 b = decode_gamma(tex2D(tex, uv - step * float(i)).rgb);
        sum += (a + b) * w;
        total += 2.0 * w;
    }
    return sum / total;
}
float3 resample_sinc(sampler2D tex, float2 uv, float2 size)
{
    float2 texel = uv * size - 0.5;
    float2 base = floor(texel);
    float2 f = texel - base;
    float3 sum = float3(0.0);
    float total = 0.0;
    for (int j = -1; j <= 2; j++) {
        for (int i = -1; i <= 2; i++) {
            float w = windowed_sinc(float(i) - f.x) * windowed_sinc(float(j) - f.y);
            sum += tex2D(tex, (base + float2(i, j) + 0.5) / size).rgb * w;
            total += w;
        }
    }
    return sum / total;
}
float3 supersample(sampler2D tex, float2 uv, float2 size)
{
    float3 sum = float3(0.0);
    float2 dx = ddx(uv);
    float2 dy = ddy(uv);
    for (int y = 0; y < aa_grid; y++) {
        for (int x = 0; x < aa_grid; x++) {
            float2 offset = (float2(x, y) + 0.5) / float(aa_grid) - 0.5;
            float2 p = barrel(uv + dx * offset.x + dy * offset.y, curvature);
            sum += tex2D(tex, p).rgb;
        }
    }
    return sum / float(aa_grid * aa_grid);
}
#endif
