//! Copy coalescing: `MOV d, t` where `t` is not used after the MOV and `d` not before it renames
//! `d` to `t` and disappears. This is the case copy folding cannot take: `t` is also read before
//! the MOV (a floor used by both `round` and a select's base).

use crate::mir::*;
use nvfp::isa::{Opcode, Precision};

fn touches(inst: &MInst, v: VReg) -> bool {
    inst.reads(v) || inst.dst_vreg() == Some(v)
}

/// Coalesces the copy at `m`, if it is one that can be; returns whether it did.
pub fn try_coalesce(mir: &mut Mir, m: usize) -> bool {
    let mov = &mir.insts[m];
    let Some(src) = mov.srcs.first().filter(|_| mov.opcode == Opcode::Mov) else {
        return false;
    };
    let (Some(t), Some(d)) = (src.vreg(), mov.dst_vreg()) else {
        return false;
    };
    let same_file = mir.file(t) == mir.file(d);
    let plain = matches!(
        (mov.precision, mir.file(t)),
        (Some(Precision::R), File::R) | (Some(Precision::H), File::H)
    );
    let identity = (0..4).all(|p| mov.mask & (1 << p) == 0 || src.swizzle[p] == p as u8);
    if t == d
        || Some(t) == mir.zero
        || !same_file
        || !plain
        || !identity
        || src.negate
        || src.abs
        || mov.saturate
        || mov.update_cc
        || mov.cond.is_some()
    {
        return false;
    }
    let before = &mir.insts[..m];
    let after = &mir.insts[m + 1..];
    if after.iter().any(|i| touches(i, t)) || before.iter().any(|i| touches(i, d)) {
        return false;
    }
    // Components of `d` read later must come from the MOV or a later write, not from `t`.
    let mut defined = mov.mask;
    for inst in after {
        let read = (0..inst.srcs.len())
            .filter(|&s| inst.srcs[s].base == Base::V(d))
            .fold(0, |u, s| u | inst.read_components(s));
        if read & !defined != 0 {
            return false;
        }
        if inst.dst_vreg() == Some(d) && inst.cond.is_none() {
            defined |= inst.mask;
        }
    }
    mir.insts.remove(m);
    for inst in &mut mir.insts[m..] {
        for s in &mut inst.srcs {
            if s.base == Base::V(d) {
                s.base = Base::V(t);
            }
        }
        if inst.dst == Some(Dst::V(d)) {
            inst.dst = Some(Dst::V(t));
        }
    }
    true
}
