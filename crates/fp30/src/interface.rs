//! The program's interface as fp30 binds it (fp30-profile.md section 3): varying semantics to
//! attribute registers, output semantics to output registers, uniforms to named local parameters
//! (`name`, array elements `name$i`) and samplers to texture units (explicit, else the lowest free).

use crate::diag::error_at;
use nvfp::isa::{AttribReg, OutputReg, TexTarget};
use pigment_diag::Diagnostic;
use pigment_ir::{Function, SamplerDim, ScalarKind};

/// The attribute register of a varying semantic (cgc's spellings, case-insensitive).
pub fn attrib_for(semantic: &str) -> Option<AttribReg> {
    let s = semantic.to_ascii_uppercase();
    let tex = |rest: &str| {
        rest.parse::<u8>()
            .ok()
            .filter(|&n| n < 8)
            .map(AttribReg::Tex)
    };
    match s.as_str() {
        "COLOR" | "COLOR0" | "COL" | "COL0" => Some(AttribReg::Col0),
        "COLOR1" | "COL1" => Some(AttribReg::Col1),
        "WPOS" => Some(AttribReg::Wpos),
        "FOG" | "FOGP" | "FOGC" => Some(AttribReg::Fogc),
        _ => s
            .strip_prefix("TEXCOORD")
            .or_else(|| s.strip_prefix("TEX"))
            .and_then(tex),
    }
}

/// The output register for an output of `kind` with `semantic`.
pub fn output_for(semantic: &str, kind: ScalarKind) -> Option<OutputReg> {
    match semantic.to_ascii_uppercase().as_str() {
        "COLOR" | "COLOR0" | "COL" | "COL0" => Some(if kind == ScalarKind::Float {
            OutputReg::Colr
        } else {
            OutputReg::Colh
        }),
        "DEPTH" | "DEPR" => Some(OutputReg::Depr),
        _ => None,
    }
}

pub fn target_for(dim: SamplerDim) -> TexTarget {
    match dim {
        SamplerDim::D1 => TexTarget::D1,
        SamplerDim::D2 => TexTarget::D2,
        SamplerDim::D3 => TexTarget::D3,
        SamplerDim::Cube => TexTarget::Cube,
        SamplerDim::Rect => TexTarget::Rect,
    }
}

/// The DECLARE name of a uniform (element): `name`, or `name$i` for element `i` of an array.
pub fn param_name(uniform: &str, index: Option<u32>) -> String {
    match index {
        Some(i) => format!("{uniform}${i}"),
        None => uniform.to_string(),
    }
}

/// The registers and units every interface entity is bound to.
pub struct Interface {
    pub inputs: Vec<Option<AttribReg>>,
    pub outputs: Vec<Option<OutputReg>>,
    pub sampler_units: Vec<u8>,
}

/// Binds `func`'s interface; every entity fp30 cannot bind is an error.
pub fn bind(func: &Function) -> Result<Interface, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let inputs = func
        .inputs
        .iter()
        .map(|(_, i)| {
            let reg = i.semantic.as_deref().and_then(attrib_for);
            if reg.is_none() {
                errors.push(error_at(
                    None,
                    format!(
                        "input `{}`: fp30 binds varyings to TEXCOORD0-7, COLOR0-1, WPOS or FOG, found {}",
                        i.name,
                        i.semantic.as_deref().unwrap_or("no semantic")
                    ),
                ));
            }
            reg
        })
        .collect();
    let outputs = func
        .outputs
        .iter()
        .map(|(_, o)| {
            let reg = o.semantic.as_deref().and_then(|s| output_for(s, o.ty.kind));
            if reg.is_none() {
                errors.push(error_at(
                    None,
                    format!(
                        "output `{}`: fp30 writes COLOR or DEPTH, found {}",
                        o.name,
                        o.semantic.as_deref().unwrap_or("no semantic")
                    ),
                ));
            }
            reg
        })
        .collect();
    let mut used: Vec<u8> = func
        .samplers
        .iter()
        .filter_map(|(_, s)| s.unit.map(|u| u as u8))
        .collect();
    let mut sampler_units = Vec::new();
    for (_, s) in func.samplers.iter() {
        let unit = match s.unit {
            Some(u) if u < 16 => u as u8,
            Some(u) => {
                errors.push(error_at(
                    None,
                    format!("sampler `{}`: texture unit {u} is beyond TEX15", s.name),
                ));
                0
            }
            None => {
                let free = (0..16u8).find(|u| !used.contains(u)).unwrap_or(0);
                used.push(free);
                free
            }
        };
        sampler_units.push(unit);
    }
    if errors.is_empty() {
        Ok(Interface {
            inputs,
            outputs,
            sampler_units,
        })
    } else {
        Err(errors)
    }
}
