//! A session: the source files a request may read, held in memory by name, and where (if
//! anywhere) on disk `#include`s may look. Every request reads its sources from here, so a
//! program given from memory never reaches the disk unless the session says it may.

use crate::error::{Error, Result};
use pigment_cg::preprocess::{FileSystemResolver, IncludeKind, IncludeResolver};
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

/// Source files by name, and the rules for finding the files they include.
///
/// ```
/// use pigment::{CompileRequest, Session, Target};
/// let mut session = Session::new();
/// session.add_source("lib/tint.cgh", "float4 tint() { return float4(1, 0.5, 0, 1); }\n");
/// session.add_source("lib/main.cg", "#include \"tint.cgh\"\nfloat4 main() : COLOR { return tint(); }\n");
/// let artifact = session.compile(&CompileRequest::new("lib/main.cg", Target::Fp30)).unwrap();
/// assert!(artifact.text().unwrap().contains("!!FP1.0"));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Session {
    sources: BTreeMap<String, String>,
    /// Binary files (a preset's pictures) by name.
    binaries: BTreeMap<String, Vec<u8>>,
    search_paths: Vec<PathBuf>,
    disk: bool,
}

impl Session {
    /// An empty session whose includes resolve only among the sources added to it.
    pub fn new() -> Session {
        Session::default()
    }

    /// A session whose includes may also be read from disk, as a C compiler finds them: beside
    /// the including file, then in the search paths (the command line's session).
    pub fn with_disk_access() -> Session {
        Session {
            disk: true,
            ..Session::default()
        }
    }

    /// Adds (or replaces) a source file held in memory.
    pub fn add_source(&mut self, name: impl Into<String>, text: impl Into<String>) {
        self.sources.insert(normalize(&name.into()), text.into());
    }

    /// Adds (or replaces) a binary file held in memory: a preset's look-up texture or a picture
    /// (PNG bytes).
    pub fn add_bytes(&mut self, name: impl Into<String>, bytes: impl Into<Vec<u8>>) {
        self.binaries.insert(normalize(&name.into()), bytes.into());
    }

    /// Reads `path` from disk into the session; returns the name it is held under (the path as
    /// written).
    pub fn add_file(&mut self, path: impl AsRef<Path>) -> Result<String> {
        let path = path.as_ref();
        let text = crate::files::read_source(path)?;
        let name = path.display().to_string();
        self.add_source(name.clone(), text);
        Ok(name)
    }

    /// Adds a directory that `#include` searches on disk (cgc's `-I`); also opens the disk to
    /// this directory for a session made with [`Session::new`].
    pub fn add_search_path(&mut self, dir: impl Into<PathBuf>) {
        self.search_paths.push(dir.into());
    }

    /// The text of the source called `name`.
    pub fn source(&self, name: &str) -> Result<&str> {
        self.sources
            .get(&normalize(name))
            .map(String::as_str)
            .ok_or_else(|| Error::NoSource(name.to_string()))
    }

    /// The text of the source `name`: held in memory, else read from disk where the session
    /// allows it (within `pigment_diag::read::MAX_SOURCE_BYTES`).
    pub fn read_text(&self, name: &str) -> Result<String> {
        match self.sources.get(&normalize(name)) {
            Some(text) => Ok(text.clone()),
            None if self.disk => crate::files::read_source(Path::new(name)),
            None => Err(Error::NoSource(name.to_string())),
        }
    }

    /// The bytes of the binary file `name`: held in memory, else read from disk where the session
    /// allows it (within `pigment_diag::read::MAX_BINARY_BYTES`).
    pub fn read_bytes(&self, name: &str) -> Result<Vec<u8>> {
        match self.binaries.get(&normalize(name)) {
            Some(bytes) => Ok(bytes.clone()),
            None if self.disk => Ok(pigment_diag::read::read_bounded(
                Path::new(name),
                pigment_diag::read::MAX_BINARY_BYTES,
            )?),
            None => Err(Error::NoSource(name.to_string())),
        }
    }

    /// Whether the session may read files from disk that it does not hold.
    pub fn reads_disk(&self) -> bool {
        self.disk
    }

    /// The names of the sources held, in sorted order.
    pub fn source_names(&self) -> impl Iterator<Item = &str> {
        self.sources.keys().map(String::as_str)
    }

    /// The resolver the Cg preprocessor uses for this session's `#include`s.
    pub(crate) fn include_resolver(&self) -> SessionResolver<'_> {
        SessionResolver { session: self }
    }
}

/// Finds included files among a session's sources, then on disk where the session allows it.
pub(crate) struct SessionResolver<'a> {
    session: &'a Session,
}

impl IncludeResolver for SessionResolver<'_> {
    fn resolve(
        &self,
        name: &str,
        kind: IncludeKind,
        includer: Option<&Path>,
    ) -> Result<Option<(PathBuf, String)>, String> {
        let beside = match kind {
            IncludeKind::Quoted => includer
                .and_then(Path::parent)
                .map(|dir| dir.join(name).display().to_string()),
            IncludeKind::Angled => None,
        };
        let in_memory = beside
            .iter()
            .map(String::as_str)
            .chain(std::iter::once(name))
            .find_map(|candidate| {
                let key = normalize(candidate);
                let text = self.session.sources.get(&key)?;
                Some((PathBuf::from(key), text.clone()))
            });
        if in_memory.is_some() {
            return Ok(in_memory);
        }
        let session = self.session;
        if !session.disk && session.search_paths.is_empty() {
            return Ok(None);
        }
        let disk = FileSystemResolver::new(session.search_paths.clone());
        match session.disk {
            true => disk.resolve(name, kind, includer),
            // Only the search paths: never beside an including file the session did not read.
            false => disk.resolve(name, IncludeKind::Angled, None),
        }
    }
}

/// `a/./b/../c.cg` as `a/c.cg`: the name a file is held under, whichever way an include spells it.
fn normalize(name: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let path = Path::new(name);
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir if matches!(parts.last(), Some(p) if *p != "..") => {
                parts.pop();
            }
            Component::Normal(part) => parts.push(part.to_str().unwrap_or_default()),
            Component::ParentDir => parts.push(".."),
            Component::RootDir => parts.push(""),
            Component::Prefix(_) => {}
        }
    }
    match parts.as_slice() {
        [""] => "/".to_string(),
        _ => parts.join("/"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalized() {
        assert_eq!(normalize("a/./b/../c.cg"), "a/c.cg");
        assert_eq!(normalize("../x.cg"), "../x.cg");
        assert_eq!(normalize("/abs/y.cg"), "/abs/y.cg");
        assert_eq!(normalize("./z.cg"), "z.cg");
    }

    #[test]
    fn includes_resolve_in_memory_and_never_on_disk_unless_allowed() {
        let mut session = Session::new();
        session.add_source("dir/inc.cgh", "x");
        let resolver = session.include_resolver();
        let found = resolver.resolve("inc.cgh", IncludeKind::Quoted, Some(Path::new("dir/a.cg")));
        assert_eq!(found, Ok(Some(("dir/inc.cgh".into(), "x".into()))));
        // A file that exists on disk is not read by a memory-only session.
        assert!(resolver
            .resolve("Cargo.toml", IncludeKind::Quoted, Some(Path::new("a.cg")))
            .unwrap()
            .is_none());
        let disk = Session::with_disk_access();
        assert!(disk
            .include_resolver()
            .resolve("Cargo.toml", IncludeKind::Quoted, Some(Path::new("a.cg")))
            .unwrap()
            .is_some());
    }
}
