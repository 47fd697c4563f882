//! Wrapping and filtering within one level: NEAREST and LINEAR sampling (GL 1.2.1 sections 3.8.4
//! and 3.8.7) on texel-space coordinates u, v, w (s · width, ... for normalized targets; s itself for
//! RECT).
//!
//! NEAREST takes texel i = wrap(floor(u)). LINEAR takes i0 = floor(u − 1/2), i1 = i0 + 1, both wrapped,
//! with weight α = frac(u − 1/2). Wrapping is done on the integer texel indices (REPEAT: i mod size),
//! which is the same as GL 1.2.1's "ignore the integer part of s" without the rounding trouble of
//! frac(s) for tiny negative s. CLAMP_TO_EDGE clamps s to [1/(2N), 1 − 1/(2N)] first, as GL 1.2.1
//! says, so LINEAR sampling at and beyond an edge returns the edge texel exactly. MIRRORED_REPEAT
//! mirrors the indices as GL 2.0 section 3.8.8 does: i mod 2N, then 2N − 1 − that where it is N or
//! more; a coordinate that is NaN, infinite or huge is first reduced modulo 2N (exactly, in f64;
//! NaN and infinities to 0). CLAMP_TO_BORDER, whose taps may have no texel, is `border`'s.
//!
//! A NaN coordinate samples as coordinate 0, and so does an infinite one under REPEAT (whose fractional
//! part is NaN); CLAMP_TO_EDGE takes ±inf to the edges. GL leaves these undefined; it is what NVIDIA's
//! driver does with NV_fragment_program on real hardware (measured on an H100 with driver 580, see
//! docs/nv-driver.md). Huge finite coordinates wrap exactly (a float that large is an integer).
//!
//! The functions here work on `N` lanes at once: one for [`super::Texture::sample`], the four fragments
//! of a quad for [`super::TextureUnits::sample_quad`], so that both run the one definition of these
//! rules, the quad's as straight array code (four coordinates to texel indices with vector
//! instructions, then each fragment's texels read and blended).
//!
//! Interpolation uses the form a + α·(b − a), nested x, then y, then z. It is algebraically GL's
//! weighted sum Σ (1−α)(1−β)τ..., reproduces constant components (the 1.0 of an RGB texture) exactly,
//! and is the form Mesa's llvmpipe uses.

mod border;
use super::levels::Level;
use super::Wrap;
// IEEE floor bit for bit without the library call `f32::floor` is on baseline x86-64.
use pigment_numeric::floor;

/// Where LINEAR filtering samples along one axis, for `N` lanes (the fragments of a quad, or one).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Taps<const N: usize> {
    pub i0: [usize; N],
    pub i1: [usize; N],
    pub weight: [f32; N],
}

