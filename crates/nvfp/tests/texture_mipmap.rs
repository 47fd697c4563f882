//! Mipmap chains (sizes and box-filtered values) and LOD: λ from the derivatives (GL 1.2.1 eq. 3.14),
//! magnification at λ ≤ 0, LINEAR_MIPMAP_LINEAR level selection and blending.

mod texture_support;

use nvfp::isa::TexTarget;
use nvfp::texture::{Filter, Lookup, TexFormat, Texture, Wrap};
use texture_support::{float_r, quad, r_with_derivatives};

fn level_sizes(t: &Texture) -> Vec<[usize; 3]> {
    (0..t.level_count())
        .map(|l| t.level(0, l).unwrap().size())
        .collect()
}

fn level_reds(t: &Texture, level: usize) -> Vec<f32> {
    t.level(0, level)
        .unwrap()
        .texels()
        .iter()
        .map(|v| v[0])
        .collect()
}

#[test]
fn chains_halve_each_dimension_down_to_one() {
    let mip = |target, size| float_r(target, size, |_, _, _| 0.0).with_filter(Filter::Mipmap);
    assert_eq!(
        level_sizes(&mip(TexTarget::D2, [8, 4, 1])),
        [[8, 4, 1], [4, 2, 1], [2, 1, 1], [1, 1, 1]]
    );
    assert_eq!(
        level_sizes(&mip(TexTarget::D2, [5, 3, 1])),
        [[5, 3, 1], [2, 1, 1], [1, 1, 1]]
    );
    assert_eq!(
        level_sizes(&mip(TexTarget::D3, [4, 2, 8])),
        [[4, 2, 8], [2, 1, 4], [1, 1, 2], [1, 1, 1]]
    );
    assert_eq!(
        level_sizes(&mip(TexTarget::D1, [7, 1, 1])),
        [[7, 1, 1], [3, 1, 1], [1, 1, 1]]
    );
    assert_eq!(level_sizes(&mip(TexTarget::D2, [1, 1, 1])), [[1, 1, 1]]);
    // Without Mipmap there is only the base level.
    assert_eq!(
        float_r(TexTarget::D2, [8, 4, 1], |_, _, _| 0.0).level_count(),
        1
    );
}

#[test]
fn levels_are_two_by_two_box_averages() {
    // Texel (x, y) = x + 4y.
    let t =
        float_r(TexTarget::D2, [4, 4, 1], |x, y, _| (x + 4 * y) as f32).with_filter(Filter::Mipmap);
    // (0+1+4+5)/4, (2+3+6+7)/4, (8+9+12+13)/4, (10+11+14+15)/4.
    assert_eq!(level_reds(&t, 1), [2.5, 4.5, 10.5, 12.5]);
    assert_eq!(level_reds(&t, 2), [7.5]);
    // Constant components stay exact.
    assert!(t.level(0, 2).unwrap().texels().iter().all(|v| v[3] == 1.0));
}

#[test]
fn three_d_levels_average_two_by_two_by_two() {
    let t = float_r(TexTarget::D3, [2, 2, 2], |x, y, z| {
        (x + 2 * y + 4 * z) as f32
    })
    .with_filter(Filter::Mipmap);
    assert_eq!(level_reds(&t, 1), [3.5]);
}

#[test]
fn odd_sizes_use_area_weighted_boxes() {
    // 3 → 1: all three texels with weight 1/3.
    let three =
        float_r(TexTarget::D1, [3, 1, 1], |x, _, _| (3 * x) as f32).with_filter(Filter::Mipmap);
    assert_eq!(level_reds(&three, 1), [3.0]);
    // 5 → 2: texel 0 covers source [0, 2.5): (0 + 10 + 20/2) / 2.5 = 8;
    // texel 1 covers [2.5, 5): (20/2 + 30 + 40) / 2.5 = 32; then 2 → 1: 20.
    let five =
        float_r(TexTarget::D1, [5, 1, 1], |x, _, _| (10 * x) as f32).with_filter(Filter::Mipmap);
    assert_eq!(level_reds(&five, 1), [8.0, 32.0]);
    assert_eq!(level_reds(&five, 2), [20.0]);
}

