//! SGI's Interactive Shading Language (ISL), the front end: lexer, parser, checker and lowering.
//!
//! The language is described by `shared/specs/isl.txt` (SGI, April 2001, damaged in conversion), read
//! as `shared/specs/isl-notes.md` says. [`parse`] turns one file into an [`ast::Unit`];
//! [`check()`] resolves names and enforces the class and type rules. Every problem is a located
//! [`Diagnostic`]. [`lower_surface`] lowers a checked surface shader into one Pigment IR fragment
//! function, [`lower_surface_lit`] the same lit by light shader instances ([`Light`]);
//! [`quad_vertex`] is the vertex function that draws it on the reference quad. The front end
//! stands beside Cg's and Parasol's, over the IR alone; splitting a lowered function too large for
//! one fp30 program into passes is a layer above it (`pigment-multipass`).
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
/// stored to `COLOR`. The same as [`lower_surface_lit`] with no lights: `ambient()`, `diffuse()`
/// and `specular(e)` are then empty sums, (0, 0, 0, 1). An absent or non-surface `shader`, and
/// what cannot be lowered (parameter maths without an IR form), are errors; it never panics.
pub fn lower_surface(
    unit: &ast::Unit,
    shader: &str,
) -> Result<pigment_ir::Function, Vec<Diagnostic>> {
    lower_surface_lit(unit, shader, &[])
}

/// A light shader instance of the scene: the checked unit holding it, the light shader's name
/// (an `ambientlight`, `distantlight` or `pointlight`), and the instance name that prefixes its
/// IR uniforms (`<name>$<formal>` for its parameters, `<name>$shadermatrix` for its matrix).
#[derive(Clone, Debug)]
pub struct Light<'u> {
    pub unit: &'u ast::Unit,
    pub shader: String,
    pub name: String,
}

/// Lowers the surface shader `shader` of a checked unit as [`lower_surface`] does, lit by
/// `lights`: each light shader is lowered inline (its FB starts as (0, 0, 0, 0); its result is
/// its colour), and `ambient()`, `diffuse()` and `specular(e)` sum them per pixel from the normal
/// N (input `TEXCOORD1`) and the position P (input `TEXCOORD2`) as `isl-notes.md`'s "Lights"
/// says; each sum is clamped to [0, 1] and has alpha 1. An instance name that is empty, used
/// twice or holds anything but ASCII letters, digits and `_`, and a shader that is absent or not
/// a light, are errors.
pub fn lower_surface_lit(
    unit: &ast::Unit,
    shader: &str,
    lights: &[Light],
) -> Result<pigment_ir::Function, Vec<Diagnostic>> {
    lower::lower_surface_lit(unit, shader, lights, &[])
}

/// [`lower_surface_lit`] with `uniforms` overriding the initialisers of the surface shader's
/// `uniform` formals and its file's `uniform` globals, by name: `(NAME, VALUE)`, the value a
/// float's number, a colour's 3 (alpha 1) or 4 numbers, a matrix's 16 row by row (all separated
/// by commas), or a string's text. A value that does not fit its type, and a name that sets
/// nothing, are errors.
pub fn lower_surface_with(
    unit: &ast::Unit,
    shader: &str,
    lights: &[Light],
    uniforms: &[(String, String)],
) -> Result<pigment_ir::Function, Vec<Diagnostic>> {
    lower::lower_surface_lit(unit, shader, lights, uniforms)
}

/// The vertex function that draws a surface on the reference quad: `POSITION` and `TEXCOORD0` in
/// and out, plus the lights' geometry, the normal N = (0, 0, 1, 0) to `TEXCOORD1` and the position
/// P = `POSITION` to `TEXCOORD2`.
pub fn quad_vertex() -> pigment_ir::Function {
    lower::quad_vertex()
}
