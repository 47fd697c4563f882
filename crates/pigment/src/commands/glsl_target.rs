//! `pigment compile PROGRAM.cg --target glsl:VERSION` (or cgc's `--profile glslv|glslf`): the
//! program's IR written as GLSL by crates/glsl, for the vertex or the fragment stage
//! (`--stage`, else the profile's). `--reflect json` prints the bindings by Cg name.

use crate::cli::{CompileArgs, EmitStage, ReflectFormat};
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
    let stage = requested_stage(args);
    let profile = match stage {
        Stage::Vertex => "glslv",
        Stage::Fragment => "glslf",
    };
    let (front, module) = lower_stage(args, stage, profile)?;
    let entry = &args.cg.entry;
    let Some(h) = module.function(entry) else {
        return Err(Failure::Usage(format!("no entry function `{entry}`")));
    };
    let glsl = pigment_glsl::write(&module.functions[h], version)
        .map_err(|d| reject(&front, entry, vec![d]))?;
    match args.reflect {
        Some(ReflectFormat::Json) => write_output(args, &format!("{:#}\n", glsl.reflection)),
        None => write_output(args, &glsl.text),
    }
}
