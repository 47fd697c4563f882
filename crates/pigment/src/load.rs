//! Reading a program file, loading it, and printing its diagnostics.

use crate::cli::Lang;
use crate::failure::Failure;
use nvfp::program::Program;
use pigment_diag::{render, Diagnostic, SourceFiles};
use pigment_fp30::header::ProgramInterface;
use std::path::Path;

/// A program loaded from a file.
pub struct Loaded {
    pub program: Program,
    /// What the header comments (`#var`, `#default`, ...) say about the program's bindings; empty
    /// for a program without them.
    pub interface: ProgramInterface,
}

/// Reads `path`; an unreadable file is a usage error.
pub fn read_source(path: &Path) -> Result<String, Failure> {
    let bytes = std::fs::read(path)
        .map_err(|e| Failure::Usage(format!("cannot read `{}`: {e}", path.display())))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Reads and loads an NV_fragment_program file and its header comments, printing every diagnostic
/// (header warnings included) to stderr.
pub fn load_fragment_program(path: &Path) -> Result<Loaded, Failure> {
    let text = read_source(path)?;
    let mut files = SourceFiles::new();
    let file = files.add(path.display().to_string(), text);
    let (interface, warnings) = pigment_fp30::header::parse(files.text(file), file);
    print_diagnostics(&files, &warnings);
    match nvfp::validate::load_text(files.text(file), file) {
        Ok(program) => Ok(Loaded { program, interface }),
        Err(diagnostics) => {
            print_diagnostics(&files, &diagnostics);
            Err(Failure::Rejected)
        }
    }
}

pub fn print_diagnostics(files: &SourceFiles, diagnostics: &[Diagnostic]) {
    for d in diagnostics {
        eprint!("{}", render(files, d));
    }
}

/// Prints the library's diagnostics as rendered.
pub fn print_entries(diagnostics: &pigment::Diagnostics) {
    eprint!("{diagnostics}");
}

/// Prints a warning that has no source location.
pub fn warn(message: &str) {
    eprintln!("pigment: warning: {message}");
}

/// The language of a program: `--lang` if given, else by extension.
pub fn language_of(path: &Path, lang: Option<Lang>) -> Result<Lang, Failure> {
    if let Some(lang) = lang {
        return Ok(lang);
    }
    match path.extension().and_then(|e| e.to_str()) {
        Some("fp") => Ok(Lang::Fp),
        Some("cg" | "cgh") => Ok(Lang::Cg),
        _ => Err(Failure::Usage(format!(
            "cannot tell the language of `{}` from its extension (.fp, .cg, .cgh): use --lang",
            path.display()
        ))),
    }
}