#[test]
fn eight_bit_levels_round_to_the_nearest_code_ties_to_even() {
    let codes = |pairs: &[u8]| -> Vec<[f32; 4]> {
        pairs
            .iter()
            .map(|&k| [f32::from(k) / 255.0, 0.0, 0.0, 1.0])
            .collect()
    };
    // Pairs (0, 1), (3, 4), (10, 13) average 0.5, 3.5, 11.5 → codes 0, 4, 12.
    let texels = codes(&[0, 1, 3, 4, 10, 13]);
    let t = Texture::from_rgba_f32(TexTarget::D2, 6, 1, 1, TexFormat::Luminance, &texels)
        .unwrap()
        .with_filter(Filter::Mipmap);
    assert_eq!(level_reds(&t, 1), [0.0, 4.0 / 255.0, 12.0 / 255.0]);
    // Four codes 10, 11, 12, 14 average 11.75 → 12.
    let square = codes(&[10, 11, 12, 14]);
    let t = Texture::from_rgba_f32(TexTarget::D2, 2, 2, 1, TexFormat::Rgb, &square)
        .unwrap()
        .with_filter(Filter::Mipmap);
    assert_eq!(
        t.level(0, 1).unwrap().texels(),
        [[12.0 / 255.0, 0.0, 0.0, 1.0]]
    );
}

/// 4x4, texel (x, y) = x + 4y, clamped, mipmapped. At (1/8, 1/8), the first texel's centre, level 0
/// reads 0, level 1 (at u = 1/4, clamped to its first texel) 2.5, level 2 reads 7.5.
fn lod_texture() -> Texture {
    float_r(TexTarget::D2, [4, 4, 1], |x, y, _| (x + 4 * y) as f32)
        .with_wrap(Wrap::ClampToEdge)
        .with_filter(Filter::Mipmap)
}

const CORNER: [f32; 3] = [0.125, 0.125, 0.0];

#[test]
fn lambda_one_picks_level_one() {
    // ∂s/∂x = 0.5 → ∂u/∂x = 2 → ρ = 2 → λ = 1.
    assert_eq!(
        r_with_derivatives(&lod_texture(), CORNER, [0.5, 0.0, 0.0], [0.0; 3]),
        2.5
    );
}

#[test]
fn lambda_one_half_blends_levels_zero_and_one() {
    // ∂u/∂x = ∂v/∂x = 1 → ρ = √2 → λ = 0.5: (0 + 2.5) / 2.
    assert_eq!(
        r_with_derivatives(&lod_texture(), CORNER, [0.25, 0.25, 0.0], [0.0; 3]),
        1.25
    );
    // ρ = √8 → λ = 1.5: (2.5 + 7.5) / 2.
    assert_eq!(
        r_with_derivatives(&lod_texture(), CORNER, [0.5, 0.5, 0.0], [0.0; 3]),
        5.0
    );
}

#[test]
fn lambda_beyond_the_last_level_uses_the_last_level() {
    assert_eq!(
        r_with_derivatives(&lod_texture(), CORNER, [4.0, 0.0, 0.0], [0.0; 3]),
        7.5
    );
    assert_eq!(
        r_with_derivatives(&lod_texture(), CORNER, [f32::INFINITY, 0.0, 0.0], [0.0; 3]),
        7.5
    );
}

#[test]
fn lambda_at_most_zero_magnifies_from_the_base_level() {
    assert_eq!(
        r_with_derivatives(&lod_texture(), CORNER, [0.25, 0.0, 0.0], [0.0; 3]),
        0.0
    );
    assert_eq!(
        r_with_derivatives(&lod_texture(), CORNER, [0.01, 0.0, 0.0], [0.0; 3]),
        0.0
    );
    assert_eq!(
        r_with_derivatives(&lod_texture(), CORNER, [0.0; 3], [0.0; 3]),
        0.0
    );
}

#[test]
fn rho_is_the_longer_of_the_x_and_y_derivatives() {
    // |d/dx| = 1, |d/dy| = 2 → λ = 1, whichever direction is longer.
    let t = lod_texture();
    assert_eq!(
        r_with_derivatives(&t, CORNER, [0.25, 0.0, 0.0], [0.0, 0.5, 0.0]),
        2.5
    );
    assert_eq!(
        r_with_derivatives(&t, CORNER, [0.0, 0.5, 0.0], [0.25, 0.0, 0.0]),
        2.5
    );
}

