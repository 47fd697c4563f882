//! The Cg front end for the commands that still drive it themselves (`render --vertex-entry`,
//! `preset`): options from the command line, diagnostics to stderr, errors placed in the user's
//! files by the library ([`pigment::compile::cg::in_user_files`]).

use crate::cli::CgArgs;
use crate::failure::Failure;
use crate::load::{print_diagnostics, read_source};
use pigment_cg::driver::{self, FrontEnd, Options};
use pigment_diag::Diagnostic;
use std::path::Path;

/// The front end's options from `-I`, `-D`, `-U`, `--entry` and `--profile`.
pub fn front_end_options(args: &CgArgs) -> Result<Options, Failure> {
    pigment::compile::cg::fp30_profile_named(Some(&args.profile))
        .map_err(crate::failure::from_library)?;
    Ok(Options {
        include_dirs: args.include_dirs.clone(),
        defines: crate::commands::compile::defines(&args.defines),
        undefines: args.undefines.clone(),
        entry: args.entry.clone(),
        profile: args.profile.clone(),
        stage: None,
    })
}

/// Reads, preprocesses, parses and checks `path`, printing every diagnostic.
pub fn run_front_end_with(path: &Path, options: &Options) -> Result<FrontEnd, Failure> {
    let text = read_source(path)?;
    let front = driver::run(&path.display().to_string(), text, options);
    print_diagnostics(&front.files, &front.diagnostics);
    Ok(front)
}

/// Runs the front end and lowers the checked program to the shading IR.
pub fn lower_cg_with(
    path: &Path,
    options: &Options,
) -> Result<(FrontEnd, pigment_ir::Module), Failure> {
    let front = run_front_end_with(path, options)?;
    let Some(checked) = front.checked.as_ref().filter(|_| !front.has_errors()) else {
        return Err(Failure::Rejected);
    };
    let module = pigment_cg::lower::lower(&front.unit, checked, front.expanded)
        .map_err(|errors| reject(&front, &options.entry, errors))?;
    Ok((front, module))
}

/// Runs the front end with the command line's options and lowers the program.
pub fn lower_cg(path: &Path, args: &CgArgs) -> Result<(FrontEnd, pigment_ir::Module), Failure> {
    lower_cg_with(path, &front_end_options(args)?)
}

/// Compiles the Cg program at `path` for fp30, printing every diagnostic (warnings included);
/// errors make it [`Failure::Rejected`].
pub fn compile_cg(path: &Path, args: &CgArgs) -> Result<pigment_fp30::Compiled, Failure> {
    let (front, module) = lower_cg(path, args)?;
    let options = pigment_fp30::Options {
        fast_math: !args.no_fast_math,
        ..pigment_fp30::Options::default()
    };
    pigment_fp30::compile(&module, &args.entry, &options)
        .map_err(|errors| reject(&front, &args.entry, errors))
}

/// Prints `errors` (located in the preprocessed text) in the user's files.
pub fn reject(front: &FrontEnd, entry: &str, errors: Vec<Diagnostic>) -> Failure {
    let placed = pigment::compile::cg::in_user_files(front, entry, errors);
    print_diagnostics(&front.files, &placed);
    Failure::Rejected
}
