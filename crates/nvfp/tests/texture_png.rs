//! PNG reading and writing: orientation (top row at t = 1), 8-bit rounding on output, every colour
//! type and 16-bit samples on input, and errors that name the file.

mod texture_support;

use nvfp::image::{encode_png, read_png, read_png_bytes, to_png8, write_png};
use nvfp::texture::TexFormat;
use texture_support::scratch_dir;

/// Encodes raw PNG samples (top row first) with the png crate.
fn png_bytes(
    width: u32,
    height: u32,
    color: png::ColorType,
    depth: png::BitDepth,
    data: &[u8],
    palette: Option<(&[u8], Option<&[u8]>)>,
) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(color);
    encoder.set_depth(depth);
    if let Some((entries, alpha)) = palette {
        encoder.set_palette(entries.to_vec());
        if let Some(alpha) = alpha {
            encoder.set_trns(alpha.to_vec());
        }
    }
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(data).unwrap();
    writer.finish().unwrap();
    out
}

/// The 8-bit RGBA samples of a PNG as the png crate reads them, top row first.
fn decode_rgba8(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut reader = png::Decoder::new(bytes).read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).unwrap();
    assert_eq!(
        (info.color_type, info.bit_depth),
        (png::ColorType::Rgba, png::BitDepth::Eight)
    );
    (info.width, info.height, buffer)
}

#[test]
fn output_values_are_rounded_clamped_eight_bit() {
    assert_eq!(to_png8(0.5), 128);
    assert_eq!(to_png8(0.2), 51);
    assert_eq!(to_png8(1.5), 255);
    assert_eq!(to_png8(-1.0), 0);
    assert_eq!(to_png8(f32::NAN), 0);
    assert_eq!(to_png8(f32::INFINITY), 255);
}

#[test]
fn rounding_is_half_away_from_zero_at_every_boundary() {
    // The rule is round(clamp(v, 0, 1) * 255) (reference-quad.md), std's f32::round the oracle:
    // every 256th float of [0, 1], and the floats next to each halfway point (k + 0.5) / 255.
    let oracle = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    let every_256th = (0..=1.0f32.to_bits()).step_by(256).map(f32::from_bits);
    let halfway = (0..255u32).flat_map(|k| {
        let h = (k as f32 + 0.5) / 255.0;
        let bits = h.to_bits();
        [bits - 2, bits - 1, bits, bits + 1, bits + 2].map(f32::from_bits)
    });
    for v in every_256th.chain(halfway) {
        assert_eq!(to_png8(v), oracle(v), "{v:e}");
    }
}

#[test]
fn written_pngs_have_the_top_row_first() {
    // Bottom row: red, green; top row: blue, half-transparent white.
    let pixels = [
        [1.0, 0.0, 0.0, 1.0],
        [0.0, 1.0, 0.0, 1.0],
        [0.0, 0.0, 1.0, 1.0],
        [1.0, 1.0, 1.0, 0.5],
    ];
    let (w, h, bytes) = decode_rgba8(&encode_png(2, 2, &pixels).unwrap());
    assert_eq!((w, h), (2, 2));
    #[rustfmt::skip]
    assert_eq!(bytes, [
        0, 0, 255, 255,   255, 255, 255, 128,
        255, 0, 0, 255,   0, 255, 0, 255,
    ]);
}

