//! Copy folding: `MOV d.mask (cc), t.swizzle` (also `MOV_SAT`, and `MOVC` setting the condition
//! code), where nothing but this MOV reads `t`, disappears: the instructions writing `t` write `d`
//! themselves, with their lanes moved to where the MOV puts them (componentwise instructions get
//! their sources re-swizzled, replicated-scalar ones only a new write mask), with `_SAT` / `C`
//! added, and under the MOV's condition. So results go straight to `o[COLR]` or to a component of
//! a constructed vector, a saturate becomes a suffix, a comparison sets the condition code
//! directly (`SLTRC HC.x`), and the arms of a select are computed straight into the select's
//! register under `(NE)`.
//!
//! A single writer is moved down to the MOV's place when nothing in between changes what it reads;
//! several writers stay where they are when nothing in between touches `d`.

use crate::mir::*;
use nvfp::isa::{CcMask, Opcode, Swizzle};

/// The rank of the values an instruction produces; `None` for packed words (bit patterns).
fn value_rank(inst: &MInst) -> Option<u8> {
    use Opcode::*;
    // f[TEX*] and f[FOGC] make any instruction compute at fp32 (section 3.11.4.2).
    let forced = inst
        .srcs
        .iter()
        .any(|s| matches!(s.base, Base::Attr(a) if a.forces_full_precision()));
    match inst.opcode {
        Pk2h | Pk2us | Pk4b | Pk4ub => None,
        // Comparisons produce 0 or 1, exact at every precision.
        Seq | Sne | Slt | Sle | Sgt | Sge | Sfl | Str => Some(0),
        _ if forced => Some(2),
        _ => Some(inst.precision.map_or(2, rank)),
    }
}

fn dst_rank(mir: &Mir, dst: Dst) -> u8 {
    match dst {
        Dst::V(v) => file_rank(mir.file(v)),
        Dst::Cc(f) => file_rank(f),
        Dst::Out(o) if o.is_half() => 1,
        Dst::Out(_) => 2,
    }
}

/// Whether the chain "result → t's file → MOV's precision → d" equals "result → d": every step
/// before `d` is exact on the result, or every step is at least as fine as `d` (rounding to a
/// coarser floating format once or several times gives the same value).
fn precision_ok(mir: &Mir, def: &MInst, t: File, mov: &MInst, d: Dst) -> bool {
    let Some(value) = value_rank(def) else {
        return false;
    };
    let (t, m, d) = (
        file_rank(t),
        mov.precision.map_or(2, rank),
        dst_rank(mir, d),
    );
    (value <= t && value <= m) || (d <= t && d <= m)
}

/// The write mask and sources of `def` moved to the lanes the MOV writes: lane `p` of `d` receives
/// component `swz[p]` of `t`.
fn retarget(def: &MInst, mov_mask: u8, swz: [u8; 4]) -> Option<Retargeted> {
    let lanes: Vec<usize> = (0..4)
        .filter(|&p| mov_mask & (1 << p) != 0 && def.mask & (1 << swz[p]) != 0)
        .collect();
    let mask = lanes.iter().fold(0u8, |m, &p| m | 1 << p);
    if mask == 0 {
        return None;
    }
    // A condition tests the CC component of each lane: it moves with the lane.
    let cond = def.cond.map(|c| {
        let mut swizzle = c.swizzle.0;
        for &p in &lanes {
            swizzle[p] = c.swizzle.0[swz[p] as usize];
        }
        CcMask {
            swizzle: Swizzle(swizzle),
            ..c
        }
    });
    let srcs = match def.lanes() {
        Lanes::Replicated => def.srcs.clone(),
        Lanes::Componentwise => def
            .srcs
            .iter()
            .map(|s| {
                let mut swizzle = s.swizzle;
                for &p in &lanes {
                    swizzle[p] = s.swizzle[swz[p] as usize];
                }
                // Lanes not written keep a component that is read anyway (it is never used).
                let first = swizzle[lanes[0]];
                for (p, c) in swizzle.iter_mut().enumerate() {
                    if mask & (1 << p) == 0 {
                        *c = first;
                    }
                }
                Src {
                    swizzle,
                    ..s.clone()
                }
            })
            .collect(),
        Lanes::Fixed => {
            let identity = lanes.iter().all(|&p| swz[p] == p as u8);
            if !identity || mask != def.mask {
                return None;
            }
            def.srcs.clone()
        }
    };
    Some(Retargeted { mask, srcs, cond })
}

/// A writer's new write mask, sources and condition.
struct Retargeted {
    mask: u8,
    srcs: Vec<Src>,
    cond: Option<CcMask>,
}

/// Whether every component read is first written unconditionally (a conditional write alone
/// leaves earlier contents in the other fragments, which the MOV would copy but a folded write
/// would not).
fn first_writes_unconditional(mir: &Mir, defs: &[usize], read: u8) -> bool {
    let mut seen = 0u8;
    for &d in defs {
        let def = &mir.insts[d];
        let new = def.mask & !seen;
        if new != 0 && def.cond.is_some() {
            return false;
        }
        seen |= def.mask;
    }
    seen & read == read
}

