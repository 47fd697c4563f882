//! Target-constraint legalisation on [`Mir`] (sections 3.11.1.1, 3.11.2, 3.11.3 of the spec):
//!
//! * at most one unique attribute register per instruction; and, since f\[FOGC] and f\[TEX*] force an
//!   instruction to full precision (3.11.4.2), attributes are read only by instructions that compute
//!   at R (or have no precision, as TEX does) — others read a copy (`MOVR t, f[TEX0]`);
//! * at most one unique program parameter per instruction, unless all are constants with at most four
//!   unique scalar values together: literals of one instruction are merged into one vector constant
//!   (`MAD R0, R1, {2, -1}.x, {2, -1}.y`); the parameters and literals that do not fit are copied into
//!   temporaries first (a literal into the first components of an H register when its values are
//!   exact in fp16);
//! * UP2H / UP2US / UP4B / UP4UB read a register with 32-bit components or a parameter: an H operand
//!   is copied into an R temporary.
//!
//! Copies of one attribute or parameter are made once, where first needed, and reused: of two
//! attributes, the one already copied is the one read from its copy; a parameter that meets
//! literals in several instructions is copied (once) rather than the literals (each time). A
//! literal zero that must leave the instruction is read from a register never written, which
//! holds zero (temporaries start as (0,0,0,0), section 3.11.1.1) instead of being copied. A MOVH
//! into an H register may read f\[TEX*] / f\[FOGC]: at full precision it rounds once to fp16 all the
//! same.
//!
//! Negation and absolute value on literals are folded into the literal's values.

use crate::mir::*;
use nvfp::isa::{AttribReg, Opcode, Precision};
use std::collections::HashMap;

