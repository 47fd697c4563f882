//! SGI's Interactive Shading Language (ISL), the front end: lexer, parser and checker.
//!
//! The language is described by `shared/specs/isl.txt` (SGI, April 2001, damaged in conversion), read
//! as `shared/specs/isl-notes.md` says. [`parse`] turns one file into an [`ast::Unit`];
//! [`check`] resolves names and enforces the class and type rules. Every problem is a located
//! [`Diagnostic`].
#![forbid(unsafe_code)]

pub mod ast;
pub mod lexer;
mod number;
pub mod parser;

use pigment_diag::{Diagnostic, FileId};

/// Parses one ISL file. Never panics; a syntax error is reported and parsing goes on.
pub fn parse(file: FileId, text: &str) -> (ast::Unit, Vec<Diagnostic>) {
    parser::parse(file, text)
}
