//! Finding the files `#include` names. The Cg specification leaves this implementation-defined
//! ("the mechanism by which the file to be included is located is implementation defined"); Pigment
//! follows C compilers: `"name"` looks beside the including file first, then in the `-I`
//! directories; `<name>` looks only in the `-I` directories.

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
/// "including file" passed back for the includes inside it.
pub trait IncludeResolver {
    fn resolve(
        &self,
        name: &str,
        kind: IncludeKind,
        includer: Option<&Path>,
    ) -> Option<(PathBuf, String)>;
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
    ) -> Option<(PathBuf, String)> {
        let beside_includer = match kind {
            IncludeKind::Quoted => Some(includer.and_then(Path::parent).unwrap_or(Path::new(""))),
            IncludeKind::Angled => None,
        };
        beside_includer
            .into_iter()
            .chain(self.search_paths.iter().map(PathBuf::as_path))
            .map(|dir| dir.join(name))
            .find_map(|path| {
                let bytes = std::fs::read(&path).ok()?;
                Some((path, String::from_utf8_lossy(&bytes).into_owned()))
            })
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
    ) -> Option<(PathBuf, String)> {
        let (path, text) = self.files.iter().find(|(n, _)| n == name)?;
        Some((PathBuf::from(path), text.clone()))
    }
}
