//! `pigment compile FILE.isl [--shader NAME] --target fp30 [-o DIR]`: each surface and atmosphere
//! shader of the file (or the one `--shader` names) lowered with no lights (`ambient()`,
//! `diffuse()` and `specular(e)` are then (0, 0, 0, 1)) and compiled for fp30 — as one program
//! when it fits, else as the passes `pigment_isl::passes` splits it into. The programs are
//! printed one after the other, or written into the directory DIR as `NAME.fp` (a split shader:
//! `NAME.passN.fp` and the pass description `NAME.passes.txt`, which is also printed first, as `#`
//! lines, without `-o`); each carries cgc's header, whose `#var` lines name the parameters as the
//! shader's formals do (`tint`, `shadermatrix[0]`...), the frame buffer as the rectangle sampler
//! `FB` and a pass's render targets as `target<n>`. `--emit ir` gives the lowered shading IR
//! instead (of the whole shader).

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
        if args.emit == EmitStage::Ir {
            let mut module = pigment_ir::Module::new();
            module.functions.append(func);
            texts.push((format!("{shader}.ir"), pigment_ir::print(&module)));
            continue;
        }
        let options = pigment_fp30::Options::default();
        let partition =
            pigment_isl::passes::partition(&func, &options).map_err(|e| rejected(&e))?;
        match partition.passes.as_slice() {
            [one] => texts.push((format!("{shader}.fp"), one.compiled.text.clone())),
            passes => {
                texts.push((format!("{shader}.passes.txt"), partition.to_string()));
                for (n, pass) in passes.iter().enumerate() {
                    texts.push((format!("{shader}.pass{n}.fp"), pass.compiled.text.clone()));
                }
            }
        }
    }
    write(args, &texts)
}

/// The texts printed (a pass description as `#` lines), or written into `-o DIR` by name.
fn write(args: &CompileArgs, texts: &[(String, String)]) -> CommandResult {
    let Some(dir) = &args.output else {
        let all: Vec<String> = texts
            .iter()
            .map(|(name, text)| match name.ends_with(".txt") {
                true => text.lines().map(|l| format!("# {l}\n")).collect(),
                false => text.clone(),
            })
            .collect();
        print!("{}", all.join("\n"));
        return Ok(());
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::Output(format!("cannot create `{}`: {e}", dir.display())))?;
    for (name, text) in texts {
        let path = dir.join(name);
        std::fs::write(&path, text)
            .map_err(|e| Failure::Output(format!("cannot write `{}`: {e}", path.display())))?;
    }
    Ok(())
}
