//! Redundant lane writes: a forward value numbering of register and output components. Every
//! component written by a computation gets a fresh value; an exact copy (a MOV that neither
//! rounds nor clamps) passes its source's value on; a literal or parameter component is its own
//! value. A MOV component writing the value the destination already holds is dropped from the
//! write mask, and a MOV left with none is removed. So a select between a constructed vector and
//! the vector it was built from writes only the component that differs, and a conditional MOV of
//! a literal skips the components where both literals agree.

use crate::mir::*;
use nvfp::isa::{Opcode, OutputReg};
use std::collections::HashMap;

/// The value of one component.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    /// Component `.1` of instruction `.0`'s result.
    Computed(usize, u8),
    /// A component read straight from an attribute or parameter (with modifiers).
    Read(Base, u8, bool, bool),
    /// A literal's bits (modifiers applied).
    Literal(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Loc {
    V(VReg),
    Out(OutputReg),
}

/// Drops MOV components that write what is already there; returns whether any were.
pub fn drop_redundant(mir: &mut Mir) -> bool {
    let mut state: HashMap<Loc, [Option<Value>; 4]> = HashMap::new();
    if let Some(z) = mir.zero {
        state.insert(Loc::V(z), std::array::from_fn(|_| Some(Value::Literal(0))));
    }
    let mut changed = false;
    let mut remove = Vec::new();
    for i in 0..mir.insts.len() {
        let inst = &mir.insts[i];
        let loc = match inst.dst {
            Some(Dst::V(v)) => Loc::V(v),
            Some(Dst::Out(o)) => Loc::Out(o),
            _ => continue,
        };
        let copied = exact_copy(mir, inst).then(|| copied_values(inst, &state));
        let old = state.get(&loc).cloned().unwrap_or_default();
        let mut new = old.clone();
        let mut mask = inst.mask;
        for p in (0..4).filter(|&p| inst.mask & (1 << p) != 0) {
            let value = match &copied {
                Some(values) => values[p].clone(),
                None => None,
            };
            let value = value.unwrap_or(Value::Computed(i, p as u8));
            if copied.is_some() && old[p].as_ref() == Some(&value) && !inst.update_cc {
                mask &= !(1 << p);
                continue;
            }
            new[p] = match inst.cond {
                None => Some(value),
                Some(_) if old[p].as_ref() == Some(&value) => Some(value),
                Some(_) => Some(Value::Computed(i, p as u8)),
            };
        }
        state.insert(loc, new);
        if mask != inst.mask {
            changed = true;
            if mask == 0 {
                remove.push(i);
            } else {
                mir.insts[i].mask = mask;
            }
        }
    }
    for i in remove.into_iter().rev() {
        mir.insts.remove(i);
    }
    changed
}

/// Whether `inst` is a MOV that stores its operand unchanged.
fn exact_copy(mir: &Mir, inst: &MInst) -> bool {
    if inst.opcode != Opcode::Mov || inst.saturate {
        return false;
    }
    let source = match inst.srcs[0].base {
        Base::V(v) => file_rank(mir.file(v)),
        _ => 2,
    };
    let dst = match inst.dst {
        Some(Dst::V(v)) => file_rank(mir.file(v)),
        Some(Dst::Out(o)) if o.is_half() => 1,
        Some(Dst::Out(_)) => 2,
        _ => return false,
    };
    let p = inst.precision.map_or(2, rank);
    // f[TEX*]/f[FOGC] are read at fp32 whatever the suffix; the destination must still hold them.
    source <= p.max(forced(inst)) && source <= dst
}

fn forced(inst: &MInst) -> u8 {
    let full = inst
        .srcs
        .iter()
        .any(|s| matches!(s.base, Base::Attr(a) if a.forces_full_precision()));
    if full {
        2
    } else {
        0
    }
}

/// The values a copy writes, by destination lane (`None` where its source's is unknown).
fn copied_values(inst: &MInst, state: &HashMap<Loc, [Option<Value>; 4]>) -> [Option<Value>; 4] {
    let s = &inst.srcs[0];
    std::array::from_fn(|p| {
        let c = s.swizzle[p];
        match &s.base {
            Base::V(v) if !s.negate && !s.abs => state.get(&Loc::V(*v))?[c as usize].clone(),
            Base::V(_) => None,
            Base::Lit(bits) => {
                let mut b = bits[c as usize];
                if s.abs {
                    b &= 0x7FFF_FFFF;
                }
                if s.negate {
                    b ^= 0x8000_0000;
                }
                Some(Value::Literal(b))
            }
            base => Some(Value::Read(base.clone(), c, s.negate, s.abs)),
        }
    })
}
