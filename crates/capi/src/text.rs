//! Text handed to C: UTF-8 bytes with a NUL after them (not counted in the length), so that a
//! caller may use either the explicit length or the C-string convention.

use std::ffi::c_char;

/// Owned bytes followed by one NUL byte.
#[derive(Debug)]
pub(crate) struct Text {
    bytes: Vec<u8>,
}

impl Text {
    /// `bytes` with a NUL appended.
    pub(crate) fn new(bytes: impl Into<Vec<u8>>) -> Text {
        let mut bytes = bytes.into();
        bytes.push(0);
        Text { bytes }
    }

    /// The first byte (valid while `self` lives).
    pub(crate) fn ptr(&self) -> *const c_char {
        self.bytes.as_ptr().cast()
    }

    /// The length without the NUL.
    pub(crate) fn len(&self) -> usize {
        self.bytes.len() - 1
    }
}

/// A pointer and length pair for an optional text: `(NULL, 0)` for none.
pub(crate) fn optional(text: Option<&Text>) -> (*const c_char, usize) {
    match text {
        Some(text) => (text.ptr(), text.len()),
        None => (std::ptr::null(), 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nul_follows_the_counted_bytes() {
        let text = Text::new("abc");
        assert_eq!(text.len(), 3);
        // SAFETY: `ptr` points at `len() + 1` initialised bytes owned by `text`.
        let all = unsafe { std::slice::from_raw_parts(text.ptr().cast::<u8>(), 4) };
        assert_eq!(all, b"abc\0");
        assert_eq!(optional(None), (std::ptr::null(), 0));
    }
}
