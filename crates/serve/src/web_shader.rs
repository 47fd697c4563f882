//! The browser's picture: the object `web/pigment-web.js` draws (`{width, height, fragment,
//! vertex?}`, each stage's WGSL and GLSL ES 3.00 with their reflections and uniform values). A Cg
//! program's is the library's web target (`shader.js`); a Parasol program's is put together here
//! from the library's GLSL ES 3.00 and WGSL of its two shaders, since the web target writes Cg
//! only. The request's `params` are written into either, so that both pictures get the same values.

use pigment::{Artifact, CompileRequest, Error, Language, Session, Target};
use serde_json::{json, Value};

/// The size the playground draws at (the web target's default, and the page's).
const SIZE: u32 = 256;

/// What the quad feeds a Parasol vertex shader's inputs, in declaration order: the semantics
/// `pigment::Session::render` gives them (position, texture coordinate, colour, second
/// coordinate set), which `pigment-web.js` knows by name.
const PARASOL_INPUTS: [&str; 4] = ["POSITION", "TEXCOORD0", "COLOR0", "TEXCOORD1"];

/// The drawing object of the request's program with `params` set.
pub fn shader(
    session: &Session,
    request: &CompileRequest,
    params: &[(String, [f32; 4])],
) -> Result<Value, Error> {
    let mut shader = match request.resolved_language()? {
        Language::Parasol => parasol(session, request)?,
        Language::Cg => cg(session, request)?,
        other => {
            return Err(Error::Request(format!(
                "the browser draws Cg and Parasol programs, not {other}"
            )))
        }
    };
    for stage in ["vertex", "fragment"] {
        if let Some(stage) = shader.get_mut(stage) {
            for (name, value) in params {
                set_param(stage, name, value);
            }
        }
    }
    Ok(shader)
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
        let wgsl = wgsl.outputs.first();
        let stage = json!({
            "wgsl": wgsl.and_then(|o| o.code.text()),
            "wgslReflection": wgsl.and_then(|o| o.reflection.as_ref()).map(|r| r.json().clone()),
            "uniformBytes": vec![0u8; uniform_buffer_size(wgsl)],
            "glsl": output.code.text(),
            "glslUniforms": parasol_uniforms(&reflection),
            "glslReflection": reflection,
            "sizes": [],
        });
        let key = reflection_stage(&stage);
        shader[key] = stage;
    }
    if let Some(vertex) = shader.get_mut("vertex") {
        name_inputs(&mut vertex["glslReflection"]["attributes"]);
        name_inputs(&mut vertex["wgslReflection"]["inputs"]);
    }
    Ok(shader)
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

/// The GLSL uniforms as `pigment-web.js` sets them: Parasol's parameters have no defaults, so
/// their values are empty (GL's zero) until `params` gives them.
fn parasol_uniforms(reflection: &Value) -> Value {
    let uniforms = reflection["uniforms"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let uniforms = uniforms.iter().filter_map(|u| {
        let ty = u["type"].as_str()?;
        let width = match ty.trim_start_matches(char::is_alphabetic) {
            "" => 1,
            n => n.parse::<u64>().ok().filter(|n| *n <= 4)?,
        };
        let int = ty.starts_with("int") || ty.starts_with("bool");
        Some(json!({ "name": u["name"], "cg_name": u["cg_name"], "width": width, "int": int, "values": [] }))
    });
    Value::Array(uniforms.collect())
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

/// Sets float uniform `name` (its Cg or Parasol name) of `stage` to `value`: in its GLSL values
/// and in its std140 buffer at the member's offset. Integer uniforms, arrays and matrices are left
/// alone (the machine's parameters are float vectors).
fn set_param(stage: &mut Value, name: &str, value: &[f32; 4]) {
    let mut width = None;
    for u in stage["glslUniforms"].as_array_mut().into_iter().flatten() {
        let n = u["width"].as_u64().unwrap_or(0) as usize;
        let values = u["values"].as_array().map_or(0, Vec::len);
        if u["cg_name"] == name && u["int"] != true && (1..=4).contains(&n) && values <= n {
            u["values"] = json!(value[..n]);
            width = Some(n);
        }
    }
    let Some(width) = width else { return };
    let resources = stage["wgslReflection"]["resources"].as_array();
    let buffer = resources
        .into_iter()
        .flatten()
        .find(|r| r["kind"] == "uniform_buffer");
    let members = buffer.and_then(|b| b["members"].as_array());
    let member = members
        .into_iter()
        .flatten()
        .find(|m| m["name"] == name && m["array_len"].is_null());
    let Some(offset) = member.and_then(|m| m["offset"].as_u64()) else {
        return;
    };
    let mut bytes: Vec<u8> =
        serde_json::from_value(stage["uniformBytes"].take()).unwrap_or_default();
    let floats = value[..width].iter().flat_map(|v| v.to_le_bytes());
    for (i, byte) in floats.enumerate() {
        if let Some(slot) = bytes.get_mut(offset as usize + i) {
            *slot = byte;
        }
    }
    stage["uniformBytes"] = json!(bytes);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_param_is_written_into_both_languages_values() {
        let mut stage = json!({
            "glslUniforms": [{ "name": "_tint", "cg_name": "tint", "width": 3, "int": false, "values": [1.0, 1.0, 1.0] }],
            "wgslReflection": { "resources": [{ "kind": "uniform_buffer", "members": [
                { "name": "tint", "offset": 16, "array_len": null, "size": 12 }] }] },
            "uniformBytes": vec![0u8; 32],
        });
        set_param(&mut stage, "tint", &[0.5, 2.0, -1.0, 9.0]);
        assert_eq!(stage["glslUniforms"][0]["values"], json!([0.5, 2.0, -1.0]));
        let bytes: Vec<u8> = serde_json::from_value(stage["uniformBytes"].clone()).unwrap();
        assert_eq!(bytes[16..20], 0.5f32.to_le_bytes());
        assert_eq!(bytes[24..28], (-1.0f32).to_le_bytes());
        assert_eq!(
            bytes[28..32],
            [0; 4],
            "the fourth component is not the uniform's"
        );
    }

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
