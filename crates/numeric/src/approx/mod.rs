//! Deterministic approximations for RCP, RSQ, EX2, LG2, SIN, COS and POW (notes item 5).
//!
//! Each approximation is a fixed sequence of f32 IEEE-754 basic operations (+, −, ×, ÷, sqrt, which
//! are correctly rounded everywhere), exact integer operations on the bits, and selections: no call to
//! the platform's libm, no fused multiply-add (Rust never contracts `a * b + c`), no f64. The sequences
//! are written once, generically over [`Lanes`]: [`Scalar`] runs them on one f32 for the interpreters,
//! and the JIT (`nvfp-jit`) implements [`Lanes`] with f32x4 instructions, so that four fragments get
//! the scalar bits with one instruction per step and the two cannot drift apart.
//!
//! # Definitions and error budgets (ulp: of the f32 result; bounds: section 3.11.5.x)
//!
//! * **RCP** (3.11.5.25) = `1 / x`, one rounding. This equals the f64 formula `(1 / x as f64) as
//!   f32` bit for bit, f32 denormal results included: a quotient rounded to f64 and then to f32 is
//!   rounded correctly because f64's 53 bits are at least 2·24 + 2 (double rounding is innocuous for
//!   division then; in the denormal range the f32 grid is coarser still). Error ≤ 0.5 ulp ≤ 2^-25 on
//!   [1, 2), bound 2^-22.
//! * **RSQ** (3.11.5.27) = `1 / sqrt(x)`, two roundings (sqrt's relative 2^-24 carries over to its
//!   reciprocal, the division adds 2^-24): relative error < 2^-23, so < 2^-23 on [1, 4) against the
//!   bound 2^-22 (measured: 0.37 of the bound on [1, 4), 0.75·2^-23 relative anywhere).
//! * **EX2** (3.11.5.8): x is clamped to [−160, 160] (beyond, the result is INF or 0 anyway, and ±INF
//!   give those), split as x = n + f with n = x rounded to the nearest integer, ties to even (adding and
//!   subtracting 1.5·2^23), and f = x − n exact with |f| ≤ 1/2. 2^f = e^(f ln 2) by its Taylor series
//!   to degree 7 ([`EXP2_SERIES`]: (ln 2)^k/k! rounded to f32) in Horner form: truncation ≤
//!   (ln 2 / 2)^8/8! < 2^-27.5 (relative, 2^f ≥ 2^-1/2), coefficient and Horner roundings ≤ ~1 ulp,
//!   so ≤ 1.5 ulp against the bound 2^-22·2^floor(x) = 2 ulps (measured: 0.54 of the bound). The
//!   result is p·2^n1·2^n2 with n1 = floor(n/2), n2 = n − n1, the powers built from their bits: the
//!   first product is exact (a normal number), so the only rounding is the second's, also where the
//!   result is an f32 denormal (measured: within 0.79 of a denormal step) or overflows to INF. NaN
//!   propagates through f.
//! * **LG2** (3.11.5.12): x = m·2^e from the bits with m in [sqrt(1/2), sqrt(2)) (adding 1.0's bits
//!   minus sqrt(1/2)'s carries into the exponent exactly when the mantissa is ≥ sqrt(2)); s = (m − 1) /
//!   (m + 1), |s| < 0.1716 (m − 1 exact); log2(m) = 2·atanh(s)/ln 2 = s·(c0 + c1 s² + … + c4 s^8) with
//!   c_k = 2/((2k+1) ln 2) ([`LOG2_SERIES`]): truncation ≤ 2.9·s^11/11 < 2^-30; the roundings of m + 1,
//!   the division, the Horner steps and s·poly (≤ 0.5) give ≤ ~2^-24 absolute; e + s·poly adds half an
//!   ulp of the result. So |error| < 2^-22 while |log2 x| < 4 (measured: 0.80 of the bound, the
//!   result's own half ulp included), and ≤ 1 ulp of the result beyond, where the f32 result cannot
//!   hold 2^-22 (the spec's note; measured 0.65 ulp). Zero and denormal inputs (whatever their sign)
//!   count as zero, as the fp32 flush and the JIT's denormals-are-zero mode make them: −INF. fp16
//!   inputs (H registers) are normal f32 numbers, denormal fp16 ones included.
//! * **POW** (3.11.5.24) = EX2(b × LG2(a)), the product rounded to f32: the spec's formula, whose error
//!   grows with |b·log2 a| as the spec's own composition does. Rule 10 is applied as written.
//! * **SIN / COS** (3.11.5.32, 3.11.5.2) of a = |x| (sin is odd, cos even; the sign of x is put back on
//!   SIN at the end, which keeps SIN(−0) = −0): k = a·(2/π) rounded to an integer (ties to even, by
//!   adding 2^23, whose low bits then hold k mod 4), r = ((a − k·P1) − k·P2) − k·P3 (Cody-Waite: π/2 =
//!   P1 + P2 + P3 + 5·10^-14, P1 and P2 with 8 significant bits so that k·P1 and k·P2 are exact and a −
//!   k·P1 is exact (Sterbenz) for k < 2^16, that is |x| < 102 900: error in r ≤ ~2^-24). Then sin(r) =
//!   r + r³·(s3 + s5 r² + s7 r⁴ + s9 r⁶) and cos(r) = 1 + r²·(c2 + … + c8 r⁶) on |r| ≤ π/4 (Taylor
//!   coefficients 1/n! rounded to f32: truncation ≤ (π/4)^11/11! < 2^-29 for sin, (π/4)^10/10! <
//!   2^-25.2 for cos; roundings ≤ ~2^-24), one of them chosen and negated by the quadrant. Total ≤ ~2^-23
//!   on [0, 2π) against the bound 2^-22 (measured: 0.41 (SIN) and 0.44 (COS) of the bound on [−2π,
//!   2π], 0.46 up to |x| = 10^5). Beyond |x| ≥ 102 900 the reduction loses accuracy, as the spec
//!   allows, but stays deterministic; r is clamped to [−1, 1] so that even huge arguments give values
//!   in [−1, 1]. ±INF and NaN give NaN.
//!
//! # Denormal intermediates
//!
//! The interpreters run with the CPU's default floating-point mode, compiled code with
//! denormals-are-zero (DAZ: a denormal *operand* reads as the zero of its sign; results are not
//! flushed). The sequences give the same bits either way: a denormal intermediate only ever arises as
//! a term added to a number so much larger that it is below half that number's ulp (Horner steps add
//! it to a normal coefficient, sin adds r³·… to r, EX2 adds f·… to 1), where it cannot change the
//! rounded sum. So EX2 of a denormal (POW's product b·log2 a can be one) is 1 either way, and SIN
//! and COS of tiny arguments are x and 1. The special cases that look at an input use its bits (LG2)
//! or compare operands that the callers have flushed. `nvfp-jit`'s differential test checks it on
//! zeros, denormals, tiny products, huge values, INF and NaN.

