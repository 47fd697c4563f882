//! `TextureUnits::sample_quad` works out λ and the mipmap levels once per quad for TEX and TXP, and
//! wraps power-of-two sizes with a mask; these tests check it against the per-fragment lookup
//! `Texture::sample`, given each fragment's point and the quad's derivatives (DDX = f[1] − f[0],
//! DDY = f[2] − f[0], of the divided coordinates for TXP except on cube maps), bit for bit, over
//! random textures (power-of-two and other sizes, every target, filter and wrap mode) and random
//! coordinates, NaN, infinities and huge values included.

use nvfp::isa::TexTarget;
use nvfp::texture::{Filter, Lookup, TexFormat, Texture, TextureUnits, Wrap};
use proptest::prelude::*;

/// A coordinate: mostly ordinary values at several scales, sometimes a special one.
fn coordinate() -> impl Strategy<Value = f32> {
    prop_oneof![
        6 => -2.0f32..3.0,
        2 => -1.0e3f32..1.0e3,
        1 => -1.0e-3f32..1.0e-3,
        1 => prop::sample::select(vec![
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            0.0,
            -0.0,
            1.0,
            0.5,
            1.0e30,
            -1.0e30,
            f32::MIN_POSITIVE / 2.0,
        ]),
    ]
}

/// A quad's coordinates: a point and small steps to its neighbours (so that λ spans magnification
/// and every level), or four unrelated points.
fn quad_coords() -> impl Strategy<Value = [[f32; 4]; 4]> {
    let vec4 = || prop::array::uniform4(coordinate());
    let steps = prop::array::uniform4(-0.3f32..0.3);
    prop_oneof![
        (vec4(), steps.clone(), steps).prop_map(|(p, dx, dy)| {
            std::array::from_fn(|f| {
                std::array::from_fn(|c| {
                    let (i, j) = ((f & 1) as f32, (f >> 1) as f32);
                    p[c] + i * dx[c] + j * dy[c]
                })
            })
        }),
        prop::array::uniform4(vec4()),
    ]
}

/// A texture of `target` with random RGBA texels, a size per axis of 1 to 9 texels (cube faces
/// square), the filter and the wrap mode.
fn texture() -> impl Strategy<Value = Texture> {
    let target = prop::sample::select(vec![
        TexTarget::D1,
        TexTarget::D2,
        TexTarget::D3,
        TexTarget::Cube,
        TexTarget::Rect,
    ]);
    let filter = prop::sample::select(vec![Filter::Nearest, Filter::Linear, Filter::Mipmap]);
    let wrap = prop::sample::select(vec![Wrap::Repeat, Wrap::ClampToEdge]);
    let format = prop::sample::select(vec![TexFormat::Rgba, TexFormat::FloatRgba]);
    (
        target,
        1usize..10,
        1usize..10,
        1usize..4,
        filter,
        wrap,
        format,
        any::<u64>(),
    )
        .prop_map(|(target, w, h, d, filter, wrap, format, seed)| {
            let size = match target {
                TexTarget::D1 => [w, 1, 1],
                TexTarget::D2 | TexTarget::Rect => [w, h, 1],
                TexTarget::D3 => [w, h, d],
                TexTarget::Cube => [w, w, 1],
            };
            let count = size.iter().product::<usize>();
            let texture = if target == TexTarget::Cube {
                let faces: Vec<Vec<[f32; 4]>> = (0..6).map(|k| texels(count, seed + k)).collect();
                let faces: [&[[f32; 4]]; 6] = std::array::from_fn(|k| faces[k].as_slice());
                Texture::cube(format, w, faces)
            } else {
                let base = texels(count, seed);
                Texture::from_rgba_f32(target, size[0], size[1], size[2], format, &base)
            };
            texture
                .expect("valid random texture")
                .with_filter(filter)
                .with_wrap(wrap)
        })
}

