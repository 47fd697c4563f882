//! The GLSL writer's reflection: each uniform, sampler, attribute, varying and fragment output
//! the shader declares, with its Cg name, its GLSL name, semantic, type and binding, so a runtime
//! binds by Cg name without parsing the shader. [`typed`] gives the one reflection of every back
//! end ([`pigment_ir::reflect`], `--reflect json`); [`reflect`] the deprecated
//! `pigment-reflect-glsl-1` document, which only `--reflect json-v1` still prints; removed next
//! release.

use crate::expr::type_name;
use crate::interface::Interface;
use crate::names::source_name;
use crate::version::Version;
use pigment_ir::reflect::{Reflection, UniformBlock, Varying};
use pigment_ir::slots;
use pigment_ir::{Function, Stage};
use serde_json::{json, Value};

/// `func`'s interface as `iface` declares it in GLSL `version`, in the one reflection schema.
pub fn typed(func: &Function, version: Version, iface: &Interface) -> Reflection {
    let mut r = Reflection::of_function(func, "glsl");
    r.version = Some(version_name(version));
    let place = |v: &mut Varying, variable: &str, ty, location, builtin: bool| {
        v.target_name = Some(variable.to_string());
        v.target_type = Some(type_name(ty));
        v.location = location;
        v.builtin = builtin.then(|| variable.to_string());
    };
    for (v, p) in r.inputs.iter_mut().zip(&iface.inputs) {
        v.referenced = p.is_some();
        if let Some(p) = p {
            place(v, &p.variable, p.variable_ty, p.location, p.builtin);
        }
    }
    for (v, p) in r.outputs.iter_mut().zip(&iface.outputs) {
        v.referenced = p.is_some();
        if let Some(p) = p {
            place(v, &p.variable, p.variable_ty, p.location, p.builtin);
        }
    }
    for ((u, (_, ir)), name) in r
        .uniforms
        .iter_mut()
        .zip(func.uniforms.iter())
        .zip(&iface.uniforms)
    {
        u.referenced = !name.is_empty();
        u.target_name = u.referenced.then(|| name.clone());
        u.target_type = u.referenced.then(|| type_name(ir.ty));
    }
    for (t, p) in r.textures.iter_mut().zip(&iface.samplers) {
        t.referenced = !p.glsl_type.is_empty();
        t.unit = Some(p.unit);
        t.shadow = Some(p.shadow);
        if t.referenced {
            t.target_name = Some(p.name.clone());
            t.target_type = Some(p.glsl_type.clone());
        }
        if version.is_vulkan() {
            t.group = Some(slots::group(func.stage));
            t.binding = Some(slots::texture_bindings(p.unit).0);
        }
    }
    if version.is_vulkan() && r.uniforms.iter().any(|u| u.referenced) {
        r.uniform_block = Some(UniformBlock {
            group: slots::group(func.stage),
            binding: slots::UNIFORM_BINDING,
            layout: "std140".into(),
            size: None,
        });
    }
    r
}

/// The version as `--target glsl:VERSION` spells it: `330`, `300es`, `vulkan`.
fn version_name(version: Version) -> String {
    match version.flavor {
        crate::Flavor::Desktop => version.number.to_string(),
        crate::Flavor::Es => format!("{}es", version.number),
        crate::Flavor::Vulkan => "vulkan".into(),
    }
}

/// `func`'s interface in the deprecated `pigment-reflect-glsl-1` layout.
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
