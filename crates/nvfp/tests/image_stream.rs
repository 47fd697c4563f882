//! Writing pictures band by band (`nvfp::image::{PngStream, RawFile, FrameFiles}`), as `pigment
//! run` does while shading: bands handed in any order give the picture, a PNG equals the one the
//! png crate's own encoder writes at its fast setting, and errors name the file.

mod texture_support;

use nvfp::image::{FrameFiles, PngStream, RawFile};
use nvfp::render::RowSink;
use texture_support::scratch_dir;

const W: usize = 37;
const H: usize = 50;

/// A picture whose every sample differs from its neighbours', with values outside [0, 1] and NaN.
fn picture() -> Vec<[f32; 4]> {
    (0..W * H)
        .map(|i| {
            let (x, y) = ((i % W) as f32, (i / W) as f32);
            let nan = if i % 97 == 0 { f32::NAN } else { 1.0 };
            [
                x / 36.0,
                y / 49.0,
                (x * y) / 300.0 - 0.5,
                nan * (1.2 - y / 40.0),
            ]
        })
        .collect()
}

/// Hands `pixels` to `sink` in bands of `rows` rows, in a scrambled order (bottom row first in
/// memory, as a render stores them).
fn hand_in_scrambled_bands(sink: &dyn RowSink, pixels: &[[f32; 4]], rows: usize) {
    let bands: Vec<_> = pixels.chunks(rows * W).enumerate().collect();
    let order = [3, 0, 6, 1, 7, 5, 2, 4];
    assert_eq!(bands.len(), order.len());
    for k in order {
        let (band, pixels) = bands[k];
        sink.rows_done(band * rows, pixels);
    }
}

/// The 8-bit value reference-quad.md specifies: round(clamp(v, 0, 1) * 255), NaN -> 0, with
/// std's rounding (half away from zero).
fn expected_sample(v: f32) -> u8 {
    if v.is_nan() {
        0
    } else {
        (v.clamp(0.0, 1.0) * 255.0).round() as u8
    }
}

/// The picture's 8-bit samples, top row first, as a PNG stores them.
fn expected_samples(pixels: &[[f32; 4]]) -> Vec<u8> {
    let rows = pixels.chunks(W).rev();
    rows.flatten()
        .flatten()
        .map(|&v| expected_sample(v))
        .collect()
}

/// The same samples written by the png crate's encoder at its fast setting.
fn png_crate_file(samples: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, W as u32, H as u32);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(samples).unwrap();
    writer.finish().unwrap();
    out
}

fn decode(bytes: &[u8]) -> Vec<u8> {
    let mut reader = png::Decoder::new(bytes).read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).unwrap();
    assert_eq!((info.width, info.height), (W as u32, H as u32));
    buffer
}

#[test]
fn png_bands_in_any_order_make_the_png_crates_own_file() {
    let pixels = picture();
    let stream = PngStream::new(W, H);
    hand_in_scrambled_bands(&stream, &pixels, 7);
    let bytes = stream.finish().unwrap();
    let samples = expected_samples(&pixels);
    assert_eq!(decode(&bytes), samples);
    assert_eq!(bytes, png_crate_file(&samples));
}

#[test]
fn a_png_with_rows_missing_is_refused() {
    let pixels = picture();
    let stream = PngStream::new(W, H);
    stream.rows_done(7, &pixels[7 * W..]);
    let error = stream.finish().unwrap_err();
    assert!(error.contains("rows missing"), "{error}");
}

#[test]
fn raw_bands_in_any_order_land_in_place() {
    let pixels = picture();
    let path = scratch_dir("raw-bands").join("out.f32");
    let file = RawFile::new(&path, W);
    hand_in_scrambled_bands(&file, &pixels, 7);
    file.finish().unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes.len(), W * H * 16);
    let floats = bytes
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes(b.try_into().unwrap()));
    let expected = pixels.iter().flatten().map(|v| v.to_bits());
    assert!(floats.eq(expected));
}

#[test]
fn a_raw_file_is_created_only_once_rows_arrive_or_it_ends() {
    let path = scratch_dir("raw-lazy").join("out.f32");
    let file = RawFile::new(&path, W);
    assert!(!path.exists(), "nothing is written before the first band");
    file.finish().unwrap();
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 0);
}

#[test]
fn frame_files_write_both_outputs_and_name_the_file_that_fails() {
    let pixels = picture();
    let dir = scratch_dir("frame-files");
    let (raw, png) = (dir.join("out.f32"), dir.join("out.png"));
    let files = FrameFiles::new(W as u32, H as u32, Some(&raw), Some(&png));
    hand_in_scrambled_bands(&files, &pixels, 7);
    files.finish().unwrap();
    assert_eq!(std::fs::metadata(&raw).unwrap().len(), (W * H * 16) as u64);
    assert_eq!(
        decode(&std::fs::read(&png).unwrap()),
        expected_samples(&pixels)
    );

    let missing = dir.join("no-such-dir").join("out.f32");
    let files = FrameFiles::new(W as u32, H as u32, Some(&missing), None);
    hand_in_scrambled_bands(&files, &pixels, 7);
    let error = files.finish().unwrap_err();
    let named = format!("cannot write `{}`: ", missing.display());
    assert!(error.starts_with(&named), "{error}");
}
