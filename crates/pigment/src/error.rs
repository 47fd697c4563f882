//! The library's one error type: why a request produced nothing.

use crate::diagnostics::Diagnostics;
use std::path::PathBuf;

/// Why a request failed.
///
/// ```
/// use pigment::{CompileRequest, Error, Session, Target};
/// let session = Session::new();
/// let error = session.compile(&CompileRequest::new("missing.cg", Target::Fp30)).unwrap_err();
/// assert!(matches!(error, Error::NoSource(_)));
/// assert_eq!(error.exit_code(), 2);
/// ```
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The program was rejected; the diagnostics say why, in the user's files.
    #[error("the program has errors")]
    Rejected(Diagnostics),
    /// The request itself is wrong (an option that does not fit the language or target).
    #[error("{0}")]
    Request(String),
    /// The request names a source the session does not hold.
    #[error("no source `{0}` in the session")]
    NoSource(String),
    /// A file could not be read: missing, not a regular file, or over its size limit.
    #[error(transparent)]
    Read(#[from] pigment_diag::read::ReadError),
    /// A file could not be read or written.
    #[error("cannot {action} `{path}`: {source}", path = .path.display())]
    Io {
        /// `read`, `write` or `create`.
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// Producing the output failed after the work began: a preset's pass failing on the
    /// machine, or the caller's handler refusing a picture (a file that cannot be written).
    #[error("{0}")]
    Output(String),
    /// Pigment itself failed (a compiled program the machine does not load, a tool missing): a
    /// bug or an installation problem, never the user's program.
    #[error("{0}")]
    Internal(String),
}

impl Error {
    /// The diagnostics of a rejected program.
    pub fn diagnostics(&self) -> Option<&Diagnostics> {
        match self {
            Error::Rejected(d) => Some(d),
            _ => None,
        }
    }

    /// The exit code the command line gives this error: 2 for a request or input the user must
    /// change before anything runs, 1 for a rejected program or a failure while producing output.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Request(_) | Error::NoSource(_) | Error::Read(_) => 2,
            Error::Io { action: "read", .. } => 2,
            Error::Rejected(_) | Error::Io { .. } | Error::Output(_) | Error::Internal(_) => 1,
        }
    }

    /// An error reading `path`.
    pub fn read(path: impl Into<PathBuf>, source: std::io::Error) -> Error {
        Error::Io {
            action: "read",
            path: path.into(),
            source,
        }
    }

    /// An error writing `path`.
    pub fn write(path: impl Into<PathBuf>, source: std::io::Error) -> Error {
        Error::Io {
            action: "write",
            path: path.into(),
            source,
        }
    }
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
