#version 450 core
struct mainOutput {
    vec4 color;
    vec4 c1_;
    float depth;
};
struct mainUniforms {
    int n;
};
layout(std140) uniform mainUniforms_block_0Fragment { mainUniforms _group_1_binding_0_fs; };

uniform sampler2D _group_1_binding_1_fs;

uniform sampler2D _group_1_binding_7_fs;

layout(location = 0) smooth in vec2 _vs2fs_location0;
layout(location = 0) out vec4 _fs2p_location0;
layout(location = 1) out vec4 _fs2p_location1;

void main() {
    vec2 uv = _vs2fs_location0;
    vec4 wpos = gl_FragCoord;
    bool face = gl_FrontFacing;
    vec4 color = vec4(0.0);
    vec4 c1_ = vec4(0.0);
    float depth = 0.0;
    bool discarded = false;
    int param = 0;
    float param_1 = 0.0;
    float result = 0.0;
    int result_1 = 0;
    int pending = 0;
    pending = 0;
    float _e5 = (face ? 1.0 : -1.0);
    color = vec4(0.0);
    c1_ = vec4(0.0);
    depth = 0.0;
    discarded = false;
    int _e16 = _group_1_binding_0_fs.n;
    param = 0;
    param_1 = 0.0;
    param = 0;
    param_1 = 0.0;
    result = 0.0;
    result_1 = 0;
    while(true) {
        int _e30 = param;
        float _e32 = param_1;
        bool _e36 = (3 == 0);
        int _e39 = (_e36 ? 0 : (_e30 / (_e36 ? 1 : 3)));
        int _e41 = (_e30 + 1);
        float _e43 = (_e32 + 0.5);
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
                if ((_e55 != 0)) {
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
        if ((_e67 == 1)) {
            pending = 0;
            break;
        }
        if ((_e67 == 2)) {
            pending = 0;
            continue;
        }
        result = _e43;
        result_1 = _e39;
        break;
    }
    float _e79 = result;
    float _e82 = floor(_e79);
    float _e88 = (((_e79 - _e82) >= 0.5) ? (_e82 + 1.0) : _e82);
    vec4 _e92 = texture(_group_1_binding_1_fs, vec2(uv), -1.0);
    vec4 _e99 = texture(_group_1_binding_7_fs, vec2((wpos.xy / vec2(uvec2(textureSize(_group_1_binding_7_fs, 0).xy)))));
    vec3 _e100 = wpos.xyw;
    vec4 _e110 = texture(_group_1_binding_7_fs, vec2(((_e100.xy / vec2(_e100.z)) / vec2(uvec2(textureSize(_group_1_binding_7_fs, 0).xy)))));
    float _e111 = dFdy(_e5);
    float _e112 = dFdx(_e88);
    if ((_e111 < _e112)) {
        discarded = true;
    }
    bool _e119 = (0 == 0);
    color = (mix(_e99, _e92, bvec4(true, false, true, false)) + _e110);
    c1_ = vec4(_e88, float((_e119 ? 0 : (_e16 / (_e119 ? 1 : 0)))), _e79, _e5);
    depth = _e112;
    bool _e136 = discarded;
    if (_e136) {
        discard;
    }
    vec4 _e138 = color;
    vec4 _e140 = c1_;
    float _e142 = depth;
    mainOutput _tmp_return = mainOutput(_e138, _e140, _e142);
    _fs2p_location0 = _tmp_return.color;
    _fs2p_location1 = _tmp_return.c1_;
    gl_FragDepth = _tmp_return.depth;
    return;
}

