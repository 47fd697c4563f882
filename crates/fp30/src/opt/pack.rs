//! Lane packing (SLP): independent instructions of one shape (opcode, precision, `_SAT`) whose
//! lanes can sit side by side in one register become one vector instruction. Two kinds of group:
//!
//! * in place: the members write disjoint lanes of one destination (the components of a
//!   constructed vector, or of an output), so `MADR R3.x, .., a.x; MADR R3.y, .., a.y` is
//!   `MADR R3.xy, .., a`;
//! * fresh: each member is the only write of its own one-lane register; they get lanes of a new
//!   register and their readers read those lanes, so `ADDR a.x, R0.x, R1.x; ADDR b.x, R0.y, R1.y`
//!   is `ADDR w.xy, R0, R1`.
//!
//! A componentwise instruction's lane is computed from the same lane of its sources alone, so every
//! member's sources must read one base per operand (with the same modifiers; literals are merged
//! into one vector of at most four values), each lane taking the member's components through the
//! swizzle. A replicated-scalar instruction (RCP, DP3, ...) packs only with members reading exactly
//! the same operands: one computation written to all their lanes. Members carry no condition and
//! set no condition code. The group is computed where its last member was (the earlier ones move
//! down) or, when that is blocked, where its first member was (the later ones move up: a member
//! whose result is read before the last one, `SLT a.x; MUL b.x, a.x, c; SLT a.y`). Either needs
//! nothing the members pass to change what they read or to touch what they write. Each lane
//! computes what its member did, bit for bit.

use crate::mir::*;
use nvfp::isa::Opcode;

/// How far after its first member a group's other members are looked for.
const WINDOW: usize = 48;

/// Where a group is computed: at its last member or at its first.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Place {
    Last,
    First,
}

/// Packs the group whose first member is the instruction at `m`, if there is one of two or more;
/// returns whether it did (the instruction at `m` is then gone: it moved into the group's place).
pub fn try_pack(mir: &mut Mir, m: usize) -> bool {
    if !packable(&mir.insts[m]) {
        return false;
    }
    let mut group = vec![m];
    let end = mir.insts.len().min(m + 1 + WINDOW);
    for j in m + 1..end {
        if group.len() == 4 {
            break;
        }
        group.push(j);
        if !(same_shape(&mir.insts[m], &mir.insts[j]) && placement(mir, &group).is_some()) {
            group.pop();
        }
    }
    if group.len() < 2 {
        return false;
    }
    let Some(place) = placement(mir, &group) else {
        return false;
    };
    let Some(packed) = packed_instruction(mir, &group) else {
        return false;
    };
    let fresh = fresh_registers(mir, &group, place);
    let (at, moved) = match place {
        Place::Last => (group.len() - 1, 0..group.len() - 1),
        Place::First => (0, 1..group.len()),
    };
    let at = group[at];
    mir.insts[at] = packed.inst;
    if let (Some(regs), Dst::V(w)) = (fresh, packed.dst) {
        rename_readers(mir, at, &regs, &packed.lanes, w);
    }
    for &i in group[moved].iter().rev() {
        mir.insts.remove(i);
    }
    true
}

/// Whether `inst` can be a member at all.
fn packable(inst: &MInst) -> bool {
    inst.lanes() != Lanes::Fixed
        && inst.cond.is_none()
        && !inst.update_cc
        && !inst.opcode.is_texture()
        && inst.opcode != Opcode::Kil
        && matches!(inst.dst, Some(Dst::V(_)) | Some(Dst::Out(_)))
        && inst.mask != 0
}

/// Opcode, precision, `_SAT` and operands that can share one instruction.
fn same_shape(a: &MInst, b: &MInst) -> bool {
    if !packable(b)
        || a.opcode != b.opcode
        || a.precision != b.precision
        || a.saturate != b.saturate
        || a.srcs.len() != b.srcs.len()
    {
        return false;
    }
    (0..a.srcs.len()).all(|s| match a.lanes() {
        Lanes::Componentwise => same_base(&a.srcs[s], &b.srcs[s]),
        _ => same_operand(a, b, s),
    })
}

