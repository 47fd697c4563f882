//! The boundary with C. Every entry point runs its body inside [`guard`] or [`guard_value`], which
//! catch panics; every pointer and length that C passes is read through the checked helpers here
//! (NULL, alignment, lengths no object can have, UTF-8), so the rest of the crate handles Rust
//! references only.

use crate::error::{
    PigmentError, PIGMENT_ERROR_INVALID_ARGUMENT, PIGMENT_ERROR_INVALID_UTF8,
    PIGMENT_ERROR_NULL_POINTER,
};
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A call's result on the Rust side: the error is handed to C as `PigmentError *`.
pub(crate) type Outcome<T> = Result<T, Box<PigmentError>>;

/// Runs `body`; returns NULL on success, else the error (a caught panic included), owned by C.
pub(crate) fn guard(body: impl FnOnce() -> Outcome<()>) -> *mut PigmentError {
    // Unwind safety: after a panic the objects the call touched are only ever freed or read
    // (see PIGMENT_ERROR_PANIC), never trusted to hold anything in particular.
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => std::ptr::null_mut(),
        Ok(Err(error)) => Box::into_raw(error),
        Err(payload) => Box::into_raw(PigmentError::panic(payload)),
    }
}

/// Runs `body`, which returns a value rather than an error; `fallback` on an error or a panic.
pub(crate) fn guard_value<T>(fallback: T, body: impl FnOnce() -> Outcome<T>) -> T {
    catch_unwind(AssertUnwindSafe(body))
        .ok()
        .and_then(Result::ok)
        .unwrap_or(fallback)
}

/// The error for a NULL (or misaligned) pointer argument called `what`.
pub(crate) fn null(what: &str) -> Box<PigmentError> {
    PigmentError::new(
        PIGMENT_ERROR_NULL_POINTER,
        format!("`{what}` is NULL or misaligned"),
    )
}

/// An argument out of range.
pub(crate) fn invalid(message: impl Into<String>) -> Box<PigmentError> {
    PigmentError::new(PIGMENT_ERROR_INVALID_ARGUMENT, message)
}

/// The object behind `ptr`.
///
/// # Safety
/// `ptr` is NULL or points to a live `T` that nothing mutates while the reference lives.
pub(crate) unsafe fn object<'a, T>(ptr: *const T, what: &str) -> Outcome<&'a T> {
    if !ptr.is_aligned() {
        return Err(null(what));
    }
    // SAFETY: aligned, and NULL or live by the caller's contract; `as_ref` turns NULL into None.
    unsafe { ptr.as_ref() }.ok_or_else(|| null(what))
}

/// The object behind `ptr`, to change.
///
/// # Safety
/// `ptr` is NULL or points to a live `T` that nothing else uses while the reference lives.
pub(crate) unsafe fn object_mut<'a, T>(ptr: *mut T, what: &str) -> Outcome<&'a mut T> {
    if !ptr.is_aligned() {
        return Err(null(what));
    }
    // SAFETY: aligned, and NULL or live and unshared by the caller's contract.
    unsafe { ptr.as_mut() }.ok_or_else(|| null(what))
}

/// The `len` bytes at `ptr`; `(NULL, 0)` is the empty slice.
///
/// # Safety
/// Unless `len` is 0, `ptr` is NULL or points to `len` readable bytes that live as long as `'a`.
pub(crate) unsafe fn bytes<'a>(ptr: *const u8, len: usize, what: &str) -> Outcome<&'a [u8]> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(null(what));
    }
    if len > isize::MAX as usize {
        return Err(invalid(format!(
            "`{what}`: a length of {len} bytes is larger than any object"
        )));
    }
    // SAFETY: non-NULL, `len` fits in isize, and the caller promises `len` readable bytes.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// The `len` values at `ptr`; `(NULL, 0)` is the empty slice.
///
/// # Safety
/// Unless `len` is 0, `ptr` is NULL or points to `len` readable, initialised `T`s that live as
/// long as `'a`.
pub(crate) unsafe fn slice<'a, T>(ptr: *const T, len: usize, what: &str) -> Outcome<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() || !ptr.is_aligned() {
        return Err(null(what));
    }
    if len
        .checked_mul(std::mem::size_of::<T>())
        .is_none_or(|n| n > isize::MAX as usize)
    {
        return Err(invalid(format!(
            "`{what}`: {len} values are larger than any object"
        )));
    }
    // SAFETY: non-NULL, aligned, the size fits in isize, and the caller promises `len` values.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// The `len` writable bytes at `ptr` (a caller's buffer).
