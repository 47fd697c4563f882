//! SGI's Interactive Shading Language (ISL), the front end: lexer, parser and checker.
//!
//! The language is described by `shared/specs/isl.txt` (SGI, April 2001, damaged in conversion), read
//! as `shared/specs/isl-notes.md` says. [`parse`] turns one file into an [`ast::Unit`];
//! [`check`] resolves names and enforces the class and type rules. Every problem is a located
//! [`Diagnostic`].
#![forbid(unsafe_code)]

pub mod ast;
pub mod check;
pub mod lexer;
mod number;
pub mod parser;

use pigment_diag::{Diagnostic, FileId};

/// Parses one ISL file. Never panics; a syntax error is reported and parsing goes on.
pub fn parse(file: FileId, text: &str) -> (ast::Unit, Vec<Diagnostic>) {
    parser::parse(file, text)
}

/// Checks a parsed file: names, scopes, classes and types. No diagnostics means the program is
/// well formed.
pub fn check(unit: &ast::Unit) -> Vec<Diagnostic> {
    check::check(unit)
}

/// Parses and, if it parsed cleanly, checks one file: every diagnostic of the first failing stage.
pub fn parse_and_check(file: FileId, text: &str) -> (ast::Unit, Vec<Diagnostic>) {
    let (unit, diags) = parse(file, text);
    if !diags.is_empty() {
        return (unit, diags);
    }
    let diags = check(&unit);
    (unit, diags)
}
