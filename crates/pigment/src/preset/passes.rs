//! One pass of a preset compiled as `pigment render` compiles a two-stage Cg program: the fragment
//! entry `main_fragment` lowered to the IR and run in fp32 by the interpreter (the default,
//! [`super::ir_pass`]) or, with `--nv30`, compiled for fp30 and run on the machine (by the JIT or
//! its interpreter); the vertex entry `main_vertex` lowered to the IR and run per corner of the
//! quad with libretro's attributes (in fp32 by default). A pass without `main_vertex` gets the
//! pass-through vertex stage: texture coordinates (s, t) and colour 1.

use super::ir_pass::{IrFragment, CURRENT_PROFILE};
use crate::compile::{cg, CompileRequest};
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::render::bindings::bind_named;
use crate::render::vertex::{run_quad_vertices_with, uniform_values, UNSET};
use crate::render::{load_compiled, Executor, Loaded};
use crate::{Session, Severity, Target};
use nvfp::exec::{Machine, QuadInput, QuadOutput};
use nvfp::isa::{AttribReg, ATTRIB_COUNT};
use pigment_ir::interp::NoTextures;
use pigment_ir::{Function, Handle, Input, Module, Stage};
use pigment_preset::chain::{Bindings, PassProgram};
use pigment_preset::draw::{draw, draw_quads, Corner, Placement};
use std::time::Duration;

/// One pass compiled: its fragment stage and, when it has one, its vertex function.
pub(crate) struct CompiledPass {
    fragment: Fragment,
    vertex: Option<Module>,
    /// The JIT's compile time (`None`: an interpreter runs the pass).
    pub jit_compile: Option<Duration>,
}

