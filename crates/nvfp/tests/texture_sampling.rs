//! NEAREST and LINEAR sampling, REPEAT and CLAMP_TO_EDGE, RECT addressing, 1D and 3D targets, TXP,
//! and the (0, 0, 0, 0) of unbound units and incomplete targets. Expected values are worked out from
//! GL 1.2.1 section 3.8 by hand.

mod texture_support;

use nvfp::isa::TexTarget;
use nvfp::texture::{Filter, Lookup, TextureUnits, Wrap};
use texture_support::{at, float_r, quad, r_at};

/// 2x2 with texel (x, y) = 1 + x + 2y: 1 2 in the bottom row (t = 0), 3 4 in the top row.
fn two_by_two() -> nvfp::texture::Texture {
    float_r(TexTarget::D2, [2, 2, 1], |x, y, _| (1 + x + 2 * y) as f32)
}

#[test]
fn defaults_are_linear_and_repeat_and_rect_clamps() {
    let t = two_by_two();
    assert_eq!((t.filter(), t.wrap()), (Filter::Linear, Wrap::Repeat));
    let rect = float_r(TexTarget::Rect, [2, 2, 1], |_, _, _| 0.0);
    assert_eq!(rect.wrap(), Wrap::ClampToEdge);
}

#[test]
fn nearest_picks_floor_of_s_times_size() {
    let t = two_by_two().with_filter(Filter::Nearest);
    assert_eq!(r_at(&t, [0.25, 0.25, 0.0]), 1.0);
    assert_eq!(r_at(&t, [0.75, 0.25, 0.0]), 2.0);
    assert_eq!(r_at(&t, [0.25, 0.75, 0.0]), 3.0);
    assert_eq!(r_at(&t, [0.75, 0.75, 0.0]), 4.0);
    // u = 1.0 exactly lies in texel 1.
    assert_eq!(r_at(&t, [0.5, 0.5, 0.0]), 4.0);
    // The whole result vector of FLOAT_R: (R, 0, 0, 1).
    assert_eq!(at(&t, [0.75, 0.75, 0.0]), [4.0, 0.0, 0.0, 1.0]);
}

#[test]
fn nearest_repeat_wraps_integer_texel_indices() {
    let t = two_by_two().with_filter(Filter::Nearest);
    // u = 2.5 → texel 2 mod 2 = 0; v = -0.5 → texel -1 mod 2 = 1.
    assert_eq!(r_at(&t, [1.25, -0.25, 0.0]), 3.0);
    // s = 1.0 → u = 2 → texel 0.
    assert_eq!(r_at(&t, [1.0, 0.0, 0.0]), 1.0);
    // A tiny negative s is texel -1 → 1, not a frac(s) that rounds to 1.0.
    assert_eq!(r_at(&t, [-1e-10, 0.0, 0.0]), 2.0);
}

#[test]
fn nearest_clamp_to_edge_clamps_texel_indices() {
    let t = two_by_two()
        .with_filter(Filter::Nearest)
        .with_wrap(Wrap::ClampToEdge);
    assert_eq!(r_at(&t, [1.25, -0.25, 0.0]), 2.0);
    assert_eq!(r_at(&t, [-7.0, 9.0, 0.0]), 3.0);
    assert_eq!(r_at(&t, [1.0, 1.0, 0.0]), 4.0);
}

#[test]
fn linear_weights_come_from_u_minus_one_half() {
    let t = two_by_two();
    // Texel centres read the texel exactly.
    assert_eq!(r_at(&t, [0.25, 0.25, 0.0]), 1.0);
    assert_eq!(r_at(&t, [0.75, 0.75, 0.0]), 4.0);
    // The centre of the texture averages all four.
    assert_eq!(r_at(&t, [0.5, 0.5, 0.0]), 2.5);
    // Constant components survive filtering exactly.
    assert_eq!(at(&t, [0.4, 0.3, 0.0])[3], 1.0);
}

#[test]
fn bilinear_weights_on_a_four_by_four() {
    // Texel (x, y) = x·y, so the cross term of the bilinear weights shows.
    let t = float_r(TexTarget::D2, [4, 4, 1], |x, y, _| (x * y) as f32);
    // s = 5/16 → u = 1.25 → i0 = 0, α = 0.75; t = 9/16 → v = 2.25 → j0 = 1, β = 0.75.
    // (1-α)(1-β)·0 + α(1-β)·1 + (1-α)β·0 + αβ·2 = 0.1875 + 1.125.
    assert_eq!(r_at(&t, [0.3125, 0.5625, 0.0]), 1.3125);
}

#[test]
fn linear_repeat_blends_across_the_edge() {
    let t = two_by_two();
    // s = 0: u - 1/2 = -0.5 → i0 = -1 → 1, i1 = 0, α = 0.5 → (2 + 1) / 2.
    assert_eq!(r_at(&t, [0.0, 0.25, 0.0]), 1.5);
    // t = 1: rows 1 and 0 blended at 0.5 → (3 + 1) / 2 at s = 0.25.
    assert_eq!(r_at(&t, [0.25, 1.0, 0.0]), 2.0);
}

