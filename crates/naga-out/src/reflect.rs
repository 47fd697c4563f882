//! `--reflect json`: where a lowered function's inputs, outputs and resources are bound, as the
//! lowering places them ([`crate::interface`]).

use crate::interface::{self, Slot};
use crate::targets::Target;
use pigment_ir::Function;
use serde_json::{json, Value};

fn slot(s: Option<Slot>) -> Value {
    match s {
        Some(Slot::Location(l)) => json!({ "location": l }),
        Some(Slot::BuiltIn(b)) => json!({ "builtin": format!("{:?}", crate::types::builtin(b)) }),
        None => Value::Null,
    }
}

/// The bindings of `func` lowered for `target`.
pub fn reflect(func: &Function, target: Target) -> Value {
    let group = interface::group(func.stage);
    let sem = |s: &Option<String>| s.clone().unwrap_or_default();
    let read = interface::read_inputs(func);
    let unnamed = interface::unnamed_inputs(func, &read);
    // An input the program never reads is not declared: its binding is null.
    let inputs: Vec<Value> = func
        .inputs
        .iter()
        .map(|(h, i)| {
            let (place, _) = interface::packed_or_named_slot(func, h, &unnamed);
            let place = if read[h.index()] { place } else { None };
            json!({ "name": i.name, "type": i.ty.to_string(), "semantic": sem(&i.semantic),
                    "binding": slot(place) })
        })
        .collect();
    let outputs: Vec<Value> = func
        .outputs
        .iter()
        .map(|(_, o)| {
            json!({ "name": o.name, "type": o.ty.to_string(), "semantic": sem(&o.semantic),
                    "binding": slot(interface::output_slot(func.stage, &sem(&o.semantic))) })
        })
        .collect();
    let (layout, size) = interface::uniform_layout(func);
    let members: Vec<Value> = func
        .uniforms
        .iter()
        .zip(&layout)
        .map(|((_, u), m)| {
            json!({ "name": u.name, "type": u.ty.to_string(), "array_len": u.array_len,
                    "offset": m.offset, "stride": m.stride, "size": m.size })
        })
        .collect();
    let mut resources = Vec::new();
    if !func.uniforms.is_empty() {
        resources.push(json!({ "kind": "uniform_buffer", "group": group,
            "binding": interface::UNIFORM_BINDING, "layout": "std140", "size": size, "members": members }));
    }
    let combined = matches!(target, Target::GlslNaga(_));
    let uses = interface::sampler_uses(func);
    for (((_, s), unit), u) in func
        .samplers
        .iter()
        .zip(interface::sampler_units(func))
        .zip(uses)
    {
        let (tb, sb) = interface::texture_bindings(unit);
        // `shadow`: a depth texture with a comparison sampler, as the GLSL writer's reflection says.
        let shadow = u.shadow;
        // `read`: whether the program samples it; one it never reads is declared but unused, which
        // a pipeline layout derived from the shader (WebGPU's "auto") leaves out.
        let read = u.read();
        if combined {
            resources.push(
                json!({ "kind": "combined_sampler", "name": s.name, "dim": s.dim.name(),
                "unit": unit, "group": group, "binding": tb, "shadow": shadow, "read": read }),
            );
        } else {
            resources.push(
                json!({ "kind": "texture", "name": s.name, "dim": s.dim.name(),
                "unit": unit, "group": group, "binding": tb, "shadow": shadow, "read": read }),
            );
            resources.push(json!({ "kind": "sampler", "name": s.name, "unit": unit,
                "group": group, "binding": sb, "shadow": shadow, "read": read }));
        }
    }
    json!({ "entry_point": func.name, "stage": func.stage.name(), "inputs": inputs,
            "outputs": outputs, "resources": resources })
}
