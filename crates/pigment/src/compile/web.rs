//! The `web` target: the program as a page that draws it in a browser — `index.html` and
//! `pigment-web.js` (the page of `web/`, built in) and `shader.js`, each stage as WGSL (naga, for
//! WebGPU) and GLSL ES 3.00 (Pigment's writer, for WebGL 2) with their reflections and uniform
//! values: the uniforms' defaults, matrices without one the identity (as `pigment render` sets
//! them), as the stage's std140 buffer for WebGPU and by GLSL name for WebGL. The uniforms
//! libretro's runtime sets to sizes are listed (`sizes`) so that the page fills them in with its
//! picture's and its own size. Without a vertex entry the page supplies the vertex stage itself.
//! The page draws the reference quad (256x256; the query `?size=WxH` changes it).

use super::cg::{lower_stage, rejected};
use super::CompileRequest;
use crate::artifact::{Code, Output};
use crate::diagnostics::Diagnostics;
use crate::error::Result;
use crate::Session;
use pigment_ir::{Function, ScalarKind, Stage};
use serde_json::{json, Value};

const PAGE: &str = include_str!("../../../../web/index.html");
const SCRIPT: &str = include_str!("../../../../web/pigment-web.js");

/// The page's size when the query does not give one.
const SIZE: u32 = 256;

/// The page's three files.
pub(super) fn outputs(
    session: &Session,
    request: &CompileRequest,
    found: &mut Diagnostics,
) -> Result<Vec<Output>> {
    let mut shader = json!({ "width": SIZE, "height": SIZE });
    shader["fragment"] = stage(session, request, Stage::Fragment, request.cg_entry(), found)?;
    if let Some(vertex_entry) = &request.vertex_entry {
        shader["vertex"] = stage(session, request, Stage::Vertex, vertex_entry, found)?;
    }
    let file = |name: &str, text: String| Output {
        name: name.to_string(),
        stage: None,
        code: Code::Text(text),
        reflection: None,
    };
    Ok(vec![
        file("index.html", PAGE.to_string()),
        file("pigment-web.js", SCRIPT.to_string()),
        file(
            "shader.js",
            format!("window.PIGMENT_SHADER = {shader:#};\n"),
        ),
    ])
}

/// One stage of the page: entry `entry` lowered for `stage`, in both languages, with its uniforms.
fn stage(
    session: &Session,
    request: &CompileRequest,
    stage: Stage,
    entry: &str,
    found: &mut Diagnostics,
) -> Result<Value> {
    let profile = match stage {
        Stage::Vertex => "vp40",
        Stage::Fragment => "fp30",
    };
    let lowered = lower_stage(session, request, entry, stage, profile, found)?;
    let func = lowered.function(entry)?;
    let reject = |d| rejected(&lowered.front, entry, vec![d], found);
    let wgsl = pigment_naga::emit(func, pigment_naga::Target::Wgsl).map_err(reject)?;
    let glsl = pigment_glsl::write(func, pigment_glsl::Version::es(300))
        .map_err(|d| rejected(&lowered.front, entry, vec![d], found))?;
    let values = crate::uniforms::initial_values(func);
    let bytes = pigment_ir::slots::uniform_bytes(func, &values);
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
    let (layout, _) = pigment_ir::slots::uniform_layout(func);
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