pub mod plain;

/// The operations the approximations are written in: f32 lanes (`F`), the same bits as i32 lanes
/// (`I`) and lane masks (`M`). [`Scalar`] is one lane; the JIT's implementation is four.
pub trait Lanes {
    type F: Copy;
    type I: Copy;
    type M: Copy;
    fn float_const(&mut self, x: f32) -> Self::F;
    fn int_const(&mut self, x: i32) -> Self::I;
    fn add(&mut self, a: Self::F, b: Self::F) -> Self::F;
    fn sub(&mut self, a: Self::F, b: Self::F) -> Self::F;
    fn mul(&mut self, a: Self::F, b: Self::F) -> Self::F;
    fn div(&mut self, a: Self::F, b: Self::F) -> Self::F;
    fn sqrt(&mut self, a: Self::F) -> Self::F;
    /// IEEE `a < b` (false where either is NaN).
    fn lt(&mut self, a: Self::F, b: Self::F) -> Self::M;
    /// IEEE `a > b`.
    fn gt(&mut self, a: Self::F, b: Self::F) -> Self::M;
    /// Signed `a < b`.
    fn int_lt(&mut self, a: Self::I, b: Self::I) -> Self::M;
    fn int_eq(&mut self, a: Self::I, b: Self::I) -> Self::M;
    fn both(&mut self, a: Self::M, b: Self::M) -> Self::M;
    /// `m ? a : b` per lane.
    fn select(&mut self, m: Self::M, a: Self::F, b: Self::F) -> Self::F;
    fn bits_of(&mut self, a: Self::F) -> Self::I;
    fn float_of(&mut self, a: Self::I) -> Self::F;
    /// The f32 of a small integer (exact).
    fn int_to_float(&mut self, a: Self::I) -> Self::F;
    /// Wrapping integer operations.
    fn int_add(&mut self, a: Self::I, b: Self::I) -> Self::I;
    fn int_sub(&mut self, a: Self::I, b: Self::I) -> Self::I;
    fn int_and(&mut self, a: Self::I, b: Self::I) -> Self::I;
    fn int_xor(&mut self, a: Self::I, b: Self::I) -> Self::I;
    fn shl(&mut self, a: Self::I, n: u32) -> Self::I;
    /// Arithmetic (sign-filling) shift right.
    fn sshr(&mut self, a: Self::I, n: u32) -> Self::I;
}

