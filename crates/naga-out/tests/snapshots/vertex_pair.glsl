#version 450 core
struct vsOutput {
    vec4 pos;
    vec2 t0_;
    vec4 col;
    float size;
};
struct vsUniforms {
    vec4 mvp[4];
    int which;
    vec3 scale;
};
layout(std140) uniform vsUniforms_block_0Vertex { vsUniforms _group_0_binding_0_vs; };

uniform sampler2D _group_0_binding_3_vs;

layout(location = 0) in vec4 _p2vs_location0;
layout(location = 2) in vec3 _p2vs_location2;
layout(location = 8) in vec2 _p2vs_location8;
layout(location = 7) in vec4 _p2vs_location7;
layout(location = 0) smooth out vec2 _vs2fs_location0;
layout(location = 8) smooth out vec4 _vs2fs_location8;
layout(location = 11) smooth out float _vs2fs_location11;

void main() {
    vec4 p = _p2vs_location0;
    vec3 n = _p2vs_location2;
    vec2 uv = _p2vs_location8;
    vec4 a = _p2vs_location7;
    vec4 pos = vec4(0.0);
    vec2 t0_ = vec2(0.0);
    vec4 col = vec4(0.0);
    float size = 0.0;
    pos = vec4(0.0);
    t0_ = vec2(0.0);
    col = vec4(0.0);
    size = 0.0;
    vec4 _e15 = _group_0_binding_0_vs.mvp[0];
    vec4 _e19 = _group_0_binding_0_vs.mvp[1];
    vec4 _e23 = _group_0_binding_0_vs.mvp[2];
    vec4 _e27 = _group_0_binding_0_vs.mvp[3];
    pos = vec4(dot(_e15, p), dot(_e19, p), dot(_e23, p), dot(_e27, p));
    vec4 _e37 = textureLod(_group_0_binding_3_vs, vec2(uv), 0.0);
    t0_ = _e37.xy;
    int _e42 = _group_0_binding_0_vs.which;
    vec4 _e50 = _group_0_binding_0_vs.mvp[min(max(_e42, 0), 3)];
    vec3 _e53 = _group_0_binding_0_vs.scale;
    vec3 _e54 = (n * _e53);
    vec4 _e57 = textureGrad(_group_0_binding_3_vs, vec2(uv), uv, uv);
    col.x = _e54.x;
    col.y = _e54.y;
    col.z = _e54.z;
    col.w = 0.0;
    size = ((_e50 + _e57) + a).w;
    vec4 _e72 = pos;
    vec2 _e74 = t0_;
    vec4 _e76 = col;
    float _e78 = size;
    vsOutput _tmp_return = vsOutput(_e72, _e74, _e76, _e78);
    gl_Position = _tmp_return.pos;
    _vs2fs_location0 = _tmp_return.t0_;
    _vs2fs_location8 = _tmp_return.col;
    _vs2fs_location11 = _tmp_return.size;
    return;
}

