//! The exact numeric rules of the IR, in one place, so that back ends and the NV_fragment_program machine
//! can match them: conversions between kinds (NV_fragment_program section 3.11.4.2 with the project's
//! decisions in specs/nv-fragment-program-notes.md items 3-6) and the approximated functions.
//!
//! Every real operation is defined as: the operand values (exact f32 numbers; float operands with fp32
//! denormals read as zero), the fp32 result of the formula with each step rounded by [`round_f32`], and
//! that result converted to the result's kind with [`to_kind`].

use crate::types::ScalarKind;

/// The smallest positive normal fp32 value, 2^-126.
const F32_MIN_NORMAL: f32 = f32::MIN_POSITIVE;
/// 2^16: fp16 values at or beyond it become infinite (notes item 4).
const F16_OVERFLOW: f32 = 65536.0;
const F16_MAX: f32 = 65504.0;
/// fx12 range: [-2048/1024, 2047/1024].
pub const FX12_MIN: f32 = -2.0;
pub const FX12_MAX: f32 = 2047.0 / 1024.0;

/// fp32 without denormals: values in (-2^-126, 2^-126) become zero of the same sign.
pub fn flush_f32(x: f32) -> f32 {
    if x != 0.0 && x.abs() < F32_MIN_NORMAL {
        0.0f32.copysign(x)
    } else {
        x
    }
}

/// An exact (f64) intermediate rounded to fp32: nearest, ties to even; magnitudes at or beyond 2^128
/// become infinite, those between the largest finite value and 2^128 the largest finite value; then
/// denormals flush to zero.
pub fn round_f32(x: f64) -> f32 {
    const OVERFLOW: f64 = 340282366920938463463374607431768211456.0; // 2^128
    let r = if x.is_nan() {
        f32::NAN
    } else if x.abs() >= OVERFLOW {
        f32::INFINITY.copysign(x as f32)
    } else if x.abs() > f32::MAX as f64 {
        f32::MAX.copysign(x as f32)
    } else {
        x as f32
    };
    flush_f32(r)
}

/// fp32 → fp16 value (as f32): nearest, ties to even, denormals kept; |x| ≥ 2^16 gives ±INF and
/// 65504 < |x| < 2^16 gives ±65504; NaN, ±INF and ±0 are kept.
pub fn to_f16(x: f32) -> f32 {
    if x.is_nan() || x.is_infinite() {
        return x;
    }
    if x.abs() >= F16_OVERFLOW {
        return f32::INFINITY.copysign(x);
    }
    if x.abs() > F16_MAX {
        return F16_MAX.copysign(x);
    }
    half::f16::from_f32(x).to_f32()
}

/// fp32 → fx12 value (as f32): NaN → 0, clamped to [-2, 2047/1024], rounded to the nearest multiple of
/// 1/1024 (ties to even).
pub fn to_fx12(x: f32) -> f32 {
    if x.is_nan() {
        return 0.0;
    }
    let clamped = x.clamp(FX12_MIN, FX12_MAX);
    // Every clamped value times 1024 is exact in f32 (|x·1024| < 2^12 needs no more precision).
    (clamped * 1024.0).round_ties_even() / 1024.0
}

/// Converts a real number (an fp32 result) to a value of the real `kind`; other kinds return `x`.
pub fn to_kind(kind: ScalarKind, x: f32) -> f32 {
    match kind {
        ScalarKind::Float => flush_f32(x),
        ScalarKind::Half => to_f16(x),
        ScalarKind::Fixed => to_fx12(x),
        ScalarKind::Bool | ScalarKind::Int => x,
    }
}

/// An operand read by an arithmetic operation: fp32 denormals read as zero.
pub fn operand(x: f32) -> f32 {
    flush_f32(x)
}

/// Real → int conversion: truncation toward zero, saturating at the i32 range, NaN → 0.
pub fn real_to_int(x: f32) -> i32 {
    x as i32
}

/// Int → real conversion: the nearest fp32 value (ties to even), then the target kind.
pub fn int_to_real(kind: ScalarKind, x: i32) -> f32 {
    to_kind(kind, round_f32(x as f64))
}

/// RCP: 1/x in fp32. Special cases: ±0 → ±INF, ±INF → ±0, NaN → NaN.
pub fn rcp(x: f32) -> f32 {
    round_f32(1.0 / x as f64)
}

/// RSQ: 1/sqrt(x). ±0 → ±INF (sign kept, as the spec's rule 5 says), +INF → +0, negatives and -INF → NaN.
pub fn rsqrt(x: f32) -> f32 {
    if x == 0.0 {
        return f32::INFINITY.copysign(x);
    }
    round_f32(1.0 / (x as f64).sqrt())
}

/// Correctly rounded square root; sqrt(-0) = -0, negatives → NaN.
pub fn sqrt(x: f32) -> f32 {
    round_f32((x as f64).sqrt())
}

/// EX2: 2^x. NaN → NaN, -INF → +0, +INF → +INF, ±0 → 1.
pub fn exp2(x: f32) -> f32 {
    round_f32((x as f64).exp2())
}

