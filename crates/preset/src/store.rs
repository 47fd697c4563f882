//! Framebuffers stored at their format, and textures made from them and from LUT pictures.
//!
//! A pass renders in float; what the next pass reads is what its framebuffer keeps: an 8-bit UNORM
//! framebuffer rounds each component, clamped to [0, 1], to k/255; an sRGB one encodes to 8-bit sRGB
//! and is decoded back to linear when read (the sRGB transfer functions of IEC 61966-2-1, as GL's
//! EXT_texture_sRGB and ARB_framebuffer_sRGB use them); a half-float one (RGBA16F, the slang
//! runtimes' float framebuffer) keeps each component converted to fp16 toward zero; a float one
//! (RGBA32F, RetroArch's GL Cg runtime's) keeps the floats. The texture holding the kept values is
//! a float RGBA texture, so that sampling does not round again.

use crate::model::WrapMode;
use nvfp::isa::TexTarget;
use nvfp::texture::format::quantize_unorm8;
use nvfp::texture::{Filter, TexFormat, Texture, Wrap};

/// How a framebuffer keeps its pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Unorm8,
    Srgb8,
    Half,
    Float,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Unorm8 => "RGBA8",
            Format::Srgb8 => "SRGB8_ALPHA8",
            Format::Half => "RGBA16F",
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
            Format::Half => c.map(half_toward_zero),
            Format::Float => c,
        }
    }
}

/// What an fp16 component keeps of `x`: the fp16 value next to `x` towards zero (finite values
/// beyond the largest, 65504, keep 65504; infinities and NaN stay). Vulkan leaves the rounding of
/// a float-to-fp16 conversion to the implementation; lavapipe's framebuffer writes truncate
/// (measured, docs/presets.md), and so do the NVIDIA driver's, as far as librashader's pictures on
/// it show.
///
/// ```
/// use pigment_preset::store::half_toward_zero;
/// // 0.7 lies between the fp16 values 1433/2048 and 1434/2048, nearer the second.
/// assert_eq!(half_toward_zero(0.7), 1433.0 / 2048.0);
/// assert_eq!(half_toward_zero(-0.7), -1433.0 / 2048.0);
/// assert_eq!(half_toward_zero(1.0e6), 65504.0);
/// ```
pub fn half_toward_zero(x: f32) -> f32 {
    /// The largest finite fp16 value.
    const MAX: f32 = 65504.0;
    /// 2^-14, the smallest normal fp16 magnitude; below it fp16 keeps multiples of 2^-24.
    const MIN_NORMAL: f32 = 1.0 / 16384.0;
    const DENORMAL_STEPS: f32 = 16_777_216.0;
    if !x.is_finite() {
        return x;
    }
    let m = x.abs();
    let kept = if m >= MAX {
        MAX
    } else if m < MIN_NORMAL {
        // Exact: scaling by a power of two and truncating lose nothing but the dropped steps.
        (m * DENORMAL_STEPS).trunc() / DENORMAL_STEPS
    } else {
        // A normal fp16 has 10 of f32's 23 mantissa bits.
        f32::from_bits(m.to_bits() & !0x1FFF)
    };
    kept.copysign(x)
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

    /// The fp16 values toward zero of values between each pair of neighbouring fp16 values, from
    /// an independent description of fp16: the denormals k·2^-24 (k < 1024), and the normals
    /// (1024 + k)·2^(e - 10) for exponents e from -14 to 15.
    #[test]
    fn half_toward_zero_keeps_the_fp16_value_below() {
        let denormals = (0..1024).map(|k| (f64::from(k), 2f64.powi(-24)));
        let normals = (-14..16).flat_map(|e: i32| {
            (0..1024).map(move |k| (f64::from(1024 + k) * 2f64.powi(e - 10), 2f64.powi(e - 10)))
        });
        for (below, step) in denormals.map(|(k, s)| (k * s, s)).chain(normals) {
            if below >= 65504.0 {
                continue;
            }
            for frac in [0.0, 0.25, 0.5, 0.75, 0.999] {
                let x = (below + frac * step) as f32;
                assert_eq!(half_toward_zero(x), below as f32, "{x:e}");
                assert_eq!(half_toward_zero(-x), -below as f32, "{:e}", -x);
            }
        }
        assert_eq!(half_toward_zero(70000.0), 65504.0);
        assert_eq!(half_toward_zero(f32::INFINITY), f32::INFINITY);
        assert!(half_toward_zero(f32::NAN).is_nan());
    }

    #[test]
    fn formats_keep_what_they_store() {
        let c = [0.5, -1.0, 2.0, 0.3];
        // 0.5 * 255 = 127.5 rounds to the even 128; 0.3 * 255 = 76.5 rounds to 76.
        assert_eq!(
            Format::Unorm8.keep(c),
            [128.0 / 255.0, 0.0, 1.0, 76.0 / 255.0]
        );
        assert_eq!(Format::Float.keep(c), c);
        // 0.7 lies between the fp16 values 1433/2048 and 1434/2048 (nearer the second).
        assert_eq!(Format::Half.keep([0.7; 4]), [1433.0 / 2048.0; 4]);
        // Linear 0.5 is sRGB 0.7354, code 188 (0.73725), which decodes to 0.50289.
        let s = Format::Srgb8.keep(c);
        assert!((s[0] - 0.502_886).abs() < 1e-5, "{}", s[0]);
        assert_eq!((s[1], s[2]), (0.0, 1.0));
    }
}