/// One f32 lane, with Rust's f32 and wrapping i32 arithmetic.
pub struct Scalar;

impl Lanes for Scalar {
    type F = f32;
    type I = i32;
    type M = bool;
    fn float_const(&mut self, x: f32) -> f32 {
        x
    }
    fn int_const(&mut self, x: i32) -> i32 {
        x
    }
    fn add(&mut self, a: f32, b: f32) -> f32 {
        a + b
    }
    fn sub(&mut self, a: f32, b: f32) -> f32 {
        a - b
    }
    fn mul(&mut self, a: f32, b: f32) -> f32 {
        a * b
    }
    fn div(&mut self, a: f32, b: f32) -> f32 {
        a / b
    }
    fn sqrt(&mut self, a: f32) -> f32 {
        a.sqrt()
    }
    fn lt(&mut self, a: f32, b: f32) -> bool {
        a < b
    }
    fn gt(&mut self, a: f32, b: f32) -> bool {
        a > b
    }
    fn int_lt(&mut self, a: i32, b: i32) -> bool {
        a < b
    }
    fn int_eq(&mut self, a: i32, b: i32) -> bool {
        a == b
    }
    fn both(&mut self, a: bool, b: bool) -> bool {
        a && b
    }
    fn select(&mut self, m: bool, a: f32, b: f32) -> f32 {
        if m {
            a
        } else {
            b
        }
    }
    fn bits_of(&mut self, a: f32) -> i32 {
        a.to_bits() as i32
    }
    fn float_of(&mut self, a: i32) -> f32 {
        f32::from_bits(a as u32)
    }
    fn int_to_float(&mut self, a: i32) -> f32 {
        a as f32
    }
    fn int_add(&mut self, a: i32, b: i32) -> i32 {
        a.wrapping_add(b)
    }
    fn int_sub(&mut self, a: i32, b: i32) -> i32 {
        a.wrapping_sub(b)
    }
    fn int_and(&mut self, a: i32, b: i32) -> i32 {
        a & b
    }
    fn int_xor(&mut self, a: i32, b: i32) -> i32 {
        a ^ b
    }
    fn shl(&mut self, a: i32, n: u32) -> i32 {
        a.wrapping_shl(n)
    }
    fn sshr(&mut self, a: i32, n: u32) -> i32 {
        a >> n
    }
}

/// (ln 2)^k / k! for k = 0..=7, each the f32 nearest the exact value: 2^f = Σ c_k f^k.
pub const EXP2_SERIES: [f32; 8] = [
    1.0,
    std::f32::consts::LN_2,
    0.240_226_5,
    0.055_504_11,
    0.009_618_129,
    0.001_333_355_8,
    0.000_154_035_3,
    1.525_273_4e-5,
];

/// 2 / ((2k+1) ln 2) for k = 0..=4: log2(m) = s · Σ c_k s^(2k) with s = (m−1)/(m+1).
pub const LOG2_SERIES: [f32; 5] = [
    2.885_39,
    0.961_796_7,
    0.577_078_04,
    0.412_198_57,
    0.320_598_9,
];

/// (−1)^k / (2k+1)! for k = 1..=4: sin(r) = r + r³ · Σ c_k r^(2k−2).
pub const SIN_SERIES: [f32; 4] = [
    -0.166_666_67,
    0.008_333_334,
    -0.000_198_412_7,
    2.755_731_9e-6,
];

