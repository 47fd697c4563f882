//! The texture object: a target, a base format, filter and wrap state, and its images (one mipmap
//! chain, or six for a cube map).
//!
//! Textures are built complete for their own target: constructors check sizes and data, and choosing
//! [`Filter::Mipmap`] generates the mipmap chain. A lookup through another target finds the texture
//! incomplete for it (see [`super::TextureUnits::sample_quad`]).
//!
//! GL's rules for RECT (NV_texture_rectangle) hold: a RECT texture has no mipmaps and only
//! CLAMP_TO_EDGE wrapping. Asking for [`Filter::Mipmap`] or [`Wrap::Repeat`] on one changes nothing,
//! as in GL, where those TexParameter calls fail with INVALID_ENUM and leave the state as it was.

use super::cube::CubeFace;
use super::levels::{mip_chain, Level};
use super::{Filter, TexFormat, Wrap};
use crate::isa::TexTarget;

/// A texture image bound to a unit.
#[derive(Clone, Debug)]
pub struct Texture {
    pub(super) target: TexTarget,
    pub(super) format: TexFormat,
    pub(super) filter: Filter,
    pub(super) wrap: Wrap,
    /// Whether lookups compare r with the texels' depth ([`Texture::with_depth_compare`]).
    pub(super) depth_compare: bool,
    /// One mipmap chain per face (six for CUBE, in [`CubeFace::ALL`] order; one otherwise). Element 0
    /// of a chain is the base level; with [`Filter::Mipmap`] the chain runs down to 1x1x1.
    pub(super) faces: Vec<Vec<Level>>,
}

impl Texture {
    /// A 1D, 2D, 3D or RECT texture from RGBA texels, x fastest, then y (row 0 is t = 0),
    /// then z (slice 0 is r = 0). The texels are stored in `format` (8-bit formats round each component
    /// to the nearest k/255) and mapped by Table X.5. 1D needs height and depth 1; 2D and RECT need
    /// depth 1. For cube maps use [`Texture::cube`].
    pub fn from_rgba_f32(
        target: TexTarget,
        width: usize,
        height: usize,
        depth: usize,
        format: TexFormat,
        texels: &[[f32; 4]],
    ) -> Result<Texture, String> {
        let max_size = match target {
            TexTarget::D1 => [usize::MAX, 1, 1],
            TexTarget::D2 | TexTarget::Rect => [usize::MAX, usize::MAX, 1],
            TexTarget::D3 => [usize::MAX; 3],
            TexTarget::Cube => {
                return Err("a CUBE texture is made of six faces (Texture::cube)".to_string())
            }
        };
        for ((size, max), name) in [width, height, depth].iter().zip(max_size).zip(AXIS_NAMES) {
            if *size > max {
                return Err(format!(
                    "a {} texture has {name} 1, not {size}",
                    target.name()
                ));
            }
        }
        let level = level_from_rgba(format, width, height, depth, texels)?;
        Ok(Texture::from_faces(target, format, vec![level]))
    }

    /// A 3D texture from `slices` of `width` x `height` RGBA texels each, slice 0 at r = 0.
    pub fn from_slices(
        format: TexFormat,
        width: usize,
        height: usize,
        slices: &[&[[f32; 4]]],
    ) -> Result<Texture, String> {
        let data: Vec<[f32; 4]> = slices.concat();
        let per_slice = texel_count(width, height, 1)?;
        if let Some((i, s)) = slices
            .iter()
            .enumerate()
            .find(|(_, s)| s.len() != per_slice)
        {
            return Err(format!(
                "slice {i} of a {width}x{height} 3D texture needs {per_slice} texels, got {}",
                s.len()
            ));
        }
        Texture::from_rgba_f32(TexTarget::D3, width, height, slices.len(), format, &data)
    }

