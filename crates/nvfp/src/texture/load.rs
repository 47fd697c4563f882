//! Textures from PNG files, for the command line's `--tex UNIT=TARGET:FILE`.
//!
//! Every picture is read with [`crate::image::read_png`]: its top row is at t = 1, and its channels
//! choose the format (gray → LUMINANCE, gray + alpha → LUMINANCE_ALPHA, RGB → RGB, RGBA → RGBA; all
//! stored as 8-bit formats). The targets take their images as follows.
//!
//! - **2D, RECT**: one PNG of any size.
//! - **1D**: one PNG whose height is 1.
//! - **CUBE**, either of:
//!   - a FILE containing `{face}`: six PNGs, `{face}` replaced by `px`, `nx`, `py`, `ny`, `pz`, `nz`
//!     (the faces +X, −X, +Y, −Y, +Z, −Z), e.g. `sky_{face}.png`;
//!   - otherwise one PNG that is a horizontal strip of six square faces in that order, left to right
//!     (width = 6 · height).
//!
//!   Each face is oriented like a 2D texture: the top row of its picture is at face coordinate t = 1.
//! - **3D**, either of:
//!   - a FILE containing `{slice}`: PNGs with `{slice}` replaced by 0, 1, 2, ... up to the first
//!     number with no file (at most 4096 slices), slice 0 at r = 0, e.g. `vol_{slice}.png`;
//!   - otherwise one PNG that is a horizontal strip of square slices, left to right from r = 0
//!     (width = depth · height).
//!
//! All the pictures of one texture must have the same size and the same channels. Textures come
//! back with the default state: [`super::Filter::Linear`], REPEAT (RECT: CLAMP_TO_EDGE).

use std::path::Path;

use super::cube::CubeFace;
use super::Texture;
use crate::image::{read_png, Image};
use crate::isa::TexTarget;

/// The most slices a `{slice}` pattern reads.
const MAX_SLICES: usize = 4096;

/// Loads a texture for `target` from `file` (a path, or a pattern for CUBE and 3D; see the module
/// documentation). Errors name the file and the problem.
pub fn load_texture(target: TexTarget, file: &str) -> Result<Texture, String> {
    match target {
        TexTarget::D2 | TexTarget::Rect => {
            let image = read_png(file)?;
            build(
                target,
                &image,
                image.width,
                image.height,
                1,
                &image.pixels,
                file,
            )
        }
        TexTarget::D1 => {
            let image = read_png(file)?;
            if image.height != 1 {
                return Err(format!(
                    "{file}: a 1D texture needs a picture of height 1, this one is {}x{}",
                    image.width, image.height
                ));
            }
            build(target, &image, image.width, 1, 1, &image.pixels, file)
        }
        TexTarget::Cube if file.contains("{face}") => load_cube_files(file),
        TexTarget::Cube => load_cube_strip(file),
        TexTarget::D3 if file.contains("{slice}") => load_slice_files(file),
        TexTarget::D3 => load_slice_strip(file),
    }
}

fn build(
    target: TexTarget,
    image: &Image,
    width: usize,
    height: usize,
    depth: usize,
    texels: &[[f32; 4]],
    file: &str,
) -> Result<Texture, String> {
    Texture::from_rgba_f32(target, width, height, depth, image.format(), texels)
        .map_err(|e| format!("{file}: {e}"))
}

/// Reads the pictures of a pattern and checks that they agree in size and channels.
fn read_all(names: &[String]) -> Result<Vec<Image>, String> {
    let images = names
        .iter()
        .map(read_png)
        .collect::<Result<Vec<Image>, String>>()?;
    let first = &images[0];
    for (image, name) in images.iter().zip(names).skip(1) {
        if (image.width, image.height) != (first.width, first.height) {
            return Err(format!(
                "{name}: {}x{} differs from {}x{} of {}",
                image.width, image.height, first.width, first.height, names[0]
            ));
        }
        if image.channels != first.channels {
            return Err(format!(
                "{name}: {} channel(s) differ from the {} of {}",
                image.channels, first.channels, names[0]
            ));
        }
    }
    Ok(images)
}

fn load_cube_files(pattern: &str) -> Result<Texture, String> {
    let names: Vec<String> = CubeFace::ALL
        .iter()
        .map(|f| pattern.replace("{face}", f.short_name()))
        .collect();
    let images = read_all(&names)?;
    let first = &images[0];
    if first.width != first.height {
        return Err(format!(
            "{}: cube faces must be square, this one is {}x{}",
            names[0], first.width, first.height
        ));
    }
    let faces: [&[[f32; 4]]; 6] = std::array::from_fn(|i| images[i].pixels.as_slice());
    Texture::cube(first.format(), first.width, faces).map_err(|e| format!("{pattern}: {e}"))
}

fn load_cube_strip(file: &str) -> Result<Texture, String> {
    let image = read_png(file)?;
    let size = image.height;
    if image.width != 6 * size {
        return Err(format!(
            "{file}: a cube strip is six square faces side by side (width = 6 x height), \
             this picture is {}x{}; or use a FILE with {{face}}",
            image.width, image.height
        ));
    }
    let faces = strip_tiles(&image, 6, file)?;
    let faces: [&[[f32; 4]]; 6] = std::array::from_fn(|i| faces[i].as_slice());
    Texture::cube(image.format(), size, faces).map_err(|e| format!("{file}: {e}"))
}

fn load_slice_files(pattern: &str) -> Result<Texture, String> {
    let names: Vec<String> = (0..MAX_SLICES)
        .map(|i| pattern.replace("{slice}", &i.to_string()))
        .take_while(|name| Path::new(name).exists())
        .collect();
    if names.is_empty() {
        return Err(format!(
            "{pattern}: no file for slice 0 ({})",
            pattern.replace("{slice}", "0")
        ));
    }
    let images = read_all(&names)?;
    let first = &images[0];
    let slices: Vec<&[[f32; 4]]> = images.iter().map(|i| i.pixels.as_slice()).collect();
    Texture::from_slices(first.format(), first.width, first.height, &slices)
        .map_err(|e| format!("{pattern}: {e}"))
}

fn load_slice_strip(file: &str) -> Result<Texture, String> {
    let image = read_png(file)?;
    let size = image.height;
    if size == 0 || image.width % size != 0 {
        return Err(format!(
            "{file}: a 3D strip is square slices side by side (width a multiple of the height), \
             this picture is {}x{}; or use a FILE with {{slice}}",
            image.width, image.height
        ));
    }
    let slices = strip_tiles(&image, image.width / size, file)?;
    let slices: Vec<&[[f32; 4]]> = slices.iter().map(Vec::as_slice).collect();
    Texture::from_slices(image.format(), size, size, &slices).map_err(|e| format!("{file}: {e}"))
}

/// The `count` square tiles of a horizontal strip, left to right.
fn strip_tiles(image: &Image, count: usize, file: &str) -> Result<Vec<Vec<[f32; 4]>>, String> {
    let size = image.height;
    (0..count)
        .map(|i| {
            image
                .crop(i * size, 0, size, size)
                .ok_or_else(|| format!("{file}: tile {i} lies outside the picture"))
        })
        .collect()
}
