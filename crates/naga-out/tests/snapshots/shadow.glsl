#version 450 core
struct mainOutput {
    vec4 o;
};
uniform sampler2DShadow _group_1_binding_1_fs;

uniform sampler2DShadow _group_1_binding_7_fs;

uniform samplerCubeShadow _group_1_binding_3_fs;

layout(location = 0) smooth in vec4 _vs2fs_location0;
layout(location = 0) out vec4 _fs2p_location0;

void main() {
    vec4 c = _vs2fs_location0;
    vec4 o = vec4(0.0);
    o = vec4(0.0);
    vec3 _e3 = c.xyz;
    float _e11 = texture(_group_1_binding_1_fs, vec3(_e3.xy, clamp(_e3.z, 0.0, 1.0)));
    float _e24 = texture(_group_1_binding_1_fs, vec3((c.xy / vec2(c.w)), clamp((c.z / c.w), 0.0, 1.0)));
    float _e37 = textureLod(_group_1_binding_7_fs, vec3((_e3.xy / vec2(uvec2(textureSize(_group_1_binding_7_fs, 0).xy))), clamp(_e3.z, 0.0, 1.0)), 0.0);
    float _e46 = texture(_group_1_binding_3_fs, vec4(c.xyz, clamp(c.w, 0.0, 1.0)));
    o = ((vec4(_e11) + vec4(_e24)) + (vec4(_e37) + vec4(_e46)));
    vec4 _e53 = o;
    mainOutput _tmp_return = mainOutput(_e53);
    _fs2p_location0 = _tmp_return.o;
    return;
}

