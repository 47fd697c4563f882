//! Pigment's C API: the library ([`pigment::Session`], [`pigment::CompileRequest`],
//! [`pigment::Artifact`], [`pigment::Diagnostics`], [`pigment::preset`]) behind `extern "C"` functions for C and C++
//! callers such as emulators. `include/pigment.h` is generated from this crate by cbindgen (a test
//! fails when the committed header is stale); `docs/c-api.md` gives the rules: ownership, threads,
//! the ABI version.
//!
//! Every entry point runs inside `boundary::guard`, so no panic crosses into C: it becomes a
//! [`PigmentError`] with the status [`PIGMENT_ERROR_PANIC`]. Every pointer and length from C is
//! checked before it is read; strings cross as UTF-8 with explicit lengths.
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]
#![deny(missing_docs)]

mod artifact;
mod boundary;
mod diagnostics;
mod diagnostics_calls;
mod error;
mod error_calls;
mod preset;
mod request;
mod session;
mod text;

pub use artifact::*;
pub use diagnostics::*;
pub use diagnostics_calls::*;
pub use error::*;
pub use error_calls::*;
pub use preset::*;
pub use request::*;
pub use session::*;

/// The version of the C ABI this library implements. It changes when a function, a constant or a
/// public struct's layout changes in a way an already compiled caller would notice; a caller
/// compares it with `pigment_abi_version()` at start-up.
pub const PIGMENT_ABI_VERSION: u32 = 1;

/// Pigment's version (`MAJOR.MINOR.PATCH`), NUL-terminated, in static storage: never freed.
#[no_mangle]
pub extern "C" fn pigment_version() -> *const std::ffi::c_char {
    // The version with its NUL, built at compile time: nothing here can panic.
    const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");
    VERSION.as_ptr().cast()
}

/// The ABI version the library was built with ([`PIGMENT_ABI_VERSION`] of its header).
#[no_mangle]
pub extern "C" fn pigment_abi_version() -> u32 {
    PIGMENT_ABI_VERSION
}
