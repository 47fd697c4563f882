//! Reading a program file, loading it, and printing its diagnostics (the library does the work).

use crate::cli::Lang;
use crate::failure::Failure;
use std::path::Path;

pub use pigment::render::Loaded;

/// Reads and loads an NV_fragment_program file and its header comments, printing every diagnostic
/// (header warnings included) to stderr.
pub fn load_fragment_program(path: &Path) -> Result<Loaded, Failure> {
    let mut session = pigment::Session::new();
    let name = session
        .add_file(path)
        .map_err(crate::failure::from_library)?;
    let (loaded, warnings) =
        pigment::program::load_nv(&session, &name).map_err(crate::failure::from_library)?;
    crate::failure::print_entries(&warnings);
    Ok(loaded)
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

/// The command line's session (the disk open for includes, as a C compiler finds them; `-I`
/// directories searched) holding `program` and `units`, and a request for `target` naming them,
/// with `--entry` and the Cg front end's options.
pub fn session_request(
    program: &Path,
    units: &[std::path::PathBuf],
    cg: &crate::cli::CgArgs,
    language: pigment::Language,
    target: pigment::Target,
) -> Result<(pigment::Session, pigment::CompileRequest), Failure> {
    let mut session = pigment::Session::with_disk_access();
    for dir in &cg.include_dirs {
        session.add_search_path(dir);
    }
    let source = session
        .add_file(program)
        .map_err(crate::failure::from_library)?;
    let mut names = Vec::new();
    for unit in units {
        names.push(
            session
                .add_file(unit)
                .map_err(crate::failure::from_library)?,
        );
    }
    let mut request = pigment::CompileRequest::new(source, target)
        .language(language)
        .units(names)
        .entry(cg.entry.clone());
    request.cg = cg_options(cg);
    Ok((session, request))
}

/// The Cg front end's options from `--profile`, `-D`, `-U` and `--nofastmath`.
fn cg_options(args: &crate::cli::CgArgs) -> pigment::CgOptions {
    pigment::CgOptions {
        profile: Some(args.profile.clone()),
        defines: defines(&args.defines),
        undefines: args.undefines.clone(),
        fast_math: !args.no_fast_math,
    }
}

/// `-D NAME` and `-D NAME=VALUE`.
fn defines(defines: &[String]) -> Vec<(String, Option<String>)> {
    defines
        .iter()
        .map(|d| match d.split_once('=') {
            Some((name, value)) => (name.to_string(), Some(value.to_string())),
            None => (d.clone(), None),
        })
        .collect()
}
