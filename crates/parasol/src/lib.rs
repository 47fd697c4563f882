//! Parasol 0.11.3, the front end: lexer, parser, checker and the embedded standard library.
//!
//! The language is io7m's pure functional shading language; the spec is
//! `shared/specs/parasol-0.11.3.txt`, corrected by `shared/specs/parasol-notes.md` (what the reference
//! compiler, jparasol, does). Every rejection carries the reference compiler's error name as the
//! diagnostic's code, so that `FILE:LINE:COL: error[CODE]: message` can be compared with it.
//!
//! Entry point: [`check_sources`] parses user units with the standard library and checks them all.
//! [`lower::lower_fragment`] turns a checked fragment shader into the shading IR (scalars and
//! vectors so far); the GLSL back end (another crate) starts from the same IR.
#![forbid(unsafe_code)]

pub mod ast;
pub mod check;
pub mod lexer;
pub mod lower;
pub mod names;
pub mod parser;
pub mod stdlib;
pub mod versions;

pub use parser::parse;
use pigment_diag::{Diagnostic, SourceFiles};

/// Parses and checks user sources (name, text) together with the standard library. `internal`
/// parses the user units as the standard library is parsed (allowing `external`), as the reference
/// compiler's own tests do. Returns every unit (standard library first) and the diagnostics of the
/// first failing stage; no diagnostics means the program is well formed.
pub fn check_sources(
    files: &mut SourceFiles,
    sources: &[(String, String)],
    internal: bool,
) -> (Vec<ast::Unit>, Vec<Diagnostic>) {
    let (mut units, mut diags) = stdlib::units(files);
    for (name, text) in sources {
        let id = files.add(name.clone(), text.clone());
        let (unit, d) = parse(text, id, internal);
        units.push(unit);
        diags.extend(d);
    }
    if diags.is_empty() {
        diags = check::check(&units);
    }
    (units, diags)
}
