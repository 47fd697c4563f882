struct vsOutput {
    @builtin(position) pos: vec4<f32>,
    @location(0) t0_: vec2<f32>,
    @location(8) col: vec4<f32>,
    @location(11) size: f32,
}

struct vsUniforms {
    mvp: array<vec4<f32>, 4>,
    which: i32,
    scale: vec3<f32>,
}

@group(0) @binding(0) 
var<uniform> uniforms: vsUniforms;
@group(0) @binding(3) 
var height_texture: texture_2d<f32>;
@group(0) @binding(4) 
var height_sampler: sampler;

@vertex 
fn vs(@location(0) p: vec4<f32>, @location(2) n: vec3<f32>, @location(8) uv: vec2<f32>, @location(7) a: vec4<f32>) -> vsOutput {
    var pos: vec4<f32>;
    var t0_: vec2<f32>;
    var col: vec4<f32>;
    var size: f32;

    pos = vec4<f32>();
    t0_ = vec2<f32>();
    col = vec4<f32>();
    size = f32();
    let _e15 = uniforms.mvp[0];
    let _e19 = uniforms.mvp[1];
    let _e23 = uniforms.mvp[2];
    let _e27 = uniforms.mvp[3];
    pos = vec4<f32>(dot(_e15, p), dot(_e19, p), dot(_e23, p), dot(_e27, p));
    let _e37 = textureSampleLevel(height_texture, height_sampler, uv, 0f);
    t0_ = _e37.xy;
    let _e42 = uniforms.which;
    let _e50 = uniforms.mvp[min(max(_e42, 0i), 3i)];
    let _e53 = uniforms.scale;
    let _e54 = (n * _e53);
    let _e57 = textureSampleGrad(height_texture, height_sampler, uv, uv, uv);
    col.x = _e54.x;
    col.y = _e54.y;
    col.z = _e54.z;
    col.w = 0f;
    size = ((_e50 + _e57) + a).w;
    let _e72 = pos;
    let _e74 = t0_;
    let _e76 = col;
    let _e78 = size;
    return vsOutput(_e72, _e74, _e76, _e78);
}
