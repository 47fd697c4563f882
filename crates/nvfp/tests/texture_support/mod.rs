//! Helpers shared by the texture tests: building small textures from a formula, sampling single
//! points and quads.
#![allow(dead_code)]

use nvfp::isa::TexTarget;
use nvfp::texture::{Lookup, TexFormat, Texture, TextureUnits};

/// A FLOAT_R texture whose texel (x, y, z) holds `value(x, y, z)` in R, so lookups read
/// (value, 0, 0, 1).
pub fn float_r(
    target: TexTarget,
    size: [usize; 3],
    value: impl Fn(usize, usize, usize) -> f32,
) -> Texture {
    let mut texels = Vec::new();
    for z in 0..size[2] {
        for y in 0..size[1] {
            for x in 0..size[0] {
                texels.push([value(x, y, z), 0.0, 0.0, 0.0]);
            }
        }
    }
    Texture::from_rgba_f32(
        target,
        size[0],
        size[1],
        size[2],
        TexFormat::FloatR,
        &texels,
    )
    .expect("valid test texture")
}

/// The lookup at one point with zero derivatives.
pub fn at(texture: &Texture, coord: [f32; 3]) -> [f32; 4] {
    texture.sample(coord, [0.0; 3], [0.0; 3])
}

/// The R component of the lookup at one point with zero derivatives.
pub fn r_at(texture: &Texture, coord: [f32; 3]) -> f32 {
    at(texture, coord)[0]
}

/// The R component of the lookup at `coord` with the given derivatives.
pub fn r_with_derivatives(texture: &Texture, coord: [f32; 3], dx: [f32; 3], dy: [f32; 3]) -> f32 {
    texture.sample(coord, dx, dy)[0]
}

/// `texture` bound to unit 0 and sampled for a quad through `target`.
pub fn quad(
    texture: Texture,
    target: TexTarget,
    coords: [[f32; 4]; 4],
    lookup: Lookup,
) -> [[f32; 4]; 4] {
    let mut units = TextureUnits::new();
    units.bind(0, texture);
    units.sample_quad(0, target, &coords, &lookup)
}

/// A fresh empty directory for files written by a test.
pub fn scratch_dir(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("nvfp-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch directory");
    dir
}
