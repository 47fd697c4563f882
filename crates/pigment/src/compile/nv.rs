//! NV_fragment_program sources: loaded by the machine's validator (every load rule of the spec),
//! their cgc header comments read for the reflection. Compiling one to fp30 gives the program
//! back as written, with its reflection.

use super::CompileRequest;
use crate::artifact::{Artifact, Code, Output, Reflection};
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::program::load_nv as load;
use crate::{Session, Target};
use pigment_ir::Stage;

pub(super) fn check(session: &Session, request: &CompileRequest) -> Result<Diagnostics> {
    load(session, &request.source).map(|(_, warnings)| warnings)
}

pub(super) fn compile(session: &Session, request: &CompileRequest) -> Result<Artifact> {
    if request.target != Target::Fp30 {
        return Err(Error::Request(format!(
            "an NV_fragment_program is already fp30's language: compile it to `fp30`, not `{}`",
            request.target
        )));
    }
    let (loaded, warnings) = load(session, &request.source)?;
    let name = std::path::Path::new(&request.source)
        .file_name()
        .map_or("program.fp".into(), |n| n.to_string_lossy().into_owned());
    Ok(Artifact {
        outputs: vec![Output {
            name,
            stage: Some(Stage::Fragment),
            code: Code::Text(session.source(&request.source)?.to_string()),
            reflection: Some(Reflection::fp30(&loaded.interface)),
        }],
        warnings,
    })
}
