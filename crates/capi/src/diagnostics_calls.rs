//! The C functions of diagnostics: a count, then each entry through a [`PigmentDiagnostic`] view,
//! or all of them rendered at once; and freeing the diagnostics a check returned.

use crate::boundary::{self, guard, guard_value, Out};
use crate::diagnostics::{PigmentDiagnostic, PigmentDiagnostics};
use crate::error::PigmentError;
use crate::text;
use std::ffi::c_char;

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
