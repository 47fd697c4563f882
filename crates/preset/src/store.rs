//! Framebuffers stored at their format, and textures made from them and from LUT pictures.
//!
//! A pass renders in float; what the next pass reads is what its framebuffer keeps: an 8-bit UNORM
//! framebuffer rounds each component, clamped to [0, 1], to k/255; an sRGB one encodes to 8-bit sRGB
//! and is decoded back to linear when read (the sRGB transfer functions of IEC 61966-2-1, as GL's
//! EXT_texture_sRGB and ARB_framebuffer_sRGB use them); a float one keeps the floats. The texture
//! holding the kept values is a float RGBA texture, so that sampling does not round again.

use crate::model::WrapMode;
use nvfp::isa::TexTarget;
use nvfp::texture::format::quantize_unorm8;
use nvfp::texture::{Filter, TexFormat, Texture, Wrap};

/// How a framebuffer keeps its pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Unorm8,
    Srgb8,
    Float,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Unorm8 => "RGBA8",
            Format::Srgb8 => "SRGB8_ALPHA8",
            Format::Float => "RGBA32F",
        }
    }

    /// What a framebuffer of this format keeps of a shaded colour.
    pub fn keep(self, c: [f32; 4]) -> [f32; 4] {
        match self {
            Format::Unorm8 => c.map(quantize_unorm8),
            // Alpha is stored linearly in an sRGB format.
            Format::Srgb8 => [
                srgb_round_trip(c[0]),
                srgb_round_trip(c[1]),
                srgb_round_trip(c[2]),
                quantize_unorm8(c[3]),
            ],
            Format::Float => c,
        }
    }
}

fn srgb_round_trip(linear: f32) -> f32 {
    to_linear(quantize_unorm8(to_srgb(linear.clamp(0.0, 1.0))))
}

/// The sRGB encoding of a linear value in [0, 1].
pub fn to_srgb(l: f32) -> f32 {
    if l <= 0.003_130_8 {
        12.92 * l
    } else {
        1.055 * l.powf(1.0 / 2.4) - 0.055
    }
}

/// The linear value of an sRGB-encoded one in [0, 1].
pub fn to_linear(s: f32) -> f32 {
    if s <= 0.040_45 {
        s / 12.92
    } else {
        ((s + 0.055) / 1.055).powf(2.4)
    }
}

/// The machine's wrap mode for a preset's: the same four, clamp-to-border reading transparent
/// black outside (GL's default border colour, and the one librashader's Vulkan samplers use).
pub fn machine_wrap(mode: WrapMode) -> Wrap {
    match mode {
        WrapMode::Repeat => Wrap::Repeat,
        WrapMode::MirroredRepeat => Wrap::MirroredRepeat,
        WrapMode::ClampToBorder => Wrap::ClampToBorder,
        WrapMode::ClampToEdge => Wrap::ClampToEdge,
    }
}

/// A 2D texture of `pixels` (`width` x `height`, bottom row first), sampled with `filter` and `wrap`.
pub fn texture(
    width: u32,
    height: u32,
    pixels: &[[f32; 4]],
    filter: Filter,
    wrap: WrapMode,
) -> Result<Texture, String> {
    Texture::from_rgba_f32(
        TexTarget::D2,
        width as usize,
        height as usize,
        1,
        TexFormat::FloatRgba,
        pixels,
    )
    .map(|t| t.with_filter(filter).with_wrap(machine_wrap(wrap)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_keep_what_they_store() {
        let c = [0.5, -1.0, 2.0, 0.3];
        // 0.5 * 255 = 127.5 rounds to the even 128; 0.3 * 255 = 76.5 rounds to 76.
        assert_eq!(
            Format::Unorm8.keep(c),
            [128.0 / 255.0, 0.0, 1.0, 76.0 / 255.0]
        );
        assert_eq!(Format::Float.keep(c), c);
        // Linear 0.5 is sRGB 0.7354, code 188 (0.73725), which decodes to 0.50289.
        let s = Format::Srgb8.keep(c);
        assert!((s[0] - 0.502_886).abs() < 1e-5, "{}", s[0]);
        assert_eq!((s[1], s[2]), (0.0, 1.0));
    }
}
