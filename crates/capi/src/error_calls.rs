//! The C functions of errors: the status code, the message, the diagnostics, and freeing one.

use crate::diagnostics::PigmentDiagnostics;
use crate::error::{PigmentError, PigmentStatus, PIGMENT_ERROR_PANIC, PIGMENT_OK};
use std::ffi::c_char;

/// The error's status code (`PIGMENT_ERROR_*`); `PIGMENT_OK` for NULL.
///
/// # Safety
/// `error` is NULL or an error returned by this library and not yet freed.
#[no_mangle]
pub unsafe extern "C" fn pigment_error_code(error: *const PigmentError) -> PigmentStatus {
    crate::boundary::guard_value(PIGMENT_ERROR_PANIC, || {
        // SAFETY: the caller passes NULL or a live error (this function's contract).
        Ok(unsafe { error.as_ref() }.map_or(PIGMENT_OK, |e| e.status()))
    })
}

/// The error's message, UTF-8 and NUL-terminated, owned by the error (valid until it is freed);
/// its length without the NUL is stored in `*len` unless `len` is NULL. For a rejected program it
/// is every diagnostic as `pigment` prints them (`FILE:LINE:COL: error: ...`, the line, a caret).
/// For a NULL error: an empty string.
///
/// # Safety
/// `error` is NULL or a live error; `len` is NULL or points to writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn pigment_error_message(
    error: *const PigmentError,
    len: *mut usize,
) -> *const c_char {
    crate::boundary::guard_value(c"".as_ptr(), || {
        // SAFETY: the caller passes NULL or a live error.
        let Some(error) = (unsafe { error.as_ref() }) else {
            // SAFETY: `len` is NULL or writable, as the contract says.
            unsafe { crate::boundary::store_optional(len, 0) };
            return Ok(c"".as_ptr());
        };
        // SAFETY: as above.
        unsafe { crate::boundary::store_optional(len, error.message().len()) };
        Ok(error.message().ptr())
    })
}

/// The diagnostics of a rejected program (`PIGMENT_ERROR_REJECTED`), owned by the error: valid
/// until it is freed, and never freed by the caller. NULL for other errors and for NULL.
///
/// # Safety
/// `error` is NULL or a live error.
#[no_mangle]
pub unsafe extern "C" fn pigment_error_diagnostics(
    error: *const PigmentError,
) -> *const PigmentDiagnostics {
    crate::boundary::guard_value(std::ptr::null(), || {
        // SAFETY: the caller passes NULL or a live error.
        let error = unsafe { error.as_ref() };
        Ok(error
            .and_then(|e| e.diagnostics())
            .map_or(std::ptr::null(), |d| d as *const PigmentDiagnostics))
    })
}

/// Frees an error (NULL is ignored). The error and every pointer read from it are invalid after.
///
/// # Safety
/// `error` is NULL or an error returned by this library, freed once.
#[no_mangle]
pub unsafe extern "C" fn pigment_error_free(error: *mut PigmentError) {
    // SAFETY: the caller passes NULL or an error made by `Box::into_raw` in this crate, once.
    unsafe { crate::boundary::free(error) }
}
