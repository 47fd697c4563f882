//! The program's interface as fp30 binds it (fp30-profile.md section 3): varying semantics to
//! attribute registers, output semantics to output registers, uniforms to named local parameters
//! (`name`, array elements `name$i`, reserved names escaped as `$name`) and samplers to texture
//! units (explicit, else, for samplers the program reads, the lowest free).

use crate::diag::error_at;
use nvfp::isa::{AttribReg, OutputReg, TexTarget};
use nvfp::validate::name_problem;
use pigment_diag::Diagnostic;
use pigment_ir::{varyings, Function, SamplerDim, ScalarKind};
use std::collections::HashMap;

/// The attribute register of a varying semantic (cgc's spellings, case-insensitive).
pub fn attrib_for(semantic: &str) -> Option<AttribReg> {
    let s = semantic.to_ascii_uppercase();
    // A bare TEXCOORD / TEX is set 0, as cgc reads it.
    let tex = |rest: &str| {
        (if rest.is_empty() { "0" } else { rest })
            .parse::<u8>()
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
    if crate::color_output::color_index(semantic) == Some(0) {
        return Some(if kind == ScalarKind::Float {
            OutputReg::Colr
        } else {
            OutputReg::Colh
        });
    }
    match semantic.to_ascii_uppercase().as_str() {
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
///
/// A name NV_fragment_program reserves (a keyword, component or register-file letter, an
/// instruction, register or texture-unit name: `w`, `f`, `EQ`, `MOV`, `R0`, `TEX3`; whatever
/// nvfp's [`name_problem`] refuses) is escaped with a leading `$`. cgc 3.1 does this for some of
/// them (`R0`, `f`, `p`, `o` become `$R0`, `$f`, `$p`, `$o`) and leaves the others (`w`, `MOV`,
/// `H5`) as programs the extension's grammar rejects. Cg names contain no `$`, so an escaped name
/// meets no other parameter's; the header's `#var` still maps the Cg name to it.
pub fn param_name(uniform: &str, index: Option<u32>) -> String {
    let name = match index {
        Some(i) => format!("{uniform}${i}"),
        None => uniform.to_string(),
    };
    if name_problem(&name).is_some() {
        format!("${name}")
    } else {
        name
    }
}

/// Uniforms whose elements would get the same DECLARE name (possible only for IR names that
/// start with `$` or end in `$` and digits).
fn clashing_params(func: &Function) -> Vec<Diagnostic> {
    let mut owners: HashMap<String, &str> = HashMap::new();
    let mut errors = Vec::new();
    for (_, u) in func.uniforms.iter() {
        let elements: Vec<Option<u32>> = match u.array_len {
            Some(n) => (0..n).map(Some).collect(),
            None => vec![None],
        };
        for e in elements {
            let name = param_name(&u.name, e);
            match owners.get(&name) {
                Some(other) if *other != u.name => errors.push(error_at(
                    None,
                    format!(
                        "uniforms `{other}` and `{}` would both be the parameter `{name}`",
                        u.name
                    ),
                )),
                _ => {
                    owners.insert(name, &u.name);
                }
            }
        }
    }
    errors
}

/// The attribute register of each input, and the component of it where the input starts. An input
/// with a semantic (its own or one counted from its struct's, [`pigment_ir::Input::counted`]) gets
/// its register from it; those without that the program reads are bound by
/// [`pigment_ir::varyings`]'s rule (cgc's, the one the Cg lowering binds a vertex function's
/// unnamed outputs by), counting the sets the read inputs name: `float2 a, float2 b : TEXCOORD0`
/// reads `a` from TEX1; with all eight sets used, a `float2 t8` after a `float2 : TEXCOORD0` reads
/// `f[TEX0].zw`. An input that is never read needs no register.
fn bind_inputs(
    func: &Function,
    read: &[Option<Option<pigment_ir::SourceLoc>>],
    errors: &mut Vec<Diagnostic>,
) -> (Vec<Option<AttribReg>>, Vec<u8>) {
    let mut regs: Vec<Option<AttribReg>> = func
        .inputs
        .iter()
        .map(|(_, i)| i.semantic.as_deref().and_then(attrib_for))
        .collect();
    let mut offsets = vec![0; regs.len()];
    let was_read: Vec<bool> = read.iter().map(Option::is_some).collect();
    let sets = varyings::fragment_input_sets(func, &was_read);
    for ((h, i), set) in func.inputs.iter().zip(sets) {
        if let (None, Some(p)) = (&i.semantic, set) {
            regs[h.index()] = Some(AttribReg::Tex(p.set));
            offsets[h.index()] = p.component;
        }
    }
    for (h, i) in func.inputs.iter() {
        if let (None, Some(loc)) = (regs[h.index()], read[h.index()]) {
            errors.push(error_at(
                loc,
                match &i.semantic {
                    Some(s) => format!(
                        "input `{}`: fp30 binds varyings to TEXCOORD0-7, COLOR0-1, WPOS or FOG, found {s}{}",
                        i.name,
                        if i.counted { " (counted from its struct's semantic)" } else { "" }
                    ),
                    None => format!(
                        "C5041: input `{}` has no semantic and no texture coordinate set \
                         TEXCOORD0-7 has room for it",
                        i.name
                    ),
                },
            ));
        }
    }
    (regs, offsets)
}

/// The samplers the program samples, each with its place in the order of first sampling.
fn read_samplers(func: &Function) -> Vec<Option<usize>> {
    let mut order = vec![None; func.samplers.len()];
    let mut next = 0;
    pigment_ir::walk(&func.body, &mut |inst| {
        if let pigment_ir::InstKind::Sample { sampler, .. } = &inst.kind {
            if order[sampler.index()].is_none() {
                order[sampler.index()] = Some(next);
                next += 1;
            }
        }
    });
    order
}

/// The texture unit of each sampler, as cgc gives them: a sampler naming `TEXUNITn` has unit n,
/// read or not (as has one whose unit was counted from its struct's `TEXUNIT`, unless that runs
/// past TEX15); a read sampler naming none takes the lowest unit that no *read* sampler names, in
/// the order the program first samples them (`sampler2D b : TEXUNIT1` left unread does not keep
/// a read `a` off unit 1); a sampler neither named nor read has no unit.
fn bind_samplers(
    func: &Function,
    first_read: &[Option<usize>],
    errors: &mut Vec<Diagnostic>,
) -> Vec<Option<u8>> {
    let mut units: Vec<Option<u8>> = Vec::new();
    for (h, s) in func.samplers.iter() {
        units.push(match s.unit {
            Some(u) if u < 16 => Some(u as u8),
            // A unit counted past TEX15 from a struct's TEXUNIT fails only where it is read.
            Some(_) if s.counted && first_read[h.index()].is_none() => None,
            Some(u) => {
                errors.push(error_at(
                    None,
                    format!("sampler `{}`: texture unit {u} is beyond TEX15", s.name),
                ));
                Some(0)
            }
            None => None,
        });
    }
    // Explicit units of unread samplers are listed but reserve nothing.
    let mut taken: Vec<u8> = units
        .iter()
        .zip(first_read)
        .filter_map(|(u, r)| r.and(*u))
        .collect();
    let mut unnamed: Vec<(usize, usize)> = func
        .samplers
        .iter()
        .filter(|(_, s)| s.unit.is_none())
        .filter_map(|(h, _)| first_read[h.index()].map(|r| (r, h.index())))
        .collect();
    unnamed.sort_unstable();
    for (_, i) in unnamed {
        let Some(free) = (0..16u8).find(|u| !taken.contains(u)) else {
            // cgc's C6012; the sampler stays unbound rather than sharing a unit.
            let h = pigment_ir::Handle::from_index(i);
            errors.push(error_at(
                first_sample_loc(func, h),
                format!(
                    "C6012: sampler limit exceeded: `{}` would be a 17th sampler; fp30 has 16 \
                     texture units",
                    func.samplers[h].name
                ),
            ));
            continue;
        };
        taken.push(free);
        units[i] = Some(free);
    }
    units
}

/// Where the program first samples `sampler`, if the lookup has a location.
fn first_sample_loc(
    func: &Function,
    sampler: pigment_ir::Handle<pigment_ir::Sampler>,
) -> Option<pigment_ir::SourceLoc> {
    let mut found = None;
    pigment_ir::walk(&func.body, &mut |inst| {
        if let pigment_ir::InstKind::Sample { sampler: s, .. } = &inst.kind {
            if *s == sampler && found.is_none() {
                found = inst.loc;
            }
        }
    });
    found
}

/// The registers and units every interface entity is bound to.
pub struct Interface {
    pub inputs: Vec<Option<AttribReg>>,
    /// The component of its register where each input starts: 0 but for inputs cgc packs into
    /// a register another input uses.
    pub input_offsets: Vec<u8>,
    pub outputs: Vec<Option<OutputReg>>,
    /// The texture unit of each sampler: its `TEXUNITn` if it names one, else one only if the
    /// program reads it.
    pub sampler_units: Vec<Option<u8>>,
    /// Whether the program samples each sampler.
    pub sampler_read: Vec<bool>,
}

/// Binds `func`'s interface; every entity fp30 cannot bind is an error.
/// An input the program never reads needs no register (cgc ignores such varyings, e.g. struct
/// members without a semantic or beyond TEXCOORD7), so only read inputs must bind.
pub fn bind(func: &Function) -> Result<Interface, Vec<Diagnostic>> {
    let mut errors = clashing_params(func);
    // Where each input is first read (`Some(loc)`), if it is read at all.
    let mut read: Vec<Option<Option<pigment_ir::SourceLoc>>> = vec![None; func.inputs.len()];
    pigment_ir::walk(&func.body, &mut |inst| {
        if let pigment_ir::InstKind::LoadInput(input) = &inst.kind {
            read[input.index()].get_or_insert(inst.loc);
        }
    });
    let (inputs, input_offsets) = bind_inputs(func, &read, &mut errors);
    // An output the program never writes needs no register (the colour outputs a multi-output
    // shader's other compilations write, say).
    let mut written = vec![false; func.outputs.len()];
    pigment_ir::walk(&func.body, &mut |inst| {
        if let pigment_ir::InstKind::Store { output, .. } = &inst.kind {
            written[output.index()] = true;
        }
    });
    let outputs = func
        .outputs
        .iter()
        .map(|(h, o)| {
            if !written[h.index()] {
                return None;
            }
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
    let first_read = read_samplers(func);
    let sampler_units = bind_samplers(func, &first_read, &mut errors);
    let sampler_read = first_read.iter().map(Option::is_some).collect();
    if errors.is_empty() {
        Ok(Interface {
            inputs,
            input_offsets,
            outputs,
            sampler_units,
            sampler_read,
        })
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::param_name;

    #[test]
    fn reserved_names_are_escaped_and_others_kept() {
        // Reserved by NV_fragment_program's grammar (section 3.11.3 and the project notes, item
        // 10): component and register-file letters, condition rules, instruction names with their
        // suffixes, registers R0-R31 / H0-H63, texture units TEX0-TEX15, keywords.
        for reserved in [
            "w", "x", "f", "p", "o", "EQ", "MOV", "ADDR_SAT", "R0", "H63", "TEX3", "END", "RC",
            "COL0", "CUBE",
        ] {
            assert_eq!(param_name(reserved, None), format!("${reserved}"));
        }
        // Register-looking names beyond the register files are plain names.
        for plain in ["gain", "R32", "H64", "TEX16", "mov", "W"] {
            assert_eq!(param_name(plain, None), plain);
        }
        // Elements carry `$i`, which no reserved word has.
        assert_eq!(param_name("w", Some(2)), "w$2");
        assert_eq!(param_name("IN$video_size", None), "IN$video_size");
    }
}
