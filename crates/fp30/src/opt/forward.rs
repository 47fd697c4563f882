//! Copy forwarding: the readers of `MOV t, s` read `s` (through the MOV's swizzle and modifiers)
//! instead, and the MOV, then read by nothing, goes. Two kinds of copy qualify:
//!
//! * conversions (`MOVX`, `MOVH`) whose every reader computes at the same precision: an X
//!   instruction converts its operands to fx12 itself, so `SUBX H0, -H0, R1` does what
//!   `MOVX H2, -H0; MOVX H3, R1; SUBX H0, H2, H3` did (fx12 and fp16 conversions give the same value
//!   applied once or twice); the readers must not compute at fp32 because of an f[TEX*] operand;
//! * exact copies (`MOVR` into an R register, `MOVH` from and into H registers), which store their
//!   operand unchanged: any reader sees the same value reading `s`. With a negation or absolute
//!   value the readers must compute at fp32 or fp16 (whose conversions commute with the sign; fx12's
//!   range is not symmetric) and lane by lane (a NaN's sign, which no such instruction shows, is
//!   all that can differ; packing and texture lookups are left alone).
//!
//! `s` must be a register (no attribute or parameter is added to an instruction) that nothing
//! writes in between, and the MOV must be the only write of `t`.

use crate::mir::*;
use nvfp::isa::{Opcode, Precision};

/// A conversion read by an instruction that converts its operands the same way.
fn converts_alike(mov: &MInst, reader: &MInst) -> bool {
    matches!(mov.precision, Some(Precision::X) | Some(Precision::H))
        && reader.precision == mov.precision
        && !forced_full(reader)
}

/// Whether the MOV stores its operand (with its modifiers) without rounding it.
fn exact_copy(mir: &Mir, mov: &MInst, s: VReg, t: VReg) -> bool {
    matches!(
        (mov.precision, mir.file(t), mir.file(s)),
        (Some(Precision::R), File::R, _) | (Some(Precision::H), File::H, File::H)
    )
}

/// Whether `reader` computes the same reading the copy's operand with its modifiers as reading the
/// copy.
fn reads_alike(mov: &MInst, reader: &MInst) -> bool {
    let modified = mov.srcs[0].negate || mov.srcs[0].abs;
    !modified
        || (reader.lanes() != Lanes::Fixed
            && matches!(reader.precision, Some(Precision::R) | Some(Precision::H)))
}

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

/// Forwards the copy at `m` into its readers, if they see the same value reading its operand;
/// returns whether it did (the MOV is then gone).
pub fn try_forward(mir: &mut Mir, m: usize) -> bool {
    let mov = &mir.insts[m];
    let Some(t) = mov.dst_vreg() else {
        return false;
    };
    let Some(s) = mov.srcs.first().and_then(Src::vreg) else {
        return false;
    };
    let writers = mir.insts.iter().filter(|i| i.dst_vreg() == Some(t));
    if mov.opcode != Opcode::Mov
        || s == t
        || mov.cond.is_some()
        || mov.saturate
        || mov.update_cc
        || writers.count() != 1
    {
        return false;
    }
    let readers: Vec<usize> = (0..mir.insts.len())
        .filter(|&i| mir.insts[i].reads(t))
        .collect();
    let Some(&last) = readers.last() else {
        return false;
    };
    let exact = exact_copy(mir, mov, s, t);
    let fits = readers.iter().all(|&r| {
        let inst = &mir.insts[r];
        r > m && (converts_alike(mov, inst) || (exact && reads_alike(mov, inst)))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn inst(op: Opcode, p: Precision, dst: u32, srcs: Vec<Src>) -> MInst {
        MInst::new(op, Some(p), Dst::V(VReg(dst)), 0b1111, srcs)
    }

    fn negated(v: u32) -> Src {
        Src {
            negate: true,
            ..Src::plain(Base::V(VReg(v)))
        }
    }

    fn copy_then_read(reader: Precision, files: [File; 3]) -> Mir {
        let t = Src {
            swizzle: [1, 0, 3, 2],
            ..Src::plain(Base::V(VReg(1)))
        };
        Mir {
            insts: vec![
                inst(Opcode::Mov, Precision::R, 1, vec![negated(0)]),
                inst(Opcode::Add, reader, 2, vec![t.clone(), t]),
            ],
            vregs: files.to_vec(),
            ..Mir::default()
        }
    }

    /// `MOVR t, -s; ADDR d, t.yxwz, t.yxwz` is `ADDR d, -s.yxwz, -s.yxwz`.
    #[test]
    fn exact_copy_is_read_through() {
        let mut m = copy_then_read(Precision::R, [File::R; 3]);
        assert!(try_forward(&mut m, 0));
        assert_eq!(m.insts.len(), 1);
        let expected = Src {
            swizzle: [1, 0, 3, 2],
            ..negated(0)
        };
        assert_eq!(m.insts[0].srcs, vec![expected.clone(), expected]);
    }

    /// A negated copy read at fx12 stays (the fx12 range is not symmetric), and so does a MOVR into
    /// an H register (it rounds).
    #[test]
    fn rounding_or_fx12_readers_keep_the_copy() {
        let mut m = copy_then_read(Precision::X, [File::R, File::R, File::H]);
        assert!(!try_forward(&mut m, 0));
        let mut m = copy_then_read(Precision::R, [File::R, File::H, File::R]);
        assert!(!try_forward(&mut m, 0));
        assert_eq!(m.insts.len(), 2);
    }
}
