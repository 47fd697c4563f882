struct vsOutput {
    float4 pos : SV_Position;
    float2 t0_ : LOC0;
    float4 col : LOC8;
    float size : LOC11;
};

struct vsUniforms {
    float4 mvp[4];
    int which;
    int _pad2_0;
    int _pad2_1;
    int _pad2_2;
    float3 scale;
    int _end_pad_0;
};

cbuffer uniforms : register(b0) { vsUniforms uniforms; }
Texture2D<float4> height_texture : register(t3);
SamplerState nagaSamplerHeap[2048]: register(s0, space0);
SamplerComparisonState nagaComparisonSamplerHeap[2048]: register(s0, space1);
StructuredBuffer<uint> nagaGroup0SamplerIndexArray : register(t0, space255);
static const SamplerState height_sampler = nagaSamplerHeap[nagaGroup0SamplerIndexArray[4]];

struct VertexOutput_vs {
    float2 t0_1 : LOC0;
    float4 col_1 : LOC8;
    float size_1 : LOC11;
    float4 pos_1 : SV_Position;
};

vsOutput ConstructvsOutput(float4 arg0, float2 arg1, float4 arg2, float arg3) {
    vsOutput ret = (vsOutput)0;
    ret.pos = arg0;
    ret.t0_ = arg1;
    ret.col = arg2;
    ret.size = arg3;
    return ret;
}

float4 ZeroValuefloat4() {
    return (float4)0;
}

float2 ZeroValuefloat2() {
    return (float2)0;
}

float ZeroValuefloat() {
    return (float)0;
}

VertexOutput_vs vs(float4 p : LOC0, float3 n : LOC2, float2 uv : LOC8, float4 a : LOC7)
{
    float4 pos = (float4)0;
    float2 t0_ = (float2)0;
    float4 col = (float4)0;
    float size = (float)0;

    pos = ZeroValuefloat4();
    t0_ = ZeroValuefloat2();
    col = ZeroValuefloat4();
    size = ZeroValuefloat();
    float4 _e15 = uniforms.mvp[0];
    float4 _e19 = uniforms.mvp[1];
    float4 _e23 = uniforms.mvp[2];
    float4 _e27 = uniforms.mvp[3];
    pos = float4(dot(_e15, p), dot(_e19, p), dot(_e23, p), dot(_e27, p));
    float4 _e37 = height_texture.SampleLevel(height_sampler, uv, 0.0);
    t0_ = _e37.xy;
    int _e42 = uniforms.which;
    float4 _e50 = uniforms.mvp[min(max(_e42, int(0)), int(3))];
    float3 _e53 = uniforms.scale;
    float3 _e54 = (n * _e53);
    float4 _e57 = height_texture.SampleGrad(height_sampler, uv, uv, uv);
    col.x = _e54.x;
    col.y = _e54.y;
    col.z = _e54.z;
    col.w = 0.0;
    size = ((_e50 + _e57) + a).w;
    float4 _e72 = pos;
    float2 _e74 = t0_;
    float4 _e76 = col;
    float _e78 = size;
    const vsOutput vsoutput = ConstructvsOutput(_e72, _e74, _e76, _e78);
    const VertexOutput_vs vsoutput_1 = { vsoutput.t0_, vsoutput.col, vsoutput.size, vsoutput.pos };
    return vsoutput_1;
}
