//! Textures and texture lookups for TEX, TXP and TXD: 1D, 2D, 3D, CUBE and RECT targets, the base
//! formats of Table X.5, nearest / linear / mipmapped filtering with LOD from the quad's derivatives,
//! REPEAT, CLAMP_TO_EDGE, MIRRORED_REPEAT and CLAMP_TO_BORDER wrapping, and ARB_shadow's depth comparison for 1D, 2D and RECT
//! ([`Texture::with_depth_compare`]).
//!
//! The rules are OpenGL 1.2.1 section 3.8 (with GL 1.3 / ARB_texture_cube_map for cube maps and
//! NV_texture_rectangle for RECT), as the project's notes (item 8) require:
//!
//! - [`format`](mod@format): base formats and Table X.5;
//! - [`levels`]: texel storage and mipmap generation (sizes and the box filter are documented there);
//! - `filter`: wrapping, NEAREST and LINEAR (the exact rules are documented there);
//! - `filter::border`: CLAMP_TO_BORDER's NEAREST and LINEAR;
//! - `lod`: λ and the choice of mipmap levels;
//! - [`cube`]: face selection;
//! - `object`: [`Texture`] and its constructors;
//! - `sample`: lookups per target, [`Texture::sample`];
//! - `load`: [`load_texture`], textures from PNG files for `--tex UNIT=TARGET:FILE` (the file
//!   conventions of each target are documented there).
//!
//! The executor codes against [`Filter`], [`Lookup`] and [`TextureUnits::new`] / [`TextureUnits::bind`]
//! / [`TextureUnits::sample_quad`].

pub mod cube;
mod filter;
pub mod format;
pub mod levels;
mod load;
mod lod;
mod object;
mod sample;

pub use cube::{select_face, CubeCoord, CubeFace};
pub use format::TexFormat;
pub use levels::Level;
pub use load::load_texture;
pub use object::Texture;

use crate::isa::{TexTarget, TEXTURE_UNITS};

/// How a texture is filtered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Filter {
    /// NEAREST for minification and magnification.
    Nearest,
    /// LINEAR for minification and magnification.
    #[default]
    Linear,
    /// LINEAR_MIPMAP_LINEAR with mipmaps generated from the base level; LINEAR magnification.
    Mipmap,
}

/// How texture coordinates outside [0, 1] (RECT: [0, size]) are wrapped; one mode for s, t and r.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Wrap {
    /// REPEAT, GL's default (not allowed for RECT).
    #[default]
    Repeat,
    /// CLAMP_TO_EDGE, the only mode used for RECT.
    ClampToEdge,
    /// MIRRORED_REPEAT (GL 1.4): the texture repeated, every other copy mirrored.
    MirroredRepeat,
    /// CLAMP_TO_BORDER (GL 1.3): the border colour, transparent black, outside the texture
    /// (`border`).
    ClampToBorder,
}

/// How the lookup coordinates are to be used.
#[derive(Clone, Copy, Debug)]
pub enum Lookup {
    /// TEX: coordinates as given; LOD from the quad's derivatives of the coordinates.
    Implicit,
    /// TXP: s, t, r divided by q (except for CUBE); LOD from the derivatives of the divided coordinates.
    Projective,
    /// TXD: explicit derivatives per fragment, `[fragment][component]`.
    Gradients {
        ddx: [[f32; 4]; 4],
        ddy: [[f32; 4]; 4],
    },
}

/// The sixteen texture image units.
#[derive(Clone, Debug, Default)]
pub struct TextureUnits {
    units: Vec<Option<Texture>>,
}

impl TextureUnits {
    pub fn new() -> TextureUnits {
        TextureUnits {
            units: vec![None; usize::from(TEXTURE_UNITS)],
        }
    }

    /// Binds `texture` to `unit`. Units are 0..16 ([`TEXTURE_UNITS`]); binding to another number does
    /// nothing (callers validate unit numbers that come from input).
    pub fn bind(&mut self, unit: u8, texture: Texture) {
        if let Some(slot) = self.units.get_mut(usize::from(unit)) {
            *slot = Some(texture);
        }
    }

    /// Removes the texture bound to `unit`, if any.
    pub fn unbind(&mut self, unit: u8) {
        if let Some(slot) = self.units.get_mut(usize::from(unit)) {
            *slot = None;
        }
    }

    /// The texture bound to `unit`.
    pub fn get(&self, unit: u8) -> Option<&Texture> {
        self.units.get(usize::from(unit))?.as_ref()
    }

    /// Samples for the four fragments of a 2x2 quad. Fragment `i` of a quad sits at
    /// `(x0 + (i & 1), y0 + (i >> 1))` with y pointing up, so `DDX = f[1] - f[0]` and
    /// `DDY = f[2] - f[0]`.
    /// `coords` is `[fragment][s, t, r, q]`, and so is the result. A unit with no texture, or whose
    /// texture is incomplete for `target`, returns (0, 0, 0, 0).
    ///
    /// The implicit derivatives of TEX and TXP are those quad differences of the (divided) coordinates,
    /// shared by the four fragments; TXD uses each fragment's own.
    pub fn sample_quad(
        &self,
        unit: u8,
        target: TexTarget,
        coords: &[[f32; 4]; 4],
        lookup: &Lookup,
    ) -> [[f32; 4]; 4] {
        let components = sample::transpose(*coords);
        sample::transpose(self.sample_quad_components(unit, target, &components, lookup))
    }

    /// Whether every value [`TextureUnits::sample_quad`] returns for `unit` and `target` is finite
    /// and zero or normal ([`Texture::results_are_normal`]; a unit that returns zeros is too).
    #[inline]
    pub fn results_are_normal(&self, unit: u8, target: TexTarget) -> bool {
        match self.get(unit) {
            Some(texture) if texture.target() == target => texture.results_are_normal(),
            _ => true,
        }
    }

    /// [`TextureUnits::sample_quad`] with `coords` and the result in component-major order,
    /// `[s, t, r, q][fragment]` and `[r, g, b, a][fragment]`, the layout lookups filter the four
    /// fragments in (TXD's gradients stay `[fragment][component]`).
    // Inlined into callers in other crates (the JIT's helper), which then write the result where
    // it goes rather than copying it.
    #[inline]
    pub fn sample_quad_components(
        &self,
        unit: u8,
        target: TexTarget,
        coords: &[[f32; 4]; 4],
        lookup: &Lookup,
    ) -> [[f32; 4]; 4] {
        match self.get(unit) {
            Some(texture) if texture.target() == target => texture.sample_quad(coords, lookup),
            _ => [[0.0; 4]; 4],
        }
    }
}
