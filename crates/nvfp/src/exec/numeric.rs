//! The three number formats of section 3.11.4.1 and the conversions between them (notes item 4):
//! fp32 without denormals, fp16 with denormals, fx12 (signed, 10 fraction bits).
//!
//! Every conversion also turns any NaN into the one canonical quiet NaN, so that the bits a program
//! stores never depend on how the host CPU propagates NaN payloads (x86 and ARM differ, and the
//! compiler may commute operands). NaN stays NaN, which is all the spec distinguishes.

use crate::isa::Precision;
use half::f16;

/// The canonical quiet NaN every NaN result is stored as.
pub const CANONICAL_NAN: f32 = f32::from_bits(0x7FC0_0000);

const SIGN: u32 = 0x8000_0000;
const EXPONENT: u32 = 0x7F80_0000;

/// Smallest and largest fx12 values (section 3.11.4.1: [-2048/1024, +2047/1024]).
pub const FX12_MIN: f32 = -2048.0 / 1024.0;
pub const FX12_MAX: f32 = 2047.0 / 1024.0;

/// The denormal flush of fp32 alone: values in (-2^-126, 2^-126) become a zero of the same sign ("All
/// such numbers are flushed to zero", 3.11.4.1); everything else, NaN included, is unchanged. Inside
/// an instruction this is all the rounding an fp32 step needs: a NaN stays a NaN through every later
/// step, and the instruction's last step makes it canonical ([`to_fp32`]).
#[inline(always)]
pub fn flush_fp32(x: f32) -> f32 {
    let bits = x.to_bits();
    // Written as "clear the magnitude bits where the exponent is 0" (a compare and two masks per
    // vector) rather than as a select between two values.
    let magnitude_to_clear = if bits & EXPONENT == 0 { !SIGN } else { 0 };
    f32::from_bits(bits & !magnitude_to_clear)
}

/// Conversion to fp32: the denormal flush, and NaN becomes the canonical NaN. Overflow to INF already
/// happened in whatever IEEE operation produced `x`.
#[inline(always)]
pub fn to_fp32(x: f32) -> f32 {
    let flushed = flush_fp32(x);
    if x.is_nan() {
        CANONICAL_NAN
    } else {
        flushed
    }
}

/// Conversion to fp16 (kept in an f32, which holds every fp16 value exactly): round to nearest even,
/// denormals kept, magnitudes at or above 2^16 become INF (65520 and up round to INF under RNE); the
/// same value as `half`'s conversion there and back, computed branch-free so that it vectorises.
#[inline(always)]
pub fn to_fp16(x: f32) -> f32 {
    /// 2^-14, the smallest normal fp16 magnitude.
    const MIN_NORMAL: u32 = 0x3880_0000;
    /// 2^16: anything that rounds to it or above is INF.
    const OVERFLOW: u32 = 0x4780_0000;
    let bits = x.to_bits();
    let magnitude = bits & !SIGN;
    // Normal range: round the 23-bit mantissa to 10 bits, ties to even (a carry into the exponent is
    // the right result).
    let normal = (magnitude + 0x0FFF + ((magnitude >> 13) & 1)) & !0x1FFF;
    let normal = if normal >= OVERFLOW { EXPONENT } else { normal };
    // Denormal range: fp16 denormals are the multiples of 2^-24; 0.5 has ulp 2^-24, so adding and
    // subtracting it rounds to one (ties to even), exactly.
    let denormal = ((f32::from_bits(magnitude) + 0.5) - 0.5).to_bits();
    let rounded = if magnitude < MIN_NORMAL {
        denormal
    } else {
        normal
    };
    if x.is_nan() {
        CANONICAL_NAN
    } else {
        f32::from_bits(rounded | (bits & SIGN))
    }
}

/// Conversion to fx12: round to nearest (ties to even), clamp to [-2048/1024, 2047/1024], NaN to 0.
#[inline(always)]
pub fn to_fx12(x: f32) -> f32 {
    // 1.5 * 2^23: adding and subtracting it rounds any |v| <= 2^22 to an integer, ties to even,
    // with nothing but IEEE additions (exact and identical on every machine).
    const ROUNDER: f32 = 12_582_912.0;
    let clamped = (x * 1024.0).clamp(-2048.0, 2047.0);
    let rounded = ((clamped + ROUNDER) - ROUNDER) / 1024.0;
    if x.is_nan() {
        0.0
    } else {
        rounded
    }
}

/// floor(x), bit for bit as IEEE / libm floor, with additions and comparisons only (the baseline
/// x86-64 has no rounding instruction, so `f32::floor` is a library call per value).
#[inline(always)]
pub fn floor(x: f32) -> f32 {
    /// 2^23: every f32 at or above it is an integer.
    const INTEGRAL: f32 = 8_388_608.0;
    let magnitude = x.abs();
    // |x| rounded to an integer, ties to even (exact below 2^23), given x's sign back: a nearest
    // integer whose sign is right even for -0.0 and for negatives that round to zero.
    let nearest = (magnitude + INTEGRAL) - INTEGRAL;
    let nearest = f32::from_bits(nearest.to_bits() | (x.to_bits() & SIGN));
    let floored = if nearest > x { nearest - 1.0 } else { nearest };
    // Large magnitudes, INF and NaN are their own floor.
    if magnitude < INTEGRAL {
        floored
    } else {
        x
    }
}

/// Converts one value to `precision`.
#[inline]
pub fn convert(precision: Precision, x: f32) -> f32 {
    match precision {
        Precision::R => to_fp32(x),
        Precision::H => to_fp16(x),
        Precision::X => to_fx12(x),
    }
}

