struct mainOutput {
    float4 o : SV_Target0;
};

Texture2D<float> s_texture : register(t1, space1);
SamplerState nagaSamplerHeap[2048]: register(s0, space0);
SamplerComparisonState nagaComparisonSamplerHeap[2048]: register(s0, space1);
StructuredBuffer<uint> nagaGroup1SamplerIndexArray : register(t1, space255);
static const SamplerComparisonState s_sampler = nagaComparisonSamplerHeap[nagaGroup1SamplerIndexArray[2]];
Texture2D<float> r_texture : register(t7, space1);
static const SamplerComparisonState r_sampler = nagaComparisonSamplerHeap[nagaGroup1SamplerIndexArray[8]];
TextureCube<float> q_texture : register(t3, space1);
static const SamplerComparisonState q_sampler = nagaComparisonSamplerHeap[nagaGroup1SamplerIndexArray[4]];

struct FragmentInput_main {
    float4 c_1 : LOC0;
};

mainOutput ConstructmainOutput(float4 arg0) {
    mainOutput ret = (mainOutput)0;
    ret.o = arg0;
    return ret;
}

float4 ZeroValuefloat4() {
    return (float4)0;
}

uint2 NagaDepthDimensions2D(Texture2D<float> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z);
    return ret.xy;
}

mainOutput main(FragmentInput_main fragmentinput_main)
{
    float4 c = fragmentinput_main.c_1;
    float4 o = (float4)0;

    o = ZeroValuefloat4();
    float3 _e3 = c.xyz;
    float _e11 = s_texture.SampleCmp(s_sampler, _e3.xy, clamp(_e3.z, 0.0, 1.0));
    float _e24 = s_texture.SampleCmp(s_sampler, (c.xy / (c.w).xx), clamp((c.z / c.w), 0.0, 1.0));
    float _e37 = r_texture.SampleCmpLevelZero(r_sampler, (_e3.xy / float2(NagaDepthDimensions2D(r_texture))), clamp(_e3.z, 0.0, 1.0));
    float _e46 = q_texture.SampleCmp(q_sampler, c.xyz, clamp(c.w, 0.0, 1.0));
    o = (((_e11).xxxx + (_e24).xxxx) + ((_e37).xxxx + (_e46).xxxx));
    float4 _e53 = o;
    const mainOutput mainoutput = ConstructmainOutput(_e53);
    return mainoutput;
}
