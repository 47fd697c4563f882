//! `Texture::results_are_normal`: textures of the 8-bit formats, and depth comparisons, return only
//! finite values that are zero or normal, so the JIT may skip converting their results to fp32.
//! These tests sample such textures where filtering makes the smallest values it can: texels 0 and
//! 1/255 (the least nonzero 8-bit value) side by side, LINEAR weights of 2^-24, 2^-25 and 1 − 2^-24
//! (coordinates just beside texel centres), a mipmap weight near 2^-24 (a TXD gradient with
//! ρ² = 1 + 2^-23), and NaN, infinite and huge coordinates, on every target, filter and wrap mode.

use nvfp::isa::TexTarget;
use nvfp::texture::{Filter, Lookup, TexFormat, Texture, TextureUnits, Wrap};

/// 1/255 as the 8-bit formats store it.
fn least() -> f32 {
    1.0 / 255.0
}

/// Texel `i` of a pattern that puts 0 next to 1/255 along every axis, and some larger values.
fn texel(i: usize) -> [f32; 4] {
    let pick = |k: usize| match (i * 7 + k * 3) % 5 {
        0 | 1 => 0.0,
        2 | 3 => least(),
        _ => 1.0,
    };
    [pick(0), pick(1), pick(2), pick(3)]
}

/// A texture of `target` and `format`, `n` texels along each axis it has (a power of two, so
/// that s·n is exact).
fn texture(target: TexTarget, format: TexFormat, n: usize) -> Texture {
    let texels: Vec<[f32; 4]> = (0..n * n * n).map(texel).collect();
    match target {
        TexTarget::D1 => Texture::from_rgba_f32(target, n, 1, 1, format, &texels[..n]),
        TexTarget::D2 | TexTarget::Rect => {
            Texture::from_rgba_f32(target, n, n, 1, format, &texels[..n * n])
        }
        TexTarget::D3 => Texture::from_rgba_f32(target, n, n, n, format, &texels),
        TexTarget::Cube => {
            let face = &texels[..n * n];
            Texture::cube(format, n, [face; 6])
        }
    }
    .expect("texture")
}

/// Texel-space coordinates u where LINEAR's weight is extreme (u − ½ just above or below an
/// integer), or the coordinate is special.
fn extreme_texel_coordinates() -> Vec<f32> {
    let e24 = 2f32.powi(-24);
    let e25 = 2f32.powi(-25);
    vec![
        0.5 + e24,
        0.5 - e25,
        0.5 - e24,
        0.25,
        0.25 - e25 / 2.0,
        1.5 - 2.0 * e24,
        1.5 + 2.0 * e24,
        -0.5 + e24,
        -1.5 - 2.0 * e24,
        0.0,
        -0.0,
        1.0e-40,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        3.0e9,
        -1.0e30,
    ]
}

/// Gradients (in texel units along x, then y) that give λ = 0, λ just above 0 (ρ² = 1 + 2^-23,
/// the least f32 above 1), just above 1 and other values.
fn extreme_gradients() -> Vec<[f32; 2]> {
    let tiny = 1.5 * 2f32.powi(-12);
    vec![
        [0.0, 0.0],
        [1.0, 0.0],
        [1.0, tiny],
        [2.0, 2.0 * tiny],
        [1.0 + 2f32.powi(-23), 0.0],
        [3.0, 0.7],
        [1.0e20, 0.0],
        [f32::NAN, 0.0],
    ]
}

/// Whether `v` needs no fp32 conversion: finite, and zero or normal.
fn is_fp32_exact(v: f32) -> bool {
    v == 0.0 || (v.is_finite() && v.abs() >= f32::MIN_POSITIVE)
}

const TARGETS: [TexTarget; 5] = [
    TexTarget::D1,
    TexTarget::D2,
    TexTarget::D3,
    TexTarget::Cube,
    TexTarget::Rect,
];

