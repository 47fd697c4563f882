//! Conversion forwarding: `MOVX t, s` (or `MOVH`), whose every reader computes at the same
//! precision, is read as `s` by them instead: an X instruction converts its operands to fx12
//! itself, so `SUBX H0, -H0, R1` does what `MOVX H2, -H0; MOVX H3, R1; SUBX H0, H2, H3` did
//! (fx12 and fp16 conversions give the same value applied once or twice). The MOV then has no
//! reader and goes. `s` must be a register (no attribute or parameter is added to an instruction)
//! that nothing writes in between, and the readers must not compute at fp32 because of an
//! f[TEX*] operand.

use crate::mir::*;
use nvfp::isa::{Opcode, Precision};

fn forced_full(inst: &MInst) -> bool {
    inst.srcs
        .iter()
        .any(|s| matches!(s.base, Base::Attr(a) if a.forces_full_precision()))
}

/// `inner` seen through `outer`'s swizzle and modifiers.
fn compose(inner: &Src, outer: &Src) -> Src {
    let (negate, abs) = if outer.abs {
        (outer.negate, true)
    } else {
        (outer.negate ^ inner.negate, inner.abs)
    };
    Src {
        base: inner.base.clone(),
        swizzle: outer.swizzle.map(|c| inner.swizzle[c as usize]),
        negate,
        abs,
    }
}

/// Forwards the conversion at `m` into its readers, if they convert anyway; returns whether it
/// did (the MOV is then gone).
pub fn try_forward(mir: &mut Mir, m: usize) -> bool {
    let mov = &mir.insts[m];
    let Some(t) = mov.dst_vreg() else {
        return false;
    };
    let Some(s) = mov.srcs.first().and_then(Src::vreg) else {
        return false;
    };
    let converting = matches!(mov.precision, Some(Precision::X) | Some(Precision::H));
    if mov.opcode != Opcode::Mov
        || !converting
        || mov.cond.is_some()
        || mov.saturate
        || mov.update_cc
        || mov.mask
            != mir
                .insts
                .iter()
                .filter(|i| i.dst_vreg() == Some(t))
                .fold(0, |u, i| u | i.mask)
        || mir.insts.iter().filter(|i| i.dst_vreg() == Some(t)).count() != 1
    {
        return false;
    }
    let readers: Vec<usize> = (0..mir.insts.len())
        .filter(|&i| mir.insts[i].reads(t))
        .collect();
    let Some(&last) = readers.last() else {
        return false;
    };
    let fits = readers.iter().all(|&r| {
        let inst = &mir.insts[r];
        r > m && inst.precision == mov.precision && !forced_full(inst)
    });
    let untouched = (m + 1..last).all(|i| mir.insts[i].dst_vreg() != Some(s));
    if !fits || !untouched {
        return false;
    }
    let inner = mir.insts[m].srcs[0].clone();
    for r in readers {
        for src in &mut mir.insts[r].srcs {
            if src.base == Base::V(t) {
                *src = compose(&inner, src);
            }
        }
    }
    mir.insts.remove(m);
    true
}
