//! `pigment compile PROGRAM.cg --target web [--vertex-entry V] -o DIR`: the program as a page that
//! draws it in a browser — `DIR/index.html` and `DIR/pigment-web.js` (the page of `web/`, built in)
//! and `DIR/shader.js`, each stage as WGSL (naga, for WebGPU) and GLSL ES 3.00 (Pigment's writer,
//! for WebGL 2) with their reflections and uniform values: the uniforms' defaults, matrices without
//! one the identity (as `pigment render` sets them), as the stage's std140 buffer for WebGPU and by
//! GLSL name for WebGL. The uniforms libretro's runtime sets to sizes are listed (`sizes`) so that
//! the page fills them in with its picture's and its own size. Without `--vertex-entry` the page
//! supplies the vertex stage itself. The page draws the reference quad (256x256; the query
//! `?size=WxH` changes it).

use crate::cli::CompileArgs;
use crate::commands::compile::{lower_stage, reject};
use crate::commands::vertex_quad::uniform_values;
use crate::failure::{CommandResult, Failure};
use pigment_ir::{Function, ScalarKind, Stage};
use serde_json::{json, Value};

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
    let mut shader = json!({ "width": SIZE, "height": SIZE });
    shader["fragment"] = stage(args, Stage::Fragment, &args.cg.entry)?;
    if let Some(vertex_entry) = &args.vertex_entry {
        shader["vertex"] = stage(args, Stage::Vertex, vertex_entry)?;
    }
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

/// One stage of the page: entry `entry` lowered for `stage`, in both languages, with its uniforms.
fn stage(args: &CompileArgs, stage: Stage, entry: &str) -> Result<Value, Failure> {
    let mut for_entry = args.clone();
    for_entry.cg.entry = entry.to_string();
    let profile = match stage {
        Stage::Vertex => "vp40",
        Stage::Fragment => "fp30",
    };
    let (front, module) = lower_stage(&for_entry, stage, profile)?;
    let Some(h) = module.function(entry) else {
        return Err(Failure::Usage(format!("no entry function `{entry}`")));
    };
    let func = &module.functions[h];
    let wgsl = pigment_naga::emit(func, pigment_naga::Target::Wgsl)
        .map_err(|d| reject(&front, entry, vec![d]))?;
    let glsl = pigment_glsl::write(func, pigment_glsl::Version::es(300))
        .map_err(|d| reject(&front, entry, vec![d]))?;
    let (values, _) = uniform_values(func, &[])?;
    let bytes = pigment_naga::interface::uniform_bytes(func, &values);
    let glsl_uniforms = glsl_uniforms(func, &values, &glsl.reflection);
    Ok(json!({
        "sizes": libretro_sizes(func, &glsl_uniforms),
        "wgsl": wgsl.text.unwrap_or_default(),
        "wgslReflection": wgsl.reflection,
        "uniformBytes": bytes,
        "glsl": glsl.text,
        "glslReflection": glsl.reflection,
        "glslUniforms": glsl_uniforms,
    }))
}

/// The uniforms libretro's Cg runtime sets to sizes (`*video_size`, `*texture_size`: the
/// picture's; `*output_size`: the page's), which the page fills in when it knows them: which size,
/// the byte offset in the std140 buffer, the width and the GLSL name.
fn libretro_sizes(func: &Function, glsl_uniforms: &Value) -> Value {
    let (layout, _) = pigment_naga::interface::uniform_layout(func);
    let mut out = Vec::new();
    for ((_, u), member) in func.uniforms.iter().zip(&layout) {
        let which = ["video_size", "texture_size", "output_size"]
            .into_iter()
            .find(|s| u.name.ends_with(s));
        let (Some(which), true, None) = (which, u.ty.kind.is_real(), u.array_len) else {
            continue;
        };
        let cg = pigment_fp30::uniforms::source_name(&u.name);
        let glsl = glsl_uniforms
            .as_array()
            .into_iter()
            .flatten()
            .find(|g| g["cg_name"] == cg.as_str())
            .and_then(|g| g["name"].as_str().map(str::to_string));
        out.push(json!({
            "size": if which == "output_size" { "output" } else { "picture" },
            "cg_name": cg,
            "offset": member.offset,
            "width": u.ty.width,
            "glsl": glsl,
        }));
    }
    Value::Array(out)
}

/// Each uniform's GLSL name (from the writer's reflection, by Cg name), width, kind and values.
fn glsl_uniforms(func: &Function, values: &[Vec<pigment_ir::Vector>], reflection: &Value) -> Value {
    let names = reflection["uniforms"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mut out = Vec::new();
    for ((_, u), elements) in func.uniforms.iter().zip(values) {
        let cg = pigment_fp30::uniforms::source_name(&u.name);
        let Some(name) = names
            .iter()
            .find(|r| r["cg_name"] == cg.as_str())
            .and_then(|r| r["name"].as_str())
        else {
            continue;
        };
        let floats: Vec<f32> = elements
            .iter()
            .flat_map(pigment_fp30::uniforms::parameter_values)
            .collect();
        out.push(json!({
            "name": name,
            "cg_name": cg,
            "width": u.ty.width,
            "int": matches!(u.ty.kind, ScalarKind::Int | ScalarKind::Bool),
            "values": floats,
        }));
    }
    Value::Array(out)
}