/// Every texture the claim covers, with a name for failures.
fn covered_textures() -> Vec<(String, Texture)> {
    let mut textures = Vec::new();
    for target in TARGETS {
        for format in TexFormat::ALL.into_iter().filter(|f| !f.is_float()) {
            for filter in [Filter::Nearest, Filter::Linear, Filter::Mipmap] {
                for wrap in [Wrap::Repeat, Wrap::ClampToEdge] {
                    for n in [2, 4] {
                        let t = texture(target, format, n)
                            .with_filter(filter)
                            .with_wrap(wrap);
                        let name = format!("{target:?} {format:?} {filter:?} {wrap:?} {n}");
                        textures.push((name, t));
                    }
                }
            }
        }
        // A depth comparison on float texels (ARB_shadow's targets).
        if matches!(target, TexTarget::D1 | TexTarget::D2 | TexTarget::Rect) {
            for filter in [Filter::Linear, Filter::Mipmap] {
                let depth = texture(target, TexFormat::FloatR, 4)
                    .with_filter(filter)
                    .with_depth_compare();
                textures.push((format!("{target:?} {filter:?} depth compare"), depth));
            }
        }
    }
    textures
}

#[test]
fn the_claim_covers_exactly_the_8_bit_formats_and_depth_comparisons() {
    for format in TexFormat::ALL {
        let t = texture(TexTarget::D2, format, 2);
        assert_eq!(t.results_are_normal(), !format.is_float(), "{format:?}");
        assert!(t.with_depth_compare().results_are_normal(), "{format:?}");
    }
}

/// Per fragment (`Texture::sample`), at every extreme coordinate on every axis and with every
/// extreme gradient.
#[test]
fn lookups_at_extreme_weights_return_zero_or_normal_numbers() {
    let coords = extreme_texel_coordinates();
    let gradients = extreme_gradients();
    for (name, t) in covered_textures() {
        assert!(t.results_are_normal(), "{name}");
        // Normalized targets take s = u / n (exact for a power of two); RECT takes u.
        let n = t.size()[0] as f32;
        let scale = if t.target() == TexTarget::Rect {
            1.0
        } else {
            n
        };
        for (k, &u) in coords.iter().enumerate() {
            let v = coords[(k * 5 + 3) % coords.len()];
            let w = coords[(k * 11 + 1) % coords.len()];
            let point = [u / scale, v / scale, w / scale];
            for &[gx, gy] in &gradients {
                let dx = [gx / n, gy / n, 0.0];
                let dy = [gy / n, 0.0, gx / n];
                let result = t.sample(point, dx, dy);
                for c in result {
                    assert!(
                        is_fp32_exact(c),
                        "{name} at {point:?} {dx:?} {dy:?}: {result:?}"
                    );
                }
            }
        }
    }
}

/// Whole quads (`TextureUnits::sample_quad`, the JIT's path), TEX and TXP, with the quad's
/// neighbours at the extreme coordinates.
#[test]
fn quad_lookups_at_extreme_weights_return_zero_or_normal_numbers() {
    let coords = extreme_texel_coordinates();
    for (name, t) in covered_textures() {
        let target = t.target();
        let scale = if target == TexTarget::Rect {
            1.0
        } else {
            t.size()[0] as f32
        };
        let mut units = TextureUnits::new();
        units.bind(0, t);
        for (k, &u) in coords.iter().enumerate() {
            let quad: [[f32; 4]; 4] = std::array::from_fn(|f| {
                let at = |j: usize| coords[(k + j * 3 + f * 7) % coords.len()] / scale;
                [u / scale, at(1), at(2), 1.0]
            });
            for lookup in [Lookup::Implicit, Lookup::Projective] {
                let result = units.sample_quad(0, target, &quad, &lookup);
                for c in result.iter().flatten() {
                    assert!(is_fp32_exact(*c), "{name} at {quad:?}: {result:?}");
                }
            }
        }
    }
}

/// The deepest case of the bound, computed independently: a 3D texture whose only nonzero texel
/// is 1/255 at (1, 1, 1), sampled with weight 2^-24 on every axis, gives 1/255 · 2^-72 exactly (each
/// step a + w·(b − a) with a = 0 multiplies by the power of two w), a normal number.
#[test]
fn three_tiny_weights_give_the_exact_normal_product() {
    let mut texels = vec![[0.0; 4]; 8];
    texels[7] = [least(); 4];
    let t = Texture::from_rgba_f32(TexTarget::D3, 2, 2, 2, TexFormat::Rgba, &texels)
        .expect("texture")
        .with_filter(Filter::Linear)
        .with_wrap(Wrap::ClampToEdge);
    let s = (0.5 + 2f32.powi(-24)) / 2.0;
    let result = t.sample([s; 3], [0.0; 3], [0.0; 3]);
    let expected = least() * 2f32.powi(-72);
    assert!(expected.is_normal());
    assert_eq!(result.map(f32::to_bits), [expected.to_bits(); 4]);
}
