//! The IR's numeric rules in terms of `pigment_numeric`, the scalar arithmetic the NV_fragment_program
//! machine also computes with: the kinds' conversions, the multi-step operations at each kind's
//! precision, and the few real operations the IR defines on its own (exact division and square root,
//! ceil/trunc/round, its `pow`), each built from the shared primitives. Everything else
//! [`crate::eval`] calls in `pigment_numeric` directly.
//!
//! A real operation reads its operands' values ([`operand`]: fp32 denormals read as zero), computes its
//! formula in fp32 with every step's denormals flushed (the helpers below), and converts the result to
//! the result's kind once ([`to_kind`]). The exceptions are `mad`, `dot` and `lerp` ([`mad`], [`dot`],
//! [`lerp`]), which round every step to the result's kind, as the NV instruction of that precision
//! (MAD, DP3, DP4 at R, H or X) does.

use crate::types::ScalarKind;
use pigment_numeric::{approx, floor, flush_fp32, fract, steps, Format, Fp16, Fp32, Fx12};
pub use pigment_numeric::{to_fp16 as to_f16, to_fx12, FX12_MAX, FX12_MIN};

/// The number format values of a real kind are in; `None` for bool and int.
pub fn format(kind: ScalarKind) -> Option<Format> {
    match kind {
        ScalarKind::Float => Some(Format::Fp32),
        ScalarKind::Half => Some(Format::Fp16),
        ScalarKind::Fixed => Some(Format::Fx12),
        ScalarKind::Bool | ScalarKind::Int => None,
    }
}

/// Converts a real number (an fp32 result) to a value of the real `kind` (fp32: denormals flushed and
/// NaN canonical; fp16 and fx12 as `pigment_numeric` defines them); other kinds return `x`.
pub fn to_kind(kind: ScalarKind, x: f32) -> f32 {
    format(kind).map_or(x, |f| pigment_numeric::convert(f, x))
}

/// `mad a, b, c` on `kind`: the product rounded to the kind, then the sum (NV MAD at the kind's
/// precision: R for float, H for half, X for fixed).
pub fn mad(kind: ScalarKind, a: f32, b: f32, c: f32) -> f32 {
    match kind {
        ScalarKind::Half => steps::mad::<Fp16>(a, b, c),
        ScalarKind::Fixed => steps::mad::<Fx12>(a, b, c),
        _ => steps::mad::<Fp32>(a, b, c),
    }
}

/// `dot a, b` on `kind`: every product and partial sum (x to w) rounded to the kind (NV DP3 / DP4).
pub fn dot(kind: ScalarKind, a: &[f32], b: &[f32]) -> f32 {
    match kind {
        ScalarKind::Half => steps::dot::<Fp16>(a, b),
        ScalarKind::Fixed => steps::dot::<Fx12>(a, b),
        _ => steps::dot::<Fp32>(a, b),
    }
}

/// `lerp a, b, w` on `kind`: `a + w·(b − a)`, the difference, the product and the sum each rounded to
/// the kind (an ADD and a MAD at the kind's precision).
pub fn lerp(kind: ScalarKind, a: f32, b: f32, w: f32) -> f32 {
    match kind {
        ScalarKind::Half => steps::lerp::<Fp16>(a, b, w),
        ScalarKind::Fixed => steps::lerp::<Fx12>(a, b, w),
        _ => steps::lerp::<Fp32>(a, b, w),
    }
}

/// An operand read by an arithmetic operation: fp32 denormals read as zero.
pub fn operand(x: f32) -> f32 {
    flush_fp32(x)
}

/// Real → int conversion: truncation toward zero, saturating at the i32 range, NaN → 0.
pub fn real_to_int(x: f32) -> i32 {
    x as i32
}

/// Int → real conversion: the nearest fp32 value (ties to even), then the target kind.
pub fn int_to_real(kind: ScalarKind, x: i32) -> f32 {
    to_kind(kind, x as f32)
}

/// One fp32 step of a formula: the IEEE f32 operation (correctly rounded, overflow to INF) with its
/// denormal result flushed.
pub fn add(a: f32, b: f32) -> f32 {
    flush_fp32(a + b)
}

pub fn sub(a: f32, b: f32) -> f32 {
    flush_fp32(a - b)
}

pub fn mul(a: f32, b: f32) -> f32 {
    flush_fp32(a * b)
}

/// Exact division, correctly rounded (fp30 has none: it computes RCP then MUL).
pub fn div(a: f32, b: f32) -> f32 {
    flush_fp32(a / b)
}

/// Correctly rounded square root (fp30 computes RSQ then RCP); sqrt(-0) = -0, negatives → NaN.
pub fn sqrt(x: f32) -> f32 {
    flush_fp32(x.sqrt())
}

/// ceil(x) = −floor(−x), exactly (−0.25 → −0.0).
pub fn ceil(x: f32) -> f32 {
    -floor(-x)
}

/// Toward zero: ceil for negatives, floor otherwise (−0.0 stays −0.0).
pub fn trunc(x: f32) -> f32 {
    if x < 0.0 {
        ceil(x)
    } else {
        floor(x)
    }
}

/// Nearest integer with halves rounded up (toward +INF): Cg's floor(x + 0.5) computed exactly, as
/// floor(x) + (fract(x) ≥ 0.5 ? 1 : 0).
pub fn round_half_up(x: f32) -> f32 {
    let up = if fract(x) >= 0.5 { 1.0 } else { 0.0 };
    floor(x) + up
}

/// The IR's `pow`: exp2(y · log2(x)) with NV's EX2 and LG2 approximations and the product rounded to
/// fp32 like any step, plus ApproxPower's rule 10 (+INF^y = +INF for y < 0). That gives every special
/// case of NV POW (0^0 = NaN, negative bases NaN, ...); the value differs from POW, which keeps the
/// product in f64, by up to |y · log2 x| · 2^-24 relatively.
pub fn pow(x: f32, y: f32) -> f32 {
    approx::power_exception(x, y).unwrap_or_else(|| approx::exp2(mul(y, approx::log2(x))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_rounding_functions_are_exact() {
        assert_eq!(ceil(-0.25).to_bits(), (-0.0f32).to_bits());
        assert_eq!(ceil(2.5), 3.0);
        assert_eq!(trunc(-1.75), -1.0);
        assert_eq!(trunc(-0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(trunc(1.75), 1.0);
        assert_eq!(round_half_up(-1.5), -1.0);
        assert_eq!(round_half_up(2.5), 3.0);
        assert_eq!(round_half_up(-0.25), 0.0);
    }

    #[test]
    fn pow_keeps_the_special_cases_of_approx_power() {
        assert_eq!(pow(2.0, 3.0), 8.0);
        assert!(pow(0.0, 0.0).is_nan());
        assert!(pow(-2.0, 2.0).is_nan());
        assert_eq!(pow(f32::INFINITY, -2.0), f32::INFINITY);
        assert_eq!(pow(0.0, 2.0), 0.0);
    }

    #[test]
    fn kinds_convert_as_their_formats() {
        assert_eq!(to_kind(ScalarKind::Float, 1e-40).to_bits(), 0);
        assert_eq!(to_kind(ScalarKind::Half, 65520.0), f32::INFINITY);
        assert_eq!(to_kind(ScalarKind::Fixed, -0.0).to_bits(), 0);
        assert_eq!(to_kind(ScalarKind::Int, 1e-40), 1e-40);
        assert_eq!(int_to_real(ScalarKind::Float, 16_777_217), 16_777_216.0);
    }
}
