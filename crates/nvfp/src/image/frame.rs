//! The files a render writes (`pigment run --raw OUT -o OUT.png`), fed band by band while the
//! picture is shaded ([`RowSink`]) and finished after it.

use std::path::{Path, PathBuf};

use crate::render::RowSink;

use super::{PngStream, RawFile};

/// A render's raw and PNG outputs, either or both.
pub struct FrameFiles {
    raw: Option<(PathBuf, RawFile)>,
    png: Option<(PathBuf, PngStream)>,
}

impl FrameFiles {
    /// Outputs for a `width` x `height` picture (both at least 1): raw floats at `raw`, a PNG at
    /// `png`. Nothing is written until rows arrive.
    pub fn new(width: u32, height: u32, raw: Option<&Path>, png: Option<&Path>) -> FrameFiles {
        let (width, height) = (width as usize, height as usize);
        FrameFiles {
            raw: raw.map(|path| (path.to_path_buf(), RawFile::new(path, width))),
            png: png.map(|path| (path.to_path_buf(), PngStream::new(width, height))),
        }
    }

    /// Completes the files once every row has arrived; an error names the file:
    /// ``cannot write `PATH`: ...``.
    pub fn finish(self) -> Result<(), String> {
        let fail = |path: &Path, e: String| format!("cannot write `{}`: {e}", path.display());
        if let Some((path, raw)) = self.raw {
            raw.finish().map_err(|e| fail(&path, e.to_string()))?;
        }
        if let Some((path, png)) = self.png {
            let bytes = png.finish().map_err(|e| fail(&path, e))?;
            std::fs::write(&path, bytes).map_err(|e| fail(&path, e.to_string()))?;
        }
        Ok(())
    }
}

impl RowSink for FrameFiles {
    fn rows_done(&self, first_row: usize, pixels: &[[f32; 4]]) {
        if let Some((_, raw)) = &self.raw {
            raw.rows_done(first_row, pixels);
        }
        if let Some((_, png)) = &self.png {
            png.rows_done(first_row, pixels);
        }
    }
}
