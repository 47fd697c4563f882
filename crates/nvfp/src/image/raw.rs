//! Raw float images (`pigment run --raw`): W·H·4 little-endian `f32`, pixels in memory order (bottom
//! row first, x fastest, RGBA). Rows are converted in parallel; a file is written a few MiB at a
//! time from one reused buffer, so that a 2048x2048 image (64 MiB) costs no second 64 MiB buffer
//! and none of the page faults of making one.

use rayon::prelude::*;
use std::io::{self, Write};
use std::path::Path;

/// Pixels converted per parallel task (64 KiB of output): large enough that scheduling costs
/// nothing, small enough to spread a 2048x2048 image over every core.
const PIXELS_PER_TASK: usize = 4096;

/// Pixels written per call (4 MiB of output).
const PIXELS_PER_WRITE: usize = 256 * 1024;

/// `pixels` as raw little-endian floats.
pub fn raw_bytes(pixels: &[[f32; 4]]) -> Vec<u8> {
    let mut bytes = vec![0u8; pixels.len() * 16];
    convert(pixels, &mut bytes);
    bytes
}

/// Writes `pixels` to `path` as raw little-endian floats.
pub fn write_raw(path: impl AsRef<Path>, pixels: &[[f32; 4]]) -> io::Result<()> {
    let mut file = std::fs::File::create(path)?;
    let mut bytes = vec![0u8; 16 * pixels.len().min(PIXELS_PER_WRITE)];
    for chunk in pixels.chunks(PIXELS_PER_WRITE) {
        let out = &mut bytes[..16 * chunk.len()];
        convert(chunk, out);
        file.write_all(out)?;
    }
    Ok(())
}

/// Fills `bytes` (16 per pixel) with `pixels` as little-endian floats, in parallel.
fn convert(pixels: &[[f32; 4]], bytes: &mut [u8]) {
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
}
