//! A program on the machine: an NV_fragment_program as the validator loads it, with what its
//! cgc header comments say about its bindings. Compiling (NV sources, fp30 output) and rendering
//! both make them, so they live below both.

use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::Session;
use nvfp::program::Program;
use pigment_diag::SourceFiles;
use pigment_fp30::header::ProgramInterface;

/// A program on the machine, with what its header comments (`#var`, `#default`, ...) say about
/// its bindings (empty for a program without them).
pub struct Loaded {
    /// The program as the machine runs it.
    pub program: Program,
    /// The header's description of its bindings.
    pub interface: ProgramInterface,
}

/// A compiled fp30 program loaded on the machine with its interface.
pub fn load_compiled(compiled: pigment_fp30::Compiled) -> Result<Loaded> {
    let program =
        nvfp::validate::load(&compiled.program, pigment_diag::FileId(0)).map_err(|errors| {
            let messages: Vec<String> = errors.iter().map(|d| d.message.clone()).collect();
            Error::Internal(format!(
                "internal: the compiled program does not load: {}",
                messages.join("; ")
            ))
        })?;
    Ok(Loaded {
        program,
        interface: compiled.interface,
    })
}

/// Loads the session's source `name` as an NV_fragment_program, with the header's warnings.
pub fn load_nv(session: &Session, name: &str) -> Result<(Loaded, Diagnostics)> {
    let mut files = SourceFiles::new();
    let file = files.add(name.to_string(), session.source(name)?.to_string());
    let (interface, header_warnings) = pigment_fp30::header::parse(files.text(file), file);
    let mut warnings = Diagnostics::new();
    warnings.extend(&files, &header_warnings);
    match nvfp::validate::load_text(files.text(file), file) {
        Ok(program) => Ok((Loaded { program, interface }, warnings)),
        Err(errors) => {
            warnings.extend(&files, &errors);
            Err(Error::Rejected(warnings))
        }
    }
}
