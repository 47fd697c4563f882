//! Where a lowered function's inputs, outputs and resources are bound, as the lowering places
//! them ([`crate::interface`]): [`typed`] in the one reflection of every back end
//! ([`pigment_ir::reflect`], `--reflect json`), [`reflect`] in the deprecated JSON of earlier
//! releases, which only `--reflect json-v1` still prints; removed next release.

use crate::interface::{self, Slot};
use crate::targets::Target;
use pigment_ir::reflect::{Reflection, UniformBlock, Varying};
use pigment_ir::Function;
use serde_json::{json, Value};

/// The target as `--target` spells it, and the GLSL version (`330`, `300es`) of naga's GLSL.
fn target_name(target: Target) -> (&'static str, Option<String>) {
    use naga::back::glsl::Version;
    match target {
        Target::SpirV => ("spirv", None),
        Target::Wgsl => ("wgsl", None),
        Target::Msl => ("msl", None),
        Target::Hlsl => ("hlsl", None),
        Target::GlslNaga(Version::Desktop(n)) => ("glsl-naga", Some(n.to_string())),
        Target::GlslNaga(Version::Embedded { version, .. }) => {
            ("glsl-naga", Some(format!("{version}es")))
        }
    }
}

/// Fills a varying's binding from its slot (`None`: not declared).
fn place(v: &mut Varying, slot: Option<Slot>) {
    v.referenced = slot.is_some();
    match slot {
        Some(Slot::Location(l)) => v.location = Some(l),
        Some(Slot::BuiltIn(b)) => v.builtin = Some(format!("{:?}", crate::types::builtin(b))),
        None => {}
    }
}

/// The bindings of `func` lowered for `target`, in the one reflection schema.
pub fn typed(func: &Function, target: Target) -> Reflection {
    let (name, version) = target_name(target);
    let mut r = Reflection::of_function(func, name);
    r.version = version;
    let read = interface::read_inputs(func);
    let unnamed = interface::unnamed_inputs(func, &read);
    for ((h, _), v) in func.inputs.iter().zip(&mut r.inputs) {
        let (slot, _) = interface::packed_or_named_slot(func, h, &unnamed);
        place(v, slot.filter(|_| read[h.index()]));
    }
    let shadowed = interface::shadowed_outputs(func);
    for ((h, o), v) in func.outputs.iter().zip(&mut r.outputs) {
        let semantic = o.semantic.clone().unwrap_or_default();
        let slot = interface::output_slot(func.stage, &semantic);
        place(v, slot.filter(|_| !shadowed[h.index()]));
    }
    let (layout, size) = interface::uniform_layout(func);
    for (u, m) in r.uniforms.iter_mut().zip(&layout) {
        (u.offset, u.stride, u.size) = (Some(m.offset), Some(m.stride), Some(m.size));
    }
    if !func.uniforms.is_empty() {
        r.uniform_block = Some(UniformBlock {
            group: interface::group(func.stage),
            binding: interface::UNIFORM_BINDING,
            layout: "std140".into(),
            size: Some(size),
        });
    }
    let combined = matches!(target, Target::GlslNaga(_));
    let units = interface::sampler_units(func);
    for ((t, unit), used) in r
        .textures
        .iter_mut()
        .zip(units)
        .zip(interface::sampler_uses(func))
    {
        let (texture, sampler) = interface::texture_bindings(unit);
        t.unit = Some(unit);
        t.referenced = used.read();
        t.shadow = Some(used.shadow);
        t.group = Some(interface::group(func.stage));
        t.binding = Some(texture);
        t.sampler_binding = (!combined).then_some(sampler);
    }
    r
}

fn slot(s: Option<Slot>) -> Value {
    match s {
        Some(Slot::Location(l)) => json!({ "location": l }),
        Some(Slot::BuiltIn(b)) => json!({ "builtin": format!("{:?}", crate::types::builtin(b)) }),
        None => Value::Null,
    }
}

/// The bindings of `func` lowered for `target`, in the deprecated JSON of earlier releases.
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
    let shadowed = interface::shadowed_outputs(func);
    let outputs: Vec<Value> = func
        .outputs
        .iter()
        .map(|(h, o)| {
            let place = interface::output_slot(func.stage, &sem(&o.semantic));
            let place = place.filter(|_| !shadowed[h.index()]);
            json!({ "name": o.name, "type": o.ty.to_string(), "semantic": sem(&o.semantic),
                    "binding": slot(place) })
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
