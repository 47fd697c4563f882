struct mainOutput {
    float4 color : SV_Target0;
    float4 c1_ : SV_Target1;
    float depth : SV_Depth;
};

struct mainUniforms {
    int n;
    int _end_pad_0;
    int _end_pad_1;
    int _end_pad_2;
};

cbuffer uniforms : register(b0, space1) { mainUniforms uniforms; }
Texture2D<float4> s_texture : register(t1, space1);
SamplerState nagaSamplerHeap[2048]: register(s0, space0);
SamplerComparisonState nagaComparisonSamplerHeap[2048]: register(s0, space1);
StructuredBuffer<uint> nagaGroup1SamplerIndexArray : register(t1, space255);
static const SamplerState s_sampler = nagaSamplerHeap[nagaGroup1SamplerIndexArray[2]];
Texture2D<float4> r_texture : register(t7, space1);
static const SamplerState r_sampler = nagaSamplerHeap[nagaGroup1SamplerIndexArray[8]];

struct FragmentInput_main {
    float2 uv_1 : LOC0;
    float4 wpos_1 : SV_Position;
    bool face_1 : SV_IsFrontFace;
};

int naga_div(int lhs, int rhs) {
    return lhs / (((lhs == int(-2147483647 - 1) & rhs == -1) | (rhs == 0)) ? 1 : rhs);
}

mainOutput ConstructmainOutput(float4 arg0, float4 arg1, float arg2) {
    mainOutput ret = (mainOutput)0;
    ret.color = arg0;
    ret.c1_ = arg1;
    ret.depth = arg2;
    return ret;
}

float4 ZeroValuefloat4() {
    return (float4)0;
}

float ZeroValuefloat() {
    return (float)0;
}

bool ZeroValuebool() {
    return (bool)0;
}

int ZeroValueint() {
    return (int)0;
}

uint2 NagaDimensions2D(Texture2D<float4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z);
    return ret.xy;
}

mainOutput main(FragmentInput_main fragmentinput_main)
{
    float2 uv = fragmentinput_main.uv_1;
    float4 wpos = fragmentinput_main.wpos_1;
    bool face = fragmentinput_main.face_1;
    float4 color = (float4)0;
    float4 c1_ = (float4)0;
    float depth = (float)0;
    bool discarded = (bool)0;
    int param = (int)0;
    float param_1 = (float)0;
    float result = (float)0;
    int result_1 = (int)0;
    int pending = (int)0;

    pending = ZeroValueint();
    float _e5 = (face ? 1.0 : -1.0);
    color = ZeroValuefloat4();
    c1_ = ZeroValuefloat4();
    depth = ZeroValuefloat();
    discarded = ZeroValuebool();
    int _e16 = uniforms.n;
    param = ZeroValueint();
    param_1 = ZeroValuefloat();
    param = int(0);
    param_1 = 0.0;
    result = ZeroValuefloat();
    result_1 = ZeroValueint();
    uint2 loop_bound = uint2(4294967295u, 4294967295u);
    while(true) {
        if (all(loop_bound == uint2(0u, 0u))) { break; }
        loop_bound -= uint2(loop_bound.y == 0u, 1u);
        int _e30 = param;
        float _e32 = param_1;
        bool _e36 = (int(3) == int(0));
        int _e39 = (_e36 ? int(0) : naga_div(_e30, (_e36 ? int(1) : int(3))));
        int _e41 = asint(asuint(_e30) + asuint(int(1)));
        float _e43 = (_e32 + 0.5);
        bool should_continue = false;
        switch(_e39) {
            case 0: {
                switch(_e16) {
                    case 7: {
                        result = _e43;
                        result_1 = _e41;
                        pending = int(1);
                        break;
                    }
                    default: {
                        param = _e41;
                        param_1 = _e43;
                        pending = int(2);
                        break;
                    }
                }
                int _e55 = pending;
                if ((_e55 != int(0))) {
                    break;
                }
                break;
            }
            case 1:
            case 2: {
                param = _e41;
                param_1 = _e43;
                pending = int(2);
                break;
            }
            default: {
                result = _e32;
                result_1 = _e30;
                pending = int(1);
                break;
            }
        }
        int _e67 = pending;
        if ((_e67 == int(1))) {
            pending = int(0);
            break;
        }
        if ((_e67 == int(2))) {
            pending = int(0);
            continue;
        }
        result = _e43;
        result_1 = _e39;
        break;
    }
    float _e79 = result;
    float _e82 = floor(_e79);
    float _e88 = (((_e79 - _e82) >= 0.5) ? (_e82 + 1.0) : _e82);
    float4 _e92 = s_texture.SampleBias(s_sampler, uv, -1.0);
    float4 _e99 = r_texture.Sample(r_sampler, (wpos.xy / float2(NagaDimensions2D(r_texture))));
    float3 _e100 = wpos.xyw;
    float4 _e110 = r_texture.Sample(r_sampler, ((_e100.xy / (_e100.z).xx) / float2(NagaDimensions2D(r_texture))));
    float _e111 = ddy(_e5);
    float _e113 = ddx(_e88);
    if ((-(_e111) < _e113)) {
        discarded = true;
    }
    bool _e120 = (int(0) == int(0));
    color = ((bool4(true, false, true, false) ? _e92 : _e99) + _e110);
    c1_ = float4(_e88, float((_e120 ? int(0) : naga_div(_e16, (_e120 ? int(1) : int(0))))), _e79, _e5);
    depth = _e113;
    bool _e137 = discarded;
    if (_e137) {
        discard;
    }
    float4 _e139 = color;
    float4 _e141 = c1_;
    float _e143 = depth;
    const mainOutput mainoutput = ConstructmainOutput(_e139, _e141, _e143);
    return mainoutput;
}