    /// A cube map from six square `size` x `size` faces of RGBA texels in the order +X, −X, +Y, −Y,
    /// +Z, −Z; each face's row 0 is t = 0.
    pub fn cube(
        format: TexFormat,
        size: usize,
        faces: [&[[f32; 4]]; 6],
    ) -> Result<Texture, String> {
        let levels = faces
            .iter()
            .zip(CubeFace::ALL)
            .map(|(data, face)| {
                level_from_rgba(format, size, size, 1, data)
                    .map_err(|e| format!("cube face {}: {e}", face.short_name()))
            })
            .collect::<Result<Vec<Level>, String>>()?;
        Ok(Texture::from_faces(TexTarget::Cube, format, levels))
    }

    fn from_faces(target: TexTarget, format: TexFormat, base_levels: Vec<Level>) -> Texture {
        let wrap = if target == TexTarget::Rect {
            Wrap::ClampToEdge
        } else {
            Wrap::Repeat
        };
        let faces = base_levels.into_iter().map(|l| vec![l]).collect();
        Texture {
            target,
            format,
            filter: Filter::default(),
            wrap,
            depth_compare: false,
            faces,
        }
    }

    /// The texture with another filter; [`Filter::Mipmap`] generates the mipmap chain (see
    /// [`super::levels`]) and is ignored for RECT.
    pub fn with_filter(mut self, filter: Filter) -> Texture {
        if filter == Filter::Mipmap {
            if self.target == TexTarget::Rect {
                return self;
            }
            for chain in &mut self.faces {
                if chain.len() == 1 {
                    let base = chain.remove(0);
                    *chain = mip_chain(base, self.format);
                }
            }
        }
        self.filter = filter;
        self
    }

    /// The texture with another wrap mode for s, t and r; RECT keeps CLAMP_TO_EDGE.
    pub fn with_wrap(mut self, wrap: Wrap) -> Texture {
        if self.target != TexTarget::Rect {
            self.wrap = wrap;
        }
        self
    }

    /// The texture as a depth texture with ARB_shadow's comparison on (TEXTURE_COMPARE_MODE
    /// COMPARE_R_TO_TEXTURE, TEXTURE_COMPARE_FUNC LEQUAL, the default function): each texel's first
    /// component is its depth D, and a lookup filters, in place of the texels, 1 where r ≤ D and 0
    /// elsewhere, r being the third coordinate (after TXP's divide) clamped to [0, 1] as GL 1.4
    /// section 3.8.14 says. The result is in all four components (DEPTH_TEXTURE_MODE INTENSITY: Cg's
    /// shadow lookups and Pigment's targets read the comparison from any component). ARB_shadow
    /// defines the comparison for 1D and 2D textures (NV_texture_rectangle adds RECT); a 3D or CUBE
    /// texture keeps plain lookups.
    pub fn with_depth_compare(mut self) -> Texture {
        self.depth_compare = matches!(self.target, TexTarget::D1 | TexTarget::D2 | TexTarget::Rect);
        self
    }

    /// Whether lookups compare depths ([`Texture::with_depth_compare`]).
    pub fn depth_compare(&self) -> bool {
        self.depth_compare
    }

