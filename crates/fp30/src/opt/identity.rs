//! Operations that return an operand: `MUL d, a, {1}` (either side), `SUB d, a, {0}` and
//! `ADD d, a, {-0}` (either side) are `MOV d, a`, with everything else of the instruction kept
//! (precision, `_SAT`, condition, write mask). The machine converts `a` to the instruction's
//! precision before computing and converts the result to it again (section 3.11.4.2); `a × 1`,
//! `a − (+0)` and `a + (−0)` are `a` for every number, zero of either sign, infinity and NaN (IEEE:
//! `−0 − +0 = −0`, `+0 + −0 = +0`), and the conversion is the same applied once or twice, so the MOV
//! stores the same bits. (`a + (+0)` is not: it turns −0 into +0.) The copy is then folded or
//! coalesced away by the other passes where it can be.

use crate::mir::*;
use nvfp::isa::Opcode;

const ONE: u32 = 0x3F80_0000;
const PLUS_ZERO: u32 = 0;
const MINUS_ZERO: u32 = 0x8000_0000;

/// Rewrites the instruction at `m` into a MOV if it returns one of its operands; returns whether it
/// did.
pub fn try_drop_identity(mir: &mut Mir, m: usize) -> bool {
    let inst = &mir.insts[m];
    let neutral = |s: usize, bits: u32| reads_only(inst, s, bits);
    let identity = match inst.opcode {
        Opcode::Mul => (0..2).find(|&s| neutral(s, ONE)),
        Opcode::Sub => neutral(1, PLUS_ZERO).then_some(1),
        Opcode::Add => (0..2).find(|&s| neutral(s, MINUS_ZERO)),
        _ => None,
    };
    let Some(neutral) = identity else {
        return false;
    };
    let kept = inst.srcs[1 - neutral].clone();
    let inst = &mut mir.insts[m];
    inst.opcode = Opcode::Mov;
    inst.srcs = vec![kept];
    true
}

/// Whether source `s` is a literal reading `value` (bits, its modifiers applied) in every
/// component the instruction reads.
fn reads_only(inst: &MInst, s: usize, value: u32) -> bool {
    let src = &inst.srcs[s];
    let Base::Lit(bits) = src.base else {
        return false;
    };
    let positions = inst.read_positions(s);
    (0..4).filter(|&p| positions & (1 << p) != 0).all(|p| {
        let mut b = bits[src.swizzle[p] as usize];
        if src.abs {
            b &= !MINUS_ZERO;
        }
        if src.negate {
            b ^= MINUS_ZERO;
        }
        b == value
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nvfp::isa::Precision;

    fn mul(a: Src, b: Src) -> Mir {
        op(Opcode::Mul, a, b)
    }

    fn op(opcode: Opcode, a: Src, b: Src) -> Mir {
        Mir {
            insts: vec![MInst::new(
                opcode,
                Some(Precision::H),
                Dst::V(VReg(1)),
                0b0011,
                vec![a, b],
            )],
            vregs: vec![File::H; 2],
            ..Mir::default()
        }
    }

    fn lit(values: [f32; 4], swizzle: [u8; 4]) -> Src {
        Src {
            swizzle,
            ..Src::plain(Base::Lit(values.map(f32::to_bits)))
        }
    }

    /// `MULH d.xy, {1, 2}.x, -v0` is `MOVH d.xy, -v0`.
    #[test]
    fn one_in_every_read_component_goes() {
        let a = Src {
            negate: true,
            ..Src::plain(Base::V(VReg(0)))
        };
        let mut m = mul(lit([1.0, 2.0, 1.0, 1.0], [0, 0, 1, 1]), a.clone());
        assert!(try_drop_identity(&mut m, 0));
        let inst = &m.insts[0];
        assert_eq!(
            (inst.opcode, inst.precision),
            (Opcode::Mov, Some(Precision::H))
        );
        assert_eq!((inst.mask, &inst.srcs), (0b0011, &vec![a]));
    }

    /// `{1, 2}.xy` reads 2 in `.y`; `-{1}` is -1: both stay multiplications.
    #[test]
    fn other_values_stay() {
        let v0 = Src::plain(Base::V(VReg(0)));
        let mut m = mul(v0.clone(), lit([1.0, 2.0, 1.0, 1.0], [0, 1, 2, 3]));
        assert!(!try_drop_identity(&mut m, 0));
        let negated = Src {
            negate: true,
            ..lit([1.0; 4], [0; 4])
        };
        let mut m = mul(negated, v0);
        assert!(!try_drop_identity(&mut m, 0));
        assert_eq!(m.insts[0].opcode, Opcode::Mul);
    }

    /// `SUB a, {+0}` and `ADD {-0}, a` go; `SUB a, {-0}`, `ADD a, {+0}` and `SUB {+0}, a` stay.
    #[test]
    fn zeros_that_keep_the_sign_go() {
        let a = Src::plain(Base::V(VReg(0)));
        let zero = |x: f32| lit([x; 4], [0; 4]);
        let gone = [
            (Opcode::Sub, a.clone(), zero(0.0)),
            (Opcode::Add, zero(-0.0), a.clone()),
        ];
        for (opcode, x, y) in gone {
            let mut m = op(opcode, x, y);
            assert!(try_drop_identity(&mut m, 0), "{opcode:?}");
            assert_eq!(
                (m.insts[0].opcode, &m.insts[0].srcs),
                (Opcode::Mov, &vec![a.clone()])
            );
        }
        let kept = [
            (Opcode::Sub, a.clone(), zero(-0.0)),
            (Opcode::Add, a.clone(), zero(0.0)),
            (Opcode::Sub, zero(0.0), a.clone()),
        ];
        for (opcode, x, y) in kept {
            let mut m = op(opcode, x, y);
            assert!(!try_drop_identity(&mut m, 0), "{opcode:?}");
        }
    }
}