/// `count` texels in [0, 1) from a small linear congruential generator seeded with `seed`.
fn texels(count: usize, seed: u64) -> Vec<[f32; 4]> {
    let mut state = seed | 1;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 40) as f32 / (1u64 << 24) as f32
    };
    (0..count)
        .map(|_| [next(), next(), next(), next()])
        .collect()
}

/// The lookup of each fragment on its own, as `TextureUnits::sample_quad` documents it.
fn per_fragment(texture: &Texture, coords: &[[f32; 4]; 4], lookup: &Lookup) -> [[f32; 4]; 4] {
    let divide = matches!(lookup, Lookup::Projective) && texture.target() != TexTarget::Cube;
    let points = coords.map(|[s, t, r, q]| {
        if divide {
            [s / q, t / q, r / q]
        } else {
            [s, t, r]
        }
    });
    let difference = |a: [f32; 3], b: [f32; 3]| std::array::from_fn(|c| a[c] - b[c]);
    std::array::from_fn(|f| match lookup {
        Lookup::Gradients { ddx, ddy } => {
            let xyz = |v: [f32; 4]| [v[0], v[1], v[2]];
            texture.sample(points[f], xyz(ddx[f]), xyz(ddy[f]))
        }
        _ => texture.sample(
            points[f],
            difference(points[1], points[0]),
            difference(points[2], points[0]),
        ),
    })
}

fn bits(v: [[f32; 4]; 4]) -> [[u32; 4]; 4] {
    v.map(|f| f.map(f32::to_bits))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn quad_lookups_match_per_fragment_lookups(
        texture in texture(),
        coords in quad_coords(),
        kind in 0..3usize,
        gradients in prop::array::uniform2(prop::array::uniform4(prop::array::uniform4(-0.5f32..0.5))),
    ) {
        let lookup = match kind {
            0 => Lookup::Implicit,
            1 => Lookup::Projective,
            _ => Lookup::Gradients { ddx: gradients[0], ddy: gradients[1] },
        };
        let expected = per_fragment(&texture, &coords, &lookup);
        let target = texture.target();
        let mut units = TextureUnits::new();
        units.bind(3, texture);
        let got = units.sample_quad(3, target, &coords, &lookup);
        prop_assert_eq!(bits(got), bits(expected), "{:?} {:?}", coords, lookup);
    }
}

/// The fast paths' edge cases on a mipmapped power-of-two texture: a quad straddling the REPEAT
/// seam at negative coordinates, a minified quad beyond the last level (λ clamped to it), one between
/// levels, a magnified one, and NaN and infinite coordinates.
#[test]
fn power_of_two_edge_cases_match_per_fragment_lookups() {
    let texture = Texture::from_rgba_f32(TexTarget::D2, 8, 8, 1, TexFormat::Rgba, &texels(64, 7))
        .expect("texture")
        .with_filter(Filter::Mipmap);
    let quad = |s: f32, t: f32, step: f32| -> [[f32; 4]; 4] {
        std::array::from_fn(|f| {
            let (i, j) = ((f & 1) as f32, (f >> 1) as f32);
            [s + i * step, t + j * step, 0.0, 1.0]
        })
    };
    let cases = [
        quad(-0.01, -3.0, 0.02),
        quad(0.3, 0.7, 40.0),
        quad(0.3, 0.7, 0.3),
        quad(0.3, 0.7, 0.001),
        quad(f32::NAN, 0.5, 0.1),
        quad(f32::INFINITY, f32::NEG_INFINITY, 0.1),
        quad(-1.0e30, 1.0e30, 0.0),
    ];
    for wrap in [Wrap::Repeat, Wrap::ClampToEdge] {
        let texture = texture.clone().with_wrap(wrap);
        let mut units = TextureUnits::new();
        units.bind(0, texture.clone());
        for coords in &cases {
            for lookup in [Lookup::Implicit, Lookup::Projective] {
                let got = units.sample_quad(0, TexTarget::D2, coords, &lookup);
                let expected = per_fragment(&texture, coords, &lookup);
                assert_eq!(bits(got), bits(expected), "{wrap:?} {coords:?} {lookup:?}");
            }
        }
    }
}
