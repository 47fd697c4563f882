//! The operands and instructions of an ARB vertex program before temporaries are allocated:
//! values live in virtual temporaries, attributes, uniform parameters or inline constants, read
//! through a swizzle and an optional negation (ARB_vertex_program's only source modifier).

use crate::from_nv::operand::number;

/// Where an operand's components come from.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Base {
    /// A virtual temporary (numbered from 0; [`super::temps`] maps them onto `R0`...).
    Temp(u32),
    /// A vertex attribute, by its ARB name (`vertex.position`, `vertex.texcoord[0]`, ...).
    Attrib(String),
    /// A uniform's parameter element: its `PARAM` name and, for an array, the element.
    Param { name: String, element: Option<u32> },
    /// An element of a uniform array chosen by the address register (`name[A0.x]`).
    ParamRelative { name: String },
    /// An inline constant; swizzle and negation are already applied to it.
    Literal([f32; 4]),
}

/// A source operand: `base`'s components in `swizzle` order, negated when `negate`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Operand {
    pub base: Base,
    pub swizzle: [u8; 4],
    pub negate: bool,
}

const IDENTITY: [u8; 4] = [0, 1, 2, 3];

impl Operand {
    pub fn new(base: Base) -> Operand {
        Operand {
            base,
            swizzle: IDENTITY,
            negate: false,
        }
    }

    pub fn temp(t: u32) -> Operand {
        Operand::new(Base::Temp(t))
    }

    /// A constant; components past the value's width repeat its last one.
    pub fn literal(values: &[f32]) -> Operand {
        let last = values.last().copied().unwrap_or(0.0);
        let value = std::array::from_fn(|i| values.get(i).copied().unwrap_or(last));
        Operand::new(Base::Literal(value))
    }

    /// The operand that reads component `components[i]` of this one in its position `i` (the
    /// last one repeated to fill four).
    pub fn swizzled(&self, components: &[u8]) -> Operand {
        let last = components.last().copied().unwrap_or(0);
        let pick: [u8; 4] = std::array::from_fn(|i| components.get(i).copied().unwrap_or(last));
        match self.base {
            Base::Literal(v) => Operand::new(Base::Literal(pick.map(|c| v[c as usize]))),
            _ => Operand {
                swizzle: pick.map(|c| self.swizzle[c as usize]),
                ..self.clone()
            },
        }
    }

    /// Component `c` in every position.
    pub fn component(&self, c: u8) -> Operand {
        self.swizzled(&[c])
    }

    pub fn negated(&self) -> Operand {
        match self.base {
            Base::Literal(v) => Operand::new(Base::Literal(v.map(|x| -x))),
            _ => Operand {
                negate: !self.negate,
                ..self.clone()
            },
        }
    }

    /// The operand with the positions outside `mask` reading their own component (what they
    /// read does not matter to a componentwise instruction).
    pub fn masked(&self, mask: u8) -> Operand {
        let mut out = self.clone();
        for i in 0..4 {
            if mask & (1 << i) == 0 {
                match &mut out.base {
                    Base::Literal(v) => v[i] = v[mask.trailing_zeros().min(3) as usize],
                    _ => out.swizzle[i] = i as u8,
                }
            }
        }
        // A single component reads best replicated (`.x`, `{1.5}`).
        if mask.count_ones() == 1 {
            let c = mask.trailing_zeros() as u8;
            return out.component(c);
        }
        out
    }

    /// The literal's value, when this is a constant.
    pub fn literal_value(&self) -> Option<[f32; 4]> {
        match self.base {
            Base::Literal(v) => Some(v),
            _ => None,
        }
    }

    /// The text of the operand, with `temp` naming the temporaries; `scalar` gives one component
    /// (the scalar instructions' operand form).
    pub fn text(&self, temp: &dyn Fn(u32) -> String, scalar: bool) -> String {
        let sign = if self.negate { "-" } else { "" };
        let (register, swizzle) = match &self.base {
            Base::Literal(v) => {
                let v = if scalar { [v[0]; 4] } else { *v };
                return literal_text(v, scalar);
            }
            Base::Temp(t) => (temp(*t), self.swizzle),
            Base::Attrib(name) => (name.clone(), self.swizzle),
            Base::Param { name, element } => match element {
                Some(e) => (format!("{name}[{e}]"), self.swizzle),
                None => (name.clone(), self.swizzle),
            },
            Base::ParamRelative { name } => (format!("{name}[A0.x]"), self.swizzle),
        };
        format!("{sign}{register}{}", swizzle_suffix(swizzle, scalar))
    }
}

/// `{x, y, z, w}`, or `{x}.x` for the same value in every component (a bare `{x}` would be
/// (x, 0, 0, 1): ARB fills the components a constant leaves out from (0, 0, 0, 1)). The caller
/// keeps constants finite.
fn literal_text(v: [f32; 4], scalar: bool) -> String {
    if scalar || v.iter().all(|&c| c.to_bits() == v[0].to_bits()) {
        return format!("{{{}}}.x", number(v[0]));
    }
    format!("{{{}}}", v.map(number).join(", "))
}

fn swizzle_suffix(swizzle: [u8; 4], scalar: bool) -> String {
    const LETTERS: [char; 4] = ['x', 'y', 'z', 'w'];
    if scalar {
        return format!(".{}", LETTERS[swizzle[0] as usize]);
    }
    if swizzle == IDENTITY {
        return String::new();
    }
    if swizzle.iter().all(|&c| c == swizzle[0]) {
        return format!(".{}", LETTERS[swizzle[0] as usize]);
    }
    format!(
        ".{}",
        swizzle
            .map(|c| LETTERS[c as usize])
            .iter()
            .collect::<String>()
    )
}

/// Where an instruction writes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Dest {
    Temp(u32),
    /// A result register (`result.position`, ...) or the address register `A0`.
    Named(String),
}

/// One ARB vertex program instruction.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Instruction {
    pub opcode: &'static str,
    pub dest: Dest,
    /// Enabled components, bit 0 = x.
    pub mask: u8,
    pub sources: Vec<Operand>,
}

/// Whether `opcode` takes scalar operands and replicates its result (ARB_vertex_program 2.14.5).
pub(crate) fn is_scalar_opcode(opcode: &str) -> bool {
    matches!(
        opcode,
        "RCP" | "RSQ" | "EX2" | "LG2" | "POW" | "EXP" | "LOG" | "ARL"
    )
}

/// Write-mask suffix: empty for all four components.
pub(crate) fn mask_suffix(mask: u8) -> String {
    if mask == 0b1111 {
        return String::new();
    }
    let letters: String = ['x', 'y', 'z', 'w']
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, c)| c)
        .collect();
    format!(".{letters}")
}
