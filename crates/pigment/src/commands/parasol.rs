//! `pigment render FILE.p... --program package.Module.name`: a Parasol program's vertex shader
//! run per vertex of the reference quad, its fragment shader on the machine. (Checking and
//! compiling Parasol is the library's: `pigment::Session::compile`.)

use crate::cli::RenderArgs;
use crate::failure::{CommandResult, Failure};
use crate::load::read_source;
use pigment_diag::{Diagnostic, SourceFiles};
use std::path::{Path, PathBuf};

/// Whether a path names a Parasol unit.
pub fn is_parasol(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "p")
}

type Units = (SourceFiles, Vec<pigment_parasol::ast::Unit>);

/// Reads and checks the units, printing the diagnostics; the files and units when there are no
/// errors.
fn checked(first: &Path, rest: &[PathBuf]) -> Result<Units, Failure> {
    let mut sources = Vec::new();
    for path in std::iter::once(first).chain(rest.iter().map(PathBuf::as_path)) {
        sources.push((path.display().to_string(), read_source(path)?));
    }
    let mut files = SourceFiles::new();
    let (units, diags) = pigment_parasol::check_sources(&mut files, &sources, false);
    print(&files, &diags);
    if diags.iter().any(Diagnostic::is_error) {
        return Err(Failure::Rejected);
    }
    Ok((files, units))
}

fn print(files: &SourceFiles, diags: &[Diagnostic]) {
    for d in diags {
        eprint!("{}", pigment_diag::render(files, d));
    }
}

/// The attribute a Parasol program's vertex input gets in `pigment render`, by its place among the
/// vertex shader's inputs: position, texture coordinate, colour and second coordinate set of the
/// reference quad (vertex_quad.rs gives their values), (0, 0, 0, 1) after that.
fn parasol_attribute(
    func: &pigment_ir::Function,
    input: &pigment_ir::Input,
    s: f32,
    t: f32,
) -> [f32; 4] {
    const ORDER: [&str; 4] = ["POSITION", "TEXCOORD0", "COLOR0", "TEXCOORD1"];
    let place = func.inputs.iter().position(|(_, i)| i.name == input.name);
    let semantic = place.and_then(|k| ORDER.get(k)).copied();
    crate::commands::vertex_quad::attribute(semantic, s, t)
}

/// `pigment render FILE.p... --program pkg.M.name -o OUT.png`: the program's vertex shader run per
/// vertex of the quad, its fragment shader compiled for fp30 and run on the machine.
pub fn render(args: &RenderArgs) -> CommandResult {
    let Some(program) = &args.parasol_program else {
        return Err(Failure::Usage(
            "rendering Parasol needs `--program package.Module.name`".into(),
        ));
    };
    let (files, units) = checked(&args.program, &args.units)?;
    let rejected = |errors: &[Diagnostic]| {
        print(&files, errors);
        Failure::Rejected
    };
    let (vertex, fragment) =
        pigment_parasol::lower::lower_program(&units, program).map_err(|d| rejected(&[d]))?;
    let loaded = crate::commands::render::compile_function(fragment, rejected)?;
    crate::commands::render_stages::render_through(args, &vertex, &loaded, &|input, s, t| {
        parasol_attribute(&vertex, input, s, t)
    })
}
