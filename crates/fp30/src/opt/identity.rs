//! Multiplication by one: `MUL d, a, {1}` (either operand) is `MOV d, a`, with everything else of
//! the instruction kept (precision, `_SAT`, condition, write mask). The machine converts `a` to the
//! instruction's precision before computing and converts the product to it again (section
//! 3.11.4.2); `a × 1` is `a` for every number, zero, infinity and NaN, and the conversion is the same
//! applied once or twice, so the MOV stores the same bits. The copy is then folded or coalesced away
//! by the other passes where it can be.

use crate::mir::*;
use nvfp::isa::Opcode;

const ONE: u32 = 0x3F80_0000;

/// Rewrites the multiplication at `m` into a MOV if one operand is the literal 1 in every component
/// it reads; returns whether it did.
pub fn try_drop_one(mir: &mut Mir, m: usize) -> bool {
    let inst = &mir.insts[m];
    if inst.opcode != Opcode::Mul {
        return false;
    }
    let Some(one) = (0..2).find(|&s| reads_only_one(inst, s)) else {
        return false;
    };
    let kept = inst.srcs[1 - one].clone();
    let inst = &mut mir.insts[m];
    inst.opcode = Opcode::Mov;
    inst.srcs = vec![kept];
    true
}

/// Whether source `s` is a literal reading +1.0 in every component the instruction reads.
fn reads_only_one(inst: &MInst, s: usize) -> bool {
    let src = &inst.srcs[s];
    let Base::Lit(bits) = src.base else {
        return false;
    };
    let positions = inst.read_positions(s);
    !src.negate
        && (0..4)
            .filter(|&p| positions & (1 << p) != 0)
            .all(|p| bits[src.swizzle[p] as usize] == ONE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nvfp::isa::Precision;

    fn mul(a: Src, b: Src) -> Mir {
        Mir {
            insts: vec![MInst::new(
                Opcode::Mul,
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
        assert!(try_drop_one(&mut m, 0));
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
        assert!(!try_drop_one(&mut m, 0));
        let negated = Src {
            negate: true,
            ..lit([1.0; 4], [0; 4])
        };
        let mut m = mul(negated, v0);
        assert!(!try_drop_one(&mut m, 0));
        assert_eq!(m.insts[0].opcode, Opcode::Mul);
    }
}
