//! Which operands can skip the load conversion: a static analysis of the number formats each slot of
//! the register file can hold.
//!
//! VectorLoad converts every operand to the instruction's precision (3.11.4.3). Most of the time that
//! conversion changes nothing: a register written by an fp32 instruction holds only flushed fp32
//! values with the canonical NaN, which converting to fp32 again leaves alone. Deciding this once per
//! program lets the executor read such operands straight from the register file.
//!
//! The formats nest: fx12 values are fp16 values, fp16 values are (flushed, canonical) fp32 values.
//! A stored result is in the narrower of the instruction's precision and the destination's type
//! (see `Target::conversion`), except PK* words, which are raw bits. Attributes are converted to fp32
//! when a batch starts (converting an attribute to fp32 first never changes what its conversion to any
//! precision gives: a denormal goes to a zero of the same sign either way), unless UP* reads their raw
//! bits. Constants are converted as their slots are filled.

use super::{is_pack, Step};
use crate::isa::{Opcode, Precision};

/// Format levels: a slot at level `n` holds only values that the conversions of levels `n` and above
/// leave unchanged.
const FX12: u8 = 0;
const FP16: u8 = 1;
const FP32: u8 = 2;
/// Raw bits: no conversion is known to leave them unchanged.
const RAW: u8 = 3;

fn level(precision: Precision) -> u8 {
    match precision {
        Precision::X => FX12,
        Precision::H => FP16,
        Precision::R => FP32,
    }
}

/// Clears `Operand::convert` where the conversion provably changes nothing that the instruction's
/// result depends on. Operands of constant slots are already converted; UP* operands never are.
pub fn mark_direct_operands(
    steps: &mut [Step],
    slot_count: usize,
    raw_attribs: &[usize],
    constant_slots: &[usize],
    attrib_slots: &[usize],
) {
    // Zeros at the start (temporaries) are at every level.
    let mut levels = vec![FX12; slot_count];
    for &slot in attrib_slots {
        levels[slot] = FP32;
    }
    for &slot in raw_attribs {
        levels[slot] = RAW;
    }
    for step in steps.iter() {
        let Some(target) = &step.target else { continue };
        let stored = if is_pack(step.opcode) {
            RAW
        } else if target.half {
            level(step.precision).min(FP16)
        } else {
            level(step.precision)
        };
        levels[target.slot] = levels[target.slot].max(stored);
    }
    for step in steps.iter_mut() {
        let precision = step.precision;
        let computes = computes_every_result(step.opcode);
        for operand in &mut step.operands[..step.operand_count] {
            if step.raw || constant_slots.contains(&operand.slot) {
                operand.convert = false;
                continue;
            }
            let clean = levels[operand.slot] <= level(precision);
            let modified = operand.and_mask != !0 || operand.xor_mask != 0;
            operand.convert = !clean
                || match precision {
                    // Negating the canonical NaN gives another NaN pattern, which only matters where
                    // an operand reaches the result without an arithmetic step (MOV, DST, ...).
                    Precision::R | Precision::H => operand.xor_mask != 0 && !computes,
                    // fx12 is not symmetric: -0.0 converts to +0.0, and -(-2.0) is out of range.
                    Precision::X => modified,
                };
        }
        step.modified = step.operands[..step.operand_count]
            .iter()
            .any(|o| !o.convert && (o.and_mask != !0 || o.xor_mask != 0));
    }
}

/// Whether every result component of the opcode comes out of an arithmetic step followed by the
/// conversion to the precision, or is a constant, or (MIN, MAX) is an operand other than a NaN: then a
/// NaN operand's sign cannot show in the result.
fn computes_every_result(opcode: Opcode) -> bool {
    use Opcode::*;
    match opcode {
        Mov | Dst | Lit | Pk2h | Pk2us | Pk4b | Pk4ub | Tex | Txp | Txd | Kil => false,
        Add | Sub | Mul | Mad | Lrp | Min | Max | Seq | Sne | Sge | Sgt | Sle | Slt | Sfl | Str
        | Flr | Frc | Ddx | Ddy | Dp3 | Dp4 | Rfl | X2d | Rcp | Rsq | Ex2 | Lg2 | Sin | Cos
        | Pow | Up2h | Up2us | Up4b | Up4ub => true,
    }
}
