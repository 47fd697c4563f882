//! Table X.5: the result vector of each base format, and how 8-bit formats store values.

mod texture_support;

use nvfp::isa::TexTarget;
use nvfp::texture::format::{f32_to_unorm8, quantize_unorm8, unorm8_to_f32};
use nvfp::texture::{TexFormat, Texture};
use texture_support::at;

fn one_texel(format: TexFormat, rgba: [f32; 4]) -> [f32; 4] {
    let t = Texture::from_rgba_f32(TexTarget::D2, 1, 1, 1, format, &[rgba]).expect("1x1 texture");
    at(&t, [0.5, 0.5, 0.0])
}

#[test]
fn eight_bit_formats_follow_table_x5() {
    // 51, 102, 153, 204 / 255: values an 8-bit format holds exactly.
    let (r, g, b, a) = (0.2, 0.4, 0.6, 0.8);
    let texel = [r, g, b, a];
    assert_eq!(one_texel(TexFormat::Alpha, texel), [0.0, 0.0, 0.0, a]);
    assert_eq!(one_texel(TexFormat::Luminance, texel), [r, r, r, 1.0]);
    assert_eq!(one_texel(TexFormat::LuminanceAlpha, texel), [r, r, r, a]);
    assert_eq!(one_texel(TexFormat::Intensity, texel), [r, r, r, r]);
    assert_eq!(one_texel(TexFormat::Rgb, texel), [r, g, b, 1.0]);
    assert_eq!(one_texel(TexFormat::Rgba, texel), [r, g, b, a]);
}

#[test]
fn float_formats_follow_table_x5_without_clamping() {
    let texel = [1.5, -2.0, 0.1, 3.0];
    assert_eq!(one_texel(TexFormat::FloatR, texel), [1.5, 0.0, 0.0, 1.0]);
    assert_eq!(one_texel(TexFormat::FloatRg, texel), [1.5, -2.0, 0.0, 1.0]);
    assert_eq!(one_texel(TexFormat::FloatRgb, texel), [1.5, -2.0, 0.1, 1.0]);
    assert_eq!(one_texel(TexFormat::FloatRgba, texel), texel);
}

#[test]
fn eight_bit_formats_store_k_over_255() {
    assert_eq!(unorm8_to_f32(0), 0.0);
    assert_eq!(unorm8_to_f32(255), 1.0);
    assert_eq!(unorm8_to_f32(51), 0.2);
    // 0.5 · 255 = 127.5: a tie, to the even code 128.
    assert_eq!(f32_to_unorm8(0.5), 128);
    assert_eq!(f32_to_unorm8(1.7), 255);
    assert_eq!(f32_to_unorm8(-0.3), 0);
    assert_eq!(f32_to_unorm8(f32::NAN), 0);
    assert_eq!(quantize_unorm8(0.5), 128.0 / 255.0);
    let stored = one_texel(TexFormat::Rgba, [0.5, 1.7, -0.3, f32::NAN]);
    assert_eq!(stored, [128.0 / 255.0, 1.0, 0.0, 0.0]);
    // Every code survives a round trip.
    for k in 0..=255u8 {
        assert_eq!(f32_to_unorm8(unorm8_to_f32(k)), k);
    }
}

#[test]
fn formats_know_their_gl_names_and_storage() {
    let floats: Vec<&str> = TexFormat::ALL
        .iter()
        .filter(|f| f.is_float())
        .map(|f| f.name())
        .collect();
    assert_eq!(
        floats,
        ["FLOAT_R_NV", "FLOAT_RG_NV", "FLOAT_RGB_NV", "FLOAT_RGBA_NV"]
    );
    assert_eq!(TexFormat::LuminanceAlpha.name(), "LUMINANCE_ALPHA");
}

#[test]
fn constructors_reject_bad_sizes_with_messages() {
    let texels = [[0.0; 4]; 4];
    let err = |r: Result<Texture, String>| r.expect_err("an error");
    let short = Texture::from_rgba_f32(TexTarget::D2, 2, 3, 1, TexFormat::Rgba, &texels);
    assert!(err(short).contains("needs 6 texels, got 4"));
    let tall_1d = Texture::from_rgba_f32(TexTarget::D1, 2, 2, 1, TexFormat::Rgba, &texels);
    assert!(err(tall_1d).contains("1D texture has height 1"));
    let deep_2d = Texture::from_rgba_f32(TexTarget::D2, 2, 1, 2, TexFormat::Rgba, &texels);
    assert!(err(deep_2d).contains("depth 1"));
    let empty = Texture::from_rgba_f32(TexTarget::D2, 0, 4, 1, TexFormat::Rgba, &[]);
    assert!(err(empty).contains("0x4x1"));
    let cube = Texture::from_rgba_f32(TexTarget::Cube, 2, 2, 1, TexFormat::Rgba, &texels);
    assert!(err(cube).contains("six faces"));
    let face = [[0.0f32; 4]; 4];
    let bad_face = Texture::cube(
        TexFormat::Rgba,
        2,
        [&face, &face, &face, &face[..3], &face, &face],
    );
    assert!(err(bad_face).contains("cube face ny"));
    let no_slices = Texture::from_slices(TexFormat::Rgba, 2, 2, &[]);
    assert!(no_slices.is_err());
    let bad_slice = Texture::from_slices(TexFormat::Rgba, 2, 2, &[&face, &face[..1]]);
    assert!(err(bad_slice).contains("slice 1"));
}

#[test]
fn slices_build_the_same_3d_texture_as_one_array() {
    let slice0 = [[0.0, 0.0, 0.0, 1.0], [1.0, 0.0, 0.0, 1.0]];
    let slice1 = [[2.0, 0.0, 0.0, 1.0], [3.0, 0.0, 0.0, 1.0]];
    let from_slices =
        Texture::from_slices(TexFormat::FloatRgba, 2, 1, &[&slice0, &slice1]).unwrap();
    let all = [slice0, slice1].concat();
    let whole = Texture::from_rgba_f32(TexTarget::D3, 2, 1, 2, TexFormat::FloatRgba, &all).unwrap();
    assert_eq!(from_slices.level(0, 0), whole.level(0, 0));
    assert_eq!(from_slices.size(), [2, 1, 2]);
    assert_eq!(
        from_slices.level(0, 0).unwrap().texel(1, 0, 1),
        Some([3.0, 0.0, 0.0, 1.0])
    );
}
