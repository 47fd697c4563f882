//! How the steps of a multi-step instruction are rounded at each precision (3.11.4.2: "calculations are
//! carried out using 16-bit floating point operands and results"): every elementary operation (one
//! multiply, one add, ...) is rounded to the precision before the next one uses it, and the result of
//! the last step is fully converted. As types, so that the executor's kernels are compiled once per
//! precision with the rounding inlined into their lane loops.

use crate::format::{flush_fp32, to_fp16, to_fp32, to_fx12, Format};

/// The rounding of one precision.
pub trait Rounding {
    /// The format this rounding produces.
    const FORMAT: Format;
    /// Rounds the result of a step inside an instruction.
    fn inner(x: f32) -> f32;
    /// Rounds the result of an instruction's last step: a full conversion.
    fn last(x: f32) -> f32;
}

/// fp32 rounding.
pub struct Fp32;
/// fp16 rounding.
pub struct Fp16;
/// fx12 rounding.
pub struct Fx12;

impl Rounding for Fp32 {
    const FORMAT: Format = Format::Fp32;
    // Inner steps only flush: a NaN stays a NaN through every later step and the last step makes it
    // canonical, so canonicalising in between would change nothing.
    #[inline(always)]
    fn inner(x: f32) -> f32 {
        flush_fp32(x)
    }
    #[inline(always)]
    fn last(x: f32) -> f32 {
        to_fp32(x)
    }
}

impl Rounding for Fp16 {
    const FORMAT: Format = Format::Fp16;
    #[inline(always)]
    fn inner(x: f32) -> f32 {
        to_fp16(x)
    }
    #[inline(always)]
    fn last(x: f32) -> f32 {
        to_fp16(x)
    }
}

impl Rounding for Fx12 {
    const FORMAT: Format = Format::Fx12;
    // Not just the last step: fx12 turns NaN into 0, which later steps must see.
    #[inline(always)]
    fn inner(x: f32) -> f32 {
        to_fx12(x)
    }
    #[inline(always)]
    fn last(x: f32) -> f32 {
        to_fx12(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::CANONICAL_NAN;

    #[test]
    fn fp32_inner_steps_flush_and_the_last_canonicalises_nan() {
        assert_eq!(Fp32::inner(1e-40).to_bits(), 0);
        assert!(Fp32::inner(-f32::NAN).is_nan());
        assert_eq!(Fp32::last(-f32::NAN).to_bits(), CANONICAL_NAN.to_bits());
    }

    #[test]
    fn fx12_inner_steps_turn_nan_into_zero() {
        assert_eq!(Fx12::inner(f32::NAN), 0.0);
        assert_eq!(Fp16::inner(1.0 + 2f32.powi(-11)), 1.0);
    }
}
