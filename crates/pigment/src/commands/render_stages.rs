//! `pigment render FILE.cg --vertex-entry V --entry F`: the reference quad drawn through both
//! stages. The vertex entry is checked for a vertex profile (vp40's rules), lowered, and run per
//! vertex in the IR interpreter (`vertex_quad.rs`); the rasterizer interpolates its outputs,
//! perspective-correct, into the attribute registers of the fragment entry, which is compiled for
//! fp30 and run on the NV_fragment_program machine as `pigment render` does without a vertex entry.
//!
//! `--param` and `--tex` serve both stages: a name the vertex program has sets its uniform (binds
//! its sampler) there, and goes to the fragment program too when its interface knows the name
//! (libretro's `IN.video_size` is in both); a name neither knows is the fragment side's usual
//! warning.

use crate::cgfront::front_end_options;
use crate::cgfront::lower_cg_with;
use crate::cli::{BindingArgs, CgArgs, RenderArgs};
use crate::commands::render::compile_and_load;
use crate::commands::run::{shade_with_units, write_frame};
use crate::commands::vertex_quad::{attribute, run_quad_vertices_with, uniform_values};

use crate::failure::{CommandResult, Failure};
use crate::load::Loaded;
use nvfp::raster::{rasterize_strip, QuadBatch};
use nvfp::render::shade;
use pigment_ir::{Handle, Module, Stage};
use std::path::Path;

/// The profile whose rules the vertex entry is checked by: NV_vertex_program3's, which has the
/// explicit-LOD lookups.
const VERTEX_PROFILE: &str = "vp40";

pub fn render_two_stages(args: &RenderArgs, vertex_entry: &str) -> CommandResult {
    let vertex = lower_vertex(&args.program, &args.cg, vertex_entry)?;
    let func = &vertex.functions[Handle::from_index(0)];
    let loaded = compile_and_load(args)?;
    render_through(args, func, &loaded, &|input, s, t| {
        attribute(input.semantic.as_deref(), s, t)
    })
}

/// Renders `loaded` (a fragment program on the machine) behind the vertex function `func`, run per
/// vertex of the quad with the attributes `attribute(input, s, t)` gives.
pub fn render_through(
    args: &RenderArgs,
    func: &pigment_ir::Function,
    loaded: &Loaded,
    attribute: &dyn Fn(&pigment_ir::Input, f32, f32) -> [f32; 4],
) -> CommandResult {
    render_through_with(args, func, loaded, &[], attribute)
}

/// [`render_through`] with textures the caller made bound for the fragment program.
pub fn render_through_with(
    args: &RenderArgs,
    func: &pigment_ir::Function,
    loaded: &Loaded,
    units: &[(u8, nvfp::texture::Texture)],
    attribute: &dyn Fn(&pigment_ir::Input, f32, f32) -> [f32; 4],
) -> CommandResult {
    let frame = shade_through(args, func, loaded, units, attribute)?;
    write_frame(&frame, &args.target, &args.program)
}

/// The frame [`render_through_with`] shades, not written anywhere (a pass the next one reads).
pub fn shade_through(
    args: &RenderArgs,
    func: &pigment_ir::Function,
    loaded: &Loaded,
    units: &[(u8, nvfp::texture::Texture)],
    attribute: &dyn Fn(&pigment_ir::Input, f32, f32) -> [f32; 4],
) -> Result<nvfp::render::Framebuffer, Failure> {
    let bindings = &args.target.bindings;
    let (uniforms, params_taken) = uniform_values(func, &bindings.params)?;
    let (mut textures, textures_taken) = crate::commands::vertex_textures::bind(func, bindings)?;
    let vertices = run_quad_vertices_with(func, &uniforms, &mut textures, attribute)?;
    let fragment_bindings = fragment_bindings(bindings, loaded, &params_taken, &textures_taken);
    shade_with_units(
        loaded,
        &fragment_bindings,
        units,
        &args.target,
        |shader, frame| {
            let mut batch = QuadBatch::default();
            rasterize_strip(&vertices, frame.width, frame.height, &mut batch);
            shade(shader, &batch, frame);
            Ok(())
        },
    )
}

/// The bindings for the fragment program: those the vertex program did not take, and those it took
/// that the fragment program's interface names too.
fn fragment_bindings(
    bindings: &BindingArgs,
    loaded: &Loaded,
    params_taken: &[bool],
    textures_taken: &[bool],
) -> BindingArgs {
    let keep = |items: &[String], taken: &[bool], knows: &dyn Fn(&str) -> bool| -> Vec<String> {
        items
            .iter()
            .zip(taken)
            .filter(|(item, &vertex_took)| !vertex_took || knows(item))
            .map(|(item, _)| item.clone())
            .collect()
    };
    BindingArgs {
        locals: bindings.locals.clone(),
        params: keep(&bindings.params, params_taken, &|p| {
            fragment_knows(loaded, p)
        }),
        textures: keep(&bindings.textures, textures_taken, &|t| {
            fragment_has_sampler(loaded, t)
        }),
        filter: bindings.filter,
    }
}

/// Whether the fragment program's interface has the uniform a `--param NAME=...` names.
fn fragment_knows(loaded: &Loaded, param: &str) -> bool {
    let name = param.split_once('=').map_or(param, |(n, _)| n);
    pigment::render::stages::fragment_knows(loaded, name)
}

/// Whether a `--tex NAME=...` is for the fragment program too: a unit number, or a sampler its
/// interface names.
fn fragment_has_sampler(loaded: &Loaded, binding: &str) -> bool {
    let name = binding.split_once('=').map_or(binding, |(n, _)| n).trim();
    name.parse::<u32>().is_ok() || loaded.interface.sampler_unit(name).is_ok()
}

/// Checks `entry` of `path` as a vertex program and lowers it to a module holding its function.
pub fn lower_vertex(path: &Path, cg: &CgArgs, entry: &str) -> Result<Module, Failure> {
    let mut options = front_end_options(cg)?;
    options.entry = entry.to_string();
    options.profile = VERTEX_PROFILE.to_string();
    options.stage = Some(Stage::Vertex);
    lower_cg_with(path, &options).map(|(_, module)| module)
}
