//! ISL files (chosen by the `.isl` extension): `pigment check FILE.isl` parses and checks one file
//! (crates/isl) and prints one `FILE:LINE:COL: error: message` per problem, with the source line;
//! exit 0 when the file is well formed, 1 otherwise.

use crate::cli::CheckArgs;
use crate::failure::{CommandResult, Failure};
use crate::load::read_source;
use pigment_diag::{Diagnostic, SourceFiles};
use std::path::Path;

/// Whether a path names an ISL file.
pub fn is_isl(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "isl")
}

pub fn check(args: &CheckArgs) -> CommandResult {
    if !args.units.is_empty() {
        return Err(Failure::Usage(
            "an ISL program is one file: give `pigment check` one `.isl` file".into(),
        ));
    }
    let text = read_source(&args.program)?;
    let mut files = SourceFiles::new();
    let file = files.add(args.program.display().to_string(), text.clone());
    let (_, diags) = pigment_isl::parse_and_check(file, &text);
    for d in &diags {
        eprint!("{}", pigment_diag::render(&files, d));
    }
    if diags.iter().any(Diagnostic::is_error) {
        return Err(Failure::Rejected);
    }
    Ok(())
}
