//! Depth textures with ARB_shadow's comparison (`Texture::with_depth_compare`): the expected values
//! are the spec's (GL 1.4 section 3.8.14 with TEXTURE_COMPARE_FUNC LEQUAL: 1 where r ≤ D, else 0,
//! r clamped to [0, 1], the comparison made per texel before LINEAR filtering), in all four
//! components (DEPTH_TEXTURE_MODE INTENSITY).

use nvfp::isa::TexTarget;
use nvfp::texture::{Filter, Lookup, TexFormat, Texture, TextureUnits};

/// A 2x1 texture of depths 0.25 and 0.75 on `target`, FLOAT_R, compare on.
fn depths(target: TexTarget, filter: Filter) -> Texture {
    let texels = [[0.25, 0.0, 0.0, 1.0], [0.75, 0.0, 0.0, 1.0]];
    Texture::from_rgba_f32(target, 2, 1, 1, TexFormat::FloatR, &texels)
        .unwrap()
        .with_filter(filter)
        .with_depth_compare()
}

fn splat(v: f32) -> [f32; 4] {
    [v; 4]
}

#[test]
fn nearest_compares_r_with_the_texel_depth() {
    let t = depths(TexTarget::D2, Filter::Nearest);
    assert!(t.depth_compare());
    let zero = [0.0; 3];
    // Texel 0 (D = 0.25): below, at and above the depth.
    assert_eq!(t.sample([0.25, 0.5, 0.125], zero, zero), splat(1.0));
    assert_eq!(t.sample([0.25, 0.5, 0.25], zero, zero), splat(1.0));
    assert_eq!(t.sample([0.25, 0.5, 0.5], zero, zero), splat(0.0));
    // Texel 1 (D = 0.75).
    assert_eq!(t.sample([0.75, 0.5, 0.5], zero, zero), splat(1.0));
    assert_eq!(t.sample([0.75, 0.5, 0.875], zero, zero), splat(0.0));
    // r is clamped to [0, 1]: -3 passes against 0.25 as 0 does, 7 fails as 1 does.
    assert_eq!(t.sample([0.25, 0.5, -3.0], zero, zero), splat(1.0));
    assert_eq!(t.sample([0.75, 0.5, 7.0], zero, zero), splat(0.0));
    // NaN compares false.
    assert_eq!(t.sample([0.25, 0.5, f32::NAN], zero, zero), splat(0.0));
}

#[test]
fn linear_filters_the_comparisons() {
    let t = depths(TexTarget::D2, Filter::Linear);
    let zero = [0.0; 3];
    // Halfway between the texel centres: one comparison passes (r = 0.5 ≤ 0.75), one fails.
    assert_eq!(t.sample([0.5, 0.5, 0.5], zero, zero), splat(0.5));
    // A quarter of the way from texel 0: weights 3/4 and 1/4, only texel 1 passes.
    assert_eq!(t.sample([0.375, 0.5, 0.5], zero, zero), splat(0.25));
}

#[test]
fn projective_lookups_compare_the_divided_r() {
    let mut units = TextureUnits::new();
    units.bind(3, depths(TexTarget::D2, Filter::Nearest));
    // (s, t, r, q) = (0.5, 1, 0.5, 2): r/q = 0.25 ≤ 0.25 at texel 0; r/q = 0.375 > 0.25.
    let coords = [
        [0.5, 1.0, 0.5, 2.0],
        [0.5, 1.0, 0.75, 2.0],
        [1.5, 1.0, 1.5, 2.0],
        [1.5, 1.0, 1.75, 2.0],
    ];
    let got = units.sample_quad(3, TexTarget::D2, &coords, &Lookup::Projective);
    assert_eq!(got, [splat(1.0), splat(0.0), splat(1.0), splat(0.0)]);
}

#[test]
fn rect_textures_compare_in_texel_coordinates() {
    let t = depths(TexTarget::Rect, Filter::Nearest);
    let zero = [0.0; 3];
    assert_eq!(t.sample([1.5, 0.5, 0.75], zero, zero), splat(1.0));
    assert_eq!(t.sample([0.5, 0.5, 0.75], zero, zero), splat(0.0));
}

#[test]
fn three_d_and_cube_textures_keep_plain_lookups() {
    let t = Texture::from_rgba_f32(
        TexTarget::D3,
        1,
        1,
        1,
        TexFormat::FloatRgba,
        &[[0.25, 0.5, 0.75, 1.0]],
    )
    .unwrap()
    .with_depth_compare();
    assert!(!t.depth_compare());
    let zero = [0.0; 3];
    assert_eq!(
        t.sample([0.5, 0.5, 0.5], zero, zero),
        [0.25, 0.5, 0.75, 1.0]
    );
}