/// LG2: log2(x). ±0 → -INF, +INF → +INF, x < 0 (and -INF) → NaN.
pub fn log2(x: f32) -> f32 {
    if x == 0.0 {
        return f32::NEG_INFINITY;
    }
    round_f32((x as f64).log2())
}

/// POW: exp2(y · log2(x)) with the fp32 rounding of each step, which gives every special case of the
/// spec's ApproxPower (0^0 = NaN, negative bases NaN, 1^INF = NaN, ...).
pub fn pow(x: f32, y: f32) -> f32 {
    let l = log2(x);
    exp2(round_f32(y as f64 * l as f64))
}

/// SIN / COS of an angle in radians (±0 keeps its sign for sin; ±INF and NaN → NaN).
pub fn sin(x: f32) -> f32 {
    round_f32((x as f64).sin())
}

pub fn cos(x: f32) -> f32 {
    round_f32((x as f64).cos())
}

/// Sequential fp32 helpers for multi-step formulas.
pub fn add(a: f32, b: f32) -> f32 {
    round_f32(a as f64 + b as f64)
}

pub fn sub(a: f32, b: f32) -> f32 {
    round_f32(a as f64 - b as f64)
}

pub fn mul(a: f32, b: f32) -> f32 {
    round_f32(a as f64 * b as f64)
}

pub fn div(a: f32, b: f32) -> f32 {
    round_f32(a as f64 / b as f64)
}

/// MIN / MAX: NaN in either operand gives NaN; -0 and +0 compare equal (the first operand wins).
pub fn min(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        f32::NAN
    } else if b < a {
        b
    } else {
        a
    }
}

pub fn max(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        f32::NAN
    } else if b > a {
        b
    } else {
        a
    }
}

/// Saturation to [0, 1] (the `_SAT` suffix): NaN → 0.
pub fn saturate(x: f32) -> f32 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(0.0, 1.0)
    }
}

/// Nearest integer with halves rounded up (toward +INF): Cg's floor(x + 0.5) computed exactly.
pub fn round_half_up(x: f32) -> f32 {
    let f = x.floor();
    if x - f >= 0.5 {
        f + 1.0
    } else {
        f
    }
}

/// FRC: x - floor(x) as the spec's pseudo-code computes it (±0 → +0, ±INF and NaN → NaN; a tiny
/// negative x gives 1.0 after fp32 rounding).
pub fn fract(x: f32) -> f32 {
    sub(x, x.floor())
}

/// PK2H: x, y to fp16 bit patterns, x in the low half.
pub fn pack_2half(x: f32, y: f32) -> u32 {
    let h = |v: f32| half::f16::from_f32(to_f16(v)).to_bits() as u32;
    h(x) | (h(y) << 16)
}

pub fn unpack_2half(word: u32) -> [f32; 2] {
    let h = |b: u32| half::f16::from_bits(b as u16).to_f32();
    [h(word & 0xFFFF), h(word >> 16)]
}

/// PK2US: clamp to [0,1] (NaN → 0), scale by 65535, round to nearest, x in the low half.
pub fn pack_2ushort(x: f32, y: f32) -> u32 {
    let us = |v: f32| (saturate(v) as f64 * 65535.0).round_ties_even() as u32;
    us(x) | (us(y) << 16)
}

pub fn unpack_2ushort(word: u32) -> [f32; 2] {
    let f = |b: u32| round_f32(b as f64 / 65535.0);
    [f(word & 0xFFFF), f(word >> 16)]
}

/// PK4B: clamp to [-128/127, 127/127] (NaN → 0), byte = round(127·v + 128), x in the low byte.
pub fn pack_4byte(v: [f32; 4]) -> u32 {
    let b = |x: f32| {
        let x = if x.is_nan() { 0.0 } else { x as f64 };
        (x.clamp(-128.0 / 127.0, 1.0) * 127.0 + 128.0).round_ties_even() as u32
    };
    b(v[0]) | (b(v[1]) << 8) | (b(v[2]) << 16) | (b(v[3]) << 24)
}

pub fn unpack_4byte(word: u32) -> [f32; 4] {
    let f = |i: u32| round_f32((((word >> (8 * i)) & 0xFF) as f64 - 128.0) / 127.0);
    [f(0), f(1), f(2), f(3)]
}

/// PK4UB: clamp to [0,1] (NaN → 0), byte = round(255·v), x in the low byte.
pub fn pack_4ubyte(v: [f32; 4]) -> u32 {
    let b = |x: f32| (saturate(x) as f64 * 255.0).round_ties_even() as u32;
    b(v[0]) | (b(v[1]) << 8) | (b(v[2]) << 16) | (b(v[3]) << 24)
}

pub fn unpack_4ubyte(word: u32) -> [f32; 4] {
    let f = |i: u32| round_f32(((word >> (8 * i)) & 0xFF) as f64 / 255.0);
    [f(0), f(1), f(2), f(3)]
}
