//! `pigment render PROGRAM.cg`: compile a Cg program for fp30 (as `pigment compile` does), load the
//! result on the NV_fragment_program machine and render the reference quad with it (as `pigment
//! run` does). The compiled program's interface lets `--param` and `--tex` use Cg names. With
//! `--vertex-entry` the quad is drawn through a vertex program as well (`render_stages.rs`); a
//! Parasol unit renders a `--program` (`parasol.rs`).

use crate::cgfront::compile_cg;
use crate::cli::RenderArgs;
use crate::commands::run::render_loaded;
use crate::failure::{CommandResult, Failure};
use crate::load::Loaded;

pub fn render(args: &RenderArgs) -> CommandResult {
    if crate::commands::isl::is_isl(&args.program) {
        return crate::commands::isl::render(args);
    }
    if crate::commands::parasol::is_parasol(&args.program) {
        return crate::commands::parasol::render(args);
    }
    if let Some(vertex_entry) = &args.vertex_entry {
        return crate::commands::render_stages::render_two_stages(args, vertex_entry);
    }
    let loaded = compile_and_load(args)?;
    render_loaded(&loaded, &args.target, &args.program)
}

/// The fragment entry compiled for fp30 and loaded on the machine.
pub fn compile_and_load(args: &RenderArgs) -> Result<Loaded, Failure> {
    load_compiled(compile_cg(&args.program, &args.cg)?)
}

/// A compiled fp30 program loaded on the machine with its interface.
pub fn load_compiled(compiled: pigment_fp30::Compiled) -> Result<Loaded, Failure> {
    pigment::render::load_compiled(compiled).map_err(crate::failure::from_library)
}

/// A fragment function (a front end's, lowered) compiled for fp30 and loaded on the machine; the
/// compiler's errors go to `rejected`.
pub fn compile_function(
    fragment: pigment_ir::Function,
    rejected: impl FnOnce(&[pigment_diag::Diagnostic]) -> Failure,
) -> Result<Loaded, Failure> {
    let mut module = pigment_ir::Module::new();
    let entry = fragment.name.clone();
    module.functions.append(fragment);
    let compiled = pigment_fp30::compile(&module, &entry, &pigment_fp30::Options::default())
        .map_err(|e| rejected(&e))?;
    load_compiled(compiled)
}