/// Converts every value of `values` to `precision` in place (one match per slice, so the per-lane loop
/// has no branches on the format).
pub fn convert_slice(precision: Precision, values: &mut [f32]) {
    match precision {
        Precision::R => values.iter_mut().for_each(|v| *v = to_fp32(*v)),
        Precision::H => values.iter_mut().for_each(|v| *v = to_fp16(*v)),
        Precision::X => values.iter_mut().for_each(|v| *v = to_fx12(*v)),
    }
}

/// The rounding of one precision, as a type, so that instruction kernels are compiled once per
/// precision with the rounding inlined into their lane loops.
pub trait Rounding {
    /// Rounds the result of a step inside an instruction.
    fn inner(x: f32) -> f32;
    /// Rounds the result of an instruction's last step: a full conversion.
    fn last(x: f32) -> f32;
}

/// fp32 rounding ([`Precision::R`]).
pub struct Fp32;
/// fp16 rounding ([`Precision::H`]).
pub struct Fp16;
/// fx12 rounding ([`Precision::X`]).
pub struct Fx12;

impl Rounding for Fp32 {
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

/// The fp16 bit pattern of a value (round to nearest even), for PK2H.
#[inline]
pub fn fp16_bits(x: f32) -> u16 {
    f16::from_f32(x).to_bits()
}

/// The value of an fp16 bit pattern, for UP2H. fp16 denormals are exact in f32.
#[inline]
pub fn fp16_value(bits: u16) -> f32 {
    let v = f16::from_bits(bits).to_f32();
    if v.is_nan() {
        CANONICAL_NAN
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fp32_flushes_denormals_keeping_sign() {
        assert_eq!(to_fp32(1e-40).to_bits(), 0);
        assert_eq!(to_fp32(-1e-40).to_bits(), SIGN);
        assert_eq!(to_fp32(f32::MIN_POSITIVE), f32::MIN_POSITIVE);
        assert_eq!(to_fp32(f32::NAN).to_bits(), CANONICAL_NAN.to_bits());
    }

    #[test]
    fn fp16_rounds_to_nearest_even_and_overflows_at_2_pow_16() {
        // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even gives 1.
        assert_eq!(to_fp16(1.0 + 2f32.powi(-11)), 1.0);
        // 1 + 3*2^-11 is halfway between 1+2^-10 and 1+2^-9: even mantissa is 1+2^-9.
        assert_eq!(to_fp16(1.0 + 3.0 * 2f32.powi(-11)), 1.0 + 2f32.powi(-9));
        assert_eq!(to_fp16(65504.0), 65504.0);
        assert_eq!(to_fp16(65536.0), f32::INFINITY);
        assert_eq!(to_fp16(-65536.0), f32::NEG_INFINITY);
        // fp16 keeps denormals: 2^-24 is the smallest.
        assert_eq!(to_fp16(2f32.powi(-24)), 2f32.powi(-24));
        assert_eq!(to_fp16(-0.0).to_bits(), SIGN);
    }

    #[test]
    fn fx12_rounds_clamps_and_zeroes_nan() {
        assert_eq!(to_fx12(0.5 / 1024.0), 0.0); // tie to even 0
        assert_eq!(to_fx12(1.5 / 1024.0), 2.0 / 1024.0); // tie to even 2
        assert_eq!(to_fx12(0.3), 307.0 / 1024.0); // 307.2 -> 307
        assert_eq!(to_fx12(5.0), FX12_MAX);
        assert_eq!(to_fx12(f32::NEG_INFINITY), FX12_MIN);
        assert_eq!(to_fx12(f32::NAN), 0.0);
    }

    /// `half`'s conversion to fp16 and back, the definition `to_fp16` must match.
    fn fp16_by_half(x: f32) -> f32 {
        if x.is_nan() {
            CANONICAL_NAN
        } else {
            f16::from_f32(x).to_f32()
        }
    }

    #[test]
    fn fp16_rounding_matches_half_across_the_bit_patterns() {
        // Every pattern near the fp16 boundaries (denormal/normal, overflow) and a stride through all.
        let edges = [
            0x3880_0000u32,
            0x477F_F000,
            0x3300_0000,
            0x0080_0000,
            0x7F80_0000,
        ];
        let near = edges
            .iter()
            .flat_map(|&e| e.saturating_sub(0x4000)..e.saturating_add(0x4000));
        for bits in near.chain((0..u32::MAX).step_by(4093)) {
            for x in [f32::from_bits(bits), -f32::from_bits(bits)] {
                assert_eq!(to_fp16(x).to_bits(), fp16_by_half(x).to_bits(), "{bits:#x}");
            }
        }
    }

    #[test]
    fn floor_matches_libm_floor() {
        let specials = [
            0.0,
            -0.0,
            0.5,
            -0.5,
            0.7,
            -0.3,
            1.0,
            -1.0,
            2.5,
            -2.5,
            8_388_607.5,
        ];
        let patterns = (0..u32::MAX).step_by(4091).map(f32::from_bits);
        for x in specials.into_iter().chain(patterns) {
            let expected = x.floor();
            let ok = if expected.is_nan() {
                floor(x).to_bits() == x.to_bits()
            } else {
                floor(x).to_bits() == expected.to_bits()
            };
            assert!(ok, "floor({x:e}) = {}, expected {expected}", floor(x));
        }
    }

    #[test]
    fn slice_conversion_matches_scalar() {
        let mut v = [1.0 + 2f32.powi(-11), 70000.0, f32::NAN, 1e-6, -3.3];
        convert_slice(Precision::H, &mut v);
        let expected = [
            1.0,
            f32::INFINITY,
            CANONICAL_NAN,
            to_fp16(1e-6),
            to_fp16(-3.3),
        ];
        assert_eq!(v.map(f32::to_bits), expected.map(f32::to_bits));
    }
}
