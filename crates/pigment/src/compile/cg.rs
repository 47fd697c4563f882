//! Cg through the front end (preprocess, parse, check), lowering to the shading IR and the
//! target's back end; every diagnostic, the back end's included, placed in the user's files.
//! [`in_user_files`] is public for callers that run the Cg front end themselves.

use super::{web, CompileRequest, Emit, Precision};
use crate::artifact::{Artifact, Code, Output, Reflection};
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::{Session, Target};
use pigment_cg::driver::{self, FrontEnd};
use pigment_diag::Diagnostic;
use pigment_ir::{Function, Module, Stage};

/// A Cg entry lowered to the IR, with the front end that read it (to place later errors).
pub(crate) struct Lowered {
    pub front: FrontEnd,
    pub module: Module,
}

impl Lowered {
    /// The function `entry`, or a request error naming it.
    pub fn function(&self, entry: &str) -> Result<&Function> {
        let h = self
            .module
            .function(entry)
            .ok_or_else(|| Error::Request(format!("no entry function `{entry}`")))?;
        Ok(&self.module.functions[h])
    }
}

pub(super) fn compile(session: &Session, request: &CompileRequest) -> Result<Artifact> {
    let mut found = Diagnostics::new();
    let outputs = match request.target {
        Target::Fp30 => fp30(session, request, &mut found)?,
        Target::ArbFp1 | Target::ArbVp1 => arb(session, request, &mut found)?,
        Target::Glsl(version) => glsl(session, request, version, &mut found)?,
        Target::Web => web::outputs(session, request, &mut found)?,
        naga => naga_target(session, request, naga, &mut found)?,
    };
    Ok(Artifact {
        outputs,
        warnings: found,
    })
}

/// The front end only: the warnings of a well-formed program.
pub(super) fn check(session: &Session, request: &CompileRequest) -> Result<Diagnostics> {
    let mut found = Diagnostics::new();
    let options = front_end_options(request, fp30_profile(request)?, None);
    front_end(session, request, &options, &mut found)?;
    Ok(found)
}

/// cgc's `-E`: the preprocessed text and the preprocessor's diagnostics.
pub(crate) fn preprocess(
    session: &Session,
    request: &CompileRequest,
) -> Result<(String, Diagnostics)> {
    let options = front_end_options(request, fp30_profile(request)?, None);
    let text = session.source(&request.source)?.to_string();
    let resolver = session.include_resolver();
    let (files, _, preprocessed) =
        driver::preprocess_with(&request.source, text, &options, &resolver);
    let mut found = Diagnostics::new();
    found.extend(&files, &preprocessed.diagnostics);
    if found.has_errors() {
        return Err(Error::Rejected(found));
    }
    Ok((preprocessed.text, found))
}

/// The profile of an fp30 compile: fp30, the only profile whose programs fp30 writes.
fn fp30_profile(request: &CompileRequest) -> Result<&'static str> {
    fp30_profile_named(request.cg.profile.as_deref())
}

/// `profile` if an fp30 compile can take it (none or `fp30`), else why not.
pub fn fp30_profile_named(profile: Option<&str>) -> Result<&'static str> {
    match profile {
        None | Some("fp30") => Ok("fp30"),
        Some(other) => Err(Error::Request(format!(
            "profile `{other}` is not supported here: fp30, or arbfp1, arbvp1, glslv, glslf with their targets, vp40 with `--target spirv|wgsl|msl|hlsl`"
        ))),
    }
}

fn front_end_options(
    request: &CompileRequest,
    profile: &str,
    stage: Option<Stage>,
) -> driver::Options {
    driver::Options {
        include_dirs: Vec::new(),
        defines: request.cg.defines.clone(),
        undefines: request.cg.undefines.clone(),
        entry: request.cg_entry().to_string(),
        profile: profile.to_string(),
        stage,
    }
}

/// Reads, preprocesses, parses and checks the request's source.
fn front_end(
    session: &Session,
    request: &CompileRequest,
    options: &driver::Options,
    found: &mut Diagnostics,
) -> Result<FrontEnd> {
    let text = session.source(&request.source)?.to_string();
    let resolver = session.include_resolver();
    let front = driver::run_with(&request.source, text, options, &resolver);
    found.extend(&front.files, &front.diagnostics);
    if front.has_errors() || front.checked.is_none() {
        return Err(Error::Rejected(found.clone()));
    }
    Ok(front)
}

