//! FLR and FRC (3.11.5.9-10): floor computed bit for bit as IEEE floor, and x − floor(x).

/// floor(x), bit for bit as IEEE / libm floor, with additions and comparisons only (the baseline
/// x86-64 has no rounding instruction, so `f32::floor` is a library call per value).
#[inline(always)]
pub fn floor(x: f32) -> f32 {
    /// 2^23: every f32 at or above it is an integer.
    const INTEGRAL: f32 = 8_388_608.0;
    const SIGN: u32 = 0x8000_0000;
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

/// FRC: x − floor(x), one IEEE subtraction (±0 → +0; ±INF and NaN → NaN). A tiny negative x gives
/// 1.0, as the spec's pseudo-code does once the difference is rounded.
#[inline(always)]
pub fn fract(x: f32) -> f32 {
    x - floor(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_matches_ieee_floor() {
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
    fn fract_follows_the_pseudo_code() {
        assert_eq!(fract(-1.5), 0.5);
        assert_eq!(fract(2.75), 0.75);
        assert_eq!(fract(-0.0).to_bits(), 0);
        assert_eq!(fract(-1e-9), 1.0);
        assert!(fract(f32::INFINITY).is_nan());
    }
}