/// The texel index NEAREST filtering picks along an axis of `size` texels.
#[inline]
pub(crate) fn nearest_index(u: f32, size: usize, wrap: Wrap) -> usize {
    // One comparison keeps ordinary coordinates on the fast path (NaN fails it too).
    let ordinary = u.abs() < HUGE;
    match wrap {
        Wrap::Repeat if !ordinary => beyond_repeat_index(u, size),
        Wrap::MirroredRepeat if !ordinary => {
            wrap_index(floor(mirror_period(u, size)) as i64, size, wrap)
        }
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

/// The two texels and the weight LINEAR filtering uses along an axis of `size` texels, for each of
/// `N` coordinates. The lanes go through the same steps side by side (straight-line array code the
/// compiler vectorises), in 32-bit integers when every coordinate and the size are below
/// [`NARROW`]; a group with a REPEAT coordinate that is NaN, infinite or huge goes through
/// [`repeat_taps_per_lane`].
#[inline(always)]
pub(crate) fn linear_taps<const N: usize>(u: [f32; N], size: usize, wrap: Wrap) -> Taps<N> {
    let u = match wrap {
        Wrap::Repeat | Wrap::ClampToBorder => u,
        Wrap::MirroredRepeat => u.map(|u| mirror_period(u, size)),
        // f32::max maps NaN to 0.5, where coordinate 0 is clamped too.
        Wrap::ClampToEdge => {
            let mut clamped = u;
            for u in &mut clamped {
                *u = u.max(0.5).min(size as f32 - 0.5);
            }
            clamped
        }
    };
    // One comparison per lane (NaN fails it too).
    if size < NARROW as usize && u.iter().all(|u| u.abs() < NARROW) {
        taps_in::<i32, N>(u, size, wrap)
    } else if wrap != Wrap::Repeat || u.iter().all(|u| u.abs() < HUGE) {
        taps_in::<i64, N>(u, size, wrap)
    } else {
        repeat_taps_per_lane(u, size)
    }
}

/// MIRRORED_REPEAT's coordinate: `u` itself when it is ordinary, else `u` modulo 2·`size` (exact
/// in f64, and representable in f32 again), NaN and infinities 0, so that the taps stay in range.
#[inline(always)]
fn mirror_period(u: f32, size: usize) -> f32 {
    if u.abs() < HUGE {
        u
    } else if u.is_finite() {
        f64::from(u).rem_euclid(2.0 * size as f64) as f32
    } else {
        0.0
    }
}

/// 2^22: a coordinate or size below it has its floor, floor + 1 and size in an i32, and u − ½
/// lies in [−2^22, 2^22), where [`narrow_floor`] works.
const NARROW: f32 = 4_194_304.0;

/// 1.5·2^23: a float in [2^23, 2^24) is an integer, so adding this to an x in [−2^22, 2^22) rounds
/// x to an integer (ties to even), exactly, and leaves that integer in two's complement in the
/// sum's low mantissa bits.
const MAGIC: f32 = 12_582_912.0;

/// floor(x) as an f32 and as an i32, exactly, for x in [−2^22, 2^22): r = (x + [`MAGIC`]) −
/// [`MAGIC`] is x rounded to an integer, and floor(x) is r, or r − 1 where r > x. floor(x) has
/// the sign of x, which r − 0 loses only for x = −0 (r = +0), so the sign bit of x is set in it.
/// The integer comes from a second sum with [`MAGIC`] (of the integral floor, so exact). Unlike
/// `floor` and `as`, this is a few instructions for four lanes at once on baseline x86-64 (which
/// has no rounding or saturating vector conversion).
#[inline(always)]
fn narrow_floor(x: f32) -> (f32, i32) {
    const SIGN: u32 = 0x8000_0000;
    let r = (x + MAGIC) - MAGIC;
    let floored = r - if r > x { 1.0 } else { 0.0 };
    let floored = f32::from_bits(floored.to_bits() | (x.to_bits() & SIGN));
    let integer = (floored + MAGIC).to_bits() as i32 - MAGIC.to_bits() as i32;
    (floored, integer)
}

/// i0 = wrap(floor(u − ½)), i1 = wrap(i0 + 1), weight = frac(u − ½) for each lane, with the integer
/// steps in `I`, in whose range floor(u − ½) + 1 and `size` lie.
#[inline(always)]
fn taps_in<I: Index, const N: usize>(u: [f32; N], size: usize, wrap: Wrap) -> Taps<N> {
    let mut below = [I::default(); N];
    let mut weight = [0.0f32; N];
    for lane in 0..N {
        let x = u[lane] - 0.5;
        let (floored, integer) = I::floor(x);
        weight[lane] = x - floored;
        below[lane] = integer;
    }
    let mut above = below;
    for i in &mut above {
        *i = i.next();
    }
    Taps {
        i0: I::wrap(below, size, wrap),
        i1: I::wrap(above, size, wrap),
        weight,
    }
}

/// [`linear_taps`] one lane at a time, for a group with a REPEAT coordinate that is NaN, infinite
/// (both sample as coordinate 0) or has |u| ≥ [`HUGE`] (an integer: both taps on its texel,
/// wrapped exactly, with weight 0).
#[cold]
#[inline(never)]
fn repeat_taps_per_lane<const N: usize>(u: [f32; N], size: usize) -> Taps<N> {
    let mut taps = Taps {
        i0: [0; N],
        i1: [0; N],
        weight: [0.0; N],
    };
    for (lane, &u) in u.iter().enumerate() {
        let (i0, i1, weight) = if u.abs() < HUGE || !u.is_finite() {
            let u = if u.is_finite() { u } else { 0.0 };
            let one = taps_in::<i64, 1>([u], size, Wrap::Repeat);
            (one.i0[0], one.i1[0], one.weight[0])
        } else {
            let i = beyond_repeat_index(u, size);
            (i, i, 0.0)
        };
        taps.i0[lane] = i0;
        taps.i1[lane] = i1;
        taps.weight[lane] = weight;
    }
    taps
}

/// The signed integers texel indices are worked out in before wrapping: i32 where they are small
/// enough (the conversions and wrapping of four lanes are then single vector instructions), i64
/// otherwise.
trait Index: Copy + Default {
    /// floor(x) as an f32 and as an integer; x in range (i32: [`narrow_floor`]'s; i64: else the
    /// conversion saturates, NaN giving 0).
    fn floor(x: f32) -> (f32, Self);
    /// self + 1, which the caller keeps in range.
    fn next(self) -> Self;
    /// Each lane wrapped into `0..size`, the choice of rule made once for the group.
    fn wrap<const N: usize>(i: [Self; N], size: usize, wrap: Wrap) -> [usize; N];
}

/// One definition of the wrap rules for both widths.
macro_rules! index_impl {
    ($t:ty, $unsigned:ty, $floor:expr) => {
        impl Index for $t {
            #[inline(always)]
            fn floor(x: f32) -> (f32, $t) {
                $floor(x)
            }

            #[inline(always)]
            fn next(self) -> $t {
                self + 1
            }

            #[inline(always)]
            fn wrap<const N: usize>(i: [$t; N], size: usize, wrap: Wrap) -> [usize; N] {
                let n = size as $t;
                let mut wrapped = [0usize; N];
                // Every rule gives an index in 0..n, so it widens through the unsigned type
                // (zero extension, four lanes at once) rather than sign extension.
                let index = |i: $t| i as $unsigned as usize;
                // The loops are written out per rule so that each is straight array code.
                match wrap {
                    // For a power of two (every mipmapped benchmark texture) the remainder is the
                    // low bits, without a division.
                    Wrap::Repeat if size.is_power_of_two() => {
                        for (w, i) in wrapped.iter_mut().zip(i) {
                            *w = index(i & (n - 1));
                        }
                    }
                    Wrap::Repeat => {
                        for (w, i) in wrapped.iter_mut().zip(i) {
                            *w = index(i.rem_euclid(n));
                        }
                    }
                    // CLAMP_TO_BORDER's taps outside are `border`'s, never wrapped here.
                    Wrap::ClampToEdge | Wrap::ClampToBorder => {
                        for (w, i) in wrapped.iter_mut().zip(i) {
                            *w = index(i.clamp(0, n - 1));
                        }
                    }
                    Wrap::MirroredRepeat => {
                        for (w, i) in wrapped.iter_mut().zip(i) {
                            let m = i.rem_euclid(2 * n);
                            *w = index(if m < n { m } else { 2 * n - 1 - m });
                        }
                    }
                }
                wrapped
            }
        }
    };
}

index_impl!(i32, u32, narrow_floor);
// The conversion saturates, NaN to 0.
index_impl!(i64, u64, |x: f32| {
    let floored = floor(x);
    (floored, floored as i64)
});

#[inline]
fn wrap_index(i: i64, size: usize, wrap: Wrap) -> usize {
    i64::wrap([i], size, wrap)[0]
}

/// a + w·(b − a), per component.
#[inline(always)]
pub(crate) fn lerp(w: f32, a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    [
        a[0] + w * (b[0] - a[0]),
        a[1] + w * (b[1] - a[1]),
        a[2] + w * (b[2] - a[2]),
        a[3] + w * (b[3] - a[3]),
    ]
}

/// NEAREST sampling of `level` at texel-space coordinates `u` (`[axis][lane]`; the first `dims`
/// axes are used), each texel read through `texel` with its lane (the identity, or a depth
/// comparison: see `sample`).
#[inline(always)]
pub(crate) fn sample_nearest<const N: usize>(
    level: &Level,
    u: [[f32; N]; 3],
    dims: usize,
    wrap: Wrap,
    texel: impl Fn(usize, [f32; 4]) -> [f32; 4],
) -> [[f32; 4]; N] {
    if wrap == Wrap::ClampToBorder {
        return border::sample(level, u, dims, false, texel);
    }
    let size = level.size();
    let mut out = [[0.0; 4]; N];
    for (lane, out) in out.iter_mut().enumerate() {
        let mut index = [0usize; 3];
        for axis in 0..dims {
            index[axis] = nearest_index(u[axis][lane], size[axis], wrap);
        }
        *out = texel(lane, level.at(index[0], index[1], index[2]));
    }
    out
}

/// LINEAR sampling of `level` at texel-space coordinates `u` (`[axis][lane]`; the first `dims` axes
/// are used), each texel read through `texel` with its lane before the weights apply. The taps of
/// all lanes are worked out together, then each lane reads and blends its texels. Always inlined,
/// so that a caller passing a constant `dims` (and the identity `texel`) gets code for that many
/// axes and nothing more.
#[inline(always)]
pub(crate) fn sample_linear<const N: usize>(
    level: &Level,
    u: [[f32; N]; 3],
    dims: usize,
    wrap: Wrap,
    texel: impl Fn(usize, [f32; 4]) -> [f32; 4],
) -> [[f32; 4]; N] {
    if wrap == Wrap::ClampToBorder {
        return border::sample(level, u, dims, true, texel);
    }
    let size = level.size();
    // Axes beyond `dims` read row, slice 0 with weight 0 (never blended: see below).
    let unused = Taps {
        i0: [0; N],
        i1: [0; N],
        weight: [0.0; N],
    };
    let x = linear_taps(u[0], size[0], wrap);
    let y = if dims >= 2 {
        linear_taps(u[1], size[1], wrap)
    } else {
        unused
    };
    let z = if dims == 3 {
        linear_taps(u[2], size[2], wrap)
    } else {
        unused
    };
    let mut out = [[0.0; 4]; N];
    for (lane, out) in out.iter_mut().enumerate() {
        let texel = |t: [f32; 4]| texel(lane, t);
        let [x, y, z] = [x, y, z].map(|taps| (taps.i0[lane], taps.i1[lane], taps.weight[lane]));
        let near = plane(level, x, y, z.0, dims, texel);
        *out = if dims == 3 {
            lerp(z.2, near, plane(level, x, y, z.1, dims, texel))
        } else {
            near
        };
    }
    out
}

/// The LINEAR blend of slice `z` between the taps `x` and (for two or more `dims`) `y`, each
/// `(i0, i1, weight)`.
#[inline(always)]
fn plane(
    level: &Level,
    x: (usize, usize, f32),
    y: (usize, usize, f32),
    z: usize,
    dims: usize,
    texel: impl Fn([f32; 4]) -> [f32; 4] + Copy,
) -> [f32; 4] {
    let near = row(level, x, y.0, z, texel);
    if dims == 1 {
        return near;
    }
    lerp(y.2, near, row(level, x, y.1, z, texel))
}

/// The LINEAR blend along x of row `y` of slice `z`, between the taps `(i0, i1, weight)`.
#[inline(always)]
fn row(
    level: &Level,
    (i0, i1, weight): (usize, usize, f32),
    y: usize,
    z: usize,
    texel: impl Fn([f32; 4]) -> [f32; 4],
) -> [f32; 4] {
    // One bounds check per texel: i0 and i1 are wrapped into the row already.
    let (texels, start) = (level.texels(), level.row_start(y, z));
    lerp(weight, texel(texels[start + i0]), texel(texels[start + i1]))
}

#[cfg(test)]
mod tests {
    use super::{linear_taps, narrow_floor, wrap_index, Taps, Wrap, NARROW};
    use proptest::prelude::*;

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

    /// The magic-number floor is f64's floor (as f32 and i32) over its whole range [−2^22, 2^22):
    /// integers and the values beside them (halves for ties, quarters, the neighbouring floats)
    /// near zero, near the bounds and around powers of two, and both zeros.
    #[test]
    fn narrow_floor_is_floor() {
        let bound = NARROW as i32;
        let powers = (0..22).flat_map(|k| {
            let p = 1i32 << k;
            [p - 1, p, p + 1, -p - 1, -p, -p + 1]
        });
        let integers = (-3000..3000)
            .chain(bound - 3000..bound)
            .chain(-bound..-bound + 3000)
            .chain(powers);
        let mut values = vec![0.0f32, -0.0, 1.0e-40, -1.0e-40, 0.5, -0.5];
        for i in integers {
            let x = i as f32;
            values.extend([x, x + 0.25, x + 0.5, x - 0.5, x + 0.75]);
            values.extend([
                f32::from_bits(x.to_bits() + 1),
                f32::from_bits(x.to_bits().saturating_sub(1)),
            ]);
        }
        for x in values.into_iter().filter(|x| (-NARROW..NARROW).contains(x)) {
            let expected = f64::from(x).floor();
            let (floored, integer) = narrow_floor(x);
            assert_eq!(floored.to_bits(), (expected as f32).to_bits(), "{x}");
            assert_eq!(integer, expected as i32, "{x}");
        }
    }

    /// LINEAR's taps by GL 1.2.1's rule, worked out independently with f64's floor and i128: REPEAT treats a
    /// NaN or infinite coordinate as 0 and a huge one (≥ 4·10^18, an integer) as both taps on its
    /// texel with weight 0; CLAMP_TO_EDGE clamps to [1/2, size − 1/2] first; then x = u − 1/2 (in
    /// f32), i0 = floor(x), weight = x − i0, i1 = i0 + 1, both wrapped.
    fn reference_taps(u: f32, size: usize, wrap: Wrap) -> (usize, usize, f32) {
        let n = size as i128;
        let wrap_i = |i: i128| match wrap {
            Wrap::Repeat => i.rem_euclid(n) as usize,
            Wrap::ClampToEdge | Wrap::ClampToBorder => i.clamp(0, n - 1) as usize,
            // GL 2.0 section 3.8.8: (N − 1) − mirror((i mod 2N) − N), mirror(a) = a or −(1 + a).
            Wrap::MirroredRepeat => {
                let a = i.rem_euclid(2 * n) - n;
                (n - 1 - if a >= 0 { a } else { -(1 + a) }) as usize
            }
        };
        let u = match wrap {
            Wrap::MirroredRepeat if !u.is_finite() => 0.0,
            Wrap::MirroredRepeat if u.abs() >= 4.0e18 => {
                (f64::from(u).rem_euclid(2.0 * size as f64)) as f32
            }
            Wrap::MirroredRepeat | Wrap::ClampToBorder => u,
            Wrap::Repeat if !u.is_finite() => 0.0,
            Wrap::Repeat if u.abs() >= 4.0e18 => {
                let i = exact_remainder(u, size);
                return (i, i, 0.0);
            }
            Wrap::Repeat => u,
            Wrap::ClampToEdge => u.max(0.5).min(size as f32 - 0.5),
        };
        let x = u - 0.5;
        let below = f64::from(x).floor();
        // floor(x) is an f32 too, and x − floor(x) is the f32 subtraction.
        (
            wrap_i(below as i128),
            wrap_i(below as i128 + 1),
            x - below as f32,
        )
    }

    /// u mod size for a finite u ≥ 2^24 in magnitude (an integer), from u = m·2^e in integers.
    fn exact_remainder(u: f32, size: usize) -> usize {
        let bits = u.to_bits();
        let m = i128::from((bits & 0x7f_ffff) | 0x80_0000);
        let e = ((bits >> 23) & 0xff) as i32 - 150;
        let n = size as i128;
        let power = (0..e).fold(1 % n, |p, _| p * 2 % n);
        let magnitude = m % n * power % n;
        let signed = if u < 0.0 { -magnitude } else { magnitude };
        signed.rem_euclid(n) as usize
    }

    fn coordinate() -> impl Strategy<Value = f32> {
        prop_oneof![
            4 => -3.0f32..3.0,
            2 => -3.0e3f32..3.0e3,
            1 => -1.0e-6f32..1.0e-6,
            2 => prop::sample::select(vec![2.0f32.powi(22), 2.0f32.powi(23), 2.0f32.powi(24), 3.0e9, 4.0e18]),
            1 => prop::sample::select(vec![f32::NAN, f32::INFINITY, f32::NEG_INFINITY, -0.0, 1.0e30]),
            2 => any::<f32>(),
        ]
        .prop_flat_map(|u| prop::sample::select(vec![u, -u]))
    }

    fn size() -> impl Strategy<Value = usize> {
        prop_oneof![
            1usize..20,
            prop::sample::select(vec![
                256usize,
                1 << 21,
                (1 << 22) - 1,
                1 << 22,
                1 << 23,
                1 << 31,
                3 << 30
            ]),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4000, failure_persistence: None, ..ProptestConfig::default() })]

        /// Four lanes (the quad path, in i32, i64 or one lane at a time, as the coordinates
        /// allow) and one lane at a time both give the rule's taps.
        #[test]
        fn taps_follow_the_rule_for_every_lane(
            u in prop::array::uniform4(coordinate()),
            size in size(),
            wrap in prop::sample::select(vec![Wrap::Repeat, Wrap::ClampToEdge, Wrap::MirroredRepeat]),
        ) {
            let four: Taps<4> = linear_taps(u, size, wrap);
            for (lane, &u) in u.iter().enumerate() {
                let (i0, i1, weight) = reference_taps(u, size, wrap);
                let one = linear_taps([u], size, wrap);
                let lanes = [
                    (four.i0[lane], four.i1[lane], four.weight[lane]),
                    (one.i0[0], one.i1[0], one.weight[0]),
                ];
                for (got0, got1, got_weight) in lanes {
                    prop_assert_eq!(got0, i0, "u = {} size {} {:?}", u, size, wrap);
                    prop_assert_eq!(got1, i1, "u = {} size {} {:?}", u, size, wrap);
                    prop_assert_eq!(got_weight.to_bits(), weight.to_bits(), "u = {} size {} {:?}", u, size, wrap);
                }
            }
        }
    }
}