/// The stage the request compiles: as asked, else its profile's (`vp40`, `arbvp1`, `glslv`:
/// vertex), else fragment.
pub(crate) fn requested_stage(request: &CompileRequest) -> Stage {
    request.stage.unwrap_or_else(|| {
        pigment_cg::check::profile_stage(request.cg.profile.as_deref().unwrap_or("fp30"))
    })
}

/// Lowers `entry` for `stage` under the profile the user named if it is of that stage, else
/// `profile` (the target's own, whose rules the checker applies: vertex texture fetch, explicit
/// LOD lookups).
pub(crate) fn lower_stage(
    session: &Session,
    request: &CompileRequest,
    entry: &str,
    stage: Stage,
    profile: &str,
    found: &mut Diagnostics,
) -> Result<Lowered> {
    let named = request.cg.profile.as_deref().unwrap_or("fp30");
    let named_fits = named != "fp30" && pigment_cg::check::profile_stage(named) == stage;
    let mut options = front_end_options(request, if named_fits { named } else { profile }, None);
    options.entry = entry.to_string();
    options.stage = Some(stage);
    lower_with(session, request, &options, found)
}

fn lower_with(
    session: &Session,
    request: &CompileRequest,
    options: &driver::Options,
    found: &mut Diagnostics,
) -> Result<Lowered> {
    let front = front_end(session, request, options, found)?;
    let checked = front
        .checked
        .as_ref()
        .expect("front_end returns checked programs");
    let module = pigment_cg::lower::lower(&front.unit, checked, front.expanded);
    let mut front = front;
    // The back ends read only the IR: the tree is freed before they run (memory, issue 30).
    front.release_syntax();
    match module {
        Ok(module) => Ok(Lowered { front, module }),
        Err(errors) => Err(rejected(&front, &options.entry, errors, found)),
    }
}

/// The rejection of `errors` (located in the preprocessed text), placed in the user's files
/// ([`in_user_files`]) after what was `found` before.
pub(crate) fn rejected(
    front: &FrontEnd,
    entry: &str,
    errors: Vec<Diagnostic>,
    found: &Diagnostics,
) -> Error {
    let mut all = found.clone();
    all.extend(&front.files, &in_user_files(front, entry, errors));
    Error::Rejected(all)
}

/// `errors` of the lowering or a back end (located in the preprocessed text) placed in the
/// files the user wrote; an error about the whole program (an instruction or register limit)
/// points at the entry function's name.
pub fn in_user_files(front: &FrontEnd, entry: &str, errors: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let entry_span = entry_name_span(front, entry);
    errors
        .into_iter()
        .map(|d| match (&d.primary, entry_span) {
            (None, Some(span)) => d.at(front.expanded, span),
            _ => d,
        })
        .map(|d| front.map.remap_diagnostic(&front.files, front.expanded, d))
        .collect()
}

/// Where the definition of the function `entry` names it, in the preprocessed text.
fn entry_name_span(front: &FrontEnd, entry: &str) -> Option<pigment_diag::Span> {
    front.definition_span(entry)
}

/// The output's file name: the entry's, with `extension`.
fn named(entry: &str, extension: &str) -> String {
    format!("{entry}.{extension}")
}

fn text_output(name: String, stage: Stage, text: String, reflection: Reflection) -> Output {
    Output {
        name,
        stage: Some(stage),
        code: Code::Text(text),
        reflection: Some(reflection),
    }
}

/// fp30: the program with cgc's header, or the IR (`Emit::Ir`, `Emit::IrLegal`).
fn fp30(
    session: &Session,
    request: &CompileRequest,
    found: &mut Diagnostics,
) -> Result<Vec<Output>> {
    let entry = request.cg_entry();
    let options = front_end_options(request, fp30_profile(request)?, None);
    let lowered = lower_with(session, request, &options, found)?;
    let ir = |module: &Module, name: &str| Output {
        name: named(entry, name),
        stage: Some(Stage::Fragment),
        code: Code::Text(pigment_ir::print(module)),
        reflection: None,
    };
    match request.emit {
        Emit::Ir => return Ok(vec![ir(&lowered.module, "ir")]),
        Emit::IrLegal => {
            let legal = pigment_fp30::legalize_ir(&lowered.module, entry)
                .map_err(|errors| rejected(&lowered.front, entry, errors, found))?;
            return Ok(vec![ir(&legal, "ir")]);
        }
        Emit::Code => {}
    }
    let compiled = compile_fp30(&lowered, request, entry, found)?;
    Ok(vec![text_output(
        named(entry, "fp"),
        Stage::Fragment,
        compiled.text,
        Reflection::fp30(&compiled.interface),
    )])
}