/// One base with the same modifiers (any two literals: their values are merged).
fn same_base(a: &Src, b: &Src) -> bool {
    match (&a.base, &b.base) {
        (Base::Lit(_), Base::Lit(_)) => true,
        (x, y) => x == y && a.negate == b.negate && a.abs == b.abs,
    }
}

/// The same operand on the components a replicated-scalar instruction reads.
fn same_operand(a: &MInst, b: &MInst, s: usize) -> bool {
    let (x, y) = (&a.srcs[s], &b.srcs[s]);
    let positions = a.read_positions(s);
    x.base == y.base
        && x.negate == y.negate
        && x.abs == y.abs
        && positions == b.read_positions(s)
        && (0..4).all(|p| positions & (1 << p) == 0 || x.swizzle[p] == y.swizzle[p])
}

/// Where the members at `group` (in program order) can be computed together, if anywhere.
fn placement(mir: &Mir, group: &[usize]) -> Option<Place> {
    [Place::Last, Place::First]
        .into_iter()
        .find(|&place| valid(mir, group, place))
}

/// Whether the members at `group` can be computed together at `place`.
fn valid(mir: &Mir, group: &[usize], place: Place) -> bool {
    let insts: Vec<&MInst> = group.iter().map(|&i| &mir.insts[i]).collect();
    let in_place = insts.iter().all(|i| i.dst == insts[0].dst);
    let disjoint = {
        let mut seen = 0u8;
        insts.iter().all(|i| {
            let ok = seen & i.mask == 0;
            seen |= i.mask;
            ok
        })
    };
    let fits = if in_place {
        disjoint
    } else {
        fresh_registers(mir, group, place).is_some()
    };
    if !fits {
        return false;
    }
    let written: Vec<Dst> = insts.iter().filter_map(|i| i.dst).collect();
    let reads_written = |inst: &MInst| {
        written
            .iter()
            .any(|d| matches!(d, Dst::V(v) if inst.reads(*v)))
    };
    if insts.iter().any(|i| reads_written(i)) {
        return false;
    }
    let (first, last) = (group[0], group[group.len() - 1]);
    match place {
        Place::Last => group[..group.len() - 1]
            .iter()
            .all(|&i| can_move(mir, i, i + 1..last, group)),
        Place::First => group[1..]
            .iter()
            .all(|&i| can_move(mir, i, first + 1..i, group)),
    }
}

/// Whether the member at `i` can move past the instructions at `passed` (down or up): none of them
/// (other members aside) writes what it reads, or reads or writes the components it writes.
fn can_move(mir: &Mir, i: usize, passed: std::ops::Range<usize>, group: &[usize]) -> bool {
    let member = &mir.insts[i];
    passed.filter(|x| !group.contains(x)).all(|x| {
        let inst = &mir.insts[x];
        let clobbers = inst.dst_vreg().is_some_and(|w| member.reads(w));
        let overwrites = inst.dst == member.dst && inst.mask & member.mask != 0;
        !(clobbers || overwrites || reads_lanes(inst, member))
    })
}

/// Whether `inst` reads a component that `member` writes.
fn reads_lanes(inst: &MInst, member: &MInst) -> bool {
    let Some(Dst::V(v)) = member.dst else {
        return false;
    };
    (0..inst.srcs.len())
        .any(|s| inst.srcs[s].base == Base::V(v) && inst.read_components(s) & member.mask != 0)
}

/// For a fresh group: each member's register and lane, when each is a one-lane register written
/// by that member alone and read in that lane only, after the group's place (and its member), in
/// one file.
fn fresh_registers(mir: &Mir, group: &[usize], place: Place) -> Option<Vec<(VReg, u8)>> {
    let last = group[group.len() - 1];
    let mut regs: Vec<(VReg, u8)> = Vec::new();
    for &i in group {
        let inst = &mir.insts[i];
        let v = inst.dst_vreg()?;
        if inst.mask.count_ones() != 1 || mir.file(v) != mir.file(regs.first().map_or(v, |r| r.0)) {
            return None;
        }
        let lane = inst.mask.trailing_zeros() as u8;
        for (x, other) in mir.insts.iter().enumerate() {
            if x != i && other.dst_vreg() == Some(v) {
                return None;
            }
            for s in 0..other.srcs.len() {
                if other.srcs[s].base == Base::V(v)
                    && (x <= i
                        || (place == Place::Last && x <= last)
                        || other.read_components(s) != inst.mask)
                {
                    return None;
                }
            }
        }
        if regs.iter().any(|&(r, _)| r == v) {
            return None;
        }
        regs.push((v, lane));
    }
    Some(regs)
}