///
/// # Safety
/// Unless `len` is 0, `ptr` is NULL or points to `len` writable bytes that nothing else uses
/// while `'a` lives.
pub(crate) unsafe fn bytes_mut<'a>(ptr: *mut u8, len: usize, what: &str) -> Outcome<&'a mut [u8]> {
    if len == 0 {
        return Ok(&mut []);
    }
    if ptr.is_null() {
        return Err(null(what));
    }
    if len > isize::MAX as usize {
        return Err(invalid(format!(
            "`{what}`: a length of {len} bytes is larger than any object"
        )));
    }
    // SAFETY: non-NULL, `len` fits in isize, and the caller promises `len` writable bytes.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}

/// The UTF-8 string of `len` bytes at `ptr`.
///
/// # Safety
/// As [`bytes`].
pub(crate) unsafe fn string<'a>(ptr: *const c_char, len: usize, what: &str) -> Outcome<&'a str> {
    // SAFETY: the caller's contract is `bytes`'s.
    let bytes = unsafe { bytes(ptr.cast(), len, what) }?;
    std::str::from_utf8(bytes).map_err(|e| {
        PigmentError::new(
            PIGMENT_ERROR_INVALID_UTF8,
            format!("`{what}` is not UTF-8: {e}"),
        )
    })
}

/// Where a result goes: a checked, aligned, non-NULL out-pointer.
pub(crate) struct Out<T> {
    ptr: *mut T,
}

impl<T> Out<T> {
    /// Checks `ptr` and stores `empty` there at once, so that the caller reads a defined value
    /// (NULL, zeroes) whenever the call then fails.
    ///
    /// # Safety
    /// `ptr` is NULL or points to writable memory for a `T`.
    pub(crate) unsafe fn new(ptr: *mut T, empty: T, what: &str) -> Outcome<Out<T>> {
        if ptr.is_null() || !ptr.is_aligned() {
            return Err(null(what));
        }
        // SAFETY: non-NULL, aligned and writable by the caller's contract; `T` is a plain C type
        // (pointer or repr(C) struct of scalars), so nothing is dropped by overwriting.
        unsafe { ptr.write(empty) };
        Ok(Out { ptr })
    }

    /// Stores the result.
    pub(crate) fn set(self, value: T) {
        // SAFETY: checked in `new`, whose caller promised the memory stays writable for the call.
        unsafe { self.ptr.write(value) }
    }
}

/// Stores `value` in `*ptr` unless `ptr` is NULL (an optional out-parameter).
///
/// # Safety
/// `ptr` is NULL or points to writable memory for a `T`.
pub(crate) unsafe fn store_optional<T>(ptr: *mut T, value: T) {
    if !ptr.is_null() && ptr.is_aligned() {
        // SAFETY: non-NULL, aligned and writable by the caller's contract.
        unsafe { ptr.write(value) }
    }
}

/// Hands `value` to C as an owned pointer.
pub(crate) fn into_raw<T>(value: T) -> *mut T {
    Box::into_raw(Box::new(value))
}

/// Frees an object that [`into_raw`] handed out (NULL is ignored); no panic escapes a drop.
///
/// # Safety
/// `ptr` is NULL or came from [`into_raw`] (or `Box::into_raw`) for this `T`, and is freed once.
pub(crate) unsafe fn free<T>(ptr: *mut T) {
    if ptr.is_null() {
        return;
    }
    // SAFETY: made by `Box::into_raw` for this `T` and not yet freed, by the caller's contract.
    let owned = unsafe { Box::from_raw(ptr) };
    // A drop that panics is caught here; the memory it held is lost, never reused.
    let _ = catch_unwind(AssertUnwindSafe(move || drop(owned)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::PIGMENT_ERROR_PANIC;
    use crate::error_calls::{pigment_error_code, pigment_error_free};

    #[test]
    fn a_panic_becomes_an_error_with_its_message() {
        let error = guard(|| panic!("boom"));
        // SAFETY: `guard` returned a live error.
        let status = unsafe { pigment_error_code(error) };
        assert_eq!(status, PIGMENT_ERROR_PANIC);
        // SAFETY: live and not yet freed.
        let message = unsafe { (*error).message_for_test() };
        assert!(message.contains("boom"), "{message}");
        // SAFETY: freed once.
        unsafe { pigment_error_free(error) };
        assert_eq!(guard_value(7, || panic!("boom")), 7);
    }

    #[test]
    fn lengths_and_encodings_are_checked() {
        // SAFETY: NULL with length 0 is the empty slice; the other pointers are not read.
        unsafe {
            assert_eq!(string(std::ptr::null(), 0, "s").unwrap(), "");
            assert_eq!(
                string(std::ptr::null(), 3, "s").unwrap_err().status(),
                PIGMENT_ERROR_NULL_POINTER
            );
            let long = bytes(b"x".as_ptr(), usize::MAX, "b").unwrap_err();
            assert_eq!(long.status(), PIGMENT_ERROR_INVALID_ARGUMENT);
            let bad = [0xffu8, 0xfe];
            let error = string(bad.as_ptr().cast(), 2, "s").unwrap_err();
            assert_eq!(error.status(), PIGMENT_ERROR_INVALID_UTF8);
        }
    }
}
