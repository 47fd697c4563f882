//! The uniform values of a drawing object's stage (`web/pigment-web.js`'s `glslUniforms` and
//! `uniformBytes`, the WGSL stage's std140 buffer): the GLSL list from a reflection, and a value
//! written into both, so that the browser's picture gets what the machine's parameters get.

use serde_json::{json, Value};

/// The GLSL uniforms as `pigment-web.js` sets them (each with its element count, `length`), their
/// values empty (GL's zero) until [`set_defaults`] or `params` gives them.
pub fn glsl_uniforms(reflection: &Value) -> Value {
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
        let length = u["array_len"].as_u64().unwrap_or(1);
        Some(json!({
            "name": u["name"], "cg_name": u["cg_name"], "width": width, "length": length,
            "int": int, "values": [],
        }))
    });
    Value::Array(uniforms.collect())
}

/// Writes each float uniform's default (the GLSL reflection's, element by element) into the
/// stage's values, as the machine starts from it.
pub fn set_defaults(stage: &mut Value) {
    let uniforms = stage["glslReflection"]["uniforms"].as_array().cloned();
    for u in uniforms.unwrap_or_default() {
        let (Some(name), Some(elements)) = (u["cg_name"].as_str(), u["default"].as_array()) else {
            continue;
        };
        for (k, element) in elements.iter().enumerate() {
            let mut value = [0.0; 4];
            let numbers = element.as_array().into_iter().flatten();
            for (slot, x) in value.iter_mut().zip(numbers) {
                *slot = x.as_f64().unwrap_or(0.0) as f32;
            }
            match u["array_len"].is_null() {
                true => set_param(stage, name, &value),
                false => set_param(stage, &format!("{name}[{k}]"), &value),
            }
        }
    }
}

/// Sets float uniform `name` (its Cg, Parasol or ISL name; `NAME[k]` is element k of an array, a
/// matrix's row k) of `stage` to `value`: in its GLSL values and in its std140 buffer at the
/// member's offset (and the element's stride). Integer uniforms, and an array named without an
/// element, are left alone (the machine's parameters are float vectors).
pub fn set_param(stage: &mut Value, name: &str, value: &[f32; 4]) {
    let (base, element) = element_of(name);
    let mut width = None;
    for u in stage["glslUniforms"].as_array_mut().into_iter().flatten() {
        let n = u["width"].as_u64().unwrap_or(0) as usize;
        let length = u["length"].as_u64().unwrap_or(1) as usize;
        let k = element.unwrap_or(0);
        let mut values: Vec<f32> = serde_json::from_value(u["values"].clone()).unwrap_or_default();
        let fits = (1..=4).contains(&n) && k < length && values.len() <= n * length;
        let named = u["cg_name"] == base && (element.is_some() || length == 1);
        if named && u["int"] != true && fits {
            values.resize(n * length, 0.0);
            values[k * n..(k + 1) * n].copy_from_slice(&value[..n]);
            u["values"] = json!(values);
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
    let member = members.into_iter().flatten().find(|m| {
        let own = m["name"].as_str().map(cg_style) == Some(base.to_string());
        own && m["array_len"].is_null() == element.is_none()
    });
    let Some(member) = member else { return };
    let stride = member["stride"].as_u64().unwrap_or(0) as usize;
    let Some(offset) = member["offset"].as_u64() else {
        return;
    };
    let offset = offset as usize + element.unwrap_or(0) * stride;
    let mut bytes: Vec<u8> =
        serde_json::from_value(stage["uniformBytes"].take()).unwrap_or_default();
    let floats = value[..width].iter().flat_map(|v| v.to_le_bytes());
    for (i, byte) in floats.enumerate() {
        if let Some(slot) = bytes.get_mut(offset + i) {
            *slot = byte;
        }
    }
    stage["uniformBytes"] = json!(bytes);
}

/// `NAME[k]` as (`NAME`, `Some(k)`); any other name as itself.
fn element_of(name: &str) -> (&str, Option<usize>) {
    let split = name.strip_suffix(']').and_then(|n| n.rsplit_once('['));
    match split.and_then(|(base, k)| Some((base, k.parse().ok()?))) {
        Some((base, k)) => (base, Some(k)),
        None => (name, None),
    }
}

/// An IR uniform's name as GLSL's reflection and the machine's parameters give it: an ISL light
/// instance's parameter `INSTANCE$NAME` is `INSTANCE.NAME`.
fn cg_style(ir_name: &str) -> String {
    ir_name.replace('$', ".")
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
    fn a_matrix_row_is_written_at_its_element() {
        // An ISL light's shadermatrix: four float4 rows, std140 stride 16.
        let mut stage = json!({
            "glslUniforms": [{ "name": "bulb_shadermatrix", "cg_name": "bulb.shadermatrix",
                "width": 4, "length": 4, "int": false, "values": [] }],
            "wgslReflection": { "resources": [{ "kind": "uniform_buffer", "members": [
                { "name": "bulb$shadermatrix", "offset": 32, "array_len": 4, "stride": 16, "size": 64 }] }] },
            "uniformBytes": vec![0u8; 96],
        });
        set_param(&mut stage, "bulb.shadermatrix[3]", &[0.25, 0.5, 2.0, 1.0]);
        set_param(&mut stage, "bulb.shadermatrix", &[9.0; 4]);
        let values: Vec<f32> =
            serde_json::from_value(stage["glslUniforms"][0]["values"].clone()).unwrap();
        assert_eq!(values.len(), 16);
        assert_eq!(values[12..], [0.25, 0.5, 2.0, 1.0]);
        assert!(values[..12].iter().all(|&v| v == 0.0), "{values:?}");
        let bytes: Vec<u8> = serde_json::from_value(stage["uniformBytes"].clone()).unwrap();
        assert_eq!(bytes[80..84], 0.25f32.to_le_bytes());
        assert_eq!(bytes[92..96], 1.0f32.to_le_bytes());
    }
}
