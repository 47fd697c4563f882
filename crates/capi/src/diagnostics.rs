//! Diagnostics as C reads them: each entry's severity, file, line, column, message and rendered
//! text, held ready for a [`PigmentDiagnostic`] view, and all of them rendered at once. Their C
//! functions are in `diagnostics_calls.rs`, above the boundary, which errors (and so these) sit
//! below.

use crate::text::Text;
use pigment::Severity;
use std::ffi::c_char;

/// How serious a diagnostic is.
pub type PigmentSeverity = u32;
/// A note attached to another diagnostic.
pub const PIGMENT_SEVERITY_NOTE: PigmentSeverity = 0;
/// A warning: the program still compiles.
pub const PIGMENT_SEVERITY_WARNING: PigmentSeverity = 1;
/// An error: the program is rejected.
pub const PIGMENT_SEVERITY_ERROR: PigmentSeverity = 2;

/// The diagnostics of one request, in the order they were found. Owned by whatever returned them:
/// the error (`pigment_error_diagnostics`), the artifact (`pigment_artifact_warnings`), or the
/// caller (`pigment_session_check`, freed with `pigment_diagnostics_free`).
#[derive(Debug)]
pub struct PigmentDiagnostics {
    pub(crate) entries: Vec<EntryText>,
    pub(crate) rendered: Text,
}

/// One entry with its strings ready for C.
#[derive(Debug)]
pub(crate) struct EntryText {
    pub severity: PigmentSeverity,
    pub file: Option<Text>,
    pub line: u32,
    pub column: u32,
    pub message: Text,
    pub rendered: Text,
}

impl PigmentDiagnostics {
    /// The library's diagnostics, copied into C strings.
    pub(crate) fn new(found: &pigment::Diagnostics) -> PigmentDiagnostics {
        let entries = found
            .iter()
            .map(|e| EntryText {
                severity: match e.severity {
                    Severity::Note => PIGMENT_SEVERITY_NOTE,
                    Severity::Warning => PIGMENT_SEVERITY_WARNING,
                    Severity::Error => PIGMENT_SEVERITY_ERROR,
                },
                file: e.file.as_deref().map(Text::new),
                line: e.line,
                column: e.column,
                message: Text::new(e.message.as_str()),
                rendered: Text::new(e.rendered.as_str()),
            })
            .collect();
        PigmentDiagnostics {
            entries,
            rendered: Text::new(found.to_string()),
        }
    }
}

/// One diagnostic, as `pigment_diagnostics_get` fills it in. Every pointer is owned by the
/// diagnostics it was read from and valid as long as they are; strings are UTF-8 with their
/// length, and a NUL after the last byte.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PigmentDiagnostic {
    /// `PIGMENT_SEVERITY_*`.
    pub severity: PigmentSeverity,
    /// The file it points into, as the session names it; NULL when it is about the whole program.
    pub file: *const c_char,
    /// `file`'s length in bytes.
    pub file_len: usize,
    /// 1-based line (0 when there is no location).
    pub line: u32,
    /// 1-based column, in characters (0 when there is no location).
    pub column: u32,
    /// The message, without location or severity.
    pub message: *const c_char,
    /// `message`'s length in bytes.
    pub message_len: usize,
    /// The whole diagnostic as `pigment` prints it: `FILE:LINE:COL: error: message`, the source
    /// line, a caret, its notes.
    pub rendered: *const c_char,
    /// `rendered`'s length in bytes.
    pub rendered_len: usize,
}

impl PigmentDiagnostic {
    /// Every pointer NULL, every number 0: what a failed call leaves.
    pub(crate) fn empty() -> PigmentDiagnostic {
        PigmentDiagnostic {
            severity: PIGMENT_SEVERITY_NOTE,
            file: std::ptr::null(),
            file_len: 0,
            line: 0,
            column: 0,
            message: std::ptr::null(),
            message_len: 0,
            rendered: std::ptr::null(),
            rendered_len: 0,
        }
    }
}