/// (−1)^k / (2k)! for k = 0..=4: cos(r) = Σ c_k r^(2k).
pub const COS_SERIES: [f32; 5] = [1.0, -0.5, 0.041_666_668, -0.001_388_888_9, 2.480_158_8e-5];

/// π/2 = P1 + P2 + P3 (+ 5.1e-14): P1 and P2 with 8 significant bits (k·P1, k·P2 exact for k < 2^16),
/// P3 the f32 nearest the rest.
pub const HALF_PI_PARTS: [f32; 3] = [1.570_312_5, 0.000_482_559_2, 1.267_590_8e-6];

/// 2/π, rounded to f32.
pub const TWO_OVER_PI: f32 = 0.636_619_75;

/// EX2's arguments are clamped to ±this: 2^±160 is far outside f32's range either way.
pub const EXP2_LIMIT: f32 = 160.0;

/// 2^23 (adding it to a non-negative f32 below 2^23 rounds it to an integer held in the low bits), and
/// 1.5·2^23 for signed values.
const TWO_23: f32 = 8_388_608.0;
const ROUNDER: f32 = 12_582_912.0;
/// The bits of sqrt(1/2) rounded to f32, and of 1.0.
const SQRT_HALF_BITS: i32 = 0x3F35_04F3;
const ONE_BITS: i32 = 0x3F80_0000;
const SIGN: i32 = i32::MIN;
const MAGNITUDE: i32 = i32::MAX;
const INFINITY_BITS: i32 = 0x7F80_0000;
const SMALLEST_NORMAL_BITS: i32 = 0x0080_0000;

/// RCP (3.11.5.25): 1/x. IEEE division gives every special case: 1/±0 = ±INF, 1/±INF = ±0, NaN.
#[inline]
pub fn reciprocal(x: f32) -> f32 {
    reciprocal_steps(&mut Scalar, x)
}

/// RSQ (3.11.5.27): 1/sqrt(x). IEEE sqrt and division give the special cases: sqrt(−0) = −0 so
/// RSQ(−0) = −INF (rule 5), RSQ(+INF) = +0, and negative x or −INF give NaN (rules 3 and 6).
#[inline]
pub fn reciprocal_sqrt(x: f32) -> f32 {
    reciprocal_sqrt_steps(&mut Scalar, x)
}

/// EX2 (3.11.5.8): 2^x. NaN → NaN, −INF → +0, +INF → +INF, ±0 → 1.
#[inline]
pub fn exp2(x: f32) -> f32 {
    exp2_steps(&mut Scalar, x)
}

/// LG2 (3.11.5.12): log2(x). NaN → NaN, +INF → +INF, ±0 (and denormals) → −INF, x < 0 → NaN.
#[inline]
pub fn log2(x: f32) -> f32 {
    log2_steps(&mut Scalar, x)
}

/// POW (3.11.5.24): ApproxPower(a, b) = ApproxExp2(b * ApproxLog2(a)). The listed special cases 1-9
/// and 11-14 follow from the LG2, MUL and EX2 rules; rule 10 does not (the derivation gives
/// EX2(−INF) = +0.0 for POW(+INF, x < 0)) and is applied as written: +INF.
#[inline]
pub fn power(a: f32, b: f32) -> f32 {
    power_steps(&mut Scalar, a, b)
}

/// The result of ApproxPower(a, b) where the spec's list of special cases (3.11.5.24) departs from
/// exp2(b · log2(a)): only rule 10, "`ApproxPower(+INF, <x>) = +INF, if x < -0.0`" (the derivation would
/// give exp2(-INF) = +0.0). `None` everywhere else.
#[inline]
pub fn power_exception(a: f32, b: f32) -> Option<f32> {
    (a == f32::INFINITY && b < 0.0).then_some(f32::INFINITY)
}

/// SIN (3.11.5.32). SIN(±0) = ±0; ±INF and NaN give NaN.
#[inline]
pub fn sine(x: f32) -> f32 {
    sine_steps(&mut Scalar, x)
}

/// COS (3.11.5.2). COS(±0) = +1; ±INF and NaN give NaN.
#[inline]
pub fn cosine(x: f32) -> f32 {
    cosine_steps(&mut Scalar, x)
}

