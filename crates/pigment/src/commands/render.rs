//! `pigment render FILE`: a Cg program compiled for fp30 (through a vertex entry too with
//! `--vertex-entry`) or a Parasol program (`--program`), rendered by the library on the machine
//! as `pigment run` renders; an ISL surface on its scene (`isl/`).

use crate::cli::RenderArgs;
use crate::commands::run::render_request;
use crate::failure::CommandResult;
use crate::load::session_request;
use pigment::{Language, Target};

pub fn render(args: &RenderArgs) -> CommandResult {
    let language = match Language::from_path(&args.program) {
        Some(Language::Isl) => return crate::commands::isl::render(args),
        Some(Language::Parasol) => Language::Parasol,
        _ => Language::Cg,
    };
    let (session, mut request) =
        session_request(&args.program, &args.units, &args.cg, language, Target::Fp30)?;
    request.vertex_entry = match language {
        Language::Parasol => args.parasol_program.clone(),
        _ => args.vertex_entry.clone(),
    };
    render_request(&session, &request, &args.target, &args.program)
}
