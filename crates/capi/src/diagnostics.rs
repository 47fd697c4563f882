//! Diagnostics as C reads them: a count, then each entry's severity, file, line, column, message
//! and rendered text through a [`PigmentDiagnostic`] view, or all of them rendered at once.

use crate::boundary::{self, guard, guard_value, Out};
use crate::error::PigmentError;
use crate::text::{self, Text};
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
    entries: Vec<EntryText>,
    rendered: Text,
}

/// One entry with its strings ready for C.
#[derive(Debug)]
struct EntryText {
    severity: PigmentSeverity,
    file: Option<Text>,
    line: u32,
    column: u32,
    message: Text,
    rendered: Text,
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
    fn empty() -> PigmentDiagnostic {
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

/// How many diagnostics there are; 0 for NULL.
///
/// # Safety
/// `diagnostics` is NULL or live diagnostics.
#[no_mangle]
pub unsafe extern "C" fn pigment_diagnostics_count(
    diagnostics: *const PigmentDiagnostics,
) -> usize {
    guard_value(0, || {
        // SAFETY: NULL or live, by the contract.
        Ok(unsafe { diagnostics.as_ref() }.map_or(0, |d| d.entries.len()))
    })
}

/// Fills `*out` with diagnostic `index` (0-based). Fails with `PIGMENT_ERROR_NULL_POINTER` for a
/// NULL argument and `PIGMENT_ERROR_INVALID_ARGUMENT` for an index past the end; `*out` is then
/// zeroed (when `out` is not NULL).
///
/// # Safety
/// `diagnostics` is NULL or live diagnostics; `out` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn pigment_diagnostics_get(
    diagnostics: *const PigmentDiagnostics,
    index: usize,
    out: *mut PigmentDiagnostic,
) -> *mut PigmentError {
    guard(|| {
        // SAFETY: NULL or writable, by the contract.
        let out = unsafe { Out::new(out, PigmentDiagnostic::empty(), "out") }?;
        // SAFETY: NULL or live, by the contract.
        let diagnostics = unsafe { boundary::object(diagnostics, "diagnostics") }?;
        let entry = diagnostics.entries.get(index).ok_or_else(|| {
            boundary::invalid(format!(
                "diagnostic {index} asked for, but there are {}",
                diagnostics.entries.len()
            ))
        })?;
        let (file, file_len) = text::optional(entry.file.as_ref());
        out.set(PigmentDiagnostic {
            severity: entry.severity,
            file,
            file_len,
            line: entry.line,
            column: entry.column,
            message: entry.message.ptr(),
            message_len: entry.message.len(),
            rendered: entry.rendered.ptr(),
            rendered_len: entry.rendered.len(),
        });
        Ok(())
    })
}

/// Every diagnostic's rendered text, one after the other (what `pigment` prints on stderr),
/// NUL-terminated and owned by the diagnostics; its length goes to `*len` unless `len` is NULL.
/// An empty string for NULL.
///
/// # Safety
/// `diagnostics` is NULL or live diagnostics; `len` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn pigment_diagnostics_text(
    diagnostics: *const PigmentDiagnostics,
    len: *mut usize,
) -> *const c_char {
    guard_value(c"".as_ptr(), || {
        // SAFETY: NULL or live, by the contract.
        let (ptr, size) = match unsafe { diagnostics.as_ref() } {
            Some(d) => (d.rendered.ptr(), d.rendered.len()),
            None => (c"".as_ptr(), 0),
        };
        // SAFETY: NULL or writable, by the contract.
        unsafe { boundary::store_optional(len, size) };
        Ok(ptr)
    })
}

/// Frees diagnostics that `pigment_session_check` returned (NULL is ignored). Never pass the
/// borrowed diagnostics of an error or an artifact.
///
/// # Safety
/// `diagnostics` is NULL or came from `pigment_session_check`, and is freed once.
#[no_mangle]
pub unsafe extern "C" fn pigment_diagnostics_free(diagnostics: *mut PigmentDiagnostics) {
    // SAFETY: NULL or made by `into_raw` in `pigment_session_check`, freed once.
    unsafe { boundary::free(diagnostics) }
}
