//! The program interface as the one reflection of every back end ([`pigment_ir::reflect`],
//! schema `pigment-reflection-2`): cgc's `#var` lines with their registers, DECLAREs and texture
//! units. cgc writes one `#var` per element of a uniform array (`k[0]`, `k[1]`); the reflection
//! gathers them into one uniform `k` with an `array_size`, as the source declares it.

use super::resolve::{Slot, VarKind};
use super::{ProgramInterface, Var};
use pigment_ir::reflect::{Parameter, Reflection, Stats, Texture, Uniform, Varying};
use pigment_ir::Stage;

impl ProgramInterface {
    /// The interface in the one reflection schema, for the target its `#profile` names (`fp30`
    /// when it names none): a vertex stage for a vertex profile (`arbvp1`, `vp40`), else fragment.
    pub fn reflection(&self) -> Reflection {
        let profile = self.profile.clone().unwrap_or_else(|| "fp30".into());
        let stage = match profile.contains("vp") {
            true => Stage::Vertex,
            false => Stage::Fragment,
        };
        let mut r = Reflection::new(profile, stage, self.program.clone());
        let of_kind = |kind: VarKind| self.vars.iter().filter(move |v| v.kind() == kind);
        r.inputs = of_kind(VarKind::Varying).map(input).collect();
        r.outputs = of_kind(VarKind::Output).map(output).collect();
        let uniforms: Vec<&Var> = of_kind(VarKind::Uniform).collect();
        r.uniforms = gather_arrays(&uniforms)
            .into_iter()
            .map(|(name, elements)| self.uniform(name, &elements))
            .collect();
        r.textures = of_kind(VarKind::Sampler).map(texture).collect();
        r.kill = Some(of_kind(VarKind::Kill).next().is_some());
        r.stats = self.stats.map(|s| Stats {
            instructions: s.instructions,
            r_regs: s.r_regs,
            h_regs: s.h_regs,
        });
        r
    }

    /// One uniform: `elements` are its `#var`s (one, or each element of an array).
    fn uniform(&self, name: String, elements: &[&Var]) -> Uniform {
        let first = elements[0];
        let parameters = (elements.iter())
            .flat_map(|v| v.slots())
            .map(|p| match p.slot {
                Slot::Declare(d) => Parameter {
                    name: p.cg_name,
                    declare: Some(d),
                    local: None,
                },
                Slot::Local(n) => Parameter {
                    name: p.cg_name,
                    declare: None,
                    local: Some(n),
                },
            })
            .collect();
        // cgc's `#default` of the whole uniform (an array's names the array), or else every
        // element's, in order; none unless each has one.
        let of = |name: &str| self.defaults.iter().find(|d| d.name == name);
        let defaults: Option<Vec<f32>> = match of(&name) {
            Some(whole) => Some(whole.values.clone()),
            None => (elements.iter()).try_fold(Vec::new(), |mut all, v| {
                all.extend(&of(&v.name)?.values);
                Some(all)
            }),
        };
        Uniform {
            name,
            ty: first.ty.clone(),
            array_size: (first.name.ends_with(']')).then_some(elements.len() as u32),
            semantic: first.user_semantic().map(str::to_string),
            referenced: elements.iter().any(|v| v.referenced),
            default: defaults.filter(|d| d.iter().all(|v| v.is_finite())),
            parameters,
            ..Uniform::default()
        }
    }
}

/// The uniforms with each array's elements (`k[0]`, `k[1]`, ... of one type, in order) together
/// under the array's name.
fn gather_arrays<'a>(vars: &[&'a Var]) -> Vec<(String, Vec<&'a Var>)> {
    let mut out: Vec<(String, Vec<&'a Var>)> = Vec::new();
    for &var in vars {
        let Some((base, index)) = array_element(&var.name) else {
            out.push((var.name.clone(), vec![var]));
            continue;
        };
        match out.last_mut() {
            Some((name, elements))
                if *name == base && elements.len() == index && elements[0].ty == var.ty =>
            {
                elements.push(var)
            }
            _ if index == 0 => out.push((base.to_string(), vec![var])),
            _ => out.push((var.name.clone(), vec![var])),
        }
    }
    out
}

/// `k[3]` → (`k`, 3).
fn array_element(name: &str) -> Option<(&str, usize)> {
    let (base, index) = name.strip_suffix(']')?.rsplit_once('[')?;
    Some((base, index.parse().ok()?))
}

fn varying(var: &Var, register: Option<String>) -> Varying {
    Varying {
        name: var.name.clone(),
        ty: var.ty.clone(),
        semantic: var.user_semantic().map(str::to_string),
        referenced: var.referenced,
        register,
        ..Varying::default()
    }
}

fn input(var: &Var) -> Varying {
    let register = Some(var.resource.clone()).filter(|r| !r.is_empty());
    varying(var, register)
}

fn output(var: &Var) -> Varying {
    varying(var, var.output().map(|o| o.name().to_string()))
}

fn texture(var: &Var) -> Texture {
    Texture {
        name: var.name.clone(),
        ty: var.ty.clone(),
        dim: var.texture_target().map_or("", |t| t.name()).to_string(),
        semantic: var.user_semantic().map(str::to_string),
        referenced: var.referenced,
        unit: var.texture_unit().map(u32::from),
        ..Texture::default()
    }
}
