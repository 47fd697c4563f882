//! Level of detail: λ from the derivatives of the texture coordinates (GL 1.2.1 section 3.8.5), and
//! the choice of mipmap levels for LINEAR_MIPMAP_LINEAR (section 3.8.8).
//!
//! ρ is GL 1.2.1 equation 3.14 exactly, the larger of the lengths of the x and y derivative vectors
//! of (u, v, w) = (s·width, t·height, r·depth) of the base level, not the allowed max-of-components
//! approximation. λ = log2 ρ is computed as ½·log2(ρ²), which is the same value without rounding the
//! square root; it makes λ exact for ρ² a power of two (ρ = √2 gives λ = ½ exactly).

/// λ for derivatives `dx`, `dy` of the normalized coordinates, on a base level of `extent` texels
/// (its size as f32); only the first `dims` components count. −∞ for zero derivatives.
#[inline(always)]
pub(crate) fn lambda(dx: [f32; 3], dy: [f32; 3], extent: [f32; 3], dims: usize) -> f32 {
    let mut length_x = 0.0f32;
    let mut length_y = 0.0f32;
    for axis in 0..dims {
        let scale = extent[axis];
        let (ux, uy) = (dx[axis] * scale, dy[axis] * scale);
        length_x += ux * ux;
        length_y += uy * uy;
    }
    0.5 * length_x.max(length_y).log2()
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