/// [`reciprocal`]'s steps.
pub fn reciprocal_steps<L: Lanes>(l: &mut L, x: L::F) -> L::F {
    let one = l.float_const(1.0);
    l.div(one, x)
}

/// [`reciprocal_sqrt`]'s steps.
pub fn reciprocal_sqrt_steps<L: Lanes>(l: &mut L, x: L::F) -> L::F {
    let root = l.sqrt(x);
    reciprocal_steps(l, root)
}

/// Horner's rule from the last coefficient: `c[0] + t·(c[1] + t·(… + t·c[n]))`.
fn horner<L: Lanes>(l: &mut L, t: L::F, coefficients: &[f32]) -> L::F {
    let (&last, rest) = coefficients.split_last().expect("coefficients");
    let mut sum = l.float_const(last);
    for &c in rest.iter().rev() {
        let product = l.mul(t, sum);
        let c = l.float_const(c);
        sum = l.add(c, product);
    }
    sum
}

/// 2^n for a small integer n (|n| ≤ 126), from its bits.
fn power_of_two<L: Lanes>(l: &mut L, n: L::I) -> L::F {
    let bias = l.int_const(127);
    let biased = l.int_add(n, bias);
    let bits = l.shl(biased, 23);
    l.float_of(bits)
}

/// `m ? value : v` with a constant `value`.
fn replace<L: Lanes>(l: &mut L, m: L::M, value: f32, v: L::F) -> L::F {
    let value = l.float_const(value);
    l.select(m, value, v)
}

/// [`exp2`]'s steps.
pub fn exp2_steps<L: Lanes>(l: &mut L, x: L::F) -> L::F {
    // f32::clamp's order: NaN passes both comparisons (and then propagates through f).
    let (lo, hi) = (l.float_const(-EXP2_LIMIT), l.float_const(EXP2_LIMIT));
    let below = l.lt(x, lo);
    let x = l.select(below, lo, x);
    let above = l.gt(x, hi);
    let x = l.select(above, hi, x);
    let rounder = l.float_const(ROUNDER);
    let t = l.add(x, rounder);
    let n = l.sub(t, rounder);
    let f = l.sub(x, n);
    let p = horner(l, f, &EXP2_SERIES);
    // n as an integer: t's bits minus 1.5·2^23's (t lies in [2^23, 2^24), where the ulp is 1).
    let t_bits = l.bits_of(t);
    let rounder_bits = l.int_const(ROUNDER.to_bits() as i32);
    let n = l.int_sub(t_bits, rounder_bits);
    let n1 = l.sshr(n, 1);
    let n2 = l.int_sub(n, n1);
    let first = power_of_two(l, n1);
    let second = power_of_two(l, n2);
    let r = l.mul(p, first);
    l.mul(r, second)
}

/// [`log2`]'s steps.
pub fn log2_steps<L: Lanes>(l: &mut L, x: L::F) -> L::F {
    let bits = l.bits_of(x);
    let offset = l.int_const(ONE_BITS - SQRT_HALF_BITS);
    let shifted = l.int_add(bits, offset);
    let e = l.sshr(shifted, 23);
    let bias = l.int_const(127);
    let e = l.int_sub(e, bias);
    let e = l.int_to_float(e);
    let fraction = l.int_const(0x007F_FFFF);
    let m = l.int_and(shifted, fraction);
    let sqrt_half = l.int_const(SQRT_HALF_BITS);
    let m = l.int_add(m, sqrt_half);
    let m = l.float_of(m);
    let one = l.float_const(1.0);
    let below = l.sub(m, one);
    let beyond = l.add(m, one);
    let s = l.div(below, beyond);
    let s2 = l.mul(s, s);
    let series = horner(l, s2, &LOG2_SERIES);
    let fraction = l.mul(s, series);
    let r = l.add(e, fraction);
    // The special cases from the bits (whatever the CPU's denormal mode): negative → NaN, then ±0
    // and denormals → −INF, then +INF and positive NaN → x.
    let zero = l.int_const(0);
    let negative = l.int_lt(bits, zero);
    let r = replace(l, negative, f32::NAN, r);
    let magnitude = l.int_const(MAGNITUDE);
    let magnitude = l.int_and(bits, magnitude);
    let smallest = l.int_const(SMALLEST_NORMAL_BITS);
    let tiny = l.int_lt(magnitude, smallest);
    let r = replace(l, tiny, f32::NEG_INFINITY, r);
    let largest = l.int_const(INFINITY_BITS - 1);
    let special = l.int_lt(largest, bits);
    l.select(special, x, r)
}

