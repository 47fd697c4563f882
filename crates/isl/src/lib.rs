//! SGI's Interactive Shading Language (ISL), the front end: lexer, parser, checker and lowering.
//!
//! The language is described by `shared/specs/isl.txt` (SGI, April 2001, damaged in conversion), read
//! as `shared/specs/isl-notes.md` says. [`parse`] turns one file into an [`ast::Unit`];
//! [`check()`] resolves names and enforces the class and type rules. Every problem is a located
//! [`Diagnostic`]. [`lower_surface`] lowers a checked surface shader into one Pigment IR fragment
//! function; [`quad_vertex`] is the vertex function that draws it on the reference quad.
#![forbid(unsafe_code)]

pub mod ast;
pub mod check;
pub mod lexer;
mod lower;
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

/// Lowers the surface shader `shader` of a checked unit into one IR fragment function, by the
/// notes' rules: uniform code evaluated now (constants, `repeat` unrolled, uniform `if` decided,
/// functions inlined), `parameter` formals as IR uniforms named as the formal with its default,
/// `FB` read from the rectangle sampler `FB` at `WPOS.xy`, clamped by every FB operation and
/// stored to `COLOR`. An absent or non-surface `shader`, and what is not supported yet (lights,
/// `environment`, `project`, ...), are errors; it never panics.
pub fn lower_surface(
    unit: &ast::Unit,
    shader: &str,
) -> Result<pigment_ir::Function, Vec<Diagnostic>> {
    lower::lower_surface(unit, shader)
}

/// The vertex function that draws a surface on the reference quad (`POSITION` and `TEXCOORD0` in
/// and out).
pub fn quad_vertex() -> pigment_ir::Function {
    lower::quad_vertex()
}
