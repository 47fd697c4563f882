//! Reading and writing the files a request names on disk.

use crate::error::{Error, Result};
use std::path::Path;

/// The text of `path` (bytes that are not UTF-8 replaced, so that the front ends can point at
/// them).
pub fn read_source(path: &Path) -> Result<String> {
    let bytes = std::fs::read(path).map_err(|e| Error::read(path, e))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
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