/// The request's entry compiled for fp30 (what the machine runs).
pub(crate) fn compile_fragment(
    session: &Session,
    request: &CompileRequest,
    found: &mut Diagnostics,
) -> Result<pigment_fp30::Compiled> {
    let lowered = lower_fragment(session, request, found)?;
    compile_fp30(&lowered, request, request.cg_entry(), found)
}

/// The request's entry lowered under fp30's rules, as [`compile_fragment`] lowers it, for a
/// caller that changes the IR before compiling it.
pub(crate) fn lower_fragment(
    session: &Session,
    request: &CompileRequest,
    found: &mut Diagnostics,
) -> Result<Lowered> {
    let options = front_end_options(request, fp30_profile(request)?, None);
    lower_with(session, request, &options, found)
}

/// The vertex entry `entry` checked under vp40's rules (NV_vertex_program3's, which has the
/// explicit-LOD lookups) and lowered, for a two-stage render.
pub(crate) fn lower_vertex(
    session: &Session,
    request: &CompileRequest,
    entry: &str,
    found: &mut Diagnostics,
) -> Result<Lowered> {
    let mut options = front_end_options(request, "vp40", Some(Stage::Vertex));
    options.entry = entry.to_string();
    lower_with(session, request, &options, found)
}

/// The lowered entry compiled by the fp30 back end.
pub(crate) fn compile_fp30(
    lowered: &Lowered,
    request: &CompileRequest,
    entry: &str,
    found: &Diagnostics,
) -> Result<pigment_fp30::Compiled> {
    let options = pigment_fp30::Options {
        fast_math: request.cg.fast_math,
        ..pigment_fp30::Options::default()
    };
    pigment_fp30::compile(&lowered.module, entry, &options)
        .map_err(|errors| rejected(&lowered.front, entry, errors, found))
}

/// No `--emit` but the code for targets other than fp30.
fn code_only(request: &CompileRequest, what: &str) -> Result<()> {
    match request.emit {
        Emit::Code => Ok(()),
        _ => Err(Error::Request(what.to_string())),
    }
}

/// `arbfp1` / `arbvp1`, with cgc's header.
fn arb(
    session: &Session,
    request: &CompileRequest,
    found: &mut Diagnostics,
) -> Result<Vec<Output>> {
    code_only(request, "`--emit` takes no ARB target")?;
    let entry = request.cg_entry();
    let fp30_precision = request.precision == Precision::Fp30;
    let (stage, text, interface) = if request.target == Target::ArbVp1 {
        let lowered = lower_stage(session, request, entry, Stage::Vertex, "arbvp1", found)?;
        let arb = pigment_arb::arbvp1(&lowered.module, entry)
            .map_err(|errors| rejected(&lowered.front, entry, errors, found))?;
        (Stage::Vertex, arb.text, arb.interface)
    } else {
        let lowered = lower_stage(session, request, entry, Stage::Fragment, "arbfp1", found)?;
        let options = pigment_arb::FragmentOptions {
            fp30: pigment_fp30::Options {
                fast_math: request.cg.fast_math,
                ..pigment_fp30::Options::default()
            },
            stepwise_dots: fp30_precision,
            nan_rules: fp30_precision,
            half_rounding: fp30_precision,
            nv_trigonometry: fp30_precision,
        };
        let arb = pigment_arb::arbfp1(&lowered.module, entry, &options)
            .map_err(|errors| rejected(&lowered.front, entry, errors, found))?;
        (Stage::Fragment, arb.text, arb.interface)
    };
    let ext = if stage == Stage::Vertex { "vp" } else { "fp" };
    Ok(vec![text_output(
        named(entry, ext),
        stage,
        text,
        Reflection::fp30(&interface),
    )])
}

