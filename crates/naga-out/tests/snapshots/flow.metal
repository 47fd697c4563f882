// language: metal2.0
#include <metal_stdlib>
#include <simd/simd.h>

using metal::uint;

struct mainOutput {
    metal::float4 color;
    metal::float4 c1_;
    float depth;
    char _pad3[12];
};
struct mainUniforms {
    int n;
    char _pad1[12];
};
int naga_div(int lhs, int rhs) {
    return lhs / metal::select(rhs, 1, (lhs == (-2147483647 - 1) & rhs == -1) | (rhs == 0));
}


struct main_Input {
    metal::float2 uv [[user(loc0), center_perspective]];
};
struct main_Output {
    metal::float4 color [[color(0)]];
    metal::float4 c1_ [[color(1)]];
    float depth [[depth(any)]];
};
fragment main_Output main_(
  main_Input varyings [[stage_in]]
, metal::float4 wpos [[position]]
, bool face [[front_facing]]
, constant mainUniforms& uniforms [[user(fake0)]]
, metal::texture2d<float, metal::access::sample> s_texture [[user(fake0)]]
, metal::sampler s_sampler [[user(fake0)]]
, metal::texture2d<float, metal::access::sample> r_texture [[user(fake0)]]
, metal::sampler r_sampler [[user(fake0)]]
) {
    const auto uv = varyings.uv;
    metal::float4 color = {};
    metal::float4 c1_ = {};
    float depth = {};
    bool discarded = {};
    int param = {};
    float param_1 = {};
    float result = {};
    int result_1 = {};
    int pending = {};
    pending = int {};
    float _e5 = face ? 1.0 : -1.0;
    color = metal::float4 {};
    c1_ = metal::float4 {};
    depth = float {};
    discarded = bool {};
    int _e16 = uniforms.n;
    param = int {};
    param_1 = float {};
    param = 0;
    param_1 = 0.0;
    result = float {};
    result_1 = int {};
    uint2 loop_bound = uint2(4294967295u);
    while(true) {
        if (metal::all(loop_bound == uint2(0u))) { break; }
        loop_bound -= uint2(loop_bound.y == 0u, 1u);
        int _e30 = param;
        float _e32 = param_1;
        bool _e36 = 3 == 0;
        int _e39 = _e36 ? 0 : naga_div(_e30, _e36 ? 1 : 3);
        int _e41 = as_type<int>(as_type<uint>(_e30) + as_type<uint>(1));
        float _e43 = _e32 + 0.5;
        switch(_e39) {
            case 0: {
                switch(_e16) {
                    case 7: {
                        result = _e43;
                        result_1 = _e41;
                        pending = 1;
                        break;
                    }
                    default: {
                        param = _e41;
                        param_1 = _e43;
                        pending = 2;
                        break;
                    }
                }
                int _e55 = pending;
                if (_e55 != 0) {
                    break;
                }
                break;
            }
            case 1:
            case 2: {
                param = _e41;
                param_1 = _e43;
                pending = 2;
                break;
            }
            default: {
                result = _e32;
                result_1 = _e30;
                pending = 1;
                break;
            }
        }
        int _e67 = pending;
        if (_e67 == 1) {
            pending = 0;
            break;
        }
        if (_e67 == 2) {
            pending = 0;
            continue;
        }
        result = _e43;
        result_1 = _e39;
        break;
    }
    float _e79 = result;
    float _e82 = metal::floor(_e79);
    float _e88 = ((_e79 - _e82) >= 0.5) ? (_e82 + 1.0) : _e82;
    metal::float4 _e92 = s_texture.sample(s_sampler, uv, metal::bias(-1.0));
    metal::float4 _e99 = r_texture.sample(r_sampler, wpos.xy / static_cast<metal::float2>(metal::uint2(r_texture.get_width(), r_texture.get_height())));
    metal::float3 _e100 = wpos.xyw;
    metal::float4 _e110 = r_texture.sample(r_sampler, (_e100.xy / metal::float2(_e100.z)) / static_cast<metal::float2>(metal::uint2(r_texture.get_width(), r_texture.get_height())));
    float _e111 = metal::dfdy(_e5);
    float _e113 = metal::dfdx(_e88);
    if (-(_e111) < _e113) {
        discarded = true;
    }
    bool _e120 = 0 == 0;
    color = metal::select(_e99, _e92, metal::bool4(true, false, true, false)) + _e110;
    c1_ = metal::float4(_e88, static_cast<float>(_e120 ? 0 : naga_div(_e16, _e120 ? 1 : 0)), _e79, _e5);
    depth = _e113;
    bool _e137 = discarded;
    if (_e137) {
        metal::discard_fragment();
    }
    metal::float4 _e139 = color;
    metal::float4 _e141 = c1_;
    float _e143 = depth;
    const auto _tmp = mainOutput {_e139, _e141, _e143};
    return main_Output { _tmp.color, _tmp.c1_, _tmp.depth };
}
