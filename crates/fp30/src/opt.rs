//! Optimisations on [`Mir`]:
//!
//! * **copy folding**: `MOV d, t` (also `MOV_SAT`, and `MOVXC HC` setting the condition code), where
//!   `t` is written by exactly one earlier instruction and read only by this MOV, disappears: that
//!   instruction writes `d` itself (with `_SAT` / `C` added). So results go straight to `o[COLR]`, a
//!   saturate becomes a suffix, and a comparison sets the condition code directly (`SLTRC HC.x`);
//! * **repeated condition codes**: a `MOVXC HC, c` identical to the last one, with nothing changing
//!   the condition code or `c` in between, is dropped (selects on one condition share it);
//! * **dead-write elimination**: instructions whose register result nobody reads are removed.

use crate::mir::*;
use nvfp::isa::{Opcode, Precision};

pub fn optimize(mir: &mut Mir) {
    while fold_copy(mir) {}
    remove_repeated_cc_sets(mir);
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
    (0..mir.insts.len()).any(|m| try_fold(mir, m))
}

/// Folds the copy at `m` into the instructions writing its operand, if that is safe: they all come
/// before it, nothing else reads the operand, together they write exactly the copied components, and
/// nothing between the first of them and the copy touches the copy's destination.
fn try_fold(mir: &mut Mir, m: usize) -> bool {
    let mov = &mir.insts[m];
    if mov.opcode != Opcode::Mov || mov.cond.is_some() {
        return false;
    }
    let src = &mov.srcs[0];
    let Some(t) = src.vreg() else { return false };
    let identity = (0..4).all(|i| mov.mask & (1 << i) == 0 || src.swizzle[i] == i as u8);
    if src.negate || src.abs || !identity {
        return false;
    }
    let defs: Vec<usize> = (0..mir.insts.len())
        .filter(|&i| mir.insts[i].dst_vreg() == Some(t))
        .collect();
    let Some(&first) = defs.first() else {
        return false;
    };
    let other_reads = (0..mir.insts.len()).any(|i| i != m && reads(&mir.insts[i], t));
    if other_reads || defs.iter().any(|&d| d > m) {
        return false;
    }
    let union = defs.iter().fold(0, |u, &d| u | mir.insts[d].mask);
    if union != mov.mask {
        return false;
    }
    let single = defs.len() == 1;
    if !single && (mov.saturate || mov.update_cc) {
        return false;
    }
    let file = mir.file(t);
    for &d in &defs {
        let def = &mir.insts[d];
        let precision_ok = plain_copy(mov.precision, file)
            || mov.precision == def.precision
            || (mov.precision == Some(Precision::X) && is_set(def.opcode));
        let suffix_ok = def.opcode.info().cc_and_sat && !def.opcode.is_texture();
        if !precision_ok
            || def.update_cc
            || (single && def.cond.is_some())
            || (mov.saturate && (def.saturate || !suffix_ok))
            || (mov.update_cc && !suffix_ok)
        {
            return false;
        }
    }
    let target = mov.dst;
    let touched = (first + 1..m).filter(|i| !defs.contains(i)).any(|i| {
        let inst = &mir.insts[i];
        inst.dst == target
            || matches!(target, Some(Dst::V(v)) if reads(inst, v))
            || (mov.update_cc && (inst.update_cc || inst.cond.is_some()))
    });
    if touched {
        return false;
    }
    let (sat, cc) = (mov.saturate, mov.update_cc);
    for &d in &defs {
        let def = &mut mir.insts[d];
        def.dst = target;
        def.saturate |= sat;
        def.update_cc |= cc;
    }
    mir.insts.remove(m);
    true
}

/// Removes a condition-code update identical to the previous one when nothing in between changed
/// the condition code or the register it was computed from (two selects on one condition).
fn remove_repeated_cc_sets(mir: &mut Mir) {
    let mut last: Option<MInst> = None;
    let mut keep = Vec::with_capacity(mir.insts.len());
    for inst in std::mem::take(&mut mir.insts) {
        let is_set = inst.update_cc && matches!(inst.dst, Some(Dst::Cc(_))) && inst.cond.is_none();
        if is_set && last.as_ref() == Some(&inst) {
            continue;
        }
        if let Some(prev) = &last {
            let overwrites_source = inst
                .dst_vreg()
                .is_some_and(|v| prev.srcs.iter().any(|s| s.base == Base::V(v)));
            if overwrites_source || inst.update_cc {
                last = None;
            }
        }
        if is_set {
            last = Some(inst.clone());
        }
        keep.push(inst);
    }
    mir.insts = keep;
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
