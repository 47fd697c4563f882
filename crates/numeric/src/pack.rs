//! The packed formats of PK2H, PK2US, PK4B, PK4UB (3.11.5.20-23) and their inverses UP2H, UP2US,
//! UP4B, UP4UB (3.11.5.41-44). A packed word is a raw 32-bit pattern (notes item 3), x in the lowest
//! bits.
//!
//! Reading of the pseudo-code: its arithmetic (`127.0 * tmp0.x + 128.0`, `65535.0 * tmp0.x`) is fp32
//! arithmetic, each operation rounded, like every other instruction's pseudo-code; its `round` is C's
//! `round`, halves away from zero (the pseudo-code is C: `/* ... */`, `if (...) x = ...;`). After the
//! clamps every argument of `round` is ≥ 0, so halves round up: PK4B of −0.5 is round(64.5) = 65.
//! The clamps are the pseudo-code's two comparisons, which let NaN through; `round(NaN)` then packs
//! as 0 (the conversion to an unsigned integer that C leaves undefined).

use crate::format::{fp16_bits, fp16_value};
use crate::order::saturate;

/// PK2H: x and y converted to fp16 ([`fp16_bits`]: round to nearest even, IEEE overflow), x in the
/// low half.
#[inline]
pub fn pack_2half(v: [f32; 2]) -> u32 {
    u32::from(fp16_bits(v[0])) | u32::from(fp16_bits(v[1])) << 16
}

/// PK2US: each of x, y clamped to [0, 1], round(65535 · v), x in the low half.
#[inline]
pub fn pack_2ushort(v: [f32; 2]) -> u32 {
    unorm(v[0], 65535.0) | unorm(v[1], 65535.0) << 16
}

/// PK4B: each component clamped to [−128/127, 127/127], round(127 · v + 128), x in the low byte.
#[inline]
pub fn pack_4byte(v: [f32; 4]) -> u32 {
    (0..4).fold(0, |word, k| word | snorm8(v[k]) << (8 * k))
}

/// PK4UB: each component clamped to [0, 1], round(255 · v), x in the low byte.
#[inline]
pub fn pack_4ubyte(v: [f32; 4]) -> u32 {
    (0..4).fold(0, |word, k| word | unorm(v[k], 255.0) << (8 * k))
}

/// UP2H: the fp16 values of the low and high halves (NaN patterns give the canonical NaN).
#[inline]
pub fn unpack_2half(word: u32) -> [f32; 2] {
    [fp16_value(word as u16), fp16_value((word >> 16) as u16)]
}

/// UP2US: low and high halves k as k / 65535 (one correctly rounded division).
#[inline]
pub fn unpack_2ushort(word: u32) -> [f32; 2] {
    [
        (word & 0xFFFF) as f32 / 65535.0,
        (word >> 16) as f32 / 65535.0,
    ]
}

/// UP4B: bytes k, lowest first, as (k − 128) / 127 (the subtraction is exact).
#[inline]
pub fn unpack_4byte(word: u32) -> [f32; 4] {
    [0, 8, 16, 24].map(|s| (((word >> s) & 0xFF) as f32 - 128.0) / 127.0)
}

/// UP4UB: bytes k, lowest first, as k / 255.
#[inline]
pub fn unpack_4ubyte(word: u32) -> [f32; 4] {
    [0, 8, 16, 24].map(|s| ((word >> s) & 0xFF) as f32 / 255.0)
}

/// An unsigned normalised component: round(scale · clamp(v, 0, 1)), NaN → 0.
#[inline(always)]
fn unorm(v: f32, scale: f32) -> u32 {
    // f32::round is C's round; `as u32` turns NaN into 0.
    (scale * saturate(v)).round() as u32
}

/// A PK4B component: round(127 · clamp(v, −128/127, 1) + 128), NaN → 0.
#[inline(always)]
fn snorm8(v: f32) -> u32 {
    let clamped = v.clamp(-128.0 / 127.0, 1.0);
    // At most round(127 + 128) = 255; the `min` only tells the compiler so.
    ((127.0 * clamped + 128.0).round() as u32).min(255)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pk2h_packs_fp16_patterns_x_low() {
        // Notes item 3: PK2H of (1, 0) is the fp32 denormal pattern 0x00003C00.
        assert_eq!(pack_2half([1.0, 0.0]), 0x0000_3C00);
        assert_eq!(pack_2half([1.5, -2.0]), 0xC000_3E00);
        // 65520 rounds to 2^16: INF (0x7C00); NaN is 0x7E00.
        assert_eq!(pack_2half([65520.0, f32::NAN]), 0x7E00_7C00);
        assert_eq!(unpack_2half(0xC000_3E00), [1.5, -2.0]);
    }

    #[test]
    fn pk2us_rounds_halves_up_and_packs_nan_as_zero() {
        // 65535 · 0.5 = 32767.5 → 32768; 2 clamps to 1 → 65535.
        assert_eq!(pack_2ushort([0.5, 2.0]), 0xFFFF_8000);
        assert_eq!(pack_2ushort([f32::NAN, -1.0]), 0);
        assert_eq!(unpack_2ushort(0xFFFF_8000), [32768.0 / 65535.0, 1.0]);
    }

    #[test]
    fn pk4b_rounds_halves_away_from_zero() {
        // 127 · 0.5 + 128 = 191.5 → 192 (0xC0); 127 · (−0.5) + 128 = 64.5 → 65 (0x41), where ties to
        // even would give 64; −2 clamps to −128/127 → 0; NaN → 0.
        assert_eq!(pack_4byte([0.5, -0.5, -2.0, f32::NAN]), 0x0000_41C0);
        assert_eq!(pack_4byte([1.0, 0.0, 5.0, -1.0]), 0x01FF_80FF);
        assert_eq!(
            unpack_4byte(0x01FF_8000),
            [-128.0 / 127.0, 0.0, 1.0, -127.0 / 127.0]
        );
    }

    #[test]
    fn pk4ub_rounds_halves_up() {
        // 255 · 0.5 = 127.5 → 128.
        assert_eq!(pack_4ubyte([0.0, 0.5, 1.0, -1.0]), 0x00FF_8000);
        assert_eq!(pack_4ubyte([f32::NAN, 2.0, 0.0, 1.0]), 0xFF00_FF00);
        assert_eq!(unpack_4ubyte(0xFF00_8000), [0.0, 128.0 / 255.0, 0.0, 1.0]);
    }
}
