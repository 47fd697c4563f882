// language: metal2.0
#include <metal_stdlib>
#include <simd/simd.h>

using metal::uint;

struct vsOutput {
    metal::float4 pos;
    metal::float2 t0_;
    char _pad2[8];
    metal::float4 col;
    float size;
    char _pad4[12];
};
struct type_4 {
    metal::float4 inner[4];
};
struct vsUniforms {
    type_4 mvp;
    int which;
    char _pad2[12];
    metal::float3 scale;
};

struct vsInput {
    metal::float4 p [[attribute(0)]];
    metal::float3 n [[attribute(2)]];
    metal::float2 uv [[attribute(8)]];
    metal::float4 a [[attribute(7)]];
};
struct vsOutput_1 {
    metal::float4 pos [[position]];
    metal::float2 t0_ [[user(loc0), center_perspective]];
    metal::float4 col [[user(loc8), center_perspective]];
    float size [[user(loc11), center_perspective]];
};
vertex vsOutput_1 vs(
  vsInput varyings [[stage_in]]
, constant vsUniforms& uniforms [[user(fake0)]]
, metal::texture2d<float, metal::access::sample> height_texture [[user(fake0)]]
, metal::sampler height_sampler [[user(fake0)]]
) {
    const auto p = varyings.p;
    const auto n = varyings.n;
    const auto uv = varyings.uv;
    const auto a = varyings.a;
    metal::float4 pos = {};
    metal::float2 t0_ = {};
    metal::float4 col = {};
    float size = {};
    pos = metal::float4 {};
    t0_ = metal::float2 {};
    col = metal::float4 {};
    size = float {};
    metal::float4 _e15 = uniforms.mvp.inner[0];
    metal::float4 _e19 = uniforms.mvp.inner[1];
    metal::float4 _e23 = uniforms.mvp.inner[2];
    metal::float4 _e27 = uniforms.mvp.inner[3];
    pos = metal::float4(metal::dot(_e15, p), metal::dot(_e19, p), metal::dot(_e23, p), metal::dot(_e27, p));
    metal::float4 _e37 = height_texture.sample(height_sampler, uv, metal::level(0.0));
    t0_ = _e37.xy;
    int _e42 = uniforms.which;
    metal::float4 _e50 = uniforms.mvp.inner[metal::min(metal::max(_e42, 0), 3)];
    metal::float3 _e53 = uniforms.scale;
    metal::float3 _e54 = n * _e53;
    metal::float4 _e57 = height_texture.sample(height_sampler, uv, metal::gradient2d(uv, uv));
    col.x = _e54.x;
    col.y = _e54.y;
    col.z = _e54.z;
    col.w = 0.0;
    size = ((_e50 + _e57) + a).w;
    metal::float4 _e72 = pos;
    metal::float2 _e74 = t0_;
    metal::float4 _e76 = col;
    float _e78 = size;
    const auto _tmp = vsOutput {_e72, _e74, {}, _e76, _e78};
    return vsOutput_1 { _tmp.pos, _tmp.t0_, _tmp.col, _tmp.size };
}
