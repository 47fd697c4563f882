//! `nvfp::image::raw_bytes` / `write_raw`: the layout `pigment run --raw` documents (W·H·4
//! little-endian IEEE floats, bottom row first, RGBA), checked against bit patterns written out by
//! hand, on an image large enough to be converted in several parallel tasks.

use nvfp::image::{raw_bytes, write_raw};

#[test]
fn floats_are_little_endian_in_pixel_order() {
    // 1.0 is 0x3F800000, -2.0 is 0xC0000000, 0.5 is 0x3F000000 (IEEE 754 binary32).
    let pixels = [[1.0, -2.0, 0.5, 0.0], [0.0, 0.0, 0.0, 1.0]];
    let bytes = raw_bytes(&pixels);
    let expected: [u8; 32] = [
        0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0xC0, 0x00, 0x00, 0x00, 0x3F, 0, 0, 0, 0, //
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x00, 0x80, 0x3F,
    ];
    assert_eq!(bytes, expected);
}

#[test]
fn every_pixel_of_a_large_image_lands_in_place() {
    // 300,000 pixels: many parallel tasks, each writing its own part of the file, the last
    // one partial.
    let n = 300_000;
    let pixels: Vec<[f32; 4]> = (0..n).map(|i| [i as f32, -(i as f32), 0.25, 1.0]).collect();
    let path = std::env::temp_dir().join(format!("nvfp-raw-{}.bin", std::process::id()));
    write_raw(&path, &pixels).expect("writable");
    let bytes = std::fs::read(&path).expect("readable");
    std::fs::remove_file(&path).ok();
    assert_eq!(bytes.len(), n * 16);
    for (i, pixel) in bytes.chunks_exact(16).enumerate() {
        let r = f32::from_bits(u32::from_le_bytes(pixel[0..4].try_into().unwrap()));
        let g = f32::from_bits(u32::from_le_bytes(pixel[4..8].try_into().unwrap()));
        assert_eq!((r, g), (i as f32, -(i as f32)), "pixel {i}");
    }
}
