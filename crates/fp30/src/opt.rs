//! Optimisations on [`Mir`]:
//!
//! * **copy folding**: `MOV d, t` (also `MOV_SAT`, and `MOVXC HC` setting the condition code), where
//!   `t` is written by exactly one earlier instruction and read only by this MOV, disappears: that
//!   instruction writes `d` itself (with `_SAT` / `C` added). So results go straight to `o[COLR]`, a
//!   saturate becomes a suffix, and a comparison sets the condition code directly (`SLTRC HC.x`);
//! * **dead-write elimination**: instructions whose register result nobody reads are removed.

use crate::mir::*;
use nvfp::isa::{Opcode, Precision};

pub fn optimize(mir: &mut Mir) {
    while fold_copy(mir) {}
    remove_dead(mir);
}

fn reads(inst: &MInst, v: VReg) -> bool {
    inst.srcs.iter().any(|s| s.base == Base::V(v))
}

/// Whether a MOV at `mov_precision` from a register of `file` only copies (no conversion).
fn plain_copy(mov_precision: Option<Precision>, file: File) -> bool {
    matches!(
        (mov_precision, file),
        (Some(Precision::R), File::R) | (Some(Precision::H), File::H)
    )
}

fn is_set(op: Opcode) -> bool {
    use Opcode::*;
    matches!(op, Seq | Sne | Slt | Sle | Sgt | Sge)
}

/// Folds one copy; returns whether it found one.
fn fold_copy(mir: &mut Mir) -> bool {
    for m in 0..mir.insts.len() {
        let mov = &mir.insts[m];
        if mov.opcode != Opcode::Mov || mov.cond.is_some() {
            continue;
        }
        let src = &mov.srcs[0];
        let Some(t) = src.vreg() else { continue };
        if src.negate || src.abs {
            continue;
        }
        let identity = (0..4).all(|i| mov.mask & (1 << i) == 0 || src.swizzle[i] == i as u8);
        if !identity {
            continue;
        }
        let defs: Vec<usize> = (0..mir.insts.len())
            .filter(|&i| mir.insts[i].dst_vreg() == Some(t))
            .collect();
        let [d] = defs.as_slice() else { continue };
        let d = *d;
        let def = &mir.insts[d];
        let other_reads = (0..mir.insts.len()).any(|i| i != m && reads(&mir.insts[i], t));
        if d > m || other_reads || def.cond.is_some() || def.mask != mov.mask || def.update_cc {
            continue;
        }
        if mov.saturate
            && (def.saturate || def.opcode.is_texture() || !def.opcode.info().cc_and_sat)
        {
            continue;
        }
        if mov.update_cc && !def.opcode.info().cc_and_sat {
            continue;
        }
        let precision_ok = plain_copy(mov.precision, mir.file(t))
            || mov.precision == def.precision
            || (mov.precision == Some(Precision::X) && is_set(def.opcode));
        if !precision_ok {
            continue;
        }
        // The destination must not be touched between the two instructions.
        let target = mov.dst;
        let touched = mir.insts[d + 1..m].iter().any(|i| {
            i.dst == target
                || matches!(target, Some(Dst::V(v)) if reads(i, v))
                || (mov.update_cc && (i.update_cc || i.cond.is_some()))
        });
        if touched {
            continue;
        }
        let (sat, cc) = (mov.saturate, mov.update_cc);
        let def = &mut mir.insts[d];
        def.dst = target;
        def.saturate |= sat;
        def.update_cc |= cc;
        mir.insts.remove(m);
        return true;
    }
    false
}

/// Removes instructions writing registers that are never read, until none is left.
fn remove_dead(mir: &mut Mir) {
    loop {
        let mut read = vec![false; mir.vregs.len()];
        for inst in &mir.insts {
            for s in &inst.srcs {
                if let Base::V(v) = s.base {
                    read[v.0 as usize] = true;
                }
            }
        }
        let before = mir.insts.len();
        mir.insts.retain(|i| match i.dst_vreg() {
            Some(v) => read[v.0 as usize] || i.update_cc,
            None => true,
        });
        if mir.insts.len() == before {
            return;
        }
    }
}