/// [`power`]'s steps.
pub fn power_steps<L: Lanes>(l: &mut L, a: L::F, b: L::F) -> L::F {
    let log = log2_steps(l, a);
    let product = l.mul(b, log);
    let r = exp2_steps(l, product);
    let a_bits = l.bits_of(a);
    let infinity = l.int_const(INFINITY_BITS);
    let infinite = l.int_eq(a_bits, infinity);
    let zero = l.float_const(0.0);
    let negative = l.lt(b, zero);
    let rule_10 = l.both(infinite, negative);
    replace(l, rule_10, f32::INFINITY, r)
}

/// [`sine`]'s steps.
pub fn sine_steps<L: Lanes>(l: &mut L, x: L::F) -> L::F {
    quadrant_steps(l, x, 0, true)
}

/// [`cosine`]'s steps: cos(x) = sin(|x| + π/2), one quadrant further.
pub fn cosine_steps<L: Lanes>(l: &mut L, x: L::F) -> L::F {
    quadrant_steps(l, x, 1, false)
}

/// sin(|x| + quadrants·π/2), with x's sign put back when `odd`.
fn quadrant_steps<L: Lanes>(l: &mut L, x: L::F, quadrants: i32, odd: bool) -> L::F {
    let bits = l.bits_of(x);
    let magnitude = l.int_const(MAGNITUDE);
    let a = l.int_and(bits, magnitude);
    let a = l.float_of(a);
    let (k_bits, r) = reduce_half_pi(l, a);
    let r2 = l.mul(r, r);
    let r3 = l.mul(r2, r);
    let sin_series = horner(l, r2, &SIN_SERIES);
    let sin_tail = l.mul(r3, sin_series);
    let sin = l.add(r, sin_tail);
    let cos = horner(l, r2, &COS_SERIES);
    let offset = l.int_const(quadrants);
    let q = l.int_add(k_bits, offset);
    let one = l.int_const(1);
    let low = l.int_and(q, one);
    let odd_quadrant = l.int_eq(low, one);
    let v = l.select(odd_quadrant, cos, sin);
    // Quadrants 2 and 3 negate: bit 1 of q moved to the sign.
    let sign = l.shl(q, 30);
    let sign_bit = l.int_const(SIGN);
    let mut sign = l.int_and(sign, sign_bit);
    if odd {
        let x_sign = l.int_and(bits, sign_bit);
        sign = l.int_xor(sign, x_sign);
    }
    let v = l.bits_of(v);
    let v = l.int_xor(v, sign);
    l.float_of(v)
}

/// For a = |x|: the bits of 2^23 + k (k = a·2/π rounded, so their low two bits are k mod 4 while k <
/// 2^23) and r = a − k·π/2 (Cody-Waite), clamped to [−1, 1].
fn reduce_half_pi<L: Lanes>(l: &mut L, a: L::F) -> (L::I, L::F) {
    let two_over_pi = l.float_const(TWO_OVER_PI);
    let scaled = l.mul(a, two_over_pi);
    let two_23 = l.float_const(TWO_23);
    let t = l.add(scaled, two_23);
    let k = l.sub(t, two_23);
    let mut r = a;
    for part in HALF_PI_PARTS {
        let part = l.float_const(part);
        let product = l.mul(k, part);
        r = l.sub(r, product);
    }
    // Only huge arguments (k beyond 2^16, where the products are no longer exact) leave [−π/4, π/4]
    // by more than rounding; the clamp keeps their polynomials within [−1, 1]. NaN passes.
    let (lo, hi) = (l.float_const(-1.0), l.float_const(1.0));
    let below = l.lt(r, lo);
    let r = l.select(below, lo, r);
    let above = l.gt(r, hi);
    let r = l.select(above, hi, r);
    let t = l.bits_of(t);
    (t, r)
}
