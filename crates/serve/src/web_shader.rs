//! The browser's picture: the object `web/pigment-web.js` draws (`{width, height, fragment,
//! vertex?}`, each stage's WGSL and GLSL ES 3.00 with their reflections and uniform values). A Cg
//! program's is the library's web target (`shader.js`); a Parasol program's and an ISL surface's
//! (with its lights, on its geometry, with its atmosphere: a second fragment stage, `atmosphere`,
//! and the vertices, `mesh`) are put together here from the library's GLSL ES 3.00 and WGSL of
//! their shaders, since the web target writes Cg only. The request's `params` are written
//! into any of them ([`crate::uniforms`]), so that both pictures get the same values.

use crate::request::Compile;
use crate::uniforms::{glsl_uniforms, set_defaults, set_param};
use pigment::render::isl::{IslScene, SceneVertices, FB_SCALE, SCENE_SEMANTICS};
use pigment::{Artifact, CompileRequest, Error, Language, Session, Target};
use serde_json::{json, Value};

/// The size the playground draws at (the web target's default, and the page's).
const SIZE: u32 = 256;

/// What the quad feeds a Parasol vertex shader's inputs, in declaration order: the semantics
/// `pigment::Session::render` gives them (position, texture coordinate, colour, second
/// coordinate set), which `pigment-web.js` knows by name.
const PARASOL_INPUTS: [&str; 4] = ["POSITION", "TEXCOORD0", "COLOR0", "TEXCOORD1"];

/// The drawing object of the request's program with `params` set (an ISL surface lit by its
/// lights).
pub fn shader(compile: &Compile, params: &[(String, [f32; 4])]) -> Result<Value, Error> {
    let (session, request) = (&compile.session, &compile.request);
    let mut shader = match request.resolved_language()? {
        Language::Parasol => parasol(session, request)?,
        Language::Cg => cg(session, request)?,
        Language::Isl => isl(session, &compile.isl_scene(), &request.source)?,
        other => {
            return Err(Error::Request(format!(
                "the browser draws Cg, Parasol and ISL programs, not {other}"
            )))
        }
    };
    for stage in ["vertex", "fragment", "atmosphere"] {
        if let Some(stage) = shader.get_mut(stage) {
            for (name, value) in params {
                set_param(stage, name, value);
            }
        }
    }
    Ok(shader)
}

/// An ISL surface on `scene`: the library's GLSL ES 3.00 and WGSL of the scene's vertex
/// function, the lit surface and the atmosphere ([`Session::compile_isl_scene`]), their uniforms'
/// defaults written in, and the scene's vertices after the machine's vertex stage (`mesh`:
/// `attributes` by semantic, four floats a vertex, and the triangles' `indices`).
fn isl(session: &Session, scene: &IslScene, source: &str) -> Result<Value, Error> {
    let target = |name: &str| name.parse().map_err(|e| Error::Internal(format!("{e}")));
    let glsl = session.compile_isl_scene(source, scene, target("glsl:es300")?)?;
    let wgsl = session.compile_isl_scene(source, scene, target("wgsl")?)?;
    let mut shader = json!({ "width": SIZE, "height": SIZE });
    let keys = ["vertex", "fragment", "atmosphere"];
    for ((glsl, wgsl), key) in glsl.outputs.iter().zip(&wgsl.outputs).zip(keys) {
        let mut stage = stage(glsl, Some(wgsl));
        set_defaults(&mut stage);
        shader[key] = stage;
    }
    if let Some(atmosphere) = shader.get_mut("atmosphere") {
        // GLSL ES reads the surface pass's picture as a 2D texture at the window position
        // scaled by this (WGSL divides by the texture's size itself).
        let texel = 1.0 / SIZE as f32;
        let scale = FB_SCALE.replace('$', ".");
        set_param(atmosphere, &scale, &[texel, texel, 0.0, 0.0]);
    }
    shader["mesh"] = mesh(&session.isl_scene_vertices(scene, (SIZE, SIZE))?);
    Ok(shader)
}

/// The scene's vertices as `pigment-web.js` binds them: each attribute by its semantic, and the
/// triangles' indices.
fn mesh(vertices: &SceneVertices) -> Value {
    let lists = [
        &vertices.clip,
        &vertices.texcoord,
        &vertices.normal,
        &vertices.position,
    ];
    let mut attributes = serde_json::Map::new();
    for (semantic, list) in SCENE_SEMANTICS.iter().zip(lists) {
        let floats: Vec<f32> = list.iter().flatten().copied().collect();
        attributes.insert(semantic.to_string(), json!(floats));
    }
    let indices: Vec<u32> = vertices.triangles.iter().flatten().copied().collect();
    json!({ "attributes": attributes, "indices": indices })
}

