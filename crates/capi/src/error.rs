//! Error objects: why a call failed, as a status code, a message and (for a rejected program) its
//! diagnostics. A fallible function returns `PigmentError *`: NULL on success, else an error the
//! caller owns and frees with `pigment_error_free`.

use crate::diagnostics::PigmentDiagnostics;
use crate::text::Text;

/// A status code: what kind of failure an error is.
pub type PigmentStatus = u32;
/// No error (what `pigment_error_code(NULL)` returns).
pub const PIGMENT_OK: PigmentStatus = 0;
/// A pointer argument was NULL (or misaligned) where an object or a non-empty buffer is needed.
pub const PIGMENT_ERROR_NULL_POINTER: PigmentStatus = 1;
/// A string argument was not UTF-8.
pub const PIGMENT_ERROR_INVALID_UTF8: PigmentStatus = 2;
/// An argument is out of range: an unknown target or constant, an index past the end, a length
/// larger than any object.
pub const PIGMENT_ERROR_INVALID_ARGUMENT: PigmentStatus = 3;
/// The program was rejected: `pigment_error_diagnostics` says why, in the user's files.
pub const PIGMENT_ERROR_REJECTED: PigmentStatus = 4;
/// The request does not fit the language or target (an option that does not apply).
pub const PIGMENT_ERROR_REQUEST: PigmentStatus = 5;
/// The request names a source the session does not hold.
pub const PIGMENT_ERROR_NO_SOURCE: PigmentStatus = 6;
/// A file could not be read or written.
pub const PIGMENT_ERROR_IO: PigmentStatus = 7;
/// Pigment itself failed: a bug or an installation problem, never the caller's program.
pub const PIGMENT_ERROR_INTERNAL: PigmentStatus = 8;
/// Producing the output failed after the work began (a preset's pass failing on the machine).
pub const PIGMENT_ERROR_OUTPUT: PigmentStatus = 10;
/// Pigment panicked inside the call; the panic was caught at the boundary. Objects the call was
/// given stay valid and must still be freed, but their contents are unspecified.
pub const PIGMENT_ERROR_PANIC: PigmentStatus = 9;

/// Why a call failed. Owned by the caller; free it with `pigment_error_free`.
#[derive(Debug)]
pub struct PigmentError {
    status: PigmentStatus,
    message: Text,
    diagnostics: Option<PigmentDiagnostics>,
}

impl PigmentError {
    /// An error with `status` and `message`.
    pub(crate) fn new(status: PigmentStatus, message: impl Into<String>) -> Box<PigmentError> {
        Box::new(PigmentError {
            status,
            message: Text::new(message.into()),
            diagnostics: None,
        })
    }

    /// The library's error as C reads it; a rejected program's message is its rendered
    /// diagnostics, as the command line prints them.
    pub(crate) fn from_library(error: pigment::Error) -> Box<PigmentError> {
        let status = match &error {
            pigment::Error::Rejected(_) => PIGMENT_ERROR_REJECTED,
            pigment::Error::Request(_) => PIGMENT_ERROR_REQUEST,
            pigment::Error::NoSource(_) => PIGMENT_ERROR_NO_SOURCE,
            pigment::Error::Io { .. } | pigment::Error::Read(_) => PIGMENT_ERROR_IO,
            pigment::Error::Output(_) => PIGMENT_ERROR_OUTPUT,
            pigment::Error::Internal(_) => PIGMENT_ERROR_INTERNAL,
        };
        match error {
            pigment::Error::Rejected(found) => Box::new(PigmentError {
                status,
                message: Text::new(found.to_string()),
                diagnostics: Some(PigmentDiagnostics::new(&found)),
            }),
            other => PigmentError::new(status, other.to_string()),
        }
    }

    /// A panic caught at the boundary, with its message where it has one.
    pub(crate) fn panic(payload: Box<dyn std::any::Any + Send>) -> Box<PigmentError> {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_string());
        PigmentError::new(
            PIGMENT_ERROR_PANIC,
            format!("internal error: Pigment panicked: {what}"),
        )
    }
}

impl PigmentError {
    /// The message.
    pub(crate) fn message(&self) -> &Text {
        &self.message
    }

    /// The rejected program's diagnostics, if it was one.
    pub(crate) fn diagnostics(&self) -> Option<&PigmentDiagnostics> {
        self.diagnostics.as_ref()
    }

    /// The status code.
    pub(crate) fn status(&self) -> PigmentStatus {
        self.status
    }
}

#[cfg(test)]
impl PigmentError {
    /// The message as Rust text, for unit tests.
    pub(crate) fn message_for_test(&self) -> String {
        let all = self.message.len();
        // SAFETY: the text owns `len()` initialised bytes at `ptr()`.
        let bytes = unsafe { std::slice::from_raw_parts(self.message.ptr().cast::<u8>(), all) };
        String::from_utf8_lossy(bytes).into_owned()
    }
}
