//! What a `#var` means, and finding the program parameter or texture unit behind a Cg name.
//!
//! Decisions (fp30-profile.md section 3 "Uniforms" and section 7 "`#var` fields"):
//! * a `#var` is an output when its semantic starts with `$vout.` (the kill pseudo-output when it is
//!   `$vout.$kill`), a varying when it starts with `$vin.`, a sampler when its type starts with
//!   `sampler` (or cgc 1.0's `texobj`), and a uniform otherwise;
//! * a uniform's resource names a DECLARE (`gain`, `IN$video_size`, `k$1`, `$p`); `M$0, 4` is a
//!   matrix split into rows `M$0`..`M$3`. cgc 1.x printed `c[N]` for C-bound uniforms; since
//!   NV_fragment_program's only numbered parameters are the local parameters `p[0]`-`p[63]`, both
//!   `c[N]` and `p[N]` are read as `p[N]`;
//! * names are matched exactly, and also with or without the entry function's prefix (`main.tint`
//!   and `tint` are the same uniform when `#program main`), since `#semantic` lines carry that prefix
//!   and `#var` lines do not.

use super::{ProgramInterface, Var};
use nvfp::isa::{AttribReg, OutputReg, TexTarget};

/// What a `#var` declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarKind {
    Varying,
    Uniform,
    Sampler,
    Output,
    /// cgc's `$kill_0000` pseudo-output: the program uses KIL.
    Kill,
}

/// A program parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A named local parameter (`DECLARE name;`).
    Declare(String),
    /// A numbered local parameter `p[N]`.
    Local(u32),
}

/// One four-component parameter that holds (part of) a uniform: the whole of a vector or scalar,
/// or one row of a matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamSlot {
    /// The Cg name that sets exactly this slot: `IN.video_size`, `k[0]`, `M[1]` (a matrix row).
    pub cg_name: String,
    pub slot: Slot,
    /// Components of the uniform that live in it (the vector width, or a matrix's column count).
    pub components: usize,
}

/// Why a name does not lead to a parameter or unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unresolved {
    /// No `#var` has that name.
    NotFound,
    /// The uniform exists but the program does not use it (cgc bound it to nothing).
    NotReferenced,
    /// The name is a `#var` of another kind.
    WrongKind(VarKind),
    /// `M[r]` with `r` beyond the matrix's rows.
    NoSuchRow { rows: usize },
}

impl Var {
    pub fn kind(&self) -> VarKind {
        if let Some(sem) = self.semantic.strip_prefix("$vout.") {
            if sem == "$kill" || self.resource == "$kill" {
                VarKind::Kill
            } else {
                VarKind::Output
            }
        } else if self.semantic.starts_with("$vin.") {
            VarKind::Varying
        } else if self.ty.starts_with("sampler") || self.ty.starts_with("texobj") {
            VarKind::Sampler
        } else {
            VarKind::Uniform
        }
    }

    /// The semantic without cgc's `$vin.` / `$vout.` prefix; `None` when empty.
    pub fn user_semantic(&self) -> Option<&str> {
        let s = self.semantic.as_str();
        let s = s
            .strip_prefix("$vin.")
            .or_else(|| s.strip_prefix("$vout."))
            .unwrap_or(s);
        (!s.is_empty()).then_some(s)
    }

    /// The columns of the type: 4 for `float4` and `float3x4`, 1 for `float` and `bool`.
    pub fn components(&self) -> usize {
        self.ty
            .trim_start_matches(|c: char| !c.is_ascii_digit())
            .rsplit('x')
            .next()
            .and_then(|d| d.parse::<usize>().ok())
            .filter(|n| (1..=4).contains(n))
            .unwrap_or(1)
    }

    /// The parameters holding a referenced uniform, in row order; empty when unbound.
    pub fn slots(&self) -> Vec<ParamSlot> {
        let resource = self.resource.trim();
        if resource.is_empty() || self.kind() != VarKind::Uniform {
            return Vec::new();
        }
        let (base, rows) = match resource.split_once(',') {
            Some((base, n)) => (base.trim(), n.trim().parse::<u32>().unwrap_or(1).max(1)),
            None => (resource, 1),
        };
        // cgc writes an unread matrix's resource as `, 4`: a row count and no parameter.
        if base.is_empty() {
            return Vec::new();
        }
        let numbered = numbered_parameter(base);
        let declared_row = base
            .rsplit_once('$')
            .and_then(|(stem, n)| Some((stem, n.parse::<u32>().ok()?)));
        let slot = |row: u32| match (numbered, declared_row) {
            (Some(n), _) => Some(Slot::Local(n + row)),
            (None, _) if row == 0 => Some(Slot::Declare(base.to_string())),
            (None, Some((stem, first))) => Some(Slot::Declare(format!("{stem}${}", first + row))),
            (None, None) => None,
        };
        (0..rows)
            .map_while(|row| {
                Some(ParamSlot {
                    cg_name: if rows > 1 {
                        format!("{}[{row}]", self.name)
                    } else {
                        self.name.clone()
                    },
                    slot: slot(row)?,
                    components: self.components(),
                })
            })
            .collect()
    }

    /// The attribute register of a varying.
    pub fn attribute(&self) -> Option<AttribReg> {
        AttribReg::from_name(self.resource.trim())
    }

    /// The output register: cgc prints `COL` for both colour registers; a `half` or `fixed` result
    /// goes to `o[COLH]`, any other to `o[COLR]` (fp30-profile.md section 3, "Outputs").
    pub fn output(&self) -> Option<OutputReg> {
        match self.resource.trim() {
            "COL" | "COL0" if self.ty.starts_with("half") || self.ty.starts_with("fixed") => {
                Some(OutputReg::Colh)
            }
            "COL" | "COL0" => Some(OutputReg::Colr),
            other => OutputReg::from_name(other),
        }
    }

