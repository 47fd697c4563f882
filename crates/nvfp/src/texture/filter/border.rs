//! CLAMP_TO_BORDER (GL 1.3 section 3.8.7, ARB_texture_border_clamp): texels outside the level
//! read as the border colour, here GL's default TEXTURE_BORDER_COLOR, transparent black
//! (0, 0, 0, 0), which is also Vulkan's FLOAT_TRANSPARENT_BLACK.
//!
//! The coordinate is first clamped to [−1/(2N), 1 + 1/(2N)] (texel space: [−1/2, N + 1/2]), so
//! that NEAREST and LINEAR at and beyond an edge return the border colour alone; then NEAREST takes
//! texel floor(u) and LINEAR the texels floor(u − 1/2) and the one after with weight
//! frac(u − 1/2), exactly as for the other modes, each tap outside [0, N) reading the border.
//! A NaN coordinate clamps to the lower end, so it reads the border.
//!
//! This is apart from `filter`'s straight array code because a tap here may have no texel; the
//! common modes keep their fast path.

use super::lerp;
use crate::texture::levels::Level;
use pigment_numeric::floor;

/// The border colour: GL's default, transparent black.
pub const BORDER: [f32; 4] = [0.0; 4];

/// `u` clamped to [−1/2, `size` + 1/2] (NaN to −1/2).
#[inline]
fn clamped(u: f32, size: usize) -> f32 {
    u.max(-0.5).min(size as f32 + 0.5)
}

/// Texel `i` along an axis of `size` texels, `None` (the border) outside.
#[inline]
fn inside(i: f32, size: usize) -> Option<usize> {
    (i >= 0.0 && i < size as f32).then_some(i as usize)
}

/// The texel at `index` (`None` on an axis: the border).
#[inline]
fn fetch(level: &Level, index: [Option<usize>; 3]) -> [f32; 4] {
    match index {
        [Some(x), Some(y), Some(z)] => level.at(x, y, z),
        _ => BORDER,
    }
}

/// Sampling of `level` under CLAMP_TO_BORDER at texel-space coordinates `u` (`[axis][lane]`, the
/// first `dims` axes used), LINEAR or NEAREST, each texel read through `texel` with its lane.
pub(crate) fn sample<const N: usize>(
    level: &Level,
    u: [[f32; N]; 3],
    dims: usize,
    linear: bool,
    texel: impl Fn(usize, [f32; 4]) -> [f32; 4],
) -> [[f32; 4]; N] {
    std::array::from_fn(|lane| {
        let at = std::array::from_fn(|axis| u[axis][lane]);
        let read = |index| texel(lane, fetch(level, index));
        if linear {
            linear_lane(level.size(), at, dims, read)
        } else {
            nearest_lane(level.size(), at, dims, read)
        }
    })
}

/// NEAREST at one point `u` of a level of `size`: texel floor(u) on each used axis.
fn nearest_lane(
    size: [usize; 3],
    u: [f32; 3],
    dims: usize,
    read: impl Fn([Option<usize>; 3]) -> [f32; 4],
) -> [f32; 4] {
    let mut index = [Some(0); 3];
    for axis in 0..dims {
        index[axis] = inside(floor(clamped(u[axis], size[axis])), size[axis]);
    }
    read(index)
}

/// LINEAR at one point `u`: along each used axis the two taps and the weight, blended x, then y,
/// then z in `filter`'s a + α·(b − a) form.
fn linear_lane(
    size: [usize; 3],
    u: [f32; 3],
    dims: usize,
    read: impl Fn([Option<usize>; 3]) -> [f32; 4],
) -> [f32; 4] {
    // Unused axes: texel 0 on both taps, weight 0.
    let mut taps = [(Some(0), Some(0), 0.0f32); 3];
    for axis in 0..dims {
        let x = clamped(u[axis], size[axis]) - 0.5;
        let below = floor(x);
        let n = size[axis];
        taps[axis] = (inside(below, n), inside(below + 1.0, n), x - below);
    }
    let [tx, ty, tz] = taps;
    let plane = |z: Option<usize>| {
        let row = |y| lerp(tx.2, read([tx.0, y, z]), read([tx.1, y, z]));
        lerp(ty.2, row(ty.0), row(ty.1))
    };
    lerp(tz.2, plane(tz.0), plane(tz.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2x1 level: texel 0 is A, texel 1 is B.
    fn two() -> Level {
        Level::new(2, 1, 1, vec![[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0]]).unwrap()
    }

    fn at<const N: usize>(u: [f32; N]) -> [[f32; N]; 3] {
        [u, [0.5; N], [0.5; N]]
    }

    /// NEAREST: texel floor(u) inside [0, 2), the border outside (NaN included).
    #[test]
    fn nearest_reads_the_border_outside_the_level() {
        let got = sample(
            &two(),
            at([-0.25, 0.5, 1.5, 2.0, f32::NAN]),
            2,
            false,
            |_, t| t,
        );
        let (a, b) = ([1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0]);
        assert_eq!(got, [BORDER, a, b, BORDER, BORDER]);
    }

    /// LINEAR, by hand: u = 0.25 gives x = −0.25, taps −1 (border) and 0 (A) with weight 0.75,
    /// so 0.75·A; u = 1.75 gives taps 1 (B) and 2 (border) with weight 0.25, so 0.75·B; u = 1
    /// is between A and B; far outside, the clamp leaves the border alone.
    #[test]
    fn linear_blends_the_border_in_at_the_edges() {
        let got = sample(&two(), at([0.25, 1.75, 1.0, -7.0, 9.0]), 2, true, |_, t| t);
        let (a, b, half) = (
            [0.75, 0.0, 0.0, 0.75],
            [0.0, 0.75, 0.0, 0.75],
            [0.5, 0.5, 0.0, 1.0],
        );
        assert_eq!(got, [a, b, half, BORDER, BORDER]);
    }

    /// Along t too: on a 2x1 level the row's t taps at v = 0.75 are row 0 (weight 0.75) and row 1
    /// (outside).
    #[test]
    fn linear_blends_the_border_in_along_t() {
        let got = sample(&two(), [[0.5], [0.75], [0.5]], 2, true, |_, t| t);
        assert_eq!(got[0], [0.75, 0.0, 0.0, 0.75]);
    }
}
