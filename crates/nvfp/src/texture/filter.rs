//! Wrapping and filtering within one level: NEAREST and LINEAR sampling (GL 1.2.1 sections 3.8.4
//! and 3.8.7) on texel-space coordinates u, v, w (s · width, ... for normalized targets; s itself for
//! RECT).
//!
//! NEAREST takes texel i = wrap(floor(u)). LINEAR takes i0 = floor(u − 1/2), i1 = i0 + 1, both wrapped,
//! with weight α = frac(u − 1/2). Wrapping is done on the integer texel indices (REPEAT: i mod size),
//! which is the same as GL 1.2.1's "ignore the integer part of s" without the rounding trouble of
//! frac(s) for tiny negative s. CLAMP_TO_EDGE clamps s to [1/(2N), 1 − 1/(2N)] first, as GL 1.2.1
//! says, so LINEAR sampling at and beyond an edge returns the edge texel exactly.
//!
//! A NaN coordinate samples as coordinate 0, and so does an infinite one under REPEAT (whose fractional
//! part is NaN); CLAMP_TO_EDGE takes ±inf to the edges. GL leaves these undefined; it is what NVIDIA's
//! driver does with NV_fragment_program on real hardware (measured on an H100 with driver 580, see
//! docs/nv-driver.md). Huge finite coordinates wrap exactly (a float that large is an integer).
//!
//! Interpolation uses the form a + α·(b − a), nested x, then y, then z. It is algebraically GL's
//! weighted sum Σ (1−α)(1−β)τ..., reproduces constant components (the 1.0 of an RGB texture) exactly,
//! and is the form Mesa's llvmpipe uses.

use super::levels::Level;
use super::Wrap;
// IEEE floor bit for bit without the library call `f32::floor` is on baseline x86-64.
use pigment_numeric::floor;

/// Where LINEAR filtering samples along one axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Taps {
    pub i0: usize,
    pub i1: usize,
    pub weight: f32,
}

/// The texel index NEAREST filtering picks along an axis of `size` texels.
#[inline]
pub(crate) fn nearest_index(u: f32, size: usize, wrap: Wrap) -> usize {
    // One comparison keeps ordinary coordinates on the fast path (NaN fails it too).
    let ordinary = u.abs() < HUGE;
    match wrap {
        Wrap::Repeat if !ordinary => beyond_repeat_index(u, size),
        // Saturating float-to-int conversion: NaN gives 0 (coordinate 0's texel), ±inf (clamped
        // here) the extreme integers.
        _ => wrap_index(floor(u) as i64, size, wrap),
    }
}

/// Beyond this, `floor(u) as i64` would saturate.
const HUGE: f32 = 4.0e18;

/// REPEAT's texel for a coordinate that is NaN, infinite (both sample as coordinate 0, whose
/// NEAREST texel is 0) or finite with |u| ≥ [`HUGE`]: an integer then, and f64's remainder is exact.
#[cold]
fn beyond_repeat_index(u: f32, size: usize) -> usize {
    if u.is_finite() {
        f64::from(u).rem_euclid(size as f64) as usize
    } else {
        0
    }
}

/// The two texels and the weight LINEAR filtering uses along an axis of `size` texels.
#[inline(always)]
pub(crate) fn linear_taps(u: f32, size: usize, wrap: Wrap) -> Taps {
    let u = match wrap {
        Wrap::Repeat if u.abs() < HUGE => u,
        // A huge coordinate is an integer: both taps on the same texel (weight 0), wrapped exactly.
        Wrap::Repeat if u.is_finite() => {
            let i = beyond_repeat_index(u, size);
            return Taps {
                i0: i,
                i1: i,
                weight: 0.0,
            };
        }
        // NaN and ±inf sample as coordinate 0.
        Wrap::Repeat => 0.0,
        // f32::max maps NaN to 0.5, where coordinate 0 is clamped too.
        Wrap::ClampToEdge => u.max(0.5).min(size as f32 - 0.5),
    };
    let x = u - 0.5;
    let below = floor(x);
    let weight = x - below;
    let i = below as i64;
    Taps {
        i0: wrap_index(i, size, wrap),
        i1: wrap_index(i.saturating_add(1), size, wrap),
        weight,
    }
}

#[inline]
fn wrap_index(i: i64, size: usize, wrap: Wrap) -> usize {
    let n = size as i64;
    match wrap {
        // For a power of two (every mipmapped benchmark texture) the remainder is the low bits,
        // without a division.
        Wrap::Repeat if size.is_power_of_two() => (i & (n - 1)) as usize,
        Wrap::Repeat => i.rem_euclid(n) as usize,
        Wrap::ClampToEdge => i.clamp(0, n - 1) as usize,
    }
}

/// a + w·(b − a), per component.
#[inline]
pub(crate) fn lerp(w: f32, a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    [
        a[0] + w * (b[0] - a[0]),
        a[1] + w * (b[1] - a[1]),
        a[2] + w * (b[2] - a[2]),
        a[3] + w * (b[3] - a[3]),
    ]
}

/// NEAREST sampling of `level` at texel-space coordinates `u` (the first `dims` are used), each
/// texel read through `texel` (the identity, or a depth comparison: see `sample`).
#[inline(always)]
pub(crate) fn sample_nearest(
    level: &Level,
    u: [f32; 3],
    dims: usize,
    wrap: Wrap,
    texel: impl Fn([f32; 4]) -> [f32; 4],
) -> [f32; 4] {
    let size = level.size();
    let mut index = [0usize; 3];
    for axis in 0..dims {
        index[axis] = nearest_index(u[axis], size[axis], wrap);
    }
    texel(level.at(index[0], index[1], index[2]))
}

/// LINEAR sampling of `level` at texel-space coordinates `u` (the first `dims` are used), each
/// texel read through `texel` before the weights apply. Always inlined, so that a caller passing a
/// constant `dims` (and the identity `texel`) gets code for that many axes and nothing more.
#[inline(always)]
pub(crate) fn sample_linear(
    level: &Level,
    u: [f32; 3],
    dims: usize,
    wrap: Wrap,
    texel: impl Fn([f32; 4]) -> [f32; 4],
) -> [f32; 4] {
    let size = level.size();
    let x = linear_taps(u[0], size[0], wrap);
    let at = |x: usize, y: usize, z: usize| texel(level.at(x, y, z));
    let row = |y: usize, z: usize| lerp(x.weight, at(x.i0, y, z), at(x.i1, y, z));
    if dims == 1 {
        return row(0, 0);
    }
    let y = linear_taps(u[1], size[1], wrap);
    let plane = |z: usize| lerp(y.weight, row(y.i0, z), row(y.i1, z));
    if dims == 2 {
        return plane(0);
    }
    let z = linear_taps(u[2], size[2], wrap);
    lerp(z.weight, plane(z.i0), plane(z.i1))
}

#[cfg(test)]
mod tests {
    use super::{wrap_index, Wrap};

    /// REPEAT's mask for power-of-two sizes is the Euclidean remainder (the definition), for
    /// negative indices and the saturated extremes of a float-to-integer conversion too.
    #[test]
    fn repeat_mask_is_the_euclidean_remainder() {
        let extremes = [i64::MIN, i64::MIN + 1, i64::MAX, i64::MAX - 1];
        for size in (0..12).map(|k| 1usize << k).chain([3, 5, 6, 7, 9, 255]) {
            for i in (-1000..1000).chain(extremes) {
                let expected = i.rem_euclid(size as i64) as usize;
                assert_eq!(
                    wrap_index(i, size, Wrap::Repeat),
                    expected,
                    "{i} mod {size}"
                );
            }
        }
    }
}
