//! Textures and texture lookups for TEX, TXP and TXD: 1D, 2D, 3D, CUBE and RECT targets, the base
//! formats of Table X.5, nearest / linear / mipmapped filtering with LOD from the quad's derivatives,
//! REPEAT and CLAMP_TO_EDGE wrapping.
//!
//! INTERFACE CONTRACT (the executor depends on these signatures; the bodies are being written).

use crate::isa::TexTarget;

/// How a texture is filtered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Filter {
    Nearest,
    #[default]
    Linear,
    /// LINEAR_MIPMAP_LINEAR with mipmaps generated from the base level.
    Mipmap,
}

/// A texture image bound to a unit.
#[derive(Clone, Debug)]
pub struct Texture {}

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
            units: vec![None; 16],
        }
    }

    pub fn bind(&mut self, unit: u8, texture: Texture) {
        self.units[unit as usize] = Some(texture);
    }

    /// Samples for the four fragments of a 2x2 quad. Fragment `i` of a quad sits at
    /// `(x0 + (i & 1), y0 + (i >> 1))` with y pointing up, so DDX = f[1] - f[0] and DDY = f[2] - f[0].
    /// `coords` is `[fragment][s, t, r, q]`. A unit with no texture, or whose texture is incomplete for
    /// `target`, returns (0, 0, 0, 0).
    pub fn sample_quad(
        &self,
        unit: u8,
        target: TexTarget,
        coords: &[[f32; 4]; 4],
        lookup: &Lookup,
    ) -> [[f32; 4]; 4] {
        let _ = (unit, target, coords, lookup, &self.units);
        [[0.0; 4]; 4]
    }
}
