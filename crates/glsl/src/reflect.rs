//! `--reflect json` for GLSL (schema `pigment-reflect-glsl-1`): each uniform, sampler, attribute,
//! varying and fragment output the shader declares, with its Cg name, its GLSL name, semantic,
//! type and binding, so a runtime binds by Cg name without parsing the shader.

use crate::expr::type_name;
use crate::interface::Interface;
use crate::names::source_name;
use crate::version::Version;
use pigment_ir::slots;
use pigment_ir::{Function, Stage};
use serde_json::{json, Value};

pub fn reflect(func: &Function, version: Version, iface: &Interface) -> Value {
    let semantic = |s: &Option<String>| s.clone().map_or(Value::Null, Value::String);
    let inputs: Vec<Value> = func
        .inputs
        .iter()
        .zip(&iface.inputs)
        .filter_map(|((_, i), place)| {
            let p = place.as_ref()?;
            Some(json!({ "cg_name": source_name(&i.name), "name": p.variable,
                "type": i.ty.to_string(), "glsl_type": type_name(p.variable_ty),
                "semantic": semantic(&i.semantic), "location": p.location, "builtin": p.builtin }))
        })
        .collect();
    let outputs: Vec<Value> = func
        .outputs
        .iter()
        .zip(&iface.outputs)
        .filter_map(|((_, o), place)| {
            let p = place.as_ref()?;
            Some(json!({ "cg_name": source_name(&o.name), "name": p.variable,
                "type": o.ty.to_string(), "glsl_type": type_name(p.variable_ty),
                "semantic": semantic(&o.semantic), "location": p.location, "builtin": p.builtin }))
        })
        .collect();
    let uniforms: Vec<Value> = func
        .uniforms
        .iter()
        .zip(&iface.uniforms)
        .filter(|(_, name)| !name.is_empty())
        .map(|((_, u), name)| {
            let default = u.default.as_ref().map(|elements| {
                elements
                    .iter()
                    .map(|v| {
                        (0..u.ty.width as usize)
                            .map(|c| v.f32(c))
                            .collect::<Vec<f32>>()
                    })
                    .collect::<Vec<_>>()
            });
            json!({ "cg_name": source_name(&u.name), "name": name, "type": u.ty.to_string(),
                "glsl_type": type_name(u.ty), "array_len": u.array_len, "matrix_rows": u.matrix,
                "semantic": semantic(&u.semantic), "default": default })
        })
        .collect();
    let samplers: Vec<Value> = func
        .samplers
        .iter()
        .zip(&iface.samplers)
        .filter(|(_, p)| !p.glsl_type.is_empty())
        .map(|((_, s), p)| {
            let mut entry = json!({ "cg_name": source_name(&s.name), "name": p.name,
                "glsl_type": p.glsl_type, "dim": s.dim.name(), "unit": p.unit, "shadow": p.shadow });
            if version.is_vulkan() {
                entry["set"] = json!(slots::group(func.stage));
                entry["binding"] = json!(slots::texture_bindings(p.unit).0);
            }
            entry
        })
        .collect();
    let (attributes, varyings_in) = match func.stage {
        Stage::Vertex => (inputs, Vec::new()),
        Stage::Fragment => (Vec::new(), inputs),
    };
    let (varyings_out, fragment_outputs) = match func.stage {
        Stage::Vertex => (outputs, Vec::new()),
        Stage::Fragment => (Vec::new(), outputs),
    };
    let mut uniform_block = Value::Null;
    if version.is_vulkan() && !uniforms.is_empty() {
        uniform_block = json!({ "set": slots::group(func.stage), "binding": slots::UNIFORM_BINDING,
            "layout": "std140" });
    }
    json!({
        "schema": "pigment-reflect-glsl-1",
        "version": version.directive().trim_start_matches("#version ").to_string(),
        "stage": func.stage.name(),
        "entry_point": func.name,
        "attributes": attributes,
        "varyings_in": varyings_in,
        "varyings_out": varyings_out,
        "outputs": fragment_outputs,
        "uniforms": uniforms,
        "uniform_block": uniform_block,
        "samplers": samplers,
    })
}