#[test]
fn linear_clamp_to_edge_reads_edge_texels_exactly() {
    let t = two_by_two().with_wrap(Wrap::ClampToEdge);
    assert_eq!(r_at(&t, [0.0, 0.25, 0.0]), 1.0);
    assert_eq!(r_at(&t, [-3.0, -3.0, 0.0]), 1.0);
    assert_eq!(r_at(&t, [1.0, 0.25, 0.0]), 2.0);
    assert_eq!(r_at(&t, [5.0, 5.0, 0.0]), 4.0);
    // Inside, it is ordinary bilinear filtering: s = 0.5 blends 1 and 2.
    assert_eq!(r_at(&t, [0.5, 0.0, 0.0]), 1.5);
}

#[test]
fn rect_uses_texel_coordinates_and_clamps() {
    // 4x2, texel (x, y) = x + 10y.
    let rect = || float_r(TexTarget::Rect, [4, 2, 1], |x, y, _| (x + 10 * y) as f32);
    let nearest = rect().with_filter(Filter::Nearest);
    assert_eq!(r_at(&nearest, [2.5, 1.5, 0.0]), 12.0);
    assert_eq!(r_at(&nearest, [3.99, 0.2, 0.0]), 3.0);
    assert_eq!(r_at(&nearest, [7.0, -3.0, 0.0]), 3.0);
    let linear = rect();
    // u = 1.0 → between texels 0 and 1 with α = 0.5.
    assert_eq!(r_at(&linear, [1.0, 0.5, 0.0]), 0.5);
    assert_eq!(r_at(&linear, [2.0, 1.0, 0.0]), 6.5);
    assert_eq!(r_at(&linear, [10.0, 10.0, 0.0]), 13.0);
}

#[test]
fn rect_refuses_repeat_and_mipmaps_like_gl() {
    let t = float_r(TexTarget::Rect, [4, 2, 1], |x, y, _| (x + 10 * y) as f32)
        .with_wrap(Wrap::Repeat)
        .with_filter(Filter::Mipmap);
    assert_eq!(t.wrap(), Wrap::ClampToEdge);
    assert_eq!(t.filter(), Filter::Linear);
    assert_eq!(t.level_count(), 1);
    // Still clamped: far outside reads the corner texel, not a repeat.
    assert_eq!(r_at(&t, [10.0, 10.0, 0.0]), 13.0);
}

#[test]
fn one_d_uses_s_only() {
    let t = float_r(TexTarget::D1, [4, 1, 1], |x, _, _| (10 * x) as f32);
    // u = 2 → i0 = 1, α = 0.5.
    assert_eq!(r_at(&t, [0.5, 0.0, 0.0]), 15.0);
    assert_eq!(r_at(&t, [0.5, 0.7, 0.3]), 15.0);
    let nearest = t.with_filter(Filter::Nearest);
    assert_eq!(r_at(&nearest, [0.9, 0.4, 0.0]), 30.0);
}

#[test]
fn three_d_uses_s_t_r() {
    // 2x2x2, texel = x + 2y + 4z.
    let t = float_r(TexTarget::D3, [2, 2, 2], |x, y, z| {
        (x + 2 * y + 4 * z) as f32
    });
    assert_eq!(r_at(&t, [0.5, 0.5, 0.5]), 3.5);
    assert_eq!(r_at(&t, [0.25, 0.25, 0.75]), 4.0);
    let nearest = t.with_filter(Filter::Nearest);
    assert_eq!(r_at(&nearest, [0.75, 0.25, 0.75]), 5.0);
    assert_eq!(r_at(&nearest, [0.25, 0.75, 0.25]), 2.0);
    // REPEAT in r: r = 1.25 → slice 2 mod 2 = 0.
    assert_eq!(r_at(&nearest, [0.75, 0.75, 1.25]), 3.0);
}

#[test]
fn unbound_units_and_other_targets_read_zero() {
    let units = TextureUnits::new();
    let coords = [[0.5, 0.5, 0.0, 1.0]; 4];
    assert_eq!(
        units.sample_quad(0, TexTarget::D2, &coords, &Lookup::Implicit),
        [[0.0; 4]; 4]
    );
    assert_eq!(
        units.sample_quad(200, TexTarget::D2, &coords, &Lookup::Implicit),
        [[0.0; 4]; 4]
    );
    let wrong_target = quad(two_by_two(), TexTarget::D3, coords, Lookup::Implicit);
    assert_eq!(wrong_target, [[0.0; 4]; 4]);
    let right_target = quad(two_by_two(), TexTarget::D2, coords, Lookup::Implicit);
    assert_eq!(right_target, [[2.5, 0.0, 0.0, 1.0]; 4]);
}

