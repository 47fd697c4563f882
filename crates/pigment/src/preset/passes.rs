//! One pass of a preset compiled as `pigment render` compiles a two-stage Cg program: the fragment
//! entry `main_fragment` for fp30 (run by the JIT or the interpreter), the vertex entry
//! `main_vertex` lowered to the IR and run per corner of the quad with libretro's attributes. A
//! pass without `main_vertex` gets the pass-through vertex stage: texture coordinates (s, t) and
//! colour 1.

use crate::compile::{cg, CompileRequest};
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::render::bindings::bind_named;
use crate::render::vertex::{run_quad_vertices_with, uniform_values, UNSET};
use crate::render::{load_compiled, Executor, Loaded};
use crate::{Session, Severity, Target};
use nvfp::exec::Machine;
use nvfp::isa::{AttribReg, ATTRIB_COUNT};
use pigment_ir::interp::NoTextures;
use pigment_ir::{Function, Handle, Input, Module};
use pigment_preset::chain::{Bindings, PassProgram};
use pigment_preset::draw::{draw, Corner, Placement};
use std::time::Duration;

/// One pass compiled: its fragment program on the machine and, when it has one, its vertex
/// function.
pub(crate) struct CompiledPass {
    fragment: Loaded,
    /// The fragment program's executor, made once per pass.
    machine: Machine,
    vertex: Option<Module>,
    /// The JIT's compile time (`None`: the interpreter runs the pass).
    pub jit_compile: Option<Duration>,
}

/// What a pass that does not fit fp30 with its parameters as uniforms is compiled with.
#[derive(Clone, Copy)]
pub(crate) enum Fallback<'a> {
    /// The parameters fixed to these values (`pigment_preset::fixed`), as RetroArch would set them.
    Fixed(&'a [(String, f32)]),
    /// Without PARAMETER_UNIFORM: the shader's `#else` macros, as an NV30-era runtime would.
    ElseBranch,
}

/// The request for `entry` of the pass `shader`, with PARAMETER_UNIFORM defined or not.
pub(crate) fn pass_request(shader: &str, entry: &str, uniform_parameters: bool) -> CompileRequest {
    let mut request = CompileRequest::new(shader, Target::Fp30).entry(entry);
    if uniform_parameters {
        request
            .cg
            .defines
            .push(("PARAMETER_UNIFORM".to_string(), None));
    }
    request
}

/// Compiles pass `index` (its shader `shader`, held by `session`); `notes` gains what the
/// compile had to do (a fallback, the interpreter running instead of the JIT) and `warnings` the
/// compiler's warnings.
pub(crate) fn compile_pass(
    session: &Session,
    index: usize,
    shader: &str,
    executor: Executor,
    fallback: Fallback,
    notes: &mut Vec<String>,
    warnings: &mut Diagnostics,
) -> Result<CompiledPass> {
    let failed = |error: Error| match error {
        Error::Rejected(mut found) => {
            let message = format!("pass {index} (`{shader}`) does not compile");
            found.push_message(Severity::Error, message);
            Error::Rejected(found)
        }
        other => other,
    };
    // RetroArch compiles with PARAMETER_UNIFORM, which turns the shaders' `#pragma parameter`
    // values from macros into uniforms. Uniforms can cost registers that constants do not, so a
    // pass that does not fit so gets its parameters as constants: the chosen values, or (NV30) the
    // `#else` branch's.
    let mut uniform_parameters = true;
    let mut found = Diagnostics::new();
    let first = pass_request(shader, "main_fragment", true);
    let compiled = match (cg::compile_fragment(session, &first, &mut found), fallback) {
        (Ok(compiled), _) => compiled,
        (Err(_), Fallback::Fixed(values)) => {
            found = Diagnostics::new();
            compile_fixed(session, index, shader, values, notes, &mut found).map_err(failed)?
        }
        (Err(_), Fallback::ElseBranch) => {
            notes.push(format!(
                "pass {index} compiled again without PARAMETER_UNIFORM: its parameters keep \
                 their defaults"
            ));
            uniform_parameters = false;
            found = Diagnostics::new();
            let request = pass_request(shader, "main_fragment", false);
            cg::compile_fragment(session, &request, &mut found).map_err(failed)?
        }
    };
    warnings.append(found);
    let fragment = load_compiled(compiled)
        .map_err(|e| Error::Internal(format!("pass {index}'s program does not load: {e}")))?;
    let vertex_request = pass_request(shader, "main_vertex", uniform_parameters);
    let vertex = match defines_main_vertex(session, &vertex_request)? {
        true => {
            let mut found = Diagnostics::new();
            let lowered = cg::lower_vertex(session, &vertex_request, "main_vertex", &mut found)
                .map_err(failed)?;
            warnings.append(found);
            Some(lowered.module)
        }
        false => None,
    };
    let (machine, jit_compile, warning) = crate::render::machine(&fragment.program, executor);
    notes.extend(warning.map(|w| format!("pass {index}: {w}")));
    Ok(CompiledPass {
        fragment,
        machine,
        vertex,
        jit_compile,
    })
}

