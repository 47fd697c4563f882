//! `pigment compile FILE.isl [--shader NAME] --target fp30 [-o DIR]`: each surface and atmosphere
//! shader of the file (or the one `--shader` names) lowered with no lights (`ambient()`,
//! `diffuse()` and `specular(e)` are then (0, 0, 0, 1)) and compiled for fp30. The programs are
//! printed one after the other, or written into the directory DIR as `NAME.fp`; each carries
//! cgc's header, whose `#var` lines name the parameters as the shader's formals do (`tint`,
//! `shadermatrix[0]`...) and the frame buffer as the rectangle sampler `FB`. `--emit ir` gives
//! the lowered shading IR instead.

use super::{checked, print, shaders_of};
use crate::cli::{CompileArgs, EmitStage};
use crate::failure::{CommandResult, Failure};
use pigment_diag::Diagnostic;
use pigment_isl::ast::ShaderKind;

pub fn compile(args: &CompileArgs) -> CommandResult {
    match args.target.as_deref().unwrap_or("fp30") {
        "fp30" => {}
        other => {
            return Err(Failure::Usage(format!(
                "ISL compiles to `--target fp30`, not `{other}`"
            )))
        }
    }
    let (files, unit) = checked(&args.program)?;
    let shaders = match &args.shader {
        Some(name) => vec![name.clone()],
        None => shaders_of(&unit, |k| {
            matches!(k, ShaderKind::Surface | ShaderKind::Atmosphere)
        })
        .into_iter()
        .map(str::to_string)
        .collect(),
    };
    if shaders.is_empty() {
        return Err(Failure::Usage(format!(
            "`{}` has no surface or atmosphere shader to compile",
            args.program.display()
        )));
    }
    let rejected = |errors: &[Diagnostic]| {
        print(&files, errors);
        Failure::Rejected
    };
    let mut texts = Vec::new();
    for shader in &shaders {
        let func = pigment_isl::lower_surface(&unit, shader).map_err(|e| rejected(&e))?;
        let mut module = pigment_ir::Module::new();
        module.functions.append(func);
        let text = match args.emit {
            EmitStage::Ir => pigment_ir::print(&module),
            _ => {
                pigment_fp30::compile(&module, shader, &pigment_fp30::Options::default())
                    .map_err(|e| rejected(&e))?
                    .text
            }
        };
        texts.push((shader, text));
    }
    write(args, &texts)
}

/// The programs printed, or written into `-o DIR` as `NAME.fp` (`NAME.ir` with `--emit ir`).
fn write(args: &CompileArgs, texts: &[(&String, String)]) -> CommandResult {
    let Some(dir) = &args.output else {
        let all: Vec<&str> = texts.iter().map(|(_, t)| t.as_str()).collect();
        print!("{}", all.join("\n"));
        return Ok(());
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::Output(format!("cannot create `{}`: {e}", dir.display())))?;
    let extension = if args.emit == EmitStage::Ir {
        "ir"
    } else {
        "fp"
    };
    for (shader, text) in texts {
        let path = dir.join(format!("{shader}.{extension}"));
        std::fs::write(&path, text)
            .map_err(|e| Failure::Output(format!("cannot write `{}`: {e}", path.display())))?;
    }
    Ok(())
}
