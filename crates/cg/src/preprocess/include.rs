//! Finding the files `#include` names. The Cg specification leaves this implementation-defined
//! ("the mechanism by which the file to be included is located is implementation defined"); Pigment
//! follows C compilers: `"name"` looks beside the including file first, then in the `-I`
//! directories; `<name>` looks only in the `-I` directories.

use pigment_diag::read::{read_text, MAX_SOURCE_BYTES};
use std::path::{Path, PathBuf};

/// The two spellings of `#include`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IncludeKind {
    /// `#include "name"`
    Quoted,
    /// `#include <name>`
    Angled,
}

/// Supplies the text of included files. The returned path is the name diagnostics print and the
/// "including file" passed back for the includes inside it. `Ok(None)`: no such file; `Err`: a
/// file was found but cannot be read (the message says why).
pub trait IncludeResolver {
    fn resolve(
        &self,
        name: &str,
        kind: IncludeKind,
        includer: Option<&Path>,
    ) -> Result<Option<(PathBuf, String)>, String>;
}

/// Resolves includes on the file system, C's way (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct FileSystemResolver {
    /// The `-I` directories, in order.
    pub search_paths: Vec<PathBuf>,
}

impl FileSystemResolver {
    pub fn new(search_paths: Vec<PathBuf>) -> FileSystemResolver {
        FileSystemResolver { search_paths }
    }
}

impl IncludeResolver for FileSystemResolver {
    fn resolve(
        &self,
        name: &str,
        kind: IncludeKind,
        includer: Option<&Path>,
    ) -> Result<Option<(PathBuf, String)>, String> {
        let beside_includer = match kind {
            IncludeKind::Quoted => Some(includer.and_then(Path::parent).unwrap_or(Path::new(""))),
            IncludeKind::Angled => None,
        };
        let found = beside_includer
            .into_iter()
            .chain(self.search_paths.iter().map(PathBuf::as_path))
            .map(|dir| dir.join(name))
            .find(|path| path.exists());
        let Some(path) = found else {
            return Ok(None);
        };
        // A file that exists but is refused (a device, too large) is an error, not a reason to
        // look further along the search path.
        let text = read_text(&path, MAX_SOURCE_BYTES).map_err(|e| e.to_string())?;
        Ok(Some((path, text)))
    }
}

/// A resolver over files held in memory, looked up by exact name; for tests, tools and fuzzing.
#[derive(Clone, Debug, Default)]
pub struct MemoryResolver {
    pub files: Vec<(String, String)>,
}

impl IncludeResolver for MemoryResolver {
    fn resolve(
        &self,
        name: &str,
        _kind: IncludeKind,
        _includer: Option<&Path>,
    ) -> Result<Option<(PathBuf, String)>, String> {
        let found = self.files.iter().find(|(n, _)| n == name);
        Ok(found.map(|(path, text)| (PathBuf::from(path), text.clone())))
    }
}
