//! Reading and writing the files a request names on disk.

use crate::error::{Error, Result};
use std::path::Path;

/// The text of `path` (bytes that are not UTF-8 replaced, so that the front ends can point at
/// them); special files and files over `pigment_diag::read::MAX_SOURCE_BYTES` are refused before
/// reading.
pub fn read_source(path: &Path) -> Result<String> {
    Ok(pigment_diag::read::read_text(
        path,
        pigment_diag::read::MAX_SOURCE_BYTES,
    )?)
}

/// Writes `bytes` to `path`.
pub fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).map_err(|e| Error::write(path, e))
}

/// Creates `dir` and its parents.
pub fn create_dir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| Error::Io {
        action: "create",
        path: dir.to_path_buf(),
        source: e,
    })
}
