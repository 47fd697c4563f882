struct mainOutput {
    @location(0) color: vec4<f32>,
    @location(1) c1_: vec4<f32>,
    @builtin(frag_depth) depth: f32,
}

struct mainUniforms {
    n: i32,
}

@group(1) @binding(0) 
var<uniform> uniforms: mainUniforms;
@group(1) @binding(1) 
var s_texture: texture_2d<f32>;
@group(1) @binding(2) 
var s_sampler: sampler;
@group(1) @binding(7) 
var r_texture: texture_2d<f32>;
@group(1) @binding(8) 
var r_sampler: sampler;

@fragment 
fn main(@location(0) uv: vec2<f32>, @builtin(position) wpos: vec4<f32>, @builtin(front_facing) face: bool) -> mainOutput {
    var color: vec4<f32>;
    var c1_: vec4<f32>;
    var depth: f32;
    var discarded: bool;
    var param: i32;
    var param_1: f32;
    var result: f32;
    var result_1: i32;
    var pending: i32;

    pending = i32();
    let _e5 = select(-1f, 1f, face);
    color = vec4<f32>();
    c1_ = vec4<f32>();
    depth = f32();
    discarded = bool();
    let _e16 = uniforms.n;
    param = i32();
    param_1 = f32();
    param = 0i;
    param_1 = 0f;
    result = f32();
    result_1 = i32();
    loop {
        let _e30 = param;
        let _e32 = param_1;
        let _e36 = (3i == 0i);
        let _e39 = select((_e30 / select(3i, 1i, _e36)), 0i, _e36);
        let _e41 = (_e30 + 1i);
        let _e43 = (_e32 + 0.5f);
        switch _e39 {
            case 0: {
                switch _e16 {
                    case 7: {
                        result = _e43;
                        result_1 = _e41;
                        pending = 1i;
                        break;
                    }
                    default: {
                        param = _e41;
                        param_1 = _e43;
                        pending = 2i;
                        break;
                    }
                }
                let _e55 = pending;
                if (_e55 != 0i) {
                    break;
                }
            }
            case 1, 2: {
                param = _e41;
                param_1 = _e43;
                pending = 2i;
                break;
            }
            default: {
                result = _e32;
                result_1 = _e30;
                pending = 1i;
                break;
            }
        }
        let _e67 = pending;
        if (_e67 == 1i) {
            pending = 0i;
            break;
        }
        if (_e67 == 2i) {
            pending = 0i;
            continue;
        }
        result = _e43;
        result_1 = _e39;
        break;
    }
    let _e79 = result;
    let _e82 = floor(_e79);
    let _e88 = select(_e82, (_e82 + 1f), ((_e79 - _e82) >= 0.5f));
    let _e92 = textureSampleBias(s_texture, s_sampler, uv, -1f);
    let _e96 = textureDimensions(r_texture);
    let _e99 = textureSample(r_texture, r_sampler, (wpos.xy / vec2<f32>(_e96)));
    let _e100 = wpos.xyw;
    let _e107 = textureDimensions(r_texture);
    let _e110 = textureSample(r_texture, r_sampler, ((_e100.xy / vec2(_e100.z)) / vec2<f32>(_e107)));
    let _e111 = dpdy(_e5);
    let _e113 = dpdx(_e88);
    if (-(_e111) < _e113) {
        discarded = true;
    }
    let _e120 = (0i == 0i);
    color = (select(_e99, _e92, vec4<bool>(true, false, true, false)) + _e110);
    c1_ = vec4<f32>(_e88, f32(select((_e16 / select(0i, 1i, _e120)), 0i, _e120)), _e79, _e5);
    depth = _e113;
    let _e137 = discarded;
    if _e137 {
        discard;
    }
    let _e139 = color;
    let _e141 = c1_;
    let _e143 = depth;
    return mainOutput(_e139, _e141, _e143);
}
