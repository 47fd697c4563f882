//! `pigment compile PROGRAM.cg --target glsl:VERSION` (or cgc's `--profile glslv|glslf`): the
//! program's IR written as GLSL by crates/glsl, for the vertex or the fragment stage
//! (`--stage`, else the profile's), or both (`--vertex-entry NAME` with `--entry`, into `-o DIR`).
//! `--reflect json` prints the bindings by Cg name.

use crate::cli::{CompileArgs, EmitStage, PrecisionArg, ReflectFormat};
use crate::commands::compile::{lower_stage, reject, requested_stage, write_output};
use crate::failure::{CommandResult, Failure};
use pigment_glsl::Version;
use pigment_ir::Stage;

/// The GLSL version of `--target glsl:VERSION` (`glsl` alone and cgc's GLSL profiles: 1.20, the
/// version cgc's `glslv`/`glslf` wrote for).
pub fn parse_target(target: &str) -> Option<Result<Version, Failure>> {
    let rest = target.strip_prefix("glsl")?;
    let version = match rest.strip_prefix(':') {
        None if rest.is_empty() => return Some(Ok(Version::desktop(120))),
        None => return None,
        Some(v) => v,
    };
    Some(Version::parse(version).ok_or_else(|| {
        Failure::Usage(format!(
            "unknown GLSL version `{version}`: 110, 120, 130, 140, 150, 330, 400-460, es100, es300, es310, es320 or vulkan"
        ))
    }))
}

pub fn compile(args: &CompileArgs, version: Version) -> CommandResult {
    if args.emit != EmitStage::Fp {
        return Err(Failure::Usage(
            "`--emit` takes no GLSL target: the output is the shader".into(),
        ));
    }
    if let Some(vertex_entry) = &args.vertex_entry {
        return compile_pair(args, vertex_entry, version);
    }
    let glsl = write_stage(args, requested_stage(args), &args.cg.entry, version)?;
    match args.reflect {
        Some(ReflectFormat::Json) => write_output(args, &format!("{:#}\n", glsl.reflection)),
        None => write_output(args, &glsl.text),
    }
}

/// The entry `entry` lowered for `stage` (under cgc's GLSL profile of the stage unless the user
/// named a profile of it) and written as GLSL `version`.
fn write_stage(
    args: &CompileArgs,
    stage: Stage,
    entry: &str,
    version: Version,
) -> Result<pigment_glsl::Glsl, Failure> {
    let profile = match stage {
        Stage::Vertex => "glslv",
        Stage::Fragment => "glslf",
    };
    let mut args_for_entry = args.clone();
    args_for_entry.cg.entry = entry.to_string();
    let (front, module) = lower_stage(&args_for_entry, stage, profile)?;
    let Some(h) = module.function(entry) else {
        return Err(Failure::Usage(format!("no entry function `{entry}`")));
    };
    let precision = match args.precision {
        PrecisionArg::Target => pigment_glsl::Precision::Target,
        PrecisionArg::Fp30 => pigment_glsl::Precision::Fp30,
    };
    pigment_glsl::write_precise(
        &module.functions[h],
        version,
        &Default::default(),
        precision,
    )
    .map_err(|d| reject(&front, entry, vec![d]))
}

/// `--vertex-entry`: both stages, written into `-o DIR` or printed (vertex first).
fn compile_pair(args: &CompileArgs, vertex_entry: &str, version: Version) -> CommandResult {
    if args.reflect.is_some() {
        return Err(Failure::Usage(
            "`--reflect` describes one stage: leave out `--vertex-entry`".into(),
        ));
    }
    let vertex = write_stage(args, Stage::Vertex, vertex_entry, version)?;
    let fragment = write_stage(args, Stage::Fragment, &args.cg.entry, version)?;
    let Some(dir) = &args.output else {
        print!("{}\n{}", vertex.text, fragment.text);
        return Ok(());
    };
    let stem = args
        .program
        .file_stem()
        .map_or("shader".into(), |s| s.to_string_lossy().into_owned());
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::Output(format!("cannot create `{}`: {e}", dir.display())))?;
    for (ext, text) in [("vert", &vertex.text), ("frag", &fragment.text)] {
        let path = dir.join(format!("{stem}.{ext}"));
        std::fs::write(&path, text)
            .map_err(|e| Failure::Output(format!("cannot write `{}`: {e}", path.display())))?;
    }
    Ok(())
}
