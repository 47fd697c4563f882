// language: metal2.0
#include <metal_stdlib>
#include <simd/simd.h>

using metal::uint;

struct mainOutput {
    metal::float4 o;
};

struct main_Input {
    metal::float4 c [[user(loc0), center_perspective]];
};
struct main_Output {
    metal::float4 o [[color(0)]];
};
fragment main_Output main_(
  main_Input varyings [[stage_in]]
, metal::depth2d<float, metal::access::sample> s_texture [[user(fake0)]]
, metal::sampler s_sampler [[user(fake0)]]
, metal::depth2d<float, metal::access::sample> r_texture [[user(fake0)]]
, metal::sampler r_sampler [[user(fake0)]]
, metal::depthcube<float, metal::access::sample> q_texture [[user(fake0)]]
, metal::sampler q_sampler [[user(fake0)]]
) {
    const auto c = varyings.c;
    metal::float4 o = {};
    o = metal::float4 {};
    metal::float3 _e3 = c.xyz;
    float _e11 = s_texture.sample_compare(s_sampler, _e3.xy, metal::clamp(_e3.z, 0.0, 1.0));
    float _e24 = s_texture.sample_compare(s_sampler, c.xy / metal::float2(c.w), metal::clamp(c.z / c.w, 0.0, 1.0));
    float _e37 = r_texture.sample_compare(r_sampler, _e3.xy / static_cast<metal::float2>(metal::uint2(r_texture.get_width(), r_texture.get_height())), metal::clamp(_e3.z, 0.0, 1.0));
    float _e46 = q_texture.sample_compare(q_sampler, c.xyz, metal::clamp(c.w, 0.0, 1.0));
    o = (metal::float4(_e11) + metal::float4(_e24)) + (metal::float4(_e37) + metal::float4(_e46));
    metal::float4 _e53 = o;
    const auto _tmp = mainOutput {_e53};
    return main_Output { _tmp.o };
}
