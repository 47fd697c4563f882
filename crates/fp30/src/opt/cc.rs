//! Condition-code reuse. Instruction selection sets the condition code from a boolean register
//! before every select and kill (`MOVXC HC, H0.x`). Such a set is dropped when the condition code
//! already holds the truth of those components, somewhere: its readers' CC swizzles are pointed
//! at the components that do (`MOVR R0 (NE), ...` becomes `MOVR R0 (NE.x), ...`). When the
//! boolean's writer is not far, it gets the `C` suffix first (`SGTRC H0.x, ...`), so the
//! comparison sets the condition code once for all its selects.
//!
//! Truth here is "zero or not": the sets read booleans (0 or 1), whose condition code is the same
//! from an H register, an X copy, or the comparison that wrote them.

use crate::mir::*;
use nvfp::isa::{CcMask, Opcode, Precision, Swizzle};

/// A condition-code component's known content: the truth of component `.1` of register `.0`.
type Known = Option<(VReg, u8)>;

/// A boolean set `MOVXC HC.mask, v.swizzle`: its register and swizzle.
fn boolean_set(inst: &MInst) -> Option<(VReg, [u8; 4])> {
    let plain = !inst.srcs.first()?.negate && !inst.srcs[0].abs;
    let is_set = inst.opcode == Opcode::Mov
        && inst.update_cc
        && inst.cond.is_none()
        && !inst.saturate
        && inst.precision == Some(Precision::X)
        && matches!(inst.dst, Some(Dst::Cc(_)));
    if !(is_set && plain) {
        return None;
    }
    Some((inst.srcs[0].vreg()?, inst.srcs[0].swizzle))
}

/// What each condition-code component holds just before instruction `at`.
fn known_before(mir: &Mir, at: usize) -> [Known; 4] {
    let mut cc: [Known; 4] = [None; 4];
    for inst in &mir.insts[..at] {
        if let Some(v) = inst.dst_vreg() {
            for k in cc.iter_mut() {
                if matches!(k, Some((w, c)) if *w == v && inst.mask & (1 << *c) != 0) {
                    *k = None;
                }
            }
        }
        if !inst.update_cc {
            continue;
        }
        for (p, k) in cc.iter_mut().enumerate() {
            if inst.mask & (1 << p) == 0 {
                continue;
            }
            *k = match (inst.dst, inst.cond, boolean_set(inst)) {
                (Some(Dst::V(v)), None, _) => Some((v, p as u8)),
                (_, None, Some((v, swz))) => Some((v, swz[p])),
                _ => None,
            };
        }
    }
    cc
}

/// One reader of the set's components: its index and new CC swizzle.
struct Reader {
    at: usize,
    swizzle: [u8; 4],
}

/// The readers of what the set at `m` writes, redirected to `known` components; `None` when one
/// cannot be.
fn redirect(mir: &Mir, m: usize, known: [Known; 4]) -> Option<Vec<Reader>> {
    let set = &mir.insts[m];
    let (v, swz) = boolean_set(set)?;
    let mut pending = set.mask;
    let mut avail = known;
    let mut readers = Vec::new();
    for at in m + 1..mir.insts.len() {
        if pending == 0 {
            break;
        }
        let inst = &mir.insts[at];
        if let Some(cond) = inst.cond.filter(|_| inst.cc_reads() != 0) {
            let positions = if inst.opcode == Opcode::Kil {
                0b1111
            } else {
                inst.mask
            };
            let mut swizzle = cond.swizzle.0;
            let mut touched = false;
            for p in (0..4).filter(|p| positions & (1 << p) != 0) {
                let k = swizzle[p];
                if pending & (1 << k) == 0 {
                    continue;
                }
                let need = Some((v, swz[k as usize]));
                swizzle[p] = avail.iter().position(|a| *a == need)? as u8;
                touched = true;
            }
            if touched {
                readers.push(Reader { at, swizzle });
            }
        }
        if inst.update_cc {
            if inst.cond.is_some() && inst.mask & pending != 0 {
                return None;
            }
            pending &= !inst.mask;
            for p in (0..4).filter(|p| inst.mask & (1 << p) != 0) {
                avail[p] = None;
            }
        }
    }
    Some(readers)
}

/// Removes the condition-code set at `m` if it is redundant (giving the boolean's writer the `C`
/// suffix first where that makes it so); returns whether it did.
pub fn try_remove_set(mir: &mut Mir, m: usize) -> bool {
    let Some((v, swz)) = boolean_set(&mir.insts[m]) else {
        return false;
    };
    let mut known = known_before(mir, m);
    let mut readers = redirect(mir, m, known);
    let mut upgraded = None;
    if readers.is_none() {
        if let Some(w) = upgradable_writer(mir, m, v, swz) {
            for (p, k) in known.iter_mut().enumerate() {
                if mir.insts[w].mask & (1 << p) != 0 {
                    *k = Some((v, p as u8));
                }
            }
            readers = redirect(mir, m, known);
            upgraded = Some(w);
        }
    }
    let Some(readers) = readers else {
        return false;
    };
    if let Some(w) = upgraded {
        mir.insts[w].update_cc = true;
    }
    for r in readers {
        let inst = &mut mir.insts[r.at];
        if let Some(cond) = inst.cond {
            inst.cond = Some(CcMask {
                swizzle: Swizzle(r.swizzle),
                ..cond
            });
        }
    }
    mir.insts.remove(m);
    true
}

/// The last writer of `v` before the set at `m`, if it can take the `C` suffix: it writes every
/// component the set reads, unconditionally, and between it and the set nothing writes `v`, sets
/// the condition code or reads it; and what it would overwrite in the condition code is not read
/// later.
fn upgradable_writer(mir: &Mir, m: usize, v: VReg, swz: [u8; 4]) -> Option<usize> {
    let set = &mir.insts[m];
    let needed = (0..4)
        .filter(|&p| set.mask & (1 << p) != 0)
        .fold(0u8, |u, p| u | 1 << swz[p]);
    let w = (0..m).rev().find(|&i| mir.insts[i].dst_vreg() == Some(v))?;
    let writer = &mir.insts[w];
    let suffix_ok = writer.opcode.info().cc_and_sat && !writer.opcode.is_texture();
    if writer.cond.is_some() || writer.update_cc || !suffix_ok || writer.mask & needed != needed {
        return None;
    }
    let quiet = mir.insts[w + 1..m]
        .iter()
        .all(|i| !i.update_cc && i.cond.is_none());
    (quiet && cc_dead_after(mir, m, writer.mask & !set.mask)).then_some(w)
}

/// Whether the condition-code components `comps` are not read after instruction `m` before being
/// written again.
fn cc_dead_after(mir: &Mir, m: usize, mut comps: u8) -> bool {
    for inst in &mir.insts[m + 1..] {
        if inst.cc_reads() & comps != 0 {
            return false;
        }
        if inst.cond.is_none() {
            comps &= !inst.cc_writes();
        }
        if comps == 0 {
            return true;
        }
    }
    true
}