/// The web target's `shader.js` (`window.PIGMENT_SHADER = {...};`) read back as JSON.
fn cg(session: &Session, request: &CompileRequest) -> Result<Value, Error> {
    let mut web = request.clone();
    web.target = Target::Web;
    let artifact = session.compile(&web)?;
    let script = artifact
        .outputs
        .iter()
        .find(|o| o.name == "shader.js")
        .and_then(|o| o.code.text());
    let object = script.and_then(|text| {
        let start = text.find('{')?;
        let end = text.rfind('}')?;
        serde_json::from_str::<Value>(&text[start..=end]).ok()
    });
    object.ok_or_else(|| Error::Internal("the web target wrote no shader.js object".into()))
}

/// A Parasol program (`vertex_entry`, `package.Module.name`): its two shaders as GLSL ES 3.00
/// (the program compile, which connects them) and as WGSL (each shader, named by the program's
/// module and the entry point the GLSL reflection gives).
fn parasol(session: &Session, request: &CompileRequest) -> Result<Value, Error> {
    let Some(program) = request.vertex_entry.as_deref() else {
        return Err(Error::Request(
            "the pictures of a Parasol program need `vertex_entry`: the program, package.Module.name".into(),
        ));
    };
    let module = program.rsplit_once('.').map_or("", |(module, _)| module);
    let glsl = compiled(session, request, None, "glsl:es300")?;
    let mut shader = json!({ "width": SIZE, "height": SIZE });
    for output in &glsl.outputs {
        let reflection = output.reflection.as_ref().map(|r| r.json().clone());
        let reflection = reflection.unwrap_or_default();
        let entry = format!(
            "{module}.{}",
            reflection["entry_point"].as_str().unwrap_or("")
        );
        let wgsl = compiled(session, request, Some(&entry), "wgsl")?;
        let stage = stage(output, wgsl.outputs.first());
        let key = reflection_stage(&stage);
        shader[key] = stage;
    }
    if let Some(vertex) = shader.get_mut("vertex") {
        name_inputs(&mut vertex["glslReflection"]["attributes"]);
        name_inputs(&mut vertex["wgslReflection"]["inputs"]);
    }
    Ok(shader)
}

/// One stage of the drawing object from its GLSL ES 3.00 and WGSL outputs, the uniforms' values
/// empty (GL's zero; the std140 buffer zeros).
fn stage(glsl: &pigment::Output, wgsl: Option<&pigment::Output>) -> Value {
    let reflection = glsl.reflection.as_ref().map(|r| r.json().clone());
    let reflection = reflection.unwrap_or_default();
    json!({
        "wgsl": wgsl.and_then(|o| o.code.text()),
        "wgslReflection": wgsl.and_then(|o| o.reflection.as_ref()).map(|r| r.json().clone()),
        "uniformBytes": vec![0u8; uniform_buffer_size(wgsl)],
        "glsl": glsl.code.text(),
        "glslUniforms": glsl_uniforms(&reflection),
        "glslReflection": reflection,
        "sizes": [],
    })
}

/// The request compiled to `target`, as one shader `entry` or (`None`) as the program.
fn compiled(
    session: &Session,
    request: &CompileRequest,
    entry: Option<&str>,
    target: &str,
) -> Result<Artifact, Error> {
    let mut request = request.clone();
    request.target = target
        .parse()
        .map_err(|e| Error::Internal(format!("{e}")))?;
    if let Some(entry) = entry {
        request.entry = Some(entry.to_string());
        request.vertex_entry = None;
    }
    session.compile(&request)
}

/// `vertex` or `fragment`, as the stage's GLSL reflection says.
fn reflection_stage(stage: &Value) -> &'static str {
    match stage["glslReflection"]["stage"].as_str() {
        Some("vertex") => "vertex",
        _ => "fragment",
    }
}

/// The size of the stage's std140 uniform buffer (0 without one).
fn uniform_buffer_size(wgsl: Option<&pigment::Output>) -> usize {
    let reflection = wgsl.and_then(|o| o.reflection.as_ref());
    let resources = reflection.and_then(|r| r.json()["resources"].as_array().cloned());
    resources
        .unwrap_or_default()
        .iter()
        .find(|r| r["kind"] == "uniform_buffer")
        .and_then(|r| r["size"].as_u64())
        .unwrap_or(0) as usize
}

/// Parasol's vertex inputs are numbered `ATTRk` in declaration order: the quad's semantic for each.
fn name_inputs(inputs: &mut Value) {
    for input in inputs.as_array_mut().into_iter().flatten() {
        let k = input["semantic"]
            .as_str()
            .and_then(|s| s.strip_prefix("ATTR"));
        let semantic = k
            .and_then(|k| k.parse::<usize>().ok())
            .and_then(|k| PARASOL_INPUTS.get(k));
        if let Some(semantic) = semantic {
            input["semantic"] = json!(semantic);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parasol_inputs_take_the_quads_semantics_in_order() {
        let mut inputs =
            json!([{ "semantic": "ATTR0" }, { "semantic": "ATTR1" }, { "semantic": "ATTR9" }]);
        name_inputs(&mut inputs);
        assert_eq!(
            inputs,
            json!([{ "semantic": "POSITION" }, { "semantic": "TEXCOORD0" }, { "semantic": "ATTR9" }])
        );
    }
}
