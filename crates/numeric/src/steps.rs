//! The multi-step arithmetic of NV_fragment_program's instructions at one precision, defined once for
//! the machine's executor and the shading IR: every elementary operation (one multiply, one add) is
//! rounded to the precision ([`Rounding::inner`]) before the next one uses it, and the last step is
//! fully converted ([`Rounding::last`]). "Calculations are carried out using 16-bit floating point
//! operands and results" (3.11.4.2), so at H (or X) precision an intermediate product that is a tie, or
//! that overflows fp16's range, is rounded there and then, not at the end.
//!
//! At fp32 every step is the IEEE f32 operation with its denormal result flushed, so these functions
//! also give the R forms (and the IR's float operations) exactly.

use crate::rounding::Rounding;

/// MAD (3.11.5.15): `a*b + c`, the product rounded before the addition (not fused).
#[inline(always)]
pub fn mad<P: Rounding>(a: f32, b: f32, c: f32) -> f32 {
    P::last(P::inner(a * b) + c)
}

/// DP3 / DP4 (3.11.5.5-6), and the same sum for one or two components: the rounded products added
/// from x to w, each partial sum rounded: `((x*x' + y*y') + z*z') + w*w'`. `a` and `b` have the same
/// length, 1 to 4.
#[inline(always)]
pub fn dot<P: Rounding>(a: &[f32], b: &[f32]) -> f32 {
    let mut products = a.iter().zip(b).map(|(&x, &y)| P::inner(x * y));
    let first = products.next().unwrap_or(0.0);
    P::last(products.fold(first, |sum, p| P::inner(sum + p)))
}

/// The IR's `lerp a, b, w` as NV instructions compute it step by step: `a + w*(b − a)`, that is a
/// rounded difference `d = b − a` followed by MAD(w, d, a) (cgc's ADD·MAD sequence).
#[inline(always)]
pub fn lerp<P: Rounding>(a: f32, b: f32, w: f32) -> f32 {
    mad::<P>(w, P::inner(b - a), a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rounding::{Fp16, Fp32, Fx12};

    /// 2^-n.
    fn ulp(n: i32) -> f32 {
        2f32.powi(-n)
    }

    #[test]
    fn mad_rounds_the_product_first() {
        // (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20 rounds to 1 + 2^-9 in fp16; + 2^-11 then lies halfway
        // between 1 + 2^-9 and 1 + 2^-9 + 2^-10 (mantissas 2 and 3): ties to even, 1 + 2^-9. Rounded
        // once, 1 + 2^-9 + 2^-11 + 2^-20 would be above the midpoint: 1 + 3·2^-10.
        let a = 1.0 + ulp(10);
        assert_eq!(mad::<Fp16>(a, a, ulp(11)), 1.0 + ulp(9));
        // fp16 overflow in the product is INF, whatever the addend: 300·300 = 90000.
        assert_eq!(mad::<Fp16>(300.0, 300.0, -60000.0), f32::INFINITY);
        // fx12: 1.5·1.5 = 2.25 clamps to 2047/1024 before −1 is added.
        assert_eq!(mad::<Fx12>(1.5, 1.5, -1.0), 1023.0 / 1024.0);
        // fp32: 3·(1/3 in f32) = 1 exactly after rounding, and −1 gives 0.
        assert_eq!(mad::<Fp32>(3.0, 1.0 / 3.0, -1.0), 0.0);
    }

    #[test]
    fn dot_rounds_every_product_and_partial_sum() {
        // x: 1·1 = 1; y: 2^-11·1 = 2^-11; 1 + 2^-11 ties to even: 1; z: the same again: 1. Summed
        // once, 1 + 2^-10 is an fp16 value.
        let a = [1.0, ulp(11), ulp(11)];
        assert_eq!(dot::<Fp16>(&a, &[1.0; 3]), 1.0);
        // Partial sums overflow: 200·200 = 40000, twice is 80000 ≥ 65520: INF, and −40000 keeps it.
        let big = [200.0, 200.0, 200.0, 200.0];
        assert_eq!(
            dot::<Fp16>(&big, &[200.0, 200.0, -200.0, 1.0]),
            f32::INFINITY
        );
        // One component is one rounded product: 3·(1 + 2^-10) = 3 + 1.5·2^-9 lies halfway between
        // 3 + 2^-9 (odd mantissa) and 3 + 2^-8: ties to even.
        assert_eq!(dot::<Fp16>(&[3.0], &[1.0 + ulp(10)]), 3.0 + ulp(8));
        // fx12: 1.5·1 + 1.5·1 clamps at 2047/1024, then − 1.
        assert_eq!(
            dot::<Fx12>(&[1.5, 1.5, 1.0], &[1.0, 1.0, -1.0]),
            1023.0 / 1024.0
        );
    }

    #[test]
    fn lerp_is_a_rounded_difference_then_mad() {
        // b − a = (1 + 2^-10) − 2^-11 = 1 + 2^-11 ties to 1 in fp16; w·1 = 1; a + 1 = 1 + 2^-11 ties
        // to 1 again. Rounded once, a + 1·(b − a) would be b.
        assert_eq!(lerp::<Fp16>(ulp(11), 1.0 + ulp(10), 1.0), 1.0);
        // fx12: b − a = 1.5 − (−1.5) = 3 clamps to 2047/1024; 1·that + (−1.5) = 511/1024.
        assert_eq!(lerp::<Fx12>(-1.5, 1.5, 1.0), 511.0 / 1024.0);
    }
}
