//! What a converted pass's functions read, mapped to the target runtime: every uniform, sampler
//! and vertex input of a Cg pass given the slang or GLSL runtime's name or value (the GLSL writer's
//! [`Overrides`]), or the names the runtime has no place for.

use super::names::{initial_values, runtime_value, Needs};
use super::Runtime;
use crate::Preset;
use pigment_glsl::{names::source_name, Overrides};
use pigment_ir::{Function, Stage};

/// The overrides of one function of pass `i`, or the names the runtime has no place for.
pub(super) fn overrides(
    func: &Function,
    i: usize,
    preset: &Preset,
    parameters: &[String],
    needs: &mut Needs,
) -> Result<Overrides, Vec<String>> {
    let mut o = Overrides::default();
    let mut missing = Vec::new();
    for (_, u) in func.uniforms.iter() {
        let cg = source_name(&u.name);
        let value = if u.matrix && cg == "modelViewProj" && u.ty.width == 4 {
            let mvp = match needs.runtime {
                Runtime::Slang => needs.member("MVP", "mat4"),
                Runtime::Glsl => needs.member("MVPMatrix", "mat4"),
            };
            let rows = u.array_len.unwrap_or(4);
            Some(
                (0..rows)
                    .map(|r| {
                        format!("vec4({mvp}[0][{r}], {mvp}[1][{r}], {mvp}[2][{r}], {mvp}[3][{r}])")
                    })
                    .collect(),
            )
        } else if parameters.contains(&cg) {
            Some(vec![needs.member(&cg, "float")])
        } else if let Some((structure, member)) = cg.split_once('.') {
            match runtime_value(structure, member, u.ty.width, i, preset, needs) {
                Some(v) => Some(vec![v]),
                // A member the Cg runtime does not set on a struct it knows (`ALIAS.output_size`,
                // a `tex_coord` declared uniform) keeps its initialiser there too.
                None if needs.runtime.names(structure, i, preset).is_some() => {
                    Some(initial_values(u))
                }
                None => None,
            }
        } else {
            // A uniform the runtime does not know keeps the value the Cg runtime gave it: its
            // initialiser, else 0.
            Some(initial_values(u))
        };
        match value {
            Some(v) => {
                o.uniforms.insert(u.name.clone(), v);
            }
            None => missing.push(format!("uniform `{cg}`")),
        }
    }
    let luts: Vec<&str> = preset.textures.iter().map(|t| t.name.as_str()).collect();
    for (_, s) in func.samplers.iter() {
        let cg = source_name(&s.name);
        let runtime = needs.runtime;
        let name = match cg.strip_suffix(".texture") {
            Some(structure) => runtime.names(structure, i, preset).map(|[t, _, _]| t),
            None if luts.contains(&cg.as_str()) => Some(cg.clone()),
            None => runtime.names("IN", i, preset).map(|[t, _, _]| t),
        };
        match name {
            Some(n) => {
                o.samplers.insert(s.name.clone(), needs.sampler(&n));
            }
            None => missing.push(format!("sampler `{cg}`")),
        }
    }
    if func.stage == Stage::Vertex {
        let read = pigment_ir::slots::read_inputs(func);
        for (h, input) in func.inputs.iter() {
            if !read[h.index()] {
                continue;
            }
            let semantic = input.semantic.as_deref().unwrap_or("").to_ascii_uppercase();
            let cg = source_name(&input.name);
            let member = cg.split_once('.');
            let tex_coord = member.is_some_and(|(_, m)| m == "tex_coord");
            // Sizes passed as varying struct members are the runtime's uniforms all the same.
            let size = member
                .filter(|(_, m)| *m != "tex_coord")
                .and_then(|(s, m)| runtime_value(s, m, input.ty.width, i, preset, needs));
            if let (Some(v), "") = (size, semantic.as_str()) {
                o.inputs.insert(input.name.clone(), v);
                continue;
            }
            match semantic.as_str() {
                "POSITION" | "POSITION0" => {
                    let name = match needs.runtime {
                        Runtime::Slang => "Position",
                        Runtime::Glsl => "VertexCoord",
                    };
                    o.attributes.insert(input.name.clone(), (name.into(), 0));
                }
                // The Cg runtime's TEXCOORD1 (the look-up textures' coordinates) is TexCoord too.
                "TEXCOORD" | "TEXCOORD0" | "TEXCOORD1" => {
                    o.attributes
                        .insert(input.name.clone(), ("TexCoord".into(), 1));
                }
                "" if tex_coord => {
                    o.attributes
                        .insert(input.name.clone(), ("TexCoord".into(), 1));
                }
                "COLOR" | "COLOR0" | "DIFFUSE" if needs.runtime == Runtime::Glsl => {
                    o.attributes.insert(input.name.clone(), ("COLOR".into(), 3));
                }
                "COLOR" | "COLOR0" | "DIFFUSE" => {
                    let ones = ["1.0"; 4][..input.ty.width as usize].join(", ");
                    let value = if input.ty.width == 1 {
                        "1.0".into()
                    } else {
                        format!("vec{}({ones})", input.ty.width)
                    };
                    o.inputs.insert(input.name.clone(), value);
                }
                _ => missing.push(format!("vertex input `{}`", source_name(&input.name))),
            }
        }
    }
    if missing.is_empty() {
        Ok(o)
    } else {
        Err(missing)
    }
}