/// The group's instruction, where its lanes went (by member), and its destination.
struct Packed {
    inst: MInst,
    lanes: Vec<u8>,
    dst: Dst,
}

/// The one instruction computing every member's lanes.
fn packed_instruction(mir: &mut Mir, group: &[usize]) -> Option<Packed> {
    let members: Vec<MInst> = group.iter().map(|&i| mir.insts[i].clone()).collect();
    let first = &members[0];
    let in_place = members.iter().all(|i| i.dst == first.dst);
    let (dst, lanes) = if in_place {
        (first.dst?, members.iter().map(|i| i.mask).collect())
    } else {
        let lanes = fresh_lanes(&members);
        let file = mir.file(first.dst_vreg()?);
        (Dst::V(mir.new_vreg(file)), lanes)
    };
    // `lanes[j]` is a mask for in-place members, a lane number for fresh ones.
    let targets: Vec<u8> = if in_place {
        lanes.clone()
    } else {
        lanes.iter().map(|&l| 1 << l).collect()
    };
    let mask = targets.iter().fold(0, |m, &t| m | t);
    let srcs = match first.lanes() {
        Lanes::Componentwise => componentwise_sources(&members, &targets)?,
        _ => first.srcs.clone(),
    };
    let inst = MInst {
        dst: Some(dst),
        mask,
        srcs,
        ..first.clone()
    };
    Some(Packed { inst, lanes, dst })
}

/// Lanes for fresh members: the component their first register or attribute operand reads where
/// it is free (so that operand reads in place), else the lowest free lane.
fn fresh_lanes(members: &[MInst]) -> Vec<u8> {
    let mut taken = 0u8;
    let mut lanes = Vec::new();
    for inst in members {
        let lane = inst.mask.trailing_zeros() as usize;
        let preferred = inst
            .srcs
            .iter()
            .find(|s| !s.base.is_param_or_lit())
            .map(|s| s.swizzle[lane]);
        let chosen = match preferred {
            Some(c) if taken & (1 << c) == 0 => c,
            _ => (0..4).find(|&c| taken & (1 << c) == 0).unwrap_or(0),
        };
        taken |= 1 << chosen;
        lanes.push(chosen);
    }
    lanes
}

/// The operands of a componentwise group: lane `t` of member `j` (its target lanes `targets[j]`,
/// taken from its own lanes in order) reads what member `j` read in that lane. Literals become one
/// vector of at most four values.
fn componentwise_sources(members: &[MInst], targets: &[u8]) -> Option<Vec<Src>> {
    let mut srcs: Vec<Src> = members[0].srcs.clone();
    let mut values: Vec<u32> = Vec::new();
    let mut written = 0u8;
    for (inst, &target) in members.iter().zip(targets) {
        let own: Vec<usize> = (0..4).filter(|&c| inst.mask & (1 << c) != 0).collect();
        let to: Vec<usize> = (0..4).filter(|&c| target & (1 << c) != 0).collect();
        for (&from, &lane) in own.iter().zip(&to) {
            for (s, src) in inst.srcs.iter().enumerate() {
                let c = src.swizzle[from];
                srcs[s].swizzle[lane] = match src.base {
                    Base::Lit(bits) => {
                        literal_index(&mut values, literal_value(src, bits[c as usize]))?
                    }
                    _ => c,
                };
            }
            written |= 1 << lane;
        }
    }
    let merged = pack_values(&values);
    let first = written.trailing_zeros() as usize;
    for src in &mut srcs {
        if let Base::Lit(_) = src.base {
            src.base = Base::Lit(merged);
            src.negate = false;
            src.abs = false;
        }
        let keep = src.swizzle[first];
        for (p, c) in src.swizzle.iter_mut().enumerate() {
            if written & (1 << p) == 0 {
                *c = keep;
            }
        }
    }
    Some(srcs)
}

/// A literal component's bits with the operand's modifiers applied.
fn literal_value(src: &Src, mut bits: u32) -> u32 {
    if src.abs {
        bits &= 0x7FFF_FFFF;
    }
    if src.negate {
        bits ^= 0x8000_0000;
    }
    bits
}

