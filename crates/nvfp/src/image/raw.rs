//! Raw float images (`pigment run --raw`): W·H·4 little-endian `f32`, pixels in memory order (bottom
//! row first, x fastest, RGBA). The bytes are made in one buffer of the final size, rows converted in
//! parallel, and written with one call: no intermediate float copy of the framebuffer.

use rayon::prelude::*;
use std::io;
use std::path::Path;

/// Pixels converted per parallel task (64 KiB of output): large enough that scheduling costs
/// nothing, small enough to spread a 2048x2048 image over every core.
const PIXELS_PER_TASK: usize = 4096;

/// `pixels` as raw little-endian floats.
pub fn raw_bytes(pixels: &[[f32; 4]]) -> Vec<u8> {
    let mut bytes = vec![0u8; pixels.len() * 16];
    bytes
        .par_chunks_mut(16 * PIXELS_PER_TASK)
        .zip(pixels.par_chunks(PIXELS_PER_TASK))
        .for_each(|(out, pixels)| {
            for (out, pixel) in out.chunks_exact_mut(16).zip(pixels) {
                for (out, v) in out.chunks_exact_mut(4).zip(pixel) {
                    out.copy_from_slice(&v.to_le_bytes());
                }
            }
        });
    bytes
}

/// Writes `pixels` to `path` as raw little-endian floats.
pub fn write_raw(path: impl AsRef<Path>, pixels: &[[f32; 4]]) -> io::Result<()> {
    std::fs::write(path, raw_bytes(pixels))
}