/// What runs a pass's fragments.
enum Fragment {
    /// An fp30 program on the machine, with its executor, made once per pass.
    Machine(Box<(Loaded, Machine)>),
    /// The IR in fp32 in the interpreter: a default-chain pass that fp30 cannot hold.
    Ir(Box<IrFragment>),
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

/// Compiles pass `index` (its shader `shader`, held by `session`): by default in fp32
/// ([`compile_fp32`]), with `nv30` for fp30 as an NV30-era runtime would ([`compile_nv30`]).
/// `notes` gains what the compile had to do (a fallback, an interpreter running the pass) and
/// `warnings` the compiler's warnings.
pub(crate) fn compile_pass(
    session: &Session,
    index: usize,
    shader: &str,
    executor: Executor,
    nv30: bool,
    notes: &mut Vec<String>,
    warnings: &mut Diagnostics,
) -> Result<CompiledPass> {
    let failed = |error: Error| rejected_pass(error, index, shader, "does not compile");
    let (fragment, uniform_parameters) = match nv30 {
        true => compile_nv30(session, index, shader, notes, warnings)?,
        false => {
            let fragment = compile_fp32(session, index, shader, notes, warnings).map_err(failed)?;
            (fragment, true)
        }
    };
    let vertex_request = pass_request(shader, "main_vertex", uniform_parameters);
    let vertex = match defines_main_vertex(session, &vertex_request)? {
        true => {
            let mut found = Diagnostics::new();
            let mut lowered = cg::lower_vertex(session, &vertex_request, "main_vertex", &mut found)
                .map_err(failed)?;
            warnings.append(found);
            if !nv30 {
                // The vertex stage computes in fp32 too.
                for (_, func) in lowered.module.functions.iter_mut() {
                    pigment_arb::promote::promote_to_float(func);
                }
            }
            Some(lowered.module)
        }
        false => None,
    };
    let (fragment, jit_compile) = match fragment {
        Compiled::Fp30(compiled) => {
            let loaded = load_compiled(*compiled).map_err(|e| {
                Error::Internal(format!("pass {index}'s program does not load: {e}"))
            })?;
            let (machine, jit_compile, warning) = crate::render::machine(&loaded.program, executor);
            notes.extend(warning.map(|w| format!("pass {index}: {w}")));
            (Fragment::Machine(Box::new((loaded, machine))), jit_compile)
        }
        Compiled::Ir(fragment) => (Fragment::Ir(fragment), None),
    };
    Ok(CompiledPass {
        fragment,
        vertex,
        jit_compile,
    })
}

/// A pass's fragment stage as compiled, before it is loaded.
enum Compiled {
    Fp30(Box<pigment_fp30::Compiled>),
    Ir(Box<IrFragment>),
}

/// `error` with a last entry naming the pass and saying `what` of it.
fn rejected_pass(error: Error, index: usize, shader: &str, what: &str) -> Error {
    match error {
        Error::Rejected(mut found) => {
            found.push_message(Severity::Error, format!("pass {index} (`{shader}`) {what}"));
            Error::Rejected(found)
        }
        other => other,
    }
}

/// The default: the fragment entry with PARAMETER_UNIFORM lowered under a current profile's
/// rules, computed in fp32 ([`IrFragment`]), and compiled for fp30 (whose float arithmetic is
/// fp32) to run on the machine; where fp30 cannot hold it (`tex2Dlod`, a loop it cannot unroll,
/// an instruction or register limit), the interpreter runs the IR, and `notes` says so.
fn compile_fp32(
    session: &Session,
    index: usize,
    shader: &str,
    notes: &mut Vec<String>,
    warnings: &mut Diagnostics,
) -> Result<Compiled> {
    let entry = "main_fragment";
    let request = pass_request(shader, entry, true);
    let mut found = Diagnostics::new();
    let lowered = cg::lower_stage(
        session,
        &request,
        entry,
        Stage::Fragment,
        CURRENT_PROFILE,
        &mut found,
    )?;
    let func = lowered.function(entry)?.clone();
    let interface = pigment_fp30::interface::bind(&func)
        .map_err(|errors| cg::rejected(&lowered.front, entry, errors, &found))?;
    warnings.append(found);
    let fragment = IrFragment::new(func, &interface);
    let mut module = Module::new();
    module.functions.append(fragment.function().clone());
    match pigment_fp30::compile(&module, entry, &pigment_fp30::Options::default()) {
        Ok(compiled) => Ok(Compiled::Fp30(Box::new(compiled))),
        Err(errors) => {
            let why = errors.first().map_or("", |e| e.message.as_str());
            notes.push(format!(
                "pass {index} runs in the IR's interpreter, in fp32: fp30 cannot hold it ({why})"
            ));
            Ok(Compiled::Ir(Box::new(fragment)))
        }
    }
}

/// `--nv30`: the fragment entry for fp30 with PARAMETER_UNIFORM or, where it does not fit so,
/// without (the shader's `#else` macros, as an NV30-era runtime would), and whether the
/// parameters are uniforms. A pass that fits neither way is an error that says whether it does
/// not fit fp30 (it compiles in fp32, as by default) or does not compile at all.
fn compile_nv30(
    session: &Session,
    index: usize,
    shader: &str,
    notes: &mut Vec<String>,
    warnings: &mut Diagnostics,
) -> Result<(Compiled, bool)> {
    // RetroArch compiles with PARAMETER_UNIFORM, which turns the shaders' `#pragma parameter`
    // values from macros into uniforms. Uniforms can cost registers that constants do not, so a
    // pass that does not fit so is compiled with the `#else` branch's constants.
    let mut found = Diagnostics::new();
    let first = pass_request(shader, "main_fragment", true);
    if let Ok(compiled) = cg::compile_fragment(session, &first, &mut found) {
        warnings.append(found);
        return Ok((Compiled::Fp30(Box::new(compiled)), true));
    }
    notes.push(format!(
        "pass {index} compiled again without PARAMETER_UNIFORM: its parameters keep their \
         defaults"
    ));
    let mut found = Diagnostics::new();
    let request = pass_request(shader, "main_fragment", false);
    let compiled = cg::compile_fragment(session, &request, &mut found).map_err(|e| {
        let fp32 = compile_fp32(
            session,
            index,
            shader,
            &mut Vec::new(),
            &mut Diagnostics::new(),
        );
        let what = match fp32 {
            Ok(_) => "does not fit fp30 (without --nv30 it runs in fp32, with no fp30 limits)",
            Err(_) => "does not compile",
        };
        rejected_pass(e, index, shader, what)
    })?;
    warnings.append(found);
    Ok((Compiled::Fp30(Box::new(compiled)), false))
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
        match &self.fragment {
            Fragment::Machine(compiled) => {
                let (loaded, machine) = &**compiled;
                let bound = bind_named(loaded, &b.uniforms, &b.samplers, b.source.clone());
                Ok(draw(
                    machine,
                    &bound.params,
                    &bound.textures,
                    &corners,
                    &placement,
                    width,
                    height,
                ))
            }
            Fragment::Ir(fragment) => {
                let func = fragment.function();
                let (uniforms, _) = uniform_values(func, &b.uniforms)
                    .map_err(|e| format!("the fragment stage: {e}"))?;
                let units = fragment.texture_units(&b.source, &b.samplers);
                let shade = |quads: &[QuadInput], outputs: &mut [QuadOutput]| {
                    fragment.shade(&uniforms, &units, quads, outputs)
                };
                draw_quads(&corners, &placement, width, height, shade)
            }
        }
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

/// The value the runtime sets for a vertex input that names no semantic but is named as one of
/// the pass's uniforms: scalefx declares `prev PASSPREV5` without `uniform`, so
/// `PASSPREV5.texture_size` is a varying input, and RetroArch's Cg runtime sets it by name as it
/// sets a uniform (`cgGLSetParameter` on a varying parameter gives the attribute that value at
/// every vertex). Without it the input would be the texture coordinate, and 1 / texture_size
/// infinite at the quad's corners.
fn runtime_value(input: &Input, uniforms: &[(String, [f32; 4])]) -> Option<[f32; 4]> {
    if input.semantic.is_some() {
        return None;
    }
    let (_, value) = uniforms.iter().find(|(name, _)| *name == input.name)?;
    Some(*value)
}

/// Runs `main_vertex` at the four corners with the pass's uniforms: the corners' attributes and
/// where their positions place the quad.
fn vertex_stage(
    func: &Function,
    b: &Bindings,
) -> std::result::Result<([Corner; 4], Option<Placement>), String> {
    let failure = |e: Error| format!("the vertex stage: {e}");
    let (uniforms, _) = uniform_values(func, &b.uniforms).map_err(failure)?;
    let attribute = |input: &Input, s: f32, t: f32| {
        runtime_value(input, &b.uniforms).unwrap_or_else(|| libretro_attribute(input, s, t))
    };
    let vertices =
        run_quad_vertices_with(func, &uniforms, &mut NoTextures, &attribute).map_err(failure)?;
    let mut corners = [[UNSET; ATTRIB_COUNT]; 4];
    let mut clip = [[0.0; 4]; 4];
    for ((corner, position), vertex) in corners.iter_mut().zip(&mut clip).zip(&vertices) {
        *corner = vertex.attribs;
        *position = vertex.clip;
    }
    Ok((corners, Placement::from_clip(&clip)))
}
