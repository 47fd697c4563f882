//! The three number formats of section 3.11.4.1 and the conversions to them (3.11.4.2, notes item 4):
//! fp32 without denormals, fp16 with denormals, fx12 (signed, 10 fraction bits).
//!
//! Every conversion also turns any NaN into the one canonical quiet NaN, so that the bits a program
//! stores never depend on how the host CPU propagates NaN payloads (x86 and ARM differ, and the
//! compiler may commute operands). NaN stays NaN, which is all the spec distinguishes.
//!
//! Overflow follows IEEE-754 round to nearest even in both float formats (see the crate's decisions):
//! fp16 is INF from 65520 on, fp32 from 2^128 − 2^103 on, which is what an IEEE f32 operation already
//! gives. The conversions are branch-free so that the executor's lane loops vectorise.

use half::f16;

/// The canonical quiet NaN every NaN result is stored as.
pub const CANONICAL_NAN: f32 = f32::from_bits(0x7FC0_0000);

const SIGN: u32 = 0x8000_0000;
const EXPONENT: u32 = 0x7F80_0000;

/// Smallest and largest fx12 values (section 3.11.4.1: [-2048/1024, +2047/1024]).
pub const FX12_MIN: f32 = -2048.0 / 1024.0;
pub const FX12_MAX: f32 = 2047.0 / 1024.0;

/// A number format of section 3.11.4.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Fp32,
    Fp16,
    Fx12,
}

/// The denormal flush of fp32 alone: values in (-2^-126, 2^-126) become a zero of the same sign ("All
/// such numbers are flushed to zero", 3.11.4.1); everything else, NaN included, is unchanged. Inside
/// an instruction this is all the rounding an fp32 step needs: a NaN stays a NaN through every later
/// step, and the last step makes it canonical ([`to_fp32`]).
#[inline(always)]
pub fn flush_fp32(x: f32) -> f32 {
    let bits = x.to_bits();
    // Written as "clear the magnitude bits where the exponent is 0" (a compare and two masks per
    // vector) rather than as a select between two values.
    let magnitude_to_clear = if bits & EXPONENT == 0 { !SIGN } else { 0 };
    f32::from_bits(bits & !magnitude_to_clear)
}

/// Conversion to fp32: the denormal flush, and NaN becomes the canonical NaN. Rounding and overflow to
/// INF already happened in whatever IEEE f32 operation produced `x`.
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
/// denormals kept, magnitudes that round to 2^16 or above become INF (65520 and up); the same value as
/// `half`'s IEEE conversion there and back, computed branch-free so that it vectorises.
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
/// Zero is always +0.0: fx12 is a two's complement integer and has no −0.
#[inline(always)]
pub fn to_fx12(x: f32) -> f32 {
    // 1.5 * 2^23: adding and subtracting it rounds any |v| <= 2^22 to an integer, ties to even,
    // with nothing but IEEE additions (exact and identical on every machine). A zero sum is +0.0.
    const ROUNDER: f32 = 12_582_912.0;
    let clamped = (x * 1024.0).clamp(-2048.0, 2047.0);
    let rounded = ((clamped + ROUNDER) - ROUNDER) / 1024.0;
    if x.is_nan() {
        0.0
    } else {
        rounded
    }
}

/// Converts one value to `format`.
#[inline]
pub fn convert(format: Format, x: f32) -> f32 {
    match format {
        Format::Fp32 => to_fp32(x),
        Format::Fp16 => to_fp16(x),
        Format::Fx12 => to_fx12(x),
    }
}

/// The fp16 bit pattern of `x` converted to fp16 ([`to_fp16`]); NaN gives the quiet NaN 0x7E00.
#[inline]
pub fn fp16_bits(x: f32) -> u16 {
    // The value is exact in fp16, so `half` only encodes it.
    f16::from_f32(to_fp16(x)).to_bits()
}

/// The value of an fp16 bit pattern (exact in f32, denormals included); NaN patterns give the
/// canonical NaN.
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
        assert_eq!(to_fp32(-f32::NAN).to_bits(), CANONICAL_NAN.to_bits());
        assert_eq!(flush_fp32(-f32::NAN).to_bits(), (-f32::NAN).to_bits());
    }

    #[test]
    fn fp16_rounds_to_nearest_even_and_overflows_like_ieee() {
        // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even gives 1.
        assert_eq!(to_fp16(1.0 + 2f32.powi(-11)), 1.0);
        // 1 + 3*2^-11 is halfway between 1+2^-10 and 1+2^-9: even mantissa is 1+2^-9.
        assert_eq!(to_fp16(1.0 + 3.0 * 2f32.powi(-11)), 1.0 + 2f32.powi(-9));
        assert_eq!(to_fp16(65504.0), 65504.0);
        // 65519 is nearer 65504 than 2^16; 65520 is the midpoint, whose even neighbour is 2^16: INF.
        assert_eq!(to_fp16(65519.0), 65504.0);
        assert_eq!(to_fp16(65520.0), f32::INFINITY);
        assert_eq!(to_fp16(-65520.0), f32::NEG_INFINITY);
        assert_eq!(to_fp16(65536.0), f32::INFINITY);
        // fp16 keeps denormals: 2^-24 is the smallest; half of it ties to even, 0.
        assert_eq!(to_fp16(2f32.powi(-24)), 2f32.powi(-24));
        assert_eq!(to_fp16(2f32.powi(-25)), 0.0);
        assert_eq!(to_fp16(-0.0).to_bits(), SIGN);
        assert_eq!(to_fp16(-f32::NAN).to_bits(), CANONICAL_NAN.to_bits());
    }

    #[test]
    fn fx12_rounds_clamps_zeroes_nan_and_has_no_negative_zero() {
        assert_eq!(to_fx12(0.5 / 1024.0), 0.0); // tie to even 0
        assert_eq!(to_fx12(1.5 / 1024.0), 2.0 / 1024.0); // tie to even 2
        assert_eq!(to_fx12(0.3), 307.0 / 1024.0); // 307.2 -> 307
        assert_eq!(to_fx12(5.0), FX12_MAX);
        assert_eq!(to_fx12(f32::NEG_INFINITY), FX12_MIN);
        assert_eq!(to_fx12(f32::NAN).to_bits(), 0);
        assert_eq!(to_fx12(-0.0).to_bits(), 0);
        assert_eq!(to_fx12(-0.4 / 1024.0).to_bits(), 0);
    }

    /// `half`'s IEEE conversion to fp16 and back, the definition `to_fp16` must match.
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
    fn fp16_patterns_encode_and_decode() {
        assert_eq!(fp16_bits(1.0), 0x3C00);
        assert_eq!(fp16_bits(-2.0), 0xC000);
        assert_eq!(fp16_bits(65520.0), 0x7C00);
        assert_eq!(fp16_bits(2f32.powi(-24)), 0x0001);
        assert_eq!(fp16_bits(-f32::NAN), 0x7E00);
        assert_eq!(fp16_value(0x3C00), 1.0);
        assert_eq!(fp16_value(0x8001), -(2f32.powi(-24)));
        assert_eq!(fp16_value(0xFC01).to_bits(), CANONICAL_NAN.to_bits());
    }

    #[test]
    fn convert_picks_the_format() {
        let x = 1.0 + 2f32.powi(-11);
        assert_eq!(convert(Format::Fp32, x), x);
        assert_eq!(convert(Format::Fp16, x), 1.0);
        assert_eq!(convert(Format::Fx12, x), 1.0);
    }
}
