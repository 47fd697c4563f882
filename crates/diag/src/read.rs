//! Reading input files within a byte limit. Every file Pigment reads (programs, `#include`s,
//! presets, pictures, meshes) comes through here, so that a special file (`/dev/zero`, a FIFO, a
//! directory) is refused before any byte is read and a huge file is refused before it fills memory.

use std::fmt;
use std::io::Read;
use std::path::Path;

/// The default limit for a text source (a program, an `#include`d file, a preset, a mesh): 16 MiB,
/// far beyond any hand-written or generated shader met so far.
pub const MAX_SOURCE_BYTES: u64 = 16 << 20;

/// The default limit for a binary input (a PNG picture, a LUT): 64 MiB.
pub const MAX_BINARY_BYTES: u64 = 64 << 20;

/// Why a file could not be read. Its `Display` is `cannot read `PATH`: REASON`, naming the path once.
#[derive(Debug)]
pub struct ReadError {
    pub path: String,
    pub reason: Reason,
}

/// The cause of a [`ReadError`].
#[derive(Debug)]
pub enum Reason {
    /// The operating system's error (a missing file, a denied permission).
    Io(std::io::Error),
    /// Not a regular file: a directory, a device, a FIFO or a socket.
    NotRegular(&'static str),
    /// Longer than the limit, in bytes.
    TooLarge { limit: u64 },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read `{}`: {}", self.path, self.reason)
    }
}

/// The reason alone, for callers that name the file themselves.
impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Io(e) => write!(f, "{}", io_reason(e)),
            Reason::NotRegular(kind) => write!(f, "it is {kind}, not a regular file"),
            Reason::TooLarge { limit } => write!(f, "it is larger than the limit of {limit} bytes"),
        }
    }
}

impl std::error::Error for ReadError {}

/// The operating system's message without Rust's ` (os error N)` suffix.
fn io_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// Reads the whole of the regular file at `path` if it holds at most `limit` bytes. The kind of
/// file is checked on the opened handle (so a file swapped between check and read is still
/// checked), and the read itself stops one byte past the limit (a file that grows, or one whose
/// size the system does not report, as in `/proc`, is still bounded).
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let fail = |reason| ReadError {
        path: path.display().to_string(),
        reason,
    };
    let file = std::fs::File::open(path).map_err(|e| fail(Reason::Io(e)))?;
    let meta = file.metadata().map_err(|e| fail(Reason::Io(e)))?;
    if let Some(kind) = special_kind(&meta) {
        return Err(fail(Reason::NotRegular(kind)));
    }
    if meta.len() > limit {
        return Err(fail(Reason::TooLarge { limit }));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| fail(Reason::Io(e)))?;
    if bytes.len() as u64 > limit {
        return Err(fail(Reason::TooLarge { limit }));
    }
    Ok(bytes)
}

/// [`read_bounded`] as text: invalid UTF-8 becomes U+FFFD, which the front ends then report where
/// it stands.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    let bytes = read_bounded(path, limit)?;
    Ok(match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// What a file that is not regular is, in words; `None` for a regular file.
fn special_kind(meta: &std::fs::Metadata) -> Option<&'static str> {
    let ty = meta.file_type();
    if ty.is_file() {
        return None;
    }
    if ty.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ty.is_char_device() || ty.is_block_device() {
            return Some("a device");
        }
        if ty.is_fifo() {
            return Some("a pipe");
        }
        if ty.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("pigment-diag-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn a_file_within_the_limit_is_read_whole() {
        let path = temp("ok.txt", b"abc");
        assert_eq!(read_bounded(&path, 3).unwrap(), b"abc");
    }

    #[test]
    fn a_file_over_the_limit_is_refused() {
        let path = temp("big.txt", b"abcd");
        let e = read_bounded(&path, 3).unwrap_err();
        assert!(matches!(e.reason, Reason::TooLarge { limit: 3 }));
        assert!(e.to_string().ends_with("larger than the limit of 3 bytes"));
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_directories_are_refused_before_reading() {
        let e = read_bounded(Path::new("/dev/zero"), 1 << 40).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot read `/dev/zero`: it is a device, not a regular file"
        );
        let e = read_bounded(&std::env::temp_dir(), 1 << 40).unwrap_err();
        assert!(matches!(e.reason, Reason::NotRegular("a directory")));
    }

    #[test]
    fn a_missing_file_is_named_once() {
        let e = read_bounded(Path::new("no/such/file.cg"), 10).unwrap_err();
        let text = e.to_string();
        assert_eq!(text.matches("no/such/file.cg").count(), 1, "{text}");
        assert!(!text.contains("os error"), "{text}");
    }

    #[test]
    fn invalid_utf8_becomes_replacement_characters() {
        let path = temp("bad.txt", b"a\xffb");
        assert_eq!(read_text(&path, 10).unwrap(), "a\u{fffd}b");
    }
}
