//! `pigment compile FILE`: the command line's request handed to the library
//! ([`pigment::Session::compile`]) and its artifact written out — printed, into `-o FILE`, or into
//! the directory `-o DIR` where a compile makes several files (both GLSL stages, a web page, ISL
//! passes). `-E` prints the preprocessed Cg; `--emit asm` the SPIR-V disassembly (`spirv-dis`).

use crate::cli::{CompileArgs, EmitStage, Lang, PrecisionArg, ReflectFormat, StageArg};
use crate::failure::print_entries;
use crate::failure::{CommandResult, Failure};
use pigment::{Artifact, Code, CompileRequest, Emit, Language, Precision, Session, Stage, Target};
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
    let profile_target = match (language, args.cg.profile.as_str()) {
        (Language::Cg, "arbfp1") => Some(Target::ArbFp1),
        (Language::Cg, "arbvp1") => Some(Target::ArbVp1),
        (Language::Cg, "glslv" | "glslf") => Some(Target::Glsl(pigment::GlslVersion::desktop(120))),
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

/// Writes the artifact as the command line asks.
fn write(args: &CompileArgs, language: Language, artifact: &Artifact, asm: bool) -> CommandResult {
    let outputs = &artifact.outputs;
    let several_files = language == Language::Isl
        || artifact.outputs.iter().any(|o| o.stage.is_none())
        || outputs
            .iter()
            .filter(|o| o.stage == Some(Stage::Vertex))
            .count()
            == 1
            && outputs.len() == 2;
    if several_files {
        return write_files(args, artifact);
    }
    let Some(first) = outputs.first() else {
        return Err(Failure::Output("the compile produced nothing".into()));
    };
    if args.reflect == Some(ReflectFormat::Json) {
        let reflection = first.reflection.as_ref().map(|r| r.to_pretty_string());
        return write_text(args.output.as_deref(), &reflection.unwrap_or_default());
    }
    if outputs.len() > 1 {
        return write_colour_outputs(args, artifact);
    }
    match &first.code {
        Code::Text(text) => write_text(args.output.as_deref(), text),
        Code::SpirV(_) if asm => {
            let text = first
                .code
                .disassembly()
                .map_err(crate::failure::from_library)?;
            write_text(args.output.as_deref(), &text)
        }
        Code::SpirV(_) => {
            let Some(path) = &args.output else {
                return Err(Failure::Usage(
                    "SPIR-V is binary: write it with `-o FILE`, or read it with `--emit asm`"
                        .into(),
                ));
            };
            write_bytes(path, &first.code.to_bytes())
        }
    }
}

/// Files of their own (both GLSL stages, a page, ISL programs and passes): into `-o DIR` by
/// name, or printed one after the other (a pass description as `#` lines).
fn write_files(args: &CompileArgs, artifact: &Artifact) -> CommandResult {
    let Some(dir) = &args.output else {
        let all: Vec<String> = artifact
            .outputs
            .iter()
            .map(|o| {
                let text = o.code.text().unwrap_or_default();
                match o.name.ends_with(".txt") {
                    true => text.lines().map(|l| format!("# {l}\n")).collect(),
                    false => text.to_string(),
                }
            })
            .collect();
        print!("{}", all.join("\n"));
        return Ok(());
    };
    pigment::files::create_dir(dir).map_err(crate::failure::from_library)?;
    for output in &artifact.outputs {
        write_bytes(&dir.join(&output.name), &output.code.to_bytes())?;
    }
    Ok(())
}

/// A Parasol shader with several colour outputs: fp30 writes one, so each is a program of its
/// own; output 0 is printed or written to `-o FILE.fp`, output n to FILE.outN.fp.
fn write_colour_outputs(args: &CompileArgs, artifact: &Artifact) -> CommandResult {
    let outputs = &artifact.outputs;
    for output in outputs {
        let text = output.code.text().unwrap_or_default();
        let other = output
            .name
            .split_once(".out")
            .map(|(_, rest)| format!("out{rest}"));
        match (&args.output, other) {
            (None, None) => print!("{text}"),
            (None, Some(_)) => {}
            (Some(path), None) => write_bytes(path, text.as_bytes())?,
            (Some(path), Some(ext)) => write_bytes(&path.with_extension(ext), text.as_bytes())?,
        }
    }
    if args.output.is_none() {
        let entry = outputs[0].name.trim_end_matches(".fp");
        eprintln!(
            "note: `{entry}` has {} colour outputs and fp30 writes one: this is output 0; \
             `-o FILE.fp` writes output n to FILE.outN.fp",
            outputs.len()
        );
    }
    Ok(())
}

/// Prints `text`, or writes it to `path`.
pub fn write_text(path: Option<&Path>, text: &str) -> CommandResult {
    match path {
        Some(path) => write_bytes(path, text.as_bytes()),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

fn write_bytes(path: &Path, bytes: &[u8]) -> CommandResult {
    pigment::files::write(path, bytes).map_err(crate::failure::from_library)
}
