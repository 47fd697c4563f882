//! `pigment compile FILE`: the command line's request handed to the library
//! ([`pigment::Session::compile`]) and its artifact written out by the library
//! ([`pigment::Artifact::write`]): printed, into `-o FILE`, or into the directory `-o DIR` where a
//! compile makes several files. `-E` prints the preprocessed Cg.

use crate::cli::{CompileArgs, EmitStage, Lang, PrecisionArg, ReflectFormat, StageArg};
use crate::failure::print_entries;
use crate::failure::{CommandResult, Failure};
use pigment::{
    Artifact, CompileRequest, Emit, Language, Precision, Session, Stage, Target, WriteOptions,
};
use std::path::Path;

pub fn compile(args: &CompileArgs) -> CommandResult {
    let language = language(args);
    let target = target(args, language)?;
    if target == Target::Web && args.output.is_none() {
        return Err(Failure::Usage(
            "`--target web` writes a page: give the directory with `-o DIR`".into(),
        ));
    }
    let asm = args.emit == EmitStage::Asm;
    if asm && target != Target::SpirV {
        return Err(Failure::Usage("`--emit asm` needs `--target spirv`".into()));
    }
    let two_stages = args.vertex_entry.is_some() || args.parasol_program.is_some();
    if two_stages && args.reflect.is_some() && matches!(target, Target::Glsl(_)) {
        return Err(Failure::Usage(
            "`--reflect` describes one stage: leave out `--vertex-entry`".into(),
        ));
    }
    let (session, request) = request(args, language, target)?;
    if args.preprocess_only {
        let (text, found) = session
            .preprocess(&request)
            .map_err(crate::failure::from_library)?;
        print_entries(&found);
        return write_text(args.output.as_deref(), &text);
    }
    let artifact = session
        .compile(&request)
        .map_err(crate::failure::from_library)?;
    print_entries(&artifact.warnings);
    write(args, language, &artifact, asm)
}

/// The language: ISL and Parasol by extension, an NV program by `--lang fp`, else Cg.
fn language(args: &CompileArgs) -> Language {
    match Language::from_path(&args.program) {
        Some(language @ (Language::Isl | Language::Parasol)) => language,
        _ if args.cg.lang == Some(Lang::Fp) => Language::NvProgram,
        _ => Language::Cg,
    }
}

/// `--target`, else the target cgc's `--profile` names (`arbfp1`, `arbvp1`, `glslv`/`glslf`:
/// GLSL 1.20), else fp30.
fn target(args: &CompileArgs, language: Language) -> Result<Target, Failure> {
    let profile_target = match language {
        Language::Cg => Target::of_cg_profile(&args.cg.profile),
        _ => None,
    };
    match args.target.as_deref() {
        Some(text) => text.parse().map_err(|e| Failure::Usage(format!("{e}"))),
        None => Ok(profile_target.unwrap_or(Target::Fp30)),
    }
}

/// The session (the program and the disk for its includes) and the library's request.
fn request(
    args: &CompileArgs,
    language: Language,
    target: Target,
) -> Result<(Session, CompileRequest), Failure> {
    let (session, mut request) =
        crate::load::session_request(&args.program, &args.units, &args.cg, language, target)?;
    request.entry = match language {
        Language::Cg => Some(args.cg.entry.clone()),
        _ => args.shader.clone(),
    };
    request.vertex_entry = match language {
        Language::Parasol => args.parasol_program.clone(),
        _ => args.vertex_entry.clone(),
    };
    request.stage = args.stage.map(|stage| match stage {
        StageArg::Vertex => Stage::Vertex,
        StageArg::Fragment => Stage::Fragment,
    });
    request.emit = match args.emit {
        EmitStage::Ir => Emit::Ir,
        EmitStage::IrLegal => Emit::IrLegal,
        EmitStage::Fp | EmitStage::Asm => Emit::Code,
    };
    request.precision = match args.precision {
        PrecisionArg::Target => Precision::Target,
        PrecisionArg::Fp30 => Precision::Fp30,
    };
    Ok((session, request))
}

/// Writes the artifact as the command line asks (the library lays it out).
fn write(args: &CompileArgs, language: Language, artifact: &Artifact, asm: bool) -> CommandResult {
    let options = WriteOptions {
        reflection_json: args.reflect.is_some(),
        reflection_v1: args.reflect == Some(ReflectFormat::JsonV1),
        disassemble: asm,
        directory: language == Language::Isl,
    };
    let written = artifact
        .write(args.output.as_deref(), options)
        .map_err(crate::failure::from_library)?;
    print!("{}", written.stdout);
    if let Some(note) = written.note {
        eprintln!("note: {note}");
    }
    Ok(())
}

/// Prints `text`, or writes it to `path`.
fn write_text(path: Option<&Path>, text: &str) -> CommandResult {
    match path {
        Some(path) => {
            pigment::files::write(path, text.as_bytes()).map_err(crate::failure::from_library)
        }
        None => {
            print!("{text}");
            Ok(())
        }
    }
}