#[test]
fn write_then_read_round_trips_eight_bit_values() {
    let dir = scratch_dir("png-round-trip");
    let path = dir.join("round.png");
    let pixels: Vec<[f32; 4]> = (0..6)
        .map(|i| {
            let k = |j: u32| f32::from((i * 40 + j * 7) as u8) / 255.0;
            [k(0), k(1), k(2), k(3)]
        })
        .collect();
    write_png(&path, 3, 2, &pixels).unwrap();
    let image = read_png(&path).unwrap();
    assert_eq!((image.width, image.height, image.channels), (3, 2, 4));
    assert_eq!(image.format(), TexFormat::Rgba);
    assert_eq!(image.pixels, pixels);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn write_png_rejects_a_wrong_pixel_count() {
    let dir = scratch_dir("png-bad-count");
    let err = write_png(dir.join("x.png"), 2, 2, &[[0.0; 4]; 3]).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
    assert!(encode_png(0, 1, &[]).is_err());
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn gray_pngs_read_as_luminance_with_the_top_row_at_t_one() {
    // Top row 0, 255; bottom row 51, 102.
    let bytes = png_bytes(
        2,
        2,
        png::ColorType::Grayscale,
        png::BitDepth::Eight,
        &[0, 255, 51, 102],
        None,
    );
    let image = read_png_bytes(&bytes, "gray.png").unwrap();
    assert_eq!((image.channels, image.format()), (1, TexFormat::Luminance));
    assert_eq!(image.pixel(0, 0), Some([0.2, 0.2, 0.2, 1.0]));
    assert_eq!(image.pixel(1, 0), Some([0.4, 0.4, 0.4, 1.0]));
    assert_eq!(image.pixel(0, 1), Some([0.0, 0.0, 0.0, 1.0]));
    assert_eq!(image.pixel(1, 1), Some([1.0, 1.0, 1.0, 1.0]));
    assert_eq!(image.pixel(2, 0), None);
}

#[test]
fn sixteen_bit_gray_alpha_reads_as_luminance_alpha() {
    // 1x2: top (65535, 0), bottom (32768, 65535), big-endian samples.
    let data = [0xff, 0xff, 0x00, 0x00, 0x80, 0x00, 0xff, 0xff];
    let bytes = png_bytes(
        1,
        2,
        png::ColorType::GrayscaleAlpha,
        png::BitDepth::Sixteen,
        &data,
        None,
    );
    let image = read_png_bytes(&bytes, "ga16.png").unwrap();
    assert_eq!(
        (image.channels, image.format()),
        (2, TexFormat::LuminanceAlpha)
    );
    let half = 32768.0 / 65535.0;
    assert_eq!(
        image.pixels,
        [[half, half, half, 1.0], [1.0, 1.0, 1.0, 0.0]]
    );
}

#[test]
fn low_bit_gray_is_expanded() {
    // 2-bit gray, one row of 4 pixels: 0, 1, 2, 3 packed in one byte.
    let bytes = png_bytes(
        4,
        1,
        png::ColorType::Grayscale,
        png::BitDepth::Two,
        &[0b00_01_10_11],
        None,
    );
    let image = read_png_bytes(&bytes, "gray2.png").unwrap();
    let reds: Vec<f32> = image.pixels.iter().map(|p| p[0]).collect();
    assert_eq!(reds, [0.0, 85.0 / 255.0, 170.0 / 255.0, 1.0]);
}

#[test]
fn rgb_reads_with_alpha_one() {
    let bytes = png_bytes(
        1,
        1,
        png::ColorType::Rgb,
        png::BitDepth::Eight,
        &[255, 0, 51],
        None,
    );
    let image = read_png_bytes(&bytes, "rgb.png").unwrap();
    assert_eq!((image.channels, image.format()), (3, TexFormat::Rgb));
    assert_eq!(image.pixels, [[1.0, 0.0, 0.2, 1.0]]);
}

#[test]
fn palettes_are_expanded_with_transparency_as_alpha() {
    let palette = [255, 0, 0, 0, 0, 255];
    let opaque = png_bytes(
        2,
        1,
        png::ColorType::Indexed,
        png::BitDepth::Eight,
        &[1, 0],
        Some((&palette, None)),
    );
    let image = read_png_bytes(&opaque, "pal.png").unwrap();
    assert_eq!((image.channels, image.format()), (3, TexFormat::Rgb));
    assert_eq!(image.pixels, [[0.0, 0.0, 1.0, 1.0], [1.0, 0.0, 0.0, 1.0]]);
    let alpha = [255, 51];
    let transparent = png_bytes(
        2,
        1,
        png::ColorType::Indexed,
        png::BitDepth::Eight,
        &[1, 0],
        Some((&palette, Some(&alpha))),
    );
    let image = read_png_bytes(&transparent, "pal-trns.png").unwrap();
    assert_eq!((image.channels, image.format()), (4, TexFormat::Rgba));
    assert_eq!(image.pixels, [[0.0, 0.0, 1.0, 0.2], [1.0, 0.0, 0.0, 1.0]]);
}

#[test]
fn bad_files_give_messages_naming_the_file() {
    let err = read_png_bytes(b"not a png at all", "broken.png").unwrap_err();
    assert!(err.starts_with("broken.png: "), "{err}");
    let mut truncated = png_bytes(
        2,
        2,
        png::ColorType::Grayscale,
        png::BitDepth::Eight,
        &[0, 255, 51, 102],
        None,
    );
    truncated.truncate(truncated.len() - 20);
    let err = read_png_bytes(&truncated, "cut.png").unwrap_err();
    assert!(err.starts_with("cut.png: "), "{err}");
    let err = read_png("/nonexistent/dir/missing.png").unwrap_err();
    assert!(err.contains("missing.png"), "{err}");
}

#[test]
fn crop_takes_rectangles_bottom_row_first() {
    let bytes = png_bytes(
        3,
        2,
        png::ColorType::Grayscale,
        png::BitDepth::Eight,
        &[0, 51, 102, 153, 204, 255],
        None,
    );
    let image = read_png_bytes(&bytes, "strip.png").unwrap();
    // Bottom row is 153, 204, 255; top row 0, 51, 102.
    let crop = image.crop(1, 0, 2, 2).unwrap();
    let reds: Vec<f32> = crop.iter().map(|p| p[0]).collect();
    assert_eq!(reds, [0.8, 1.0, 0.2, 0.4]);
    assert!(image.crop(2, 0, 2, 1).is_none());
}
