//! Parasol 0.11.3, the front end: lexer, parser, checker and the embedded standard library.
//!
//! The language is io7m's pure functional shading language; the spec is
//! `shared/specs/parasol-0.11.3.txt`, corrected by `shared/specs/parasol-notes.md` (what the reference
//! compiler, jparasol, does). Every rejection carries the reference compiler's error name as the
//! diagnostic's code, so that `FILE:LINE:COL: error[CODE]: message` can be compared with it.
#![forbid(unsafe_code)]

pub mod ast;
pub mod lexer;
pub mod parser;

pub use parser::parse;