pub fn legalize(mir: &mut Mir) {
    let insts = std::mem::take(&mut mir.insts);
    let shared = params_meeting_literals(&insts);
    let mut copies: HashMap<CopyKey, VReg> = HashMap::new();
    for mut inst in insts {
        fold_literal_modifiers(&mut inst);
        let mut before = Vec::new();
        attributes(mir, &mut inst, &mut copies, &mut before);
        parameters(mir, &mut inst, &shared, &mut copies, &mut before);
        unpack_operand(mir, &mut inst, &mut before);
        merge_literals(&mut inst);
        mir.insts.append(&mut before);
        mir.insts.push(inst);
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum CopyKey {
    Attr(AttribReg),
    Param(u32),
    Lit([u32; 4]),
}

fn copy_key(base: &Base) -> Option<CopyKey> {
    match base {
        Base::Attr(a) => Some(CopyKey::Attr(*a)),
        Base::Param(p) => Some(CopyKey::Param(*p)),
        Base::Lit(bits) => Some(CopyKey::Lit(*bits)),
        Base::V(_) => None,
    }
}

/// Replaces source `i`'s base by an R temporary holding it (made once per base).
fn copy_source(
    mir: &mut Mir,
    inst: &mut MInst,
    i: usize,
    copies: &mut HashMap<CopyKey, VReg>,
    before: &mut Vec<MInst>,
) {
    let base = inst.srcs[i].base.clone();
    if let Base::Lit(bits) = base {
        copy_literal(mir, inst, i, bits, before);
        return;
    }
    let Some(key) = copy_key(&base) else { return };
    let t = match copies.get(&key) {
        Some(&t) => t,
        None => {
            let t = mir.new_vreg(File::R);
            before.push(MInst::new(
                Opcode::Mov,
                Some(Precision::R),
                Dst::V(t),
                0b1111,
                vec![Src::plain(base)],
            ));
            copies.insert(key, t);
            t
        }
    };
    inst.srcs[i].base = Base::V(t);
}

/// Replaces literal source `i` by a temporary holding the values it reads, in its first
/// components: an H register when they are all exact in fp16 (H registers cost half an R in the
/// register budget). Literal copies are not reused: keeping them next to their reader keeps
/// register pressure low.
fn copy_literal(
    mir: &mut Mir,
    inst: &mut MInst,
    i: usize,
    bits: [u32; 4],
    before: &mut Vec<MInst>,
) {
    let mut values: Vec<u32> = Vec::new();
    for c in read_components(inst, i) {
        if !values.contains(&bits[c]) {
            values.push(bits[c]);
        }
    }
    let half = values.iter().all(|&b| exact_in_fp16(f32::from_bits(b)));
    let (file, precision) = if half {
        (File::H, Precision::H)
    } else {
        (File::R, Precision::R)
    };
    let t = mir.new_vreg(file);
    before.push(MInst::new(
        Opcode::Mov,
        Some(precision),
        Dst::V(t),
        (1u8 << values.len()) - 1,
        vec![Src::plain(Base::Lit(pack(&values)))],
    ));
    let src = &mut inst.srcs[i];
    src.swizzle = src.swizzle.map(|c| {
        values
            .iter()
            .position(|&v| v == bits[c as usize])
            .unwrap_or(0) as u8
    });
    src.base = Base::V(t);
}

/// Whether `x` is a finite fp16 value (or ±0).
fn exact_in_fp16(x: f32) -> bool {
    if x == 0.0 {
        return true;
    }
    if !x.is_finite() || x.abs() > 65504.0 {
        return false;
    }
    // Multiples of 2^-24 with at most 11 significant bits.
    let scaled = f64::from(x) * f64::from(1u32 << 24);
    if scaled.fract() != 0.0 {
        return false;
    }
    let m = scaled.abs() as u64;
    m >> m.trailing_zeros() < 1 << 11
}

/// Parameters that share an instruction with a literal in more than one instruction.
fn params_meeting_literals(insts: &[MInst]) -> Vec<u32> {
    let mut count: HashMap<u32, usize> = HashMap::new();
    for inst in insts {
        let has_lit = inst.srcs.iter().any(|s| matches!(s.base, Base::Lit(_)));
        let params: Vec<u32> = inst
            .srcs
            .iter()
            .filter_map(|s| match s.base {
                Base::Param(p) => Some(p),
                _ => None,
            })
            .collect();
        if let ([p, ..], true) = (params.as_slice(), has_lit) {
            *count.entry(*p).or_default() += 1;
        }
    }
    count
        .into_iter()
        .filter(|&(_, n)| n > 1)
        .map(|(p, _)| p)
        .collect()
}

/// Whether `inst` computes its result the same at full precision: a MOVH into an H register
/// (one rounding to fp16 either way).
fn full_precision_harmless(mir: &Mir, inst: &MInst) -> bool {
    inst.opcode == Opcode::Mov
        && inst.precision == Some(Precision::H)
        && matches!(inst.dst, Some(Dst::V(v)) if mir.file(v) == File::H)
}

fn attributes(
    mir: &mut Mir,
    inst: &mut MInst,
    copies: &mut HashMap<CopyKey, VReg>,
    before: &mut Vec<MInst>,
) {
    let full_precision =
        matches!(inst.precision, Some(Precision::R) | None) || full_precision_harmless(mir, inst);
    // Where an attribute must leave the instruction, one already copied does (no new copy).
    let bases: Vec<Base> = inst.srcs.iter().map(|s| s.base.clone()).collect();
    for src in inst.srcs.iter_mut() {
        let Base::Attr(a) = src.base else { continue };
        let other_attr = bases.iter().any(|b| matches!(b, Base::Attr(x) if *x != a));
        let conflict = !full_precision && a.forces_full_precision();
        if let Some(&t) = copies.get(&CopyKey::Attr(a)) {
            if conflict || other_attr {
                src.base = Base::V(t);
            }
        }
    }
    let mut kept: Option<AttribReg> = None;
    for i in 0..inst.srcs.len() {
        let Base::Attr(a) = inst.srcs[i].base else {
            continue;
        };
        let allowed = (full_precision || !a.forces_full_precision()) && kept.is_none_or(|k| k == a);
        if allowed {
            kept = Some(a);
        } else {
            copy_source(mir, inst, i, copies, before);
        }
    }
}

fn parameters(
    mir: &mut Mir,
    inst: &mut MInst,
    shared: &[u32],
    copies: &mut HashMap<CopyKey, VReg>,
    before: &mut Vec<MInst>,
) {
    let has_lit = inst.srcs.iter().any(|s| matches!(s.base, Base::Lit(_)));
    let mut kept: Option<u32> = None;
    for i in 0..inst.srcs.len() {
        match inst.srcs[i].base {
            Base::Param(p) if has_lit && shared.contains(&p) => {
                copy_source(mir, inst, i, copies, before)
            }
            Base::Param(p) if kept.is_none_or(|k| k == p) => kept = Some(p),
            Base::Param(_) => copy_source(mir, inst, i, copies, before),
            _ => {}
        }
    }
    for i in 0..inst.srcs.len() {
        if kept.is_some() && matches!(inst.srcs[i].base, Base::Lit(_)) {
            if reads_only_zero(inst, i) {
                inst.srcs[i].base = Base::V(zero_register(mir));
            } else {
                copy_source(mir, inst, i, copies, before);
            }
        }
    }
    // Literals alone: more than four unique values among them → copy the later ones.
    let mut values: Vec<u32> = Vec::new();
    for i in 0..inst.srcs.len() {
        let Base::Lit(bits) = inst.srcs[i].base else {
            continue;
        };
        let mut needed = values.clone();
        for c in read_components(inst, i) {
            if !needed.contains(&bits[c]) {
                needed.push(bits[c]);
            }
        }
        if needed.len() <= 4 {
            values = needed;
        } else {
            copy_source(mir, inst, i, copies, before);
        }
    }
}

fn unpack_operand(mir: &mut Mir, inst: &mut MInst, before: &mut Vec<MInst>) {
    use Opcode::*;
    if !matches!(inst.opcode, Up2h | Up2us | Up4b | Up4ub) {
        return;
    }
    if let Base::V(v) = inst.srcs[0].base {
        if mir.file(v) == File::H {
            let t = mir.new_vreg(File::R);
            before.push(MInst::new(
                Mov,
                Some(Precision::R),
                crate::mir::Dst::V(t),
                0b1111,
                vec![Src::plain(Base::V(v))],
            ));
            inst.srcs[0].base = Base::V(t);
        }
    }
}

/// Whether literal source `i` reads only +0.0.
fn reads_only_zero(inst: &MInst, i: usize) -> bool {
    let Base::Lit(bits) = inst.srcs[i].base else {
        return false;
    };
    read_components(inst, i).iter().all(|&c| bits[c] == 0)
}

/// The register that is never written (so reads +0.0 in every component), made on first use.
fn zero_register(mir: &mut Mir) -> VReg {
    match mir.zero {
        Some(z) => z,
        None => {
            let z = mir.new_vreg(File::H);
            mir.zero = Some(z);
            z
        }
    }
}

/// The literal components source `i` reads, in order of first use.
fn read_components(inst: &MInst, i: usize) -> Vec<usize> {
    let positions = inst.read_positions(i);
    let mut out = Vec::new();
    for p in 0..4 {
        if positions & (1 << p) != 0 {
            let c = inst.srcs[i].swizzle[p] as usize;
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

fn fold_literal_modifiers(inst: &mut MInst) {
    for s in &mut inst.srcs {
        if let Base::Lit(bits) = &mut s.base {
            for b in bits.iter_mut() {
                if s.abs {
                    *b &= 0x7FFF_FFFF;
                }
                if s.negate {
                    *b ^= 0x8000_0000;
                }
            }
            s.abs = false;
            s.negate = false;
        }
    }
}

/// Values in the first components; the rest repeat the first (they are never read).
fn pack(values: &[u32]) -> [u32; 4] {
    std::array::from_fn(|i| values.get(i).or(values.first()).copied().unwrap_or(0))
}

/// All literal operands of the instruction become one vector of their (at most four) unique values.
fn merge_literals(inst: &mut MInst) {
    let mut values: Vec<u32> = Vec::new();
    let lits: Vec<usize> = (0..inst.srcs.len())
        .filter(|&i| matches!(inst.srcs[i].base, Base::Lit(_)))
        .collect();
    for &i in &lits {
        let Base::Lit(bits) = inst.srcs[i].base else {
            continue;
        };
        for c in read_components(inst, i) {
            if !values.contains(&bits[c]) {
                values.push(bits[c]);
            }
        }
    }
    let merged = pack(&values);
    for &i in &lits {
        let Base::Lit(bits) = inst.srcs[i].base else {
            continue;
        };
        let positions = inst.read_positions(i);
        let mut swizzle = inst.srcs[i].swizzle;
        for (p, s) in swizzle.iter_mut().enumerate() {
            let v = bits[*s as usize];
            let index = values.iter().position(|&x| x == v);
            *s = match index {
                Some(ix) if positions & (1 << p) != 0 => ix as u8,
                // Positions not read keep a harmless component.
                _ => 0,
            };
        }
        inst.srcs[i].base = Base::Lit(merged);
        inst.srcs[i].swizzle = swizzle;
    }
}