#[test]
fn binding_to_a_missing_unit_is_harmless() {
    let mut units = TextureUnits::new();
    units.bind(16, two_by_two());
    assert!(units.get(16).is_none());
    units.bind(15, two_by_two());
    assert!(units.get(15).is_some());
    units.unbind(15);
    assert!(units.get(15).is_none());
}

#[test]
fn txp_divides_s_t_r_by_q() {
    let t = || two_by_two().with_filter(Filter::Nearest);
    let coords = [[1.5, 0.5, 0.0, 2.0]; 4];
    // (0.75, 0.25) after the divide: texel (1, 0).
    assert_eq!(
        quad(t(), TexTarget::D2, coords, Lookup::Projective)[0][0],
        2.0
    );
    // Without it, (1.5, 0.5) is texel (3 mod 2, 1) = (1, 1).
    assert_eq!(
        quad(t(), TexTarget::D2, coords, Lookup::Implicit)[0][0],
        4.0
    );
}

#[test]
fn quads_sample_each_fragment_at_its_own_coordinates() {
    let coords = [
        [0.25, 0.25, 0.0, 1.0],
        [0.75, 0.25, 0.0, 1.0],
        [0.25, 0.75, 0.0, 1.0],
        [0.75, 0.75, 0.0, 1.0],
    ];
    let result = quad(
        two_by_two().with_filter(Filter::Nearest),
        TexTarget::D2,
        coords,
        Lookup::Implicit,
    );
    let reds: Vec<f32> = result.iter().map(|r| r[0]).collect();
    assert_eq!(reds, [1.0, 2.0, 3.0, 4.0]);
}

/// GL leaves NaN coordinates undefined; NVIDIA's driver samples them as coordinate 0 (measured on an
/// H100, driver 580, with NV_fragment_program: docs/nv-driver.md), and so does the machine. With LINEAR
/// and REPEAT, coordinate 0 blends the last and the first texel of each axis.
#[test]
fn nan_coordinates_sample_as_zero() {
    for filter in [Filter::Nearest, Filter::Linear] {
        for wrap in [Wrap::Repeat, Wrap::ClampToEdge] {
            let t = two_by_two().with_filter(filter).with_wrap(wrap);
            let zero = at(&t, [0.0, 0.0, 0.0]);
            assert_eq!(at(&t, [f32::NAN, 0.0, 0.0]), zero, "{filter:?} {wrap:?}");
            assert_eq!(at(&t, [0.0, f32::NAN, 0.0]), zero, "{filter:?} {wrap:?}");
        }
    }
    // LINEAR REPEAT at (0, 0): the four corner texels 1, 2, 3, 4 weighted equally.
    let t = two_by_two().with_filter(Filter::Linear);
    assert_eq!(r_at(&t, [f32::NAN, f32::NAN, 0.0]), 2.5);
}

/// Under REPEAT an infinite coordinate has no fractional part (NaN), and NVIDIA's driver samples it as 0
/// (measured as above); CLAMP_TO_EDGE takes it to the edge texel.
#[test]
fn infinite_coordinates_repeat_as_zero_and_clamp_to_the_edge() {
    for filter in [Filter::Nearest, Filter::Linear] {
        let t = two_by_two().with_filter(filter);
        let zero = at(&t, [0.0, 0.0, 0.0]);
        assert_eq!(at(&t, [f32::INFINITY, 0.0, 0.0]), zero, "{filter:?}");
        assert_eq!(at(&t, [0.0, f32::NEG_INFINITY, 0.0]), zero, "{filter:?}");
        let clamped = t.with_wrap(Wrap::ClampToEdge);
        assert_eq!(r_at(&clamped, [f32::INFINITY, f32::NEG_INFINITY, 0.0]), 2.0);
    }
}

/// A float of magnitude 2^70 is an integer (a multiple of 2^47), so REPEAT takes it to texel 0 of a
/// 2-texel axis, however far past the range of a 64-bit integer it lies.
#[test]
fn huge_coordinates_wrap_exactly() {
    let huge = 2f32.powi(70);
    for filter in [Filter::Nearest, Filter::Linear] {
        let t = two_by_two().with_filter(filter);
        assert_eq!(
            r_at(&t, [huge, 0.25, 0.0]),
            r_at(&t, [0.25, 0.25, 0.0]),
            "{filter:?}"
        );
        assert_eq!(
            r_at(&t, [-huge, 0.25, 0.0]),
            r_at(&t, [0.25, 0.25, 0.0]),
            "{filter:?}"
        );
    }
}

#[test]
fn nan_and_infinite_coordinates_do_not_panic() {
    for filter in [Filter::Nearest, Filter::Linear, Filter::Mipmap] {
        for wrap in [Wrap::Repeat, Wrap::ClampToEdge] {
            let t = two_by_two().with_filter(filter).with_wrap(wrap);
            for v in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 1e30, -1e30] {
                let d = [v; 3];
                let _ = t.sample([v, v, v], d, d);
            }
        }
    }
}
