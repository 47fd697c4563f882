//! Writing rendered pictures as 8-bit RGBA PNGs while they are being shaded.
//!
//! A [`PngStream`] takes bands of rows in any order ([`RowSink`]): the shading thread that
//! finishes a band converts and filters its rows (PNG filter type 1, Sub, on each row), and the
//! rows are compressed into the one zlib stream of the image data in file order (top row first)
//! by whichever thread hands in the band that is next in that order, while the other threads go on
//! shading. So when the last band is shaded, only its own compression is left.

use std::collections::BTreeMap;
use std::io;
use std::sync::Mutex;

use crate::render::{send_rows, RowSink};

use super::to_png8;

/// Bytes per pixel of 8-bit RGBA.
const BPP: usize = 4;

/// The PNG filter type byte of a row filtered with Sub (each byte minus the one `BPP` before).
const FILTER_SUB: u8 = 1;

/// The longest IDAT chunk written: a PNG chunk's length must stay below 2^31.
const MAX_IDAT: usize = 1 << 30;

/// An image's rows on their way into the PNG's compressed image data.
pub struct PngStream {
    width: usize,
    height: usize,
    state: Mutex<Ordered>,
}

/// The bands waiting for their turn, and the compressor (`None` while a thread compresses).
struct Ordered {
    /// The next row, counted from the top, that the stream needs.
    next: usize,
    /// Filtered bands that arrived before their turn, by their top row counted from the top.
    waiting: BTreeMap<usize, Band>,
    compressor: Option<fdeflate::Compressor<Vec<u8>>>,
}

/// Filtered rows, top row first, each a filter byte and `4 * width` samples.
struct Band {
    rows: usize,
    bytes: Vec<u8>,
}

impl PngStream {
    /// A stream for a `width` x `height` picture (both at least 1).
    pub fn new(width: usize, height: usize) -> PngStream {
        let compressor = fdeflate::Compressor::new(Vec::new()).expect("a Vec takes every write");
        PngStream {
            width,
            height,
            state: Mutex::new(Ordered {
                next: 0,
                waiting: BTreeMap::new(),
                compressor: Some(compressor),
            }),
        }
    }

    /// The whole PNG file, once every row has been handed in.
    pub fn finish(self) -> Result<Vec<u8>, String> {
        let state = self.state.into_inner().unwrap_or_else(|e| e.into_inner());
        let compressor = match state.compressor {
            Some(compressor) if state.next == self.height => compressor,
            _ => return Err(format!("PNG rows missing after row {}", state.next)),
        };
        let zlib = compressor.finish().expect("a Vec takes every write");
        let fail = |e: png::EncodingError| format!("PNG encoding failed: {e}");
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, self.width as u32, self.height as u32);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(fail)?;
        for chunk in zlib.chunks(MAX_IDAT) {
            writer.write_chunk(png::chunk::IDAT, chunk).map_err(fail)?;
        }
        writer.finish().map_err(fail)?;
        Ok(out)
    }

    /// Queues `band`, whose top row is `top` counted from the top, and compresses every band
    /// whose turn has come unless another thread is doing so (it will take this one too).
    fn push(&self, top: usize, band: Band) {
        let mut state = self.lock();
        state.waiting.insert(top, band);
        while let Some(mut compressor) = state.compressor.take() {
            let mut ready = Vec::new();
            let state_now = &mut *state;
            while let Some(band) = state_now.waiting.remove(&state_now.next) {
                state_now.next += band.rows;
                ready.push(band);
            }
            if ready.is_empty() {
                state.compressor = Some(compressor);
                return;
            }
            drop(state);
            // A row per call, as the png crate's own encoder feeds the same compressor, so
            // that the file is the one it would write.
            for row in ready.iter().flat_map(|band| band.bytes.chunks(self.line())) {
                compressor.write_data(row).expect("a Vec takes every write");
            }
            state = self.lock();
            state.compressor = Some(compressor);
        }
    }

    /// Bytes per filtered row.
    fn line(&self) -> usize {
        1 + BPP * self.width
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Ordered> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl RowSink for PngStream {
    fn rows_done(&self, first_row: usize, pixels: &[[f32; 4]]) {
        let rows = pixels.len() / self.width;
        let top = self.height - first_row - rows;
        self.push(top, filtered_rows(self.width, pixels));
    }
}

/// `pixels`' rows (bottom row first), top row first, converted to 8 bits and filtered with Sub.
/// Each row is converted whole into `samples` and then filtered, two plain loops the compiler
/// vectorises.
fn filtered_rows(width: usize, pixels: &[[f32; 4]]) -> Band {
    let line = 1 + BPP * width;
    let rows = pixels.len() / width;
    let mut bytes = vec![0u8; rows * line];
    let mut samples = vec![0u8; BPP * width];
    for (out, row) in bytes
        .chunks_exact_mut(line)
        .zip(pixels.chunks_exact(width).rev())
    {
        for (sample, v) in samples.iter_mut().zip(row.as_flattened()) {
            *sample = to_png8(*v);
        }
        out[0] = FILTER_SUB;
        out[1..=BPP].copy_from_slice(&samples[..BPP]);
        let (left, here) = (&samples[..samples.len() - BPP], &samples[BPP..]);
        for ((out, here), left) in out[1 + BPP..].iter_mut().zip(here).zip(left) {
            *out = here.wrapping_sub(*left);
        }
    }
    Band { rows, bytes }
}

/// Encodes `pixels` (bottom row first) as an 8-bit RGBA PNG, top row first.
pub fn encode_png(width: u32, height: u32, pixels: &[[f32; 4]]) -> Result<Vec<u8>, String> {
    let count = (width as usize).checked_mul(height as usize);
    if width == 0 || height == 0 || count != Some(pixels.len()) {
        return Err(format!(
            "cannot write a {width}x{height} PNG from {} pixels",
            pixels.len()
        ));
    }
    let stream = PngStream::new(width as usize, height as usize);
    send_rows(&stream, width as usize, pixels);
    stream.finish()
}

/// Writes `pixels` (bottom row first) to `path` as an 8-bit RGBA PNG, top row first.
pub fn write_png(
    path: impl AsRef<std::path::Path>,
    width: u32,
    height: u32,
    pixels: &[[f32; 4]],
) -> io::Result<()> {
    let bytes = encode_png(width, height, pixels)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    std::fs::write(path, bytes)
}