/// The index of `value` among the merged literal's values (added if new; `None` past four).
fn literal_index(values: &mut Vec<u32>, value: u32) -> Option<u8> {
    if let Some(i) = values.iter().position(|&v| v == value) {
        return Some(i as u8);
    }
    if values.len() == 4 {
        return None;
    }
    values.push(value);
    Some(values.len() as u8 - 1)
}

/// Values in the first components; the rest repeat the first (they are never read).
fn pack_values(values: &[u32]) -> [u32; 4] {
    std::array::from_fn(|i| values.get(i).or(values.first()).copied().unwrap_or(0))
}

/// Readers of the fresh members' registers (all after `at`, the group's place) read their lanes of
/// `w` instead.
fn rename_readers(mir: &mut Mir, at: usize, regs: &[(VReg, u8)], lanes: &[u8], w: VReg) {
    for inst in &mut mir.insts[at + 1..] {
        for src in &mut inst.srcs {
            if let Some(j) = regs.iter().position(|&(v, _)| src.base == Base::V(v)) {
                src.base = Base::V(w);
                src.swizzle = [lanes[j]; 4];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nvfp::isa::{AttribReg, OutputReg, Precision};

    fn reg(v: u32, c: u8) -> Src {
        Src {
            swizzle: [c; 4],
            ..Src::plain(Base::V(VReg(v)))
        }
    }

    fn lit(x: f32) -> Src {
        Src::plain(Base::Lit([x.to_bits(); 4]))
    }

    fn inst(op: Opcode, dst: Dst, mask: u8, srcs: Vec<Src>) -> MInst {
        MInst::new(op, Some(Precision::R), dst, mask, srcs)
    }

    fn mir(vregs: usize, insts: Vec<MInst>) -> Mir {
        Mir {
            insts,
            vregs: vec![File::R; vregs],
            ..Mir::default()
        }
    }

    fn v(n: u32) -> Dst {
        Dst::V(VReg(n))
    }

    /// `ADDR v2.x, v0.x, v1.x; ADDR v3.x, v0.y, v1.y; MULR o.x, v2.x, v3.x`: the two additions
    /// become `ADDR w.xy, v0.xyxx, v1.xyxx`, read as `w.x` and `w.y`.
    #[test]
    fn fresh_registers_share_one() {
        let mut m = mir(
            4,
            vec![
                inst(Opcode::Add, v(2), 0b0001, vec![reg(0, 0), reg(1, 0)]),
                inst(Opcode::Add, v(3), 0b0001, vec![reg(0, 1), reg(1, 1)]),
                inst(
                    Opcode::Mul,
                    Dst::Out(OutputReg::Colr),
                    0b0001,
                    vec![reg(2, 0), reg(3, 0)],
                ),
            ],
        );
        assert!(try_pack(&mut m, 0));
        assert_eq!(m.insts.len(), 2);
        let add = &m.insts[0];
        assert_eq!(
            (add.opcode, add.dst, add.mask),
            (Opcode::Add, Some(v(4)), 0b0011)
        );
        assert_eq!(add.srcs[0].base, Base::V(VReg(0)));
        assert_eq!(add.srcs[0].swizzle, [0, 1, 0, 0]);
        assert_eq!(add.srcs[1].swizzle, [0, 1, 0, 0]);
        assert_eq!(m.insts[1].srcs, vec![reg(4, 0), reg(4, 1)]);
    }

    /// `MULR d.x, {2}, v0.x; MULR d.y, {3}, v0.y` is `MULR d.xy, {2, 3}.xy, v0.xy`.
    #[test]
    fn in_place_merges_literals() {
        let mut m = mir(
            2,
            vec![
                inst(Opcode::Mul, v(1), 0b0001, vec![lit(2.0), reg(0, 0)]),
                inst(Opcode::Mul, v(1), 0b0010, vec![lit(3.0), reg(0, 1)]),
            ],
        );
        assert!(try_pack(&mut m, 0));
        assert_eq!(m.insts.len(), 1);
        let mul = &m.insts[0];
        assert_eq!((mul.dst, mul.mask), (Some(v(1)), 0b0011));
        let (two, three) = (2f32.to_bits(), 3f32.to_bits());
        assert_eq!(mul.srcs[0].base, Base::Lit([two, three, two, two]));
        assert_eq!(mul.srcs[0].swizzle, [0, 1, 0, 0]);
        assert_eq!(mul.srcs[1].swizzle, [0, 1, 0, 0]);
    }

    /// Two `RCPR` of the same operand into two lanes are one `RCPR d.xy, f[TEX1].w`; one of
    /// another operand (into another register) stays.
    #[test]
    fn replicated_scalars_need_equal_operands() {
        let w = Src {
            swizzle: [3; 4],
            ..Src::plain(Base::Attr(AttribReg::Tex(1)))
        };
        let other = Src {
            swizzle: [2; 4],
            ..w.clone()
        };
        let mut m = mir(
            2,
            vec![
                inst(Opcode::Rcp, v(0), 0b0001, vec![w.clone()]),
                inst(Opcode::Rcp, v(1), 0b0100, vec![other]),
                inst(Opcode::Rcp, v(0), 0b0010, vec![w.clone()]),
            ],
        );
        assert!(try_pack(&mut m, 0));
        assert_eq!(m.insts.len(), 2);
        assert_eq!(m.insts[0].mask, 0b0100);
        assert_eq!((m.insts[1].mask, &m.insts[1].srcs), (0b0011, &vec![w]));
    }

    /// No packing across a write of an operand, a read of a member's result, or differing
    /// modifiers.
    #[test]
    fn dependencies_and_modifiers_block_packing() {
        let negated = Src {
            negate: true,
            ..reg(0, 1)
        };
        let cases = [
            // v0 is rewritten between the members.
            vec![
                inst(Opcode::Add, v(1), 0b0001, vec![reg(0, 0), lit(1.0)]),
                inst(Opcode::Mov, v(0), 0b0010, vec![lit(5.0)]),
                inst(Opcode::Add, v(1), 0b0010, vec![reg(0, 1), lit(1.0)]),
            ],
            // The second member reads the first one's result.
            vec![
                inst(Opcode::Add, v(1), 0b0001, vec![reg(0, 0), lit(1.0)]),
                inst(Opcode::Add, v(1), 0b0010, vec![reg(1, 0), lit(1.0)]),
            ],
            // -v0 and v0 are different operands.
            vec![
                inst(Opcode::Add, v(1), 0b0001, vec![reg(0, 0), lit(1.0)]),
                inst(Opcode::Add, v(1), 0b0010, vec![negated, lit(1.0)]),
            ],
        ];
        for insts in cases {
            let mut m = mir(2, insts.clone());
            assert!(!try_pack(&mut m, 0), "{insts:?}");
            assert_eq!(m.insts, insts);
        }
    }

    /// Members move past writes and reads of the destination's other lanes, not past a write or a
    /// read of their own lane: the first member cannot move down past a write or read of `v1.x`,
    /// so the group is computed at the first member (the last moving up past them); a write of
    /// both lanes in between blocks both ways.
    #[test]
    fn in_place_members_move_past_other_lanes_only() {
        let other_lane = vec![
            inst(Opcode::Add, v(1), 0b0001, vec![reg(0, 0), lit(1.0)]),
            inst(Opcode::Mov, v(1), 0b0100, vec![reg(1, 3)]),
            inst(Opcode::Add, v(1), 0b0010, vec![reg(0, 1), lit(1.0)]),
        ];
        let mut m = mir(2, other_lane.clone());
        assert!(try_pack(&mut m, 0));
        assert_eq!(m.insts[0], other_lane[1]);
        assert_eq!((m.insts[1].opcode, m.insts[1].mask), (Opcode::Add, 0b0011));
        for between in [
            inst(Opcode::Mov, v(1), 0b0001, vec![lit(4.0)]),
            inst(Opcode::Mov, v(1), 0b0100, vec![reg(1, 0)]),
        ] {
            let insts = vec![
                other_lane[0].clone(),
                between.clone(),
                other_lane[2].clone(),
            ];
            let mut m = mir(2, insts);
            assert!(try_pack(&mut m, 0));
            assert_eq!((m.insts[0].opcode, m.insts[0].mask), (Opcode::Add, 0b0011));
            assert_eq!(m.insts[1], between);
        }
        let both_lanes = vec![
            other_lane[0].clone(),
            inst(Opcode::Mov, v(1), 0b0011, vec![lit(4.0)]),
            other_lane[2].clone(),
        ];
        let mut m = mir(2, both_lanes.clone());
        assert!(!try_pack(&mut m, 0));
        assert_eq!(m.insts, both_lanes);
    }

    /// `ADDR v2.x, v0.x, v1.x; MULR v3.x, v2.x, v5.x; ADDR v4.x, v0.y, v1.y`: the first sum is read
    /// before the second, so the group is computed at the first member, `ADDR w.xy, v0.xyxx,
    /// v1.xyxx`, and the product reads `w.x`, the later reader `w.y`.
    #[test]
    fn group_read_before_its_last_member_is_computed_at_its_first() {
        let mut m = mir(
            6,
            vec![
                inst(Opcode::Add, v(2), 0b0001, vec![reg(0, 0), reg(1, 0)]),
                inst(Opcode::Mul, v(3), 0b0001, vec![reg(2, 0), reg(5, 0)]),
                inst(Opcode::Add, v(4), 0b0001, vec![reg(0, 1), reg(1, 1)]),
                inst(
                    Opcode::Mul,
                    Dst::Out(OutputReg::Colr),
                    0b0001,
                    vec![reg(3, 0), reg(4, 0)],
                ),
            ],
        );
        assert!(try_pack(&mut m, 0));
        assert_eq!(m.insts.len(), 3);
        let add = &m.insts[0];
        assert_eq!(
            (add.opcode, add.dst, add.mask),
            (Opcode::Add, Some(v(6)), 0b0011)
        );
        assert_eq!(add.srcs[0].swizzle, [0, 1, 0, 0]);
        assert_eq!(add.srcs[1].swizzle, [0, 1, 0, 0]);
        assert_eq!(m.insts[1].srcs, vec![reg(6, 0), reg(5, 0)]);
        assert_eq!(m.insts[2].srcs, vec![reg(3, 0), reg(6, 1)]);
    }

    /// Neither place works when the first member's result is read before the last member and an
    /// operand of the last member is written after the first (moving it up would read the old
    /// value), or when the instruction in between reads the lane an in-place member writes.
    #[test]
    fn group_blocked_both_ways_stays() {
        let fresh = vec![
            inst(Opcode::Add, v(2), 0b0001, vec![reg(0, 0), reg(1, 0)]),
            inst(Opcode::Mul, v(3), 0b0001, vec![reg(2, 0), reg(5, 0)]),
            inst(Opcode::Mov, v(1), 0b0010, vec![lit(5.0)]),
            inst(Opcode::Add, v(4), 0b0001, vec![reg(0, 1), reg(1, 1)]),
            inst(
                Opcode::Mul,
                Dst::Out(OutputReg::Colr),
                0b0001,
                vec![reg(3, 0), reg(4, 0)],
            ),
        ];
        let in_place = vec![
            inst(Opcode::Add, v(2), 0b0001, vec![reg(0, 0), reg(1, 0)]),
            inst(Opcode::Mul, v(3), 0b0011, vec![reg(2, 0), reg(2, 1)]),
            inst(Opcode::Add, v(2), 0b0010, vec![reg(0, 1), reg(1, 1)]),
        ];
        for insts in [fresh, in_place] {
            let mut m = mir(6, insts.clone());
            assert!(!try_pack(&mut m, 0), "{insts:?}");
            assert_eq!(m.insts, insts);
        }
    }

    /// A fresh register read in another lane than the one written (an unwritten component) is not
    /// moved.
    #[test]
    fn fresh_register_read_elsewhere_stays() {
        let insts = vec![
            inst(Opcode::Add, v(2), 0b0001, vec![reg(0, 0), reg(1, 0)]),
            inst(Opcode::Add, v(3), 0b0001, vec![reg(0, 1), reg(1, 1)]),
            inst(
                Opcode::Mov,
                Dst::Out(OutputReg::Colr),
                0b0011,
                vec![reg(2, 0), reg(3, 1)],
            ),
        ];
        let mut m = mir(4, insts.clone());
        assert!(!try_pack(&mut m, 0));
        assert_eq!(m.insts, insts);
    }
}