    /// The texture unit of a sampler (`texunit N`).
    pub fn texture_unit(&self) -> Option<u8> {
        self.resource
            .trim()
            .strip_prefix("texunit")?
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|&u| u < nvfp::isa::TEXTURE_UNITS)
    }

    /// The texture target a sampler's type implies: `sampler2D` → 2D, `samplerRECT` → RECT.
    pub fn texture_target(&self) -> Option<TexTarget> {
        let dim = self
            .ty
            .strip_prefix("sampler")
            .or_else(|| self.ty.strip_prefix("texobj"))?;
        TexTarget::from_name(&dim.to_ascii_uppercase())
    }
}

/// `p[N]` or `c[N]` → N.
fn numbered_parameter(text: &str) -> Option<u32> {
    let inner = text
        .strip_prefix("p[")
        .or_else(|| text.strip_prefix("c["))?
        .strip_suffix(']')?;
    inner.trim().parse().ok()
}

/// `name[3]` → (`name`, 3).
fn split_index(name: &str) -> Option<(&str, usize)> {
    let (base, index) = name.strip_suffix(']')?.rsplit_once('[')?;
    Some((base, index.trim().parse().ok()?))
}

impl ProgramInterface {
    /// Whether `var_name` (from a `#var`) and `name` (from a user) name the same thing.
    fn same_name(&self, var_name: &str, name: &str) -> bool {
        if var_name == name {
            return true;
        }
        let Some(entry) = self.program.as_deref() else {
            return false;
        };
        let unprefixed = |n: &'_ str| n.strip_prefix(entry)?.strip_prefix('.').map(str::to_owned);
        unprefixed(var_name).as_deref() == Some(name)
            || unprefixed(name).as_deref() == Some(var_name)
    }

    /// The first `#var` called `name`.
    pub fn var(&self, name: &str) -> Option<&Var> {
        self.vars.iter().find(|v| self.same_name(&v.name, name))
    }

    /// The parameters a uniform name sets: one for a vector, its rows for a matrix (`M`), one row
    /// for `M[r]`, and every element's slots for the base name of an array (`k` when the header
    /// lists `k[0]`, `k[1]`, ...).
    pub fn parameter_slots(&self, name: &str) -> Result<Vec<ParamSlot>, Unresolved> {
        if let Some(var) = self.var(name) {
            return uniform_slots(var);
        }
        if let Some((base, row)) = split_index(name) {
            if let Some(var) = self.var(base) {
                let rows = uniform_slots(var)?;
                if rows.len() > 1 {
                    return match rows.get(row) {
                        Some(slot) => Ok(vec![slot.clone()]),
                        None => Err(Unresolved::NoSuchRow { rows: rows.len() }),
                    };
                }
            }
        }
        let elements: Vec<&Var> = self
            .vars
            .iter()
            .filter(|v| split_index(&v.name).is_some_and(|(base, _)| self.same_name(base, name)))
            .collect();
        if elements.is_empty() {
            return Err(Unresolved::NotFound);
        }
        let mut slots = Vec::new();
        for var in elements {
            slots.extend(uniform_slots(var).unwrap_or_default());
        }
        if slots.is_empty() {
            Err(Unresolved::NotReferenced)
        } else {
            Ok(slots)
        }
    }

    /// The texture unit of the sampler called `name`.
    pub fn sampler_unit(&self, name: &str) -> Result<u8, Unresolved> {
        let var = self.var(name).ok_or(Unresolved::NotFound)?;
        match var.kind() {
            VarKind::Sampler => var.texture_unit().ok_or(Unresolved::NotReferenced),
            other => Err(Unresolved::WrongKind(other)),
        }
    }

    /// Each `#default` as (slot, value) pairs: the values are split over the slots of the uniform
    /// they name, [`ParamSlot::components`] at a time, and completed from (0, 0, 0, 1) as vector
    /// constants are (NV_fragment_program section 3.11.2). Defaults of unbound uniforms are skipped.
    pub fn default_values(&self) -> Vec<(Slot, [f32; 4])> {
        let mut out = Vec::new();
        for default in &self.defaults {
            let Ok(slots) = self.parameter_slots(&default.name) else {
                continue;
            };
            let mut values = default.values.iter();
            for slot in slots {
                let mut vector = [0.0, 0.0, 0.0, 1.0];
                let chunk: Vec<f32> = values.by_ref().take(slot.components).copied().collect();
                if chunk.is_empty() {
                    break;
                }
                vector[..chunk.len()].copy_from_slice(&chunk);
                out.push((slot.slot, vector));
            }
        }
        out
    }
}

fn uniform_slots(var: &Var) -> Result<Vec<ParamSlot>, Unresolved> {
    match var.kind() {
        VarKind::Uniform => {
            let slots = var.slots();
            if slots.is_empty() {
                Err(Unresolved::NotReferenced)
            } else {
                Ok(slots)
            }
        }
        other => Err(Unresolved::WrongKind(other)),
    }
}

impl std::fmt::Display for Unresolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unresolved::NotFound => write!(f, "the header has no `#var` of that name"),
            Unresolved::NotReferenced => write!(f, "the program does not use it"),
            Unresolved::WrongKind(kind) => write!(f, "it is a {}", kind.noun()),
            Unresolved::NoSuchRow { rows } => {
                write!(f, "the matrix has {rows} rows, numbered from 0")
            }
        }
    }
}

impl VarKind {
    pub fn noun(self) -> &'static str {
        match self {
            VarKind::Varying => "varying input",
            VarKind::Uniform => "uniform",
            VarKind::Sampler => "sampler",
            VarKind::Output => "output",
            VarKind::Kill => "kill pseudo-output",
        }
    }
}
