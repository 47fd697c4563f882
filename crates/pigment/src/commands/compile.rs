//! `pigment compile PROGRAM.cg`: preprocess (`-E`) or compile a Cg program to NV_fragment_program
//! (front end, lowering to the shading IR, the fp30 back end). Every diagnostic, the back end's
//! included, is printed in the user's files.

use crate::cgfront::{front_end_options, run_front_end_with};
use crate::cli::{CgArgs, CompileArgs, EmitStage, ReflectFormat, StageArg};
use crate::failure::{CommandResult, Failure};
use crate::load::{print_diagnostics, read_source};
use pigment_cg::driver::{preprocess_text, FrontEnd};
use pigment_cg::syntax::ast::Decl;
use pigment_diag::Diagnostic;
use pigment_ir::Stage;
use std::path::Path;

pub fn compile(args: &CompileArgs) -> CommandResult {
    if args.preprocess_only {
        let text = read_source(&args.program)?;
        let options = front_end_options(&args.cg)?;
        let (files, _, preprocessed) =
            preprocess_text(&args.program.display().to_string(), text, &options);
        print_diagnostics(&files, &preprocessed.diagnostics);
        if pigment_diag::has_errors(&preprocessed.diagnostics) {
            return Err(Failure::Rejected);
        }
        return write_output(args, &preprocessed.text);
    }
    if args.target.as_deref() == Some("web") {
        return crate::commands::web_target::compile(args);
    }
    if let Some(profile) = crate::commands::arb_target::requested(args) {
        return crate::commands::arb_target::compile(args, profile);
    }
    if let Some(version) = glsl_request(args) {
        return crate::commands::glsl_target::compile(args, version?);
    }
    if let Some(target) = args.target.as_deref().filter(|t| *t != "fp30") {
        return crate::commands::naga_target::compile(args, target);
    }
    if args.emit == EmitStage::Asm {
        return Err(crate::commands::naga_target::asm_needs_spirv());
    }
    if args.emit != EmitStage::Fp {
        return write_output(args, &lowered_ir(&args.program, &args.cg, args.emit)?);
    }
    let compiled = compile_cg(&args.program, &args.cg)?;
    match args.reflect {
        // The same bindings as the header's `#var` lines, as JSON (schema "pigment-reflect-1").
        Some(ReflectFormat::Json) => {
            write_output(args, &format!("{:#}\n", compiled.interface.to_json()))
        }
        None => write_output(args, &compiled.text),
    }
}

/// `--target glsl:VERSION`, or cgc's `--profile glslv|glslf` (GLSL 1.20) without a target.
fn glsl_request(args: &CompileArgs) -> Option<Result<pigment_glsl::Version, Failure>> {
    match args.target.as_deref() {
        Some(t) => crate::commands::glsl_target::parse_target(t),
        None if matches!(args.cg.profile.as_str(), "glslv" | "glslf") => {
            crate::commands::glsl_target::parse_target("glsl")
        }
        None => None,
    }
}

/// The text form of the program's IR at `stage` (`Ir` or `IrLegal`).
fn lowered_ir(path: &Path, args: &CgArgs, stage: EmitStage) -> Result<String, Failure> {
    let (front, module) = lower_cg(path, args)?;
    if stage == EmitStage::Ir {
        return Ok(pigment_ir::print(&module));
    }
    let legal = pigment_fp30::legalize_ir(&module, &args.entry)
        .map_err(|errors| reject(&front, &args.entry, errors))?;
    Ok(pigment_ir::print(&legal))
}

/// The stage to compile: `--stage`, else the profile's (`glslv`, `vp40`, `arbvp1`: vertex).
pub fn requested_stage(args: &CompileArgs) -> Stage {
    match args.stage {
        Some(StageArg::Vertex) => Stage::Vertex,
        Some(StageArg::Fragment) => Stage::Fragment,
        None => pigment_cg::check::profile_stage(&args.cg.profile),
    }
}

/// Lowers the entry for `stage`, under the profile the user named or else `profile` (the
/// target's own, whose rules the checker applies: vertex texture fetch, explicit LOD lookups).
pub fn lower_stage(
    args: &CompileArgs,
    stage: Stage,
    profile: &str,
) -> Result<(FrontEnd, pigment_ir::Module), Failure> {
    let mut base = args.cg.clone();
    let named = std::mem::replace(&mut base.profile, "fp30".into());
    let mut options = front_end_options(&base)?;
    let named_fits = named != "fp30" && pigment_cg::check::profile_stage(&named) == stage;
    options.profile = if named_fits { named } else { profile.into() };
    options.stage = Some(stage);
    lower_cg_with(&args.program, &options)
}

/// Runs the front end and lowers the checked program to the shading IR.
pub(crate) fn lower_cg(
    path: &Path,
    args: &CgArgs,
) -> Result<(FrontEnd, pigment_ir::Module), Failure> {
    lower_cg_with(path, &front_end_options(args)?)
}

/// [`lower_cg`] with the front end's options given whole (`render --vertex-entry` lowers the
/// vertex entry so).
pub(crate) fn lower_cg_with(
    path: &Path,
    options: &pigment_cg::driver::Options,
) -> Result<(FrontEnd, pigment_ir::Module), Failure> {
    let front = run_front_end_with(path, options)?;
    if front.has_errors() {
        return Err(Failure::Rejected);
    }
    let Some(checked) = front.checked.as_ref() else {
        return Err(Failure::Rejected);
    };
    let module = pigment_cg::lower::lower(&front.unit, checked, front.expanded)
        .map_err(|errors| reject(&front, &options.entry, errors))?;
    Ok((front, module))
}

/// Compiles the Cg program at `path` for fp30, printing every diagnostic (warnings included);
/// errors make it [`Failure::Rejected`].
pub fn compile_cg(path: &Path, args: &CgArgs) -> Result<pigment_fp30::Compiled, Failure> {
    let (front, module) = lower_cg(path, args)?;
    let options = pigment_fp30::Options {
        fast_math: !args.no_fast_math,
        ..pigment_fp30::Options::default()
    };
    pigment_fp30::compile(&module, &args.entry, &options)
        .map_err(|errors| reject(&front, &args.entry, errors))
}

/// Prints `errors` (located in the preprocessed text) in the user's files. An error about the whole
/// program (an instruction or register limit) points at the entry function's name.
pub(crate) fn reject(front: &FrontEnd, entry: &str, errors: Vec<Diagnostic>) -> Failure {
    let entry_span = entry_name_span(front, entry);
    let mapped: Vec<Diagnostic> = errors
        .into_iter()
        .map(|d| match (&d.primary, entry_span) {
            (None, Some(span)) => d.at(front.expanded, span),
            _ => d,
        })
        .map(|d| {
            front
                .preprocessed
                .map
                .remap_diagnostic(&front.files, front.expanded, d)
        })
        .collect();
    print_diagnostics(&front.files, &mapped);
    Failure::Rejected
}

/// Where the definition of the function `entry` names it, in the preprocessed text.
fn entry_name_span(front: &FrontEnd, entry: &str) -> Option<pigment_diag::Span> {
    front.unit.decls.iter().find_map(|decl| match decl {
        Decl::Function(f) if f.name.name == entry && f.body.is_some() => Some(f.name.span),
        _ => None,
    })
}

pub(crate) fn write_output(args: &CompileArgs, text: &str) -> CommandResult {
    match &args.output {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| Failure::Output(format!("cannot write `{}`: {e}", path.display()))),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}
