//! ISL files (chosen by the `.isl` extension), the commands' ISL side:
//! - `pigment check FILE.isl...` parses and checks each file (crates/isl) and prints one
//!   `FILE:LINE:COL: error: message` per problem, with the source line; exit 0 when every file is
//!   well formed, 1 otherwise.
//! - `pigment compile FILE.isl [--shader NAME] --target fp30 [-o DIR]` ([`compile`]).
//! - `pigment render SURFACE.isl [--light ...]... [--atmosphere ...] [--param ...] [--uniform ...]
//!   [--texture ...] -o OUT.png` ([`render`]), the scene's lights and atmosphere resolved by
//!   [`scene`].
//!
//! Every file a command reads shares one set of sources, so diagnostics name the file they are in.

mod compile;
mod render;
mod scene;

pub use compile::compile;
pub use render::render;

use crate::cli::CheckArgs;
use crate::failure::{CommandResult, Failure};
use crate::load::read_source;
use pigment_diag::{Diagnostic, SourceFiles};
use pigment_isl::ast::{FuncKind, Item, ShaderKind, Unit};
use std::path::Path;

/// Whether a path names an ISL file.
pub fn is_isl(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "isl")
}

/// `pigment check FILE.isl...`: every file checked, each problem printed.
pub fn check(args: &CheckArgs) -> CommandResult {
    if let Some(other) = args.units.iter().find(|u| !is_isl(u)) {
        return Err(Failure::Usage(format!(
            "`{}` is not an ISL file: `pigment check` takes `.isl` files together",
            other.display()
        )));
    }
    let mut files = SourceFiles::new();
    let mut rejected = false;
    for path in std::iter::once(&args.program).chain(&args.units) {
        match checked_into(&mut files, path) {
            Ok(_) => {}
            Err(Failure::Rejected) => rejected = true,
            Err(other) => return Err(other),
        }
    }
    if rejected {
        return Err(Failure::Rejected);
    }
    Ok(())
}

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

/// The names of `unit`'s shaders of the kinds `wanted` accepts, in file order.
fn shaders_of(unit: &Unit, wanted: impl Fn(ShaderKind) -> bool) -> Vec<&str> {
    unit.items
        .iter()
        .filter_map(|item| match item {
            Item::Func(f) if matches!(f.kind, FuncKind::Shader(kind, _) if wanted(kind)) => {
                Some(f.name.text.as_str())
            }
            _ => None,
        })
        .collect()
}