    /// Whether every value a lookup on this texture returns is finite and zero or normal (never
    /// denormal, infinite or NaN), whatever the coordinates: then converting a result to fp32
    /// (flush denormals, canonicalise NaN) changes nothing, and callers may skip it.
    ///
    /// True where every texel component is 0 or in [1/255, 1]: the 8-bit formats (k/255, and
    /// Table X.5's constants 0 and 1) and depth comparisons (0 or 1). Why filtering keeps that
    /// property: a filtered value is built by at most four nested steps r = a + w·(b − a) (x, y, z
    /// and the mipmap blend; `filter::lerp`), each with a, b ≥ 0 from the step before and a weight
    /// w in [0, 1], rounded at each operation to nearest:
    ///
    /// - r ≥ 0 and finite: d = fl(b − a) has |d| ≤ a when d < 0 (a − b ≤ a, and rounding is
    ///   monotonic), and |fl(w·d)| ≤ |d|, so a + fl(w·d) ≥ 0; every magnitude stays below 4.
    /// - a nonzero r is at least m·2^-26 when a and b are 0 or at least m, and w is 0 or at least
    ///   2^-25: for a = 0, r = fl(w·b) ≥ fl(2^-25·m); for a > 0 and w·d ≥ 0, r ≥ a; otherwise the
    ///   exact sum a + fl(w·d) is a multiple of half an ulp of a or more (its smaller term is at
    ///   least a/2 in magnitude, or the sum is at least a/2), and an ulp of a is above a·2^-24.
    /// - LINEAR's weights w = fl(x − floor(x)) with x = fl(u − ½) (`filter::linear_taps`) are 0 or
    ///   at least 2^-25: for x ≥ 1 or x ≤ −1 the difference is an exact multiple of an ulp of x
    ///   (≥ 2^-23); for x in (0, 1), u lies in (½, 1.5) and x is a multiple of 2^-24; for x in
    ///   (−1, 0) either u ≥ ¼ and x = u − ½ is a multiple of 2^-25, or x ≤ −¼ is one, so x + 1 is
    ///   a positive multiple of 2^-25 before (monotonic) rounding. Clamped, NaN and huge
    ///   coordinates give weights ½, 0 or values of that form.
    /// - the mipmap weight frac(λ) (`lod::choose_levels`) is an exact multiple of an ulp of λ
    ///   (≥ 2^-23) for λ ≥ 1, and λ itself below 1: ½·log2(ρ²) with ρ² > 1 an f32, so at least
    ///   about ½·log2(1 + 2^-23) ≈ 8.6·10^-8 > 2^-25.
    ///
    /// So four steps from m = 1/255 > 2^-8 leave a nonzero result at least 2^-8·2^-104 = 2^-112,
    /// above the least normal number 2^-126. The float formats can hold any value and keep the
    /// conversion. `tests/texture_normal_results.rs` samples such textures at the extreme weights.
    pub fn results_are_normal(&self) -> bool {
        use TexFormat::*;
        // The unsigned 8-bit formats by name, so that a format added later must be proved to join.
        let eight_bit = matches!(
            self.format,
            Alpha | Luminance | LuminanceAlpha | Intensity | Rgb | Rgba
        );
        eight_bit || self.depth_compare
    }

    pub fn target(&self) -> TexTarget {
        self.target
    }

    pub fn format(&self) -> TexFormat {
        self.format
    }

    pub fn filter(&self) -> Filter {
        self.filter
    }

    pub fn wrap(&self) -> Wrap {
        self.wrap
    }

    /// The base level's `[width, height, depth]` (of each face, for CUBE).
    pub fn size(&self) -> [usize; 3] {
        self.faces[0][0].size()
    }

    /// The number of levels: 1, or the whole chain with [`Filter::Mipmap`].
    pub fn level_count(&self) -> usize {
        self.faces[0].len()
    }

    /// Level `level` of face `face` (use face 0 except for CUBE, whose faces are indexed as
    /// [`CubeFace::index`]).
    pub fn level(&self, face: usize, level: usize) -> Option<&Level> {
        self.faces.get(face)?.get(level)
    }
}

const AXIS_NAMES: [&str; 3] = ["width", "height", "depth"];

fn texel_count(width: usize, height: usize, depth: usize) -> Result<usize, String> {
    let count = width.checked_mul(height).and_then(|n| n.checked_mul(depth));
    match count {
        Some(n) if n > 0 => Ok(n),
        _ => Err(format!("a texture cannot be {width}x{height}x{depth}")),
    }
}

fn level_from_rgba(
    format: TexFormat,
    width: usize,
    height: usize,
    depth: usize,
    texels: &[[f32; 4]],
) -> Result<Level, String> {
    let count = texel_count(width, height, depth)?;
    if texels.len() != count {
        return Err(format!(
            "a {width}x{height}x{depth} texture needs {count} texels, got {}",
            texels.len()
        ));
    }
    let texels = texels.iter().map(|&t| format.store(t)).collect();
    Level::new(width, height, depth, texels)
        .ok_or_else(|| format!("a texture cannot be {width}x{height}x{depth}"))
}
