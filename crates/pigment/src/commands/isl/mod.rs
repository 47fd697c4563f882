//! ISL files (chosen by the `.isl` extension), the render command's ISL side (checking and
//! compiling ISL is the library's: `pigment::Session::compile`):
//! - `pigment render SURFACE.isl [--light ...]... [--atmosphere ...] [--param ...] [--uniform ...]
//!   [--texture ...] -o OUT.png` ([`render`]), the scene's lights and atmosphere resolved by
//!   [`scene`].
//!
//! Every file a command reads shares one set of sources, so diagnostics name the file they are in.

mod render;
mod scene;

pub use render::render;

use crate::failure::Failure;
use crate::load::read_source;
pub use pigment::compile::isl::shaders_of;
use pigment_diag::{Diagnostic, SourceFiles};
use pigment_isl::ast::Unit;
use std::path::Path;

/// The file read, parsed and checked, its diagnostics printed; the files and the unit when it
/// has no errors.
fn checked(path: &Path) -> Result<(SourceFiles, Unit), Failure> {
    let mut files = SourceFiles::new();
    let unit = checked_into(&mut files, path)?;
    Ok((files, unit))
}

/// [`checked`] into a set of files shared with other units (a scene's light files).
fn checked_into(files: &mut SourceFiles, path: &Path) -> Result<Unit, Failure> {
    let text = read_source(path)?;
    let file = files.add(path.display().to_string(), text.clone());
    let (unit, diags) = pigment_isl::parse_and_check(file, &text);
    print(files, &diags);
    if diags.iter().any(Diagnostic::is_error) {
        return Err(Failure::Rejected);
    }
    Ok(unit)
}

fn print(files: &SourceFiles, diags: &[Diagnostic]) {
    for d in diags {
        eprint!("{}", pigment_diag::render(files, d));
    }
}