#[test]
fn one_d_lambda_ignores_t_and_three_d_counts_r() {
    // 1D: 0, 10, 20, 30; level 1: 5, 25; level 2: 15.
    let line = float_r(TexTarget::D1, [4, 1, 1], |x, _, _| (10 * x) as f32)
        .with_wrap(Wrap::ClampToEdge)
        .with_filter(Filter::Mipmap);
    assert_eq!(
        r_with_derivatives(&line, CORNER, [0.0, 10.0, 10.0], [0.0; 3]),
        0.0
    );
    assert_eq!(
        r_with_derivatives(&line, CORNER, [0.5, 0.0, 0.0], [0.0; 3]),
        5.0
    );
    // 3D 2x2x2 (x + 2y + 4z): ∂w/∂x = 2 → λ = 1 → the 1x1x1 level, 3.5.
    let volume = float_r(TexTarget::D3, [2, 2, 2], |x, y, z| {
        (x + 2 * y + 4 * z) as f32
    })
    .with_filter(Filter::Mipmap);
    assert_eq!(
        r_with_derivatives(&volume, [0.25; 3], [0.0, 0.0, 1.0], [0.0; 3]),
        3.5
    );
    assert_eq!(
        r_with_derivatives(&volume, [0.25; 3], [0.0; 3], [0.0; 3]),
        0.0
    );
}

#[test]
fn tex_takes_derivatives_from_the_quad() {
    // Fragments 1 and 3 sit half the texture to the right: ∂s/∂x = 0.5 → λ = 1 for all four.
    let coords = [
        [0.125, 0.125, 0.0, 1.0],
        [0.625, 0.125, 0.0, 1.0],
        [0.125, 0.125, 0.0, 1.0],
        [0.625, 0.125, 0.0, 1.0],
    ];
    let result = quad(lod_texture(), TexTarget::D2, coords, Lookup::Implicit);
    // Level 1 at u = 1.25: texels 0 and 1 of its bottom row (2.5, 4.5) with α = 0.75.
    let reds: Vec<f32> = result.iter().map(|r| r[0]).collect();
    assert_eq!(reds, [2.5, 4.0, 2.5, 4.0]);
    // Without mipmaps the same quad reads level 0: 0 and texel 2 (u = 2.5).
    let linear = lod_texture().with_filter(Filter::Linear);
    let reds: Vec<f32> = quad(linear, TexTarget::D2, coords, Lookup::Implicit)
        .iter()
        .map(|r| r[0])
        .collect();
    assert_eq!(reds, [0.0, 2.0, 0.0, 2.0]);
}

#[test]
fn txp_takes_derivatives_of_the_divided_coordinates() {
    // After dividing by q = 2 these are the coordinates of the TEX test: λ = 1, not 2.
    let coords = [
        [0.25, 0.25, 0.0, 2.0],
        [1.25, 0.25, 0.0, 2.0],
        [0.25, 0.25, 0.0, 2.0],
        [1.25, 0.25, 0.0, 2.0],
    ];
    let reds: Vec<f32> = quad(lod_texture(), TexTarget::D2, coords, Lookup::Projective)
        .iter()
        .map(|r| r[0])
        .collect();
    assert_eq!(reds, [2.5, 4.0, 2.5, 4.0]);
}

#[test]
fn txd_uses_each_fragments_own_derivatives() {
    let coords = [[0.125, 0.125, 0.0, 1.0]; 4];
    let mut ddx = [[0.0; 4]; 4];
    ddx[1] = [0.5, 0.0, 0.0, 0.0]; // λ = 1
    ddx[2] = [0.25, 0.25, 0.0, 0.0]; // λ = 0.5
    ddx[3] = [4.0, 0.0, 0.0, 0.0]; // λ = 4 ≥ q
    let lookup = Lookup::Gradients {
        ddx,
        ddy: [[0.0; 4]; 4],
    };
    let reds: Vec<f32> = quad(lod_texture(), TexTarget::D2, coords, lookup)
        .iter()
        .map(|r| r[0])
        .collect();
    assert_eq!(reds, [0.0, 2.5, 1.25, 7.5]);
}
