struct mainOutput {
    @location(0) o: vec4<f32>,
}

@group(1) @binding(1) 
var s_texture: texture_depth_2d;
@group(1) @binding(2) 
var s_sampler: sampler_comparison;
@group(1) @binding(7) 
var r_texture: texture_depth_2d;
@group(1) @binding(8) 
var r_sampler: sampler_comparison;
@group(1) @binding(3) 
var q_texture: texture_depth_cube;
@group(1) @binding(4) 
var q_sampler: sampler_comparison;

@fragment 
fn main(@location(0) c: vec4<f32>) -> mainOutput {
    var o: vec4<f32>;

    o = vec4<f32>();
    let _e3 = c.xyz;
    let _e11 = textureSampleCompare(s_texture, s_sampler, _e3.xy, clamp(_e3.z, 0f, 1f));
    let _e24 = textureSampleCompare(s_texture, s_sampler, (c.xy / vec2(c.w)), clamp((c.z / c.w), 0f, 1f));
    let _e34 = textureDimensions(r_texture);
    let _e37 = textureSampleCompareLevel(r_texture, r_sampler, (_e3.xy / vec2<f32>(_e34)), clamp(_e3.z, 0f, 1f));
    let _e46 = textureSampleCompare(q_texture, q_sampler, c.xyz, clamp(c.w, 0f, 1f));
    o = ((vec4(_e11) + vec4(_e24)) + (vec4(_e37) + vec4(_e46)));
    let _e53 = o;
    return mainOutput(_e53);
}
