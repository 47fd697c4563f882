//! Running the Cg front end for a command: options from the command line, diagnostics to stderr.

use crate::cli::CgArgs;
use crate::failure::Failure;
use crate::load::{print_diagnostics, read_source};
use pigment_cg::driver::{self, FrontEnd, Options};
use std::path::Path;

/// The front end's options from `-I`, `-D`, `-U`, `--entry` and `--profile`.
pub fn front_end_options(args: &CgArgs) -> Result<Options, Failure> {
    if args.profile != "fp30" {
        return Err(Failure::Usage(format!(
            "profile `{}` is not supported (supported: fp30)",
            args.profile
        )));
    }
    let defines = args
        .defines
        .iter()
        .map(|d| match d.split_once('=') {
            Some((name, value)) => (name.to_string(), Some(value.to_string())),
            None => (d.clone(), None),
        })
        .collect();
    Ok(Options {
        include_dirs: args.include_dirs.clone(),
        defines,
        undefines: args.undefines.clone(),
        entry: args.entry.clone(),
        profile: args.profile.clone(),
        stage: None,
    })
}

/// Reads, preprocesses, parses and checks `path`, printing every diagnostic.
pub fn run_front_end(path: &Path, args: &CgArgs) -> Result<FrontEnd, Failure> {
    run_front_end_with(path, &front_end_options(args)?)
}

/// [`run_front_end`] with the front end's options given whole (another entry, profile or stage).
pub fn run_front_end_with(path: &Path, options: &Options) -> Result<FrontEnd, Failure> {
    let text = read_source(path)?;
    let front = driver::run(&path.display().to_string(), text, options);
    print_diagnostics(&front.files, &front.diagnostics);
    Ok(front)
}
