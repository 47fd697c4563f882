//! `pigment render FILE.cg --vertex-entry V --entry F`: the reference quad drawn through both
//! stages. The vertex entry is checked for a vertex profile (vp40's rules), lowered, and run per
//! vertex in the IR interpreter (`vertex_quad.rs`); the rasterizer interpolates its outputs,
//! perspective-correct, into the attribute registers of the fragment entry, which is compiled for
//! fp30 and run on the NV_fragment_program machine as `pigment render` does without a vertex entry.
//!
//! `--param` serves both stages: a name the vertex program has sets its uniform there, and goes to
//! the fragment program too when its interface knows the name (libretro's `IN.video_size` is
//! in both); a name neither knows is the fragment side's usual warning.

use crate::cgfront::front_end_options;
use crate::cli::{BindingArgs, CgArgs, RenderArgs};
use crate::commands::compile::{compile_cg, reject};
use crate::commands::run::render_with;
use crate::commands::vertex_quad::{run_quad_vertices, uniform_values};
use crate::failure::{CommandResult, Failure};
use crate::load::{print_diagnostics, read_source, Loaded};
use nvfp::raster::{rasterize_strip, QuadBatch};
use nvfp::render::shade;
use pigment_diag::FileId;
use pigment_ir::{Handle, Module, Stage};
use std::path::Path;

/// The profile whose rules the vertex entry is checked by: NV_vertex_program3's, which has the
/// explicit-LOD lookups.
const VERTEX_PROFILE: &str = "vp40";

pub fn render_two_stages(args: &RenderArgs, vertex_entry: &str) -> CommandResult {
    let vertex = lower_vertex(&args.program, &args.cg, vertex_entry)?;
    let func = &vertex.functions[Handle::from_index(0)];
    let compiled = compile_cg(&args.program, &args.cg)?;
    let program = nvfp::validate::load(&compiled.program, FileId(0)).map_err(|errors| {
        let messages: Vec<String> = errors.iter().map(|d| d.message.clone()).collect();
        Failure::Output(format!(
            "internal: the compiled program does not load: {}",
            messages.join("; ")
        ))
    })?;
    let loaded = Loaded {
        program,
        interface: compiled.interface,
    };
    let bindings = &args.target.bindings;
    let (uniforms, taken) = uniform_values(func, &bindings.params)?;
    let vertices = run_quad_vertices(func, &uniforms)?;
    let fragment_params = bindings
        .params
        .iter()
        .zip(&taken)
        .filter(|(p, &vertex_took)| !vertex_took || fragment_knows(&loaded, p))
        .map(|(p, _)| p.clone())
        .collect();
    let fragment_bindings = BindingArgs {
        locals: bindings.locals.clone(),
        params: fragment_params,
        textures: bindings.textures.clone(),
        filter: bindings.filter,
    };
    render_with(
        &loaded,
        &fragment_bindings,
        &args.target,
        &args.program,
        |shader, frame| {
            let mut batch = QuadBatch::default();
            rasterize_strip(&vertices, frame.width, frame.height, &mut batch);
            shade(shader, &batch, frame);
            Ok(())
        },
    )
}

/// Whether the fragment program's interface has the uniform a `--param NAME=...` names.
fn fragment_knows(loaded: &Loaded, param: &str) -> bool {
    let name = param.split_once('=').map_or(param, |(n, _)| n).trim();
    loaded
        .interface
        .parameter_slots(name)
        .is_ok_and(|slots| !slots.is_empty())
}

/// Checks `entry` of `path` as a vertex program and lowers it to a module holding its function.
pub fn lower_vertex(path: &Path, cg: &CgArgs, entry: &str) -> Result<Module, Failure> {
    let mut options = front_end_options(cg)?;
    options.entry = entry.to_string();
    options.profile = VERTEX_PROFILE.to_string();
    options.stage = Some(Stage::Vertex);
    let text = read_source(path)?;
    let front = pigment_cg::driver::run(&path.display().to_string(), text, &options);
    print_diagnostics(&front.files, &front.diagnostics);
    let checked = match front.checked.as_ref() {
        Some(c) if !front.has_errors() => c,
        _ => return Err(Failure::Rejected),
    };
    pigment_cg::lower::lower(&front.unit, checked, front.expanded)
        .map_err(|errors| reject(&front, entry, errors))
}