/// Registers an instruction reads.
fn src_vregs(inst: &MInst) -> impl Iterator<Item = VReg> + '_ {
    inst.srcs.iter().filter_map(Src::vreg)
}

fn writes_vreg(inst: &MInst, v: VReg) -> bool {
    inst.dst_vreg() == Some(v)
}

/// Folds the copy at `m` into the writers of its source, if that is safe; returns whether it did
/// (the MOV is then gone).
pub fn try_fold(mir: &mut Mir, m: usize) -> bool {
    let mov = &mir.insts[m];
    if mov.opcode != Opcode::Mov || mov.srcs[0].negate || mov.srcs[0].abs {
        return false;
    }
    let Some(t) = mov.srcs[0].vreg() else {
        return false;
    };
    let Some(target) = mov.dst else { return false };
    if target == Dst::V(t) {
        return false;
    }
    let swz = mov.srcs[0].swizzle;
    let defs: Vec<usize> = (0..mir.insts.len())
        .filter(|&i| writes_vreg(&mir.insts[i], t))
        .collect();
    let Some(&first) = defs.first() else {
        return false;
    };
    let other_reads = (0..mir.insts.len()).any(|i| i != m && mir.insts[i].reads(t));
    if other_reads || defs.iter().any(|&d| d > m) {
        return false;
    }
    let read = (0..4)
        .filter(|&p| mov.mask & (1 << p) != 0)
        .fold(0u8, |u, p| u | 1 << swz[p]);
    let written = defs.iter().fold(0, |u, &d| u | mir.insts[d].mask);
    if written != read || !first_writes_unconditional(mir, &defs, read) {
        return false;
    }
    let single = defs.len() == 1;
    if !single && (mov.update_cc || mov.cond.is_some()) {
        return false;
    }
    let file = mir.file(t);
    let mut rewritten = Vec::new();
    for &d in &defs {
        let def = &mir.insts[d];
        let suffix_ok = def.opcode.info().cc_and_sat && !def.opcode.is_texture();
        if !precision_ok(mir, def, file, mov, target)
            || def.update_cc
            || (mov.cond.is_some() && def.cond.is_some())
            || (mov.update_cc && def.cond.is_some())
            || (mov.saturate && (def.saturate || !suffix_ok))
            || (mov.update_cc && !suffix_ok)
        {
            return false;
        }
        let Some(new) = retarget(def, mov.mask, swz) else {
            return false;
        };
        rewritten.push(new);
    }
    if single && can_sink(mir, first, m) {
        let new = rewritten.remove(0);
        let mov = mir.insts.remove(m);
        let mut def = mir.insts.remove(first);
        apply(&mut def, &mov, new);
        mir.insts.insert(m - 1, def);
        return true;
    }
    if !can_write_in_place(mir, &defs, m) {
        return false;
    }
    let mov = mir.insts.remove(m);
    for (&d, new) in defs.iter().zip(rewritten) {
        apply(&mut mir.insts[d], &mov, new);
    }
    true
}

/// The writer of `t`, rewritten to do the MOV's work.
fn apply(def: &mut MInst, mov: &MInst, new: Retargeted) {
    def.dst = mov.dst;
    def.mask = new.mask;
    def.srcs = new.srcs;
    def.cond = mov.cond.or(new.cond);
    def.saturate |= mov.saturate;
    def.update_cc |= mov.update_cc;
}

/// Whether the instruction at `d` can move down to `m` (taking the MOV's place): nothing in
/// between writes what it reads, nor (when it has a condition) sets the condition code.
fn can_sink(mir: &Mir, d: usize, m: usize) -> bool {
    let def = &mir.insts[d];
    (d + 1..m).all(|i| {
        let inst = &mir.insts[i];
        let clobbers = inst
            .dst_vreg()
            .is_some_and(|w| src_vregs(def).any(|r| r == w));
        !(clobbers || (def.cond.is_some() && inst.update_cc))
    })
}

/// Whether the writers at `defs` can write the MOV's destination where they are: nothing else
/// between the first of them and the MOV touches it, and none of them reads it.
fn can_write_in_place(mir: &Mir, defs: &[usize], m: usize) -> bool {
    let mov = &mir.insts[m];
    let target = mov.dst;
    let reads_target = |inst: &MInst| matches!(target, Some(Dst::V(v)) if inst.reads(v));
    if defs.iter().any(|&d| reads_target(&mir.insts[d])) {
        return false;
    }
    let first = defs[0];
    !(first + 1..m).filter(|i| !defs.contains(i)).any(|i| {
        let inst = &mir.insts[i];
        inst.dst == target
            || reads_target(inst)
            || (mov.update_cc && (inst.update_cc || inst.cond.is_some()))
            || (mov.cond.is_some() && inst.update_cc)
    })
}
