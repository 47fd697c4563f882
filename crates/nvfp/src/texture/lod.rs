//! Level of detail: λ from the derivatives of the texture coordinates (GL 1.2.1 section 3.8.5), and
//! the choice of mipmap levels for LINEAR_MIPMAP_LINEAR (section 3.8.8).
//!
//! ρ is GL 1.2.1 equation 3.14 exactly, the larger of the lengths of the x and y derivative vectors
//! of (u, v, w) = (s·width, t·height, r·depth) of the base level, not the allowed max-of-components
//! approximation. λ = log2 ρ is computed as ½·log2(ρ²), which is the same value without rounding the
//! square root; it makes λ exact for ρ² a power of two (ρ = √2 gives λ = ½ exactly).

/// ρ² for derivatives `dx`, `dy` of the normalized coordinates, on a base level of `extent`
/// texels (its size as f32); only the first `dims` components count. λ = ½·log2 ρ².
#[inline(always)]
fn rho_squared(dx: [f32; 3], dy: [f32; 3], extent: [f32; 3], dims: usize) -> f32 {
    let mut length_x = 0.0f32;
    let mut length_y = 0.0f32;
    for axis in 0..dims {
        let scale = extent[axis];
        let (ux, uy) = (dx[axis] * scale, dy[axis] * scale);
        length_x += ux * ux;
        length_y += uy * uy;
    }
    length_x.max(length_y)
}

/// The levels a LINEAR_MIPMAP_LINEAR lookup with derivatives `dx`, `dy` samples:
/// [`choose_levels`] of λ = ½·log2 ρ², without the log2 where ρ² ≤ 1 or is NaN, which is
/// magnification: λ ≤ 0 exactly there (log2 is 0 at 1, −∞ at 0, and elsewhere has the sign of
/// the exact logarithm, the floats beside 1 giving |log2| ≥ 1.4·2^-24, far above log2f's error of
/// under an ulp; a NaN λ is magnification too).
#[inline(always)]
pub(crate) fn levels_for(
    dx: [f32; 3],
    dy: [f32; 3],
    extent: [f32; 3],
    dims: usize,
    max_level: usize,
) -> LevelChoice {
    levels_at(rho_squared(dx, dy, extent, dims), max_level)
}

/// [`levels_for`] given ρ².
#[inline(always)]
fn levels_at(rho_squared: f32, max_level: usize) -> LevelChoice {
    // One comparison, which NaN fails too.
    if rho_squared.partial_cmp(&1.0) != Some(std::cmp::Ordering::Greater) {
        return LevelChoice::Magnify;
    }
    choose_levels(0.5 * rho_squared.log2(), max_level)
}

/// Which levels a LINEAR_MIPMAP_LINEAR lookup samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum LevelChoice {
    /// λ ≤ c = 0 (mag filter LINEAR, min filter LINEAR_MIPMAP_LINEAR): LINEAR on the base level.
    /// A NaN λ is treated as magnification.
    Magnify,
    /// One level, sampled LINEAR (λ an integer, or λ ≥ q).
    Single(usize),
    /// Levels d and d + 1, blended with weight frac(λ) on d + 1.
    Blend(usize, f32),
}

/// GL 1.2.1 section 3.8.8 with BASE_LEVEL 0: d1 = floor(λ), d2 = d1 + 1 while λ < q, both q when
/// λ ≥ q; τ = (1 − frac λ)·τ1 + frac λ·τ2. A zero fraction samples d1 alone.
pub(crate) fn choose_levels(lambda: f32, max_level: usize) -> LevelChoice {
    if lambda.is_nan() || lambda <= 0.0 {
        return LevelChoice::Magnify;
    }
    if lambda >= max_level as f32 {
        return LevelChoice::Single(max_level);
    }
    let floor = pigment_numeric::floor(lambda);
    let fraction = lambda - floor;
    // floor < max_level here, so the conversion is exact and in range.
    let level = floor as usize;
    if fraction == 0.0 {
        LevelChoice::Single(level)
    } else {
        LevelChoice::Blend(level, fraction)
    }
}

#[cfg(test)]
mod tests {
    use super::{choose_levels, levels_at, levels_for, rho_squared, LevelChoice};

    /// λ = ½·log2 ρ² as GL defines it, with no shortcut.
    fn reference(rho_squared: f32, max_level: usize) -> LevelChoice {
        choose_levels(0.5 * rho_squared.log2(), max_level)
    }

    /// Skipping log2 for ρ² ≤ 1 changes no choice: every float within 2^16 steps of 1 on either
    /// side, zeros, NaN, infinity and a sweep of every binade.
    #[test]
    fn magnification_without_log2_is_the_same_choice() {
        let one = 1.0f32.to_bits();
        let near_one = (one - 65536..one + 65536).map(f32::from_bits);
        let binades = (0..255u32).flat_map(|e| [e << 23, (e << 23) | 0x2A_AAAA]);
        let specials = [0.0, -0.0, f32::NAN, f32::INFINITY, f32::MIN_POSITIVE / 4.0];
        let values = near_one.chain(binades.map(f32::from_bits)).chain(specials);
        for rho2 in values {
            for max_level in [0, 1, 8] {
                let expected = reference(rho2, max_level);
                assert_eq!(levels_at(rho2, max_level), expected, "ρ² = {rho2:e}");
            }
        }
    }

    /// `levels_for` is the reference choice for derivatives on every number of axes.
    #[test]
    fn levels_follow_lambda() {
        let steps = [
            0.0f32,
            1.0e-3,
            0.1,
            0.25,
            0.5,
            1.0,
            3.0,
            f32::NAN,
            f32::INFINITY,
        ];
        for &a in &steps {
            for &b in &steps {
                for dims in 1..=3 {
                    let (dx, dy) = ([a, b, a], [b, -a, b]);
                    let extent = [4.0, 8.0, 2.0];
                    let expected = reference(rho_squared(dx, dy, extent, dims), 3);
                    assert_eq!(
                        levels_for(dx, dy, extent, dims, 3),
                        expected,
                        "{dx:?} {dy:?}"
                    );
                }
            }
        }
    }
}
