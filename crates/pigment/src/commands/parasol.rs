//! `pigment check FILE.p...`: Parasol units (chosen by the `.p` extension) checked together with the
//! standard library; one `FILE:LINE:COL: error[CODE]: message` diagnostic per error on stderr.
//!
//! GLSL and fp30 output (`pigment compile FILE.p... --shader|--program`) hook in here once the
//! Parasol lowering (crates/parasol) and the GLSL back end exist.

use crate::cli::CheckArgs;
use crate::failure::{CommandResult, Failure};
use crate::load::read_source;
use pigment_diag::{render, SourceFiles};
use std::path::Path;

/// Whether a path names a Parasol unit.
pub fn is_parasol(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "p")
}

pub fn check(args: &CheckArgs) -> CommandResult {
    let mut sources = Vec::new();
    for path in std::iter::once(&args.program).chain(&args.units) {
        sources.push((path.display().to_string(), read_source(path)?));
    }
    let mut files = SourceFiles::new();
    let (_units, diags) = pigment_parasol::check_sources(&mut files, &sources, false);
    for d in &diags {
        eprint!("{}", render(&files, d));
    }
    if diags.iter().any(|d| d.is_error()) {
        Err(Failure::Rejected)
    } else {
        Ok(())
    }
}
