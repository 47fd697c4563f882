//! The SIN/COS grid and the noise picture that the ARB and GLSL translations of the machine's
//! trigonometry are drawn with on llvmpipe (`crates/arb/tests/llvmpipe.rs`,
//! `crates/glsl/tests/precision.rs`): a 16x16 picture whose pixel k evaluates SIN and COS at
//! n · scale for n = 16j + i − 128, and a hash-like noise built on SIN. The expected values are
//! the machine's own definitions (`pigment_numeric::approx`), because the claim under test is that
//! a translation reproduces the machine; the machine's accuracy against the spec's bounds is tested
//! in `crates/numeric/tests/approx.rs`.

use pigment_numeric::approx::{cosine, sine};

/// The noise's constants: the dot product's (12.9898, 78.233) and the scale 43758.5453 rounded to
/// f32.
pub const NOISE_CONSTANTS: [f32; 4] = [12.9898, 78.233, 43_758.547, 0.0];

/// Scales of n ∈ [−128, 127]: about [−2π, 2π] in irregular steps, multiples of π/2 and π/4 (the
/// quadrants' edges and the ties of k's rounding), tiny arguments, and up to about ±10^4.
pub const SCALES: [[f32; 2]; 4] = [
    [0.049_087_385, 0.037_8],
    [std::f32::consts::FRAC_PI_2, std::f32::consts::FRAC_PI_4],
    [1e-30, 0.003_141_592_7],
    [39.062_5, 78.131_7],
];

/// n = 16j + i − 128 of pixel k = 16j + i (row j = 0 is the first row the oracle reads back).
pub fn index(k: usize) -> f32 {
    (16 * (k / 16) + k % 16) as f32 - 128.0
}

/// The machine's (SIN x, COS x, SIN y, COS y) at pixel k, with x, y = n · `s`.
pub fn trigonometry_pixel(k: usize, s: [f32; 2]) -> [f32; 4] {
    let (x, y) = (index(k) * s[0], index(k) * s[1]);
    [sine(x), cosine(x), sine(y), cosine(y)]
}

/// The machine's noise at pixel k: frac(SIN(i · 12.9898 + j · 78.233) · 43758.547) with
/// (i, j) = the pixel's column and row / 16, in every component.
pub fn noise_pixel(k: usize) -> [f32; 4] {
    let (i, j) = ((k % 16) as f32 * 0.0625, (k / 16) as f32 * 0.0625);
    let d = i * NOISE_CONSTANTS[0] + j * NOISE_CONSTANTS[1];
    let v = sine(d) * NOISE_CONSTANTS[2];
    [v - v.floor(); 4]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_spans_n_from_minus_128_to_127_row_by_row() {
        assert_eq!(index(0), -128.0);
        assert_eq!(index(15), -113.0);
        assert_eq!(index(16), -112.0);
        assert_eq!(index(255), 127.0);
    }

    #[test]
    fn the_noise_is_a_fraction_in_every_component() {
        for k in 0..256 {
            let v = noise_pixel(k);
            assert!((0.0..=1.0).contains(&v[0]), "pixel {k}: {v:?}");
            assert!(v.iter().all(|&c| c.to_bits() == v[0].to_bits()));
        }
    }
}
