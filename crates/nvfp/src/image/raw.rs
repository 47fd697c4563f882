//! Raw float images (`pigment run --raw`): W·H·4 little-endian `f32`, pixels in memory order (bottom
//! row first, x fastest, RGBA). A [`RawFile`] takes bands of rows as shading finishes them: the
//! thread that finished a band converts it into its own reused buffer and writes it at its place
//! in the file, so writing overlaps shading and no second copy of the image is made.

use rayon::prelude::*;
use std::cell::RefCell;
use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::render::RowSink;

/// Pixels converted per parallel task (64 KiB of output): large enough that scheduling costs
/// nothing, small enough to spread a 2048x2048 image over every core.
const PIXELS_PER_TASK: usize = 4096;

thread_local! {
    /// Each thread's conversion buffer, kept between bands (a band of a 2048-wide target is 1 MiB).
    static SCRATCH: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// `pixels` as raw little-endian floats.
pub fn raw_bytes(pixels: &[[f32; 4]]) -> Vec<u8> {
    let mut bytes = vec![0u8; pixels.len() * 16];
    bytes
        .par_chunks_mut(16 * PIXELS_PER_TASK)
        .zip(pixels.par_chunks(PIXELS_PER_TASK))
        .for_each(|(out, pixels)| convert(pixels, out));
    bytes
}

/// Writes `pixels` to `path` as raw little-endian floats.
pub fn write_raw(path: impl AsRef<Path>, pixels: &[[f32; 4]]) -> io::Result<()> {
    let file = RawFile::new(path.as_ref(), 1);
    pixels
        .par_chunks(PIXELS_PER_TASK)
        .enumerate()
        .for_each(|(k, chunk)| file.rows_done(k * PIXELS_PER_TASK, chunk));
    file.finish()
}

/// A raw file being written a band of rows at a time, in any order. The file is created (or
/// truncated) when the first band arrives, so a render that fails before shading leaves none.
pub struct RawFile {
    path: PathBuf,
    width: usize,
    state: Mutex<Written>,
}

/// The open file, and the first error (after which nothing more is written).
#[derive(Default)]
struct Written {
    file: Option<File>,
    error: Option<io::Error>,
}

impl RawFile {
    /// A raw file at `path` for rows `width` pixels wide; nothing is opened yet.
    pub fn new(path: &Path, width: usize) -> RawFile {
        RawFile {
            path: path.to_path_buf(),
            width,
            state: Mutex::new(Written::default()),
        }
    }

    /// Ends the file (creating it if no row came) and reports the first error.
    pub fn finish(self) -> io::Result<()> {
        let state = self.state.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Some(error) = state.error {
            return Err(error);
        }
        match state.file {
            Some(_) => Ok(()),
            None => File::create(&self.path).map(drop),
        }
    }

    /// Writes `bytes` at `offset`, opening the file first if this is the first band.
    fn write_at(&self, offset: u64, bytes: &[u8]) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.error.is_some() {
            return;
        }
        if state.file.is_none() {
            match File::create(&self.path) {
                Ok(file) => state.file = Some(file),
                Err(e) => return state.error = Some(e),
            }
        }
        let file = state.file.as_mut().expect("opened above");
        let written = file
            .seek(SeekFrom::Start(offset))
            .and_then(|_| file.write_all(bytes));
        if let Err(e) = written {
            state.error = Some(e);
        }
    }
}

impl RowSink for RawFile {
    fn rows_done(&self, first_row: usize, pixels: &[[f32; 4]]) {
        let offset = (first_row * self.width * 16) as u64;
        SCRATCH.with_borrow_mut(|bytes| {
            bytes.resize(16 * pixels.len(), 0);
            convert(pixels, bytes);
            self.write_at(offset, bytes);
        });
    }
}

/// Fills `bytes` (16 per pixel) with `pixels` as little-endian floats.
fn convert(pixels: &[[f32; 4]], bytes: &mut [u8]) {
    for (out, pixel) in bytes.chunks_exact_mut(16).zip(pixels) {
        for (out, v) in out.chunks_exact_mut(4).zip(pixel) {
            out.copy_from_slice(&v.to_le_bytes());
        }
    }
}
