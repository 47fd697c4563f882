//! `pigment compile PROGRAM.cg --target web -o DIR`: the fragment entry as a page that draws it in
//! a browser — `DIR/index.html` and `DIR/pigment-web.js` (the page of `web/`, built in) and
//! `DIR/shader.js` holding the program as WGSL (naga, for WebGPU) and GLSL ES 3.00 (Pigment's
//! writer, for WebGL 2) with their reflections. The page draws the reference quad (256x256; the
//! query `?size=WxH` changes it) with the uniforms' defaults.

use crate::cli::CompileArgs;
use crate::commands::compile::{lower_stage, reject};
use crate::failure::{CommandResult, Failure};
use pigment_ir::Stage;

const PAGE: &str = include_str!("../../../../web/index.html");
const SCRIPT: &str = include_str!("../../../../web/pigment-web.js");

/// The page's size when the query does not give one.
const SIZE: u32 = 256;

pub fn compile(args: &CompileArgs) -> CommandResult {
    let Some(dir) = &args.output else {
        return Err(Failure::Usage(
            "`--target web` writes a page: give the directory with `-o DIR`".into(),
        ));
    };
    let (front, module) = lower_stage(args, Stage::Fragment, "fp30")?;
    let entry = &args.cg.entry;
    let Some(h) = module.function(entry) else {
        return Err(Failure::Usage(format!("no entry function `{entry}`")));
    };
    let func = &module.functions[h];
    let wgsl = pigment_naga::emit(func, pigment_naga::Target::Wgsl)
        .map_err(|d| reject(&front, entry, vec![d]))?;
    let glsl = pigment_glsl::write(func, pigment_glsl::Version::es(300))
        .map_err(|d| reject(&front, entry, vec![d]))?;
    let shader = serde_json::json!({
        "width": SIZE,
        "height": SIZE,
        "uniforms": {},
        "wgsl": wgsl.text.unwrap_or_default(),
        "wgslReflection": wgsl.reflection,
        "glsl": glsl.text,
        "glslReflection": glsl.reflection,
    });
    let files = [
        ("index.html", PAGE.to_string()),
        ("pigment-web.js", SCRIPT.to_string()),
        (
            "shader.js",
            format!("window.PIGMENT_SHADER = {shader:#};\n"),
        ),
    ];
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::Output(format!("cannot create `{}`: {e}", dir.display())))?;
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text)
            .map_err(|e| Failure::Output(format!("cannot write `{}`: {e}", path.display())))?;
    }
    Ok(())
}