/// GLSL of `version` for the requested stage, or both stages with a vertex entry.
fn glsl(
    session: &Session,
    request: &CompileRequest,
    version: pigment_glsl::Version,
    found: &mut Diagnostics,
) -> Result<Vec<Output>> {
    code_only(
        request,
        "`--emit` takes no GLSL target: the output is the shader",
    )?;
    let Some(vertex_entry) = &request.vertex_entry else {
        let stage = requested_stage(request);
        let glsl = glsl_stage(session, request, request.cg_entry(), stage, version, found)?;
        let ext = if stage == Stage::Vertex {
            "vert"
        } else {
            "frag"
        };
        return Ok(vec![text_output(
            named(request.cg_entry(), ext),
            stage,
            glsl.text,
            Reflection::new(glsl.typed_reflection, glsl.reflection),
        )]);
    };
    let stem = std::path::Path::new(&request.source)
        .file_stem()
        .map_or("shader".into(), |s| s.to_string_lossy().into_owned());
    let vertex = glsl_stage(
        session,
        request,
        vertex_entry,
        Stage::Vertex,
        version,
        found,
    )?;
    let fragment = glsl_stage(
        session,
        request,
        request.cg_entry(),
        Stage::Fragment,
        version,
        found,
    )?;
    Ok(vec![
        text_output(
            format!("{stem}.vert"),
            Stage::Vertex,
            vertex.text,
            Reflection::new(vertex.typed_reflection, vertex.reflection),
        ),
        text_output(
            format!("{stem}.frag"),
            Stage::Fragment,
            fragment.text,
            Reflection::new(fragment.typed_reflection, fragment.reflection),
        ),
    ])
}

/// `entry` lowered for `stage` (under cgc's GLSL profile of the stage unless the user named a
/// profile of it) and written as GLSL `version`.
fn glsl_stage(
    session: &Session,
    request: &CompileRequest,
    entry: &str,
    stage: Stage,
    version: pigment_glsl::Version,
    found: &mut Diagnostics,
) -> Result<pigment_glsl::Glsl> {
    let profile = match stage {
        Stage::Vertex => "glslv",
        Stage::Fragment => "glslf",
    };
    let lowered = lower_stage(session, request, entry, stage, profile, found)?;
    let precision = match request.precision {
        Precision::Target => pigment_glsl::Precision::Target,
        Precision::Fp30 => pigment_glsl::Precision::Fp30,
    };
    pigment_glsl::write_precise(
        lowered.function(entry)?,
        version,
        &Default::default(),
        precision,
    )
    .map_err(|d| rejected(&lowered.front, entry, vec![d], found))
}

/// The profile whose rules a stage is checked by for the naga targets and the web page: NV's
/// vp40 and fp40, whose vertex texture fetch and explicit-LOD lookups (`tex2Dlod`, libretro's
/// gamma-management.h) every naga target and WebGL 2 express; a program fp30 takes lowers the
/// same under fp40.
pub(crate) fn naga_profile(stage: Stage) -> &'static str {
    match stage {
        Stage::Vertex => "vp40",
        Stage::Fragment => "fp40",
    }
}

/// SPIR-V, WGSL, MSL, HLSL or naga's GLSL, for the requested stage.
fn naga_target(
    session: &Session,
    request: &CompileRequest,
    target: Target,
    found: &mut Diagnostics,
) -> Result<Vec<Output>> {
    code_only(request, "`--emit ir` takes no `--target`")?;
    let naga = target.naga().expect("every other target is handled before");
    let stage = requested_stage(request);
    let entry = request.cg_entry();
    let lowered = lower_stage(session, request, entry, stage, naga_profile(stage), found)?;
    let fp30 = request.precision == Precision::Fp30;
    let emitted = pigment_naga::emit_with(lowered.function(entry)?, naga, fp30)
        .map_err(|d| rejected(&lowered.front, entry, vec![d], found))?;
    Ok(vec![naga_output(entry, stage, naga, emitted)?])
}

/// What naga emitted as an output named after `entry`.
pub(crate) fn naga_output(
    entry: &str,
    stage: Stage,
    target: pigment_naga::Target,
    emitted: pigment_naga::Emitted,
) -> Result<Output> {
    let ext = match target {
        pigment_naga::Target::SpirV => "spv",
        pigment_naga::Target::Wgsl => "wgsl",
        pigment_naga::Target::Msl => "metal",
        pigment_naga::Target::Hlsl => "hlsl",
        pigment_naga::Target::GlslNaga(_) => "glsl",
    };
    let code = match (emitted.spirv, emitted.text) {
        (_, Some(text)) => Code::Text(text),
        (Some(words), None) => Code::SpirV(words),
        (None, None) => return Err(Error::Internal("naga wrote nothing".into())),
    };
    Ok(Output {
        name: named(entry, ext),
        stage: Some(stage),
        code,
        reflection: Some(Reflection::new(
            emitted.typed_reflection,
            emitted.reflection,
        )),
    })
}