/// The pass's fragment entry with PARAMETER_UNIFORM and its parameter uniforms fixed to `values`.
fn compile_fixed(
    session: &Session,
    index: usize,
    shader: &str,
    values: &[(String, f32)],
    notes: &mut Vec<String>,
    found: &mut Diagnostics,
) -> Result<pigment_fp30::Compiled> {
    let request = pass_request(shader, "main_fragment", true);
    let mut lowered = cg::lower_fragment(session, &request, found)?;
    let names: Vec<&String> = values.iter().map(|(n, _)| n).collect();
    let mut fixed = Vec::new();
    let module = &mut lowered.module;
    for h in module.functions.handles().collect::<Vec<_>>() {
        fixed.extend(pigment_preset::fixed::fix_uniforms(
            &mut module.functions[h],
            values,
        ));
    }
    fixed.retain(|n| names.contains(&n));
    fixed.dedup();
    notes.push(format!(
        "pass {index} does not fit fp30 with its parameters as uniforms: compiled again with {} \
         fixed to their values",
        match fixed.is_empty() {
            true => "none".to_string(),
            false => fixed.join(", "),
        }
    ));
    cg::compile_fp30(&lowered, &request, "main_fragment", found)
}

/// Whether the preprocessed pass (its includes too) mentions `main_vertex`; a pass without one
/// gets the pass-through vertex stage.
pub(crate) fn defines_main_vertex(session: &Session, request: &CompileRequest) -> Result<bool> {
    let (text, _) = cg::preprocess(session, request)?;
    Ok(text.contains("main_vertex"))
}

/// The `#pragma parameter` lines of the pass `shader`, its includes' too (the preprocessed text,
/// PARAMETER_UNIFORM defined as RetroArch compiles; crt-royale's passes declare theirs in an
/// included header), each as written: the one reading of a pass's parameters that the chain's
/// values and the converter's declarations share. A pass that does not preprocess gives the lines
/// of its own text (its compile reports the problem).
pub(crate) fn parameter_lines(session: &Session, shader: &str) -> Result<Vec<String>> {
    let text = match cg::preprocess(session, &pass_request(shader, "main_fragment", true)) {
        Ok((text, _)) => text,
        Err(_) => session.read_text(shader)?,
    };
    let declares = |line: &&str| !pigment_preset::pragma::parameters(line).is_empty();
    Ok(text
        .lines()
        .map(str::trim)
        .filter(declares)
        .map(str::to_string)
        .collect())
}

impl PassProgram for CompiledPass {
    fn shade(
        &self,
        b: &Bindings,
        width: u32,
        height: u32,
    ) -> std::result::Result<Vec<[f32; 4]>, String> {
        let (corners, placement) = match &self.vertex {
            Some(module) => vertex_stage(&module.functions[Handle::from_index(0)], b)?,
            None => (pass_through(), Some(Placement::full())),
        };
        let Some(placement) = placement else {
            // A degenerate quad covers no pixel.
            return Ok(vec![[0.0; 4]; width as usize * height as usize]);
        };
        let bound = bind_named(&self.fragment, &b.uniforms, &b.samplers, b.source.clone());
        Ok(draw(
            &self.machine,
            &bound.params,
            &bound.textures,
            &corners,
            &placement,
            width,
            height,
        ))
    }
}

/// The corners in (s, t) = (0, 0), (1, 0), (0, 1), (1, 1) order.
const CORNERS: [(f32, f32); 4] = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)];

/// The pass-through vertex stage: f[TEX0] = (s, t, 0, 1), f[COL0] = 1.
fn pass_through() -> [Corner; 4] {
    CORNERS.map(|(s, t)| {
        let mut c: Corner = [UNSET; ATTRIB_COUNT];
        c[AttribReg::Tex(0).index()] = [s, t, 0.0, 1.0];
        c[AttribReg::Col0.index()] = [1.0; 4];
        c
    })
}

/// libretro's vertex attributes: the position covers the viewport, colours are white, and every
/// texture coordinate (`TEXCOORD0`, `ORIG.tex_coord`, `PREV.tex_coord`, ...) is (s, t), since
/// every texture is exactly its image's size.
fn libretro_attribute(input: &Input, s: f32, t: f32) -> [f32; 4] {
    match input
        .semantic
        .as_deref()
        .map(str::to_ascii_uppercase)
        .as_deref()
    {
        Some("POSITION" | "POS" | "ATTR0") => [2.0 * s - 1.0, 2.0 * t - 1.0, 0.0, 1.0],
        Some(c) if c.starts_with("COLOR") || c.starts_with("DIFFUSE") => [1.0; 4],
        _ => [s, t, 0.0, 1.0],
    }
}

/// Runs `main_vertex` at the four corners with the pass's uniforms: the corners' attributes and
/// where their positions place the quad.
fn vertex_stage(
    func: &Function,
    b: &Bindings,
) -> std::result::Result<([Corner; 4], Option<Placement>), String> {
    let failure = |e: Error| format!("the vertex stage: {e}");
    let (uniforms, _) = uniform_values(func, &b.uniforms).map_err(failure)?;
    let vertices = run_quad_vertices_with(func, &uniforms, &mut NoTextures, &libretro_attribute)
        .map_err(failure)?;
    let mut corners = [[UNSET; ATTRIB_COUNT]; 4];
    let mut clip = [[0.0; 4]; 4];
    for ((corner, position), vertex) in corners.iter_mut().zip(&mut clip).zip(&vertices) {
        *corner = vertex.attribs;
        *position = vertex.clip;
    }
    Ok((corners, Placement::from_clip(&clip)))
}
