//! `pigment compile PROGRAM.cg`: preprocess (`-E`) or compile a Cg program.

use crate::cgfront::{front_end_options, run_front_end};
use crate::cli::CompileArgs;
use crate::failure::{CommandResult, Failure};
use crate::load::{print_diagnostics, read_source};
use pigment_cg::driver::preprocess_text;

pub fn compile(args: &CompileArgs) -> CommandResult {
    if args.preprocess_only {
        let text = read_source(&args.program)?;
        let options = front_end_options(&args.cg)?;
        let (files, _, preprocessed) =
            preprocess_text(&args.program.display().to_string(), text, &options);
        print_diagnostics(&files, &preprocessed.diagnostics);
        if pigment_diag::has_errors(&preprocessed.diagnostics) {
            return Err(Failure::Rejected);
        }
        return write_output(args, &preprocessed.text);
    }
    let front = run_front_end(&args.program, &args.cg)?;
    if front.has_errors() {
        return Err(Failure::Rejected);
    }
    Err(Failure::Output(format!(
        "compiling Cg to {} is not available yet: `pigment check` and `pigment compile -E` are",
        args.cg.profile
    )))
}

fn write_output(args: &CompileArgs, text: &str) -> CommandResult {
    match &args.output {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| Failure::Output(format!("cannot write `{}`: {e}", path.display()))),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}
