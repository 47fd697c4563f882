//! The generated OpenGL bindings (see build.rs): a struct of function pointers plus the GL constants.

#![allow(
    clippy::all,
    clippy::pedantic,
    non_upper_case_globals,
    non_snake_case,
    dead_code,
    unused_imports
)]
#![allow(unsafe_op_in_unsafe_fn, missing_docs)]

include!(concat!(env!("OUT_DIR"), "/gl_bindings.rs"));
