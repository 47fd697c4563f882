// Shared parameters of the benchmark shaders: tunables as static constants, as large
// multi-pass shaders set them (the compiler folds every one of them).
#ifndef BENCH_PARAMS_H
#define BENCH_PARAMS_H
static const float curvature = 0.12;
static const float corner_radius = 0.035;
static const float border_softness = 80.0;
static const float glow_weight = 0.18;
static const float mask_strength = 0.45;
static const int filter_taps = 6;
static const int aa_grid = 3;
static const float gamma_in = 2.4;
static const float gamma_out = 2.2;
struct frame_info {
    float2 video_size;
    float2 texture_size;
    float2 output_size;
    float frame_count;
};
#endif
