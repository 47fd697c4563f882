//! The three number formats of section 3.11.4.1 and the conversions between them (notes item 4):
//! fp32 without denormals, fp16 with denormals, fx12 (signed, 10 fraction bits).
//!
//! Every conversion also turns any NaN into the one canonical quiet NaN, so that the bits a program
//! stores never depend on how the host CPU propagates NaN payloads (x86 and ARM differ, and the
//! compiler may commute operands). NaN stays NaN, which is all the spec distinguishes.

use crate::isa::Precision;
use half::f16;
use half::slice::HalfFloatSliceExt;

/// The canonical quiet NaN every NaN result is stored as.
pub const CANONICAL_NAN: f32 = f32::from_bits(0x7FC0_0000);

const SIGN: u32 = 0x8000_0000;
const EXPONENT: u32 = 0x7F80_0000;

/// Smallest and largest fx12 values (section 3.11.4.1: [-2048/1024, +2047/1024]).
pub const FX12_MIN: f32 = -2048.0 / 1024.0;
pub const FX12_MAX: f32 = 2047.0 / 1024.0;

/// Conversion to fp32: values in (-2^-126, 2^-126) become a zero of the same sign ("All such numbers
/// are flushed to zero", 3.11.4.1); NaN becomes the canonical NaN. Overflow to INF already happened in
/// whatever IEEE operation produced `x`.
#[inline(always)]
pub fn to_fp32(x: f32) -> f32 {
    let bits = x.to_bits();
    let flushed = if bits & EXPONENT == 0 {
        bits & SIGN
    } else {
        bits
    };
    if x.is_nan() {
        CANONICAL_NAN
    } else {
        f32::from_bits(flushed)
    }
}

/// Conversion to fp16 (kept in an f32, which holds every fp16 value exactly): round to nearest even,
/// denormals kept, magnitudes at or above 2^16 become INF (65520 and up round to INF under RNE).
#[inline]
pub fn to_fp16(x: f32) -> f32 {
    if x.is_nan() {
        CANONICAL_NAN
    } else {
        f16::from_f32(x).to_f32()
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

/// Converts one value to `precision`.
#[inline]
pub fn convert(precision: Precision, x: f32) -> f32 {
    match precision {
        Precision::R => to_fp32(x),
        Precision::H => to_fp16(x),
        Precision::X => to_fx12(x),
    }
}

/// Applies `f` to every lane and converts the results to `precision`, in one pass for fp32 and fx12
/// (whose conversions are a few bit operations) and through [`convert_slice`] for fp16.
#[inline(always)]
pub fn map_convert(precision: Precision, out: &mut [f32], f: impl Fn(usize) -> f32) {
    match precision {
        Precision::R => out
            .iter_mut()
            .enumerate()
            .for_each(|(l, v)| *v = to_fp32(f(l))),
        Precision::X => out
            .iter_mut()
            .enumerate()
            .for_each(|(l, v)| *v = to_fx12(f(l))),
        Precision::H => {
            out.iter_mut().enumerate().for_each(|(l, v)| *v = f(l));
            convert_slice(Precision::H, out);
        }
    }
}

/// Converts every value of `values` to `precision` in place. One match per slice, so the per-lane loop
/// has no branches on the format; the fp16 path uses `half`'s bulk conversion (hardware F16C where the
/// CPU has it, the same round-to-nearest-even results otherwise).
pub fn convert_slice(precision: Precision, values: &mut [f32]) {
    match precision {
        Precision::R => values.iter_mut().for_each(|v| *v = to_fp32(*v)),
        Precision::X => values.iter_mut().for_each(|v| *v = to_fx12(*v)),
        Precision::H => {
            let mut halves = [f16::ZERO; 64];
            for chunk in values.chunks_mut(halves.len()) {
                let halves = &mut halves[..chunk.len()];
                halves.convert_from_f32_slice(chunk);
                halves.convert_to_f32_slice(chunk);
                // A NaN keeps part of its payload through f16; make it canonical (a select, no branch).
                chunk
                    .iter_mut()
                    .for_each(|v| *v = if v.is_nan() { CANONICAL_NAN } else { *v });
            }
        }
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
