//! Texel storage: one image level of a texture (1D, 2D or 3D), and the mipmap chain generated from a
//! base level.
//!
//! # Mipmap generation
//!
//! Level sizes follow GL's chain: each dimension of level k+1 is max(1, floor(size_k / 2)) (GL 2.0
//! section 3.8.8, which also covers non-power-of-two sizes), down to 1x1x1, so a texture whose largest
//! dimension is N has floor(log2 N) + 1 levels.
//!
//! Each texel of the new level is the *area-weighted box filter* of the source texels under its
//! footprint: destination texel i along an axis covers the source interval [i·S/D, (i+1)·S/D) (S the
//! source size, D the destination size), and each source texel contributes in proportion to its
//! overlap with that interval. For even sizes this is exactly the 2x2(x2) box average GL describes;
//! for odd sizes (5 → 2, 3 → 1) no texel is dropped and all weights are exact rationals. The filter
//! is separable and applied along x, then y, then z in double precision.
//!
//! Like a GL implementation storing a generated level in the texture's internal format, levels of
//! the 8-bit formats are rounded back to 8 bits: the filter runs on the 8-bit codes, and the result
//! is rounded to the nearest code with ties to even. Float formats round the double-precision result
//! once to f32.

use super::format::{f32_to_unorm8, unorm8_to_f32, TexFormat};

/// One image of a texture: `width` x `height` x `depth` texels, already mapped by Table X.5.
/// Texel (x, y, z) is at index (z · height + y) · width + x; row y = 0 is t = 0 (the bottom row of a
/// picture), slice z = 0 is r = 0.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    width: usize,
    height: usize,
    depth: usize,
    /// `[width, height, depth]` as f32, for the scaling of coordinates and derivatives, so that
    /// lookups need no integer-to-float conversions (a branchy sequence for usize on x86-64).
    extent: [f32; 3],
    texels: Vec<[f32; 4]>,
}

impl Level {
    /// A level from its texels; `None` when the count does not match the size or a size is zero.
    pub(crate) fn new(
        width: usize,
        height: usize,
        depth: usize,
        texels: Vec<[f32; 4]>,
    ) -> Option<Level> {
        let count = width.checked_mul(height)?.checked_mul(depth)?;
        (count != 0 && texels.len() == count).then(|| Level::sized([width, height, depth], texels))
    }

    /// A level of `size` from texels the caller has counted.
    fn sized(size: [usize; 3], texels: Vec<[f32; 4]>) -> Level {
        let [width, height, depth] = size;
        Level {
            width,
            height,
            depth,
            extent: size.map(|n| n as f32),
            texels,
        }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn depth(&self) -> usize {
        self.depth
    }

    /// `[width, height, depth]`.
    pub fn size(&self) -> [usize; 3] {
        [self.width, self.height, self.depth]
    }

    /// [`Level::size`] as f32.
    #[inline(always)]
    pub(crate) fn extent(&self) -> [f32; 3] {
        self.extent
    }

    /// All texels, x fastest, then y, then z.
    pub fn texels(&self) -> &[[f32; 4]] {
        &self.texels
    }

    /// The texel at (x, y, z); `None` outside the level.
    pub fn texel(&self, x: usize, y: usize, z: usize) -> Option<[f32; 4]> {
        if x < self.width && y < self.height && z < self.depth {
            Some(self.at(x, y, z))
        } else {
            None
        }
    }

    /// The texel at (x, y, z), which the caller has wrapped into range.
    #[inline]
    pub(crate) fn at(&self, x: usize, y: usize, z: usize) -> [f32; 4] {
        self.texels[self.row_start(y, z) + x]
    }

    /// The index in [`Level::texels`] of texel (0, y, z).
    #[inline(always)]
    pub(crate) fn row_start(&self, y: usize, z: usize) -> usize {
        (z * self.height + y) * self.width
    }
}

/// The size of the next level along one axis.
pub fn next_level_size(size: usize) -> usize {
    (size / 2).max(1)
}

/// The full mipmap chain starting with `base`, ending with a 1x1x1 level.
pub(crate) fn mip_chain(base: Level, format: TexFormat) -> Vec<Level> {
    let mut chain = vec![base];
    while let Some(last) = chain.last().filter(|l| l.size() != [1, 1, 1]) {
        let next = downsample(last, format);
        chain.push(next);
    }
    chain
}

/// One source texel's contribution to a destination texel along one axis.
#[derive(Clone, Copy)]
struct Tap {
    source: usize,
    weight: f64,
}

/// For each destination index, the source texels under its footprint and their weights.
fn box_taps(source: usize, dest: usize) -> Vec<Vec<Tap>> {
    // In units of 1/dest texel: destination i spans [i·S, (i+1)·S), source k spans [k·D, (k+1)·D).
    (0..dest)
        .map(|i| {
            let (lo, hi) = (i * source, (i + 1) * source);
            (lo / dest..hi.div_ceil(dest).min(source))
                .filter_map(|k| {
                    let overlap = hi.min((k + 1) * dest).saturating_sub(lo.max(k * dest));
                    (overlap > 0).then(|| Tap {
                        source: k,
                        weight: overlap as f64 / source as f64,
                    })
                })
                .collect()
        })
        .collect()
}

/// A working image in double precision, used while filtering.
struct Work {
    size: [usize; 3],
    texels: Vec<[f64; 4]>,
}

impl Work {
    fn index(&self, p: [usize; 3]) -> usize {
        (p[2] * self.size[1] + p[1]) * self.size[0] + p[0]
    }

    /// Filters along `axis` down to `dest` texels.
    fn filter_axis(&self, axis: usize, dest: usize) -> Work {
        let taps = box_taps(self.size[axis], dest);
        let mut size = self.size;
        size[axis] = dest;
        let mut out = Work {
            size,
            texels: Vec::with_capacity(size.iter().product()),
        };
        for z in 0..size[2] {
            for y in 0..size[1] {
                for x in 0..size[0] {
                    let p = [x, y, z];
                    let mut sum = [0.0f64; 4];
                    for tap in &taps[p[axis]] {
                        let mut q = p;
                        q[axis] = tap.source;
                        let texel = self.texels[self.index(q)];
                        for c in 0..4 {
                            sum[c] += tap.weight * texel[c];
                        }
                    }
                    out.texels.push(sum);
                }
            }
        }
        out
    }
}

/// The next level of the chain.
fn downsample(level: &Level, format: TexFormat) -> Level {
    let float = format.is_float();
    // 8-bit formats are filtered on their codes so that the final rounding sees exact averages.
    let to_work = |v: f32| {
        if float {
            f64::from(v)
        } else {
            f64::from(f32_to_unorm8(v))
        }
    };
    let from_work = |v: f64| {
        if float {
            v as f32
        } else {
            unorm8_to_f32(v.round_ties_even().clamp(0.0, 255.0) as u8)
        }
    };
    let mut work = Work {
        size: level.size(),
        texels: level.texels.iter().map(|t| t.map(to_work)).collect(),
    };
    for axis in 0..3 {
        work = work.filter_axis(axis, next_level_size(level.size()[axis]));
    }
    Level::sized(
        work.size,
        work.texels.iter().map(|t| t.map(from_work)).collect(),
    )
}
