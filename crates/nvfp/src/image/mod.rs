//! PNG files: reading pictures into RGBA floats for textures, and writing rendered images.
//!
//! Both directions use the reference quad's orientation (reference-quad.md): in memory, row 0 is the
//! bottom row of the picture (t = 0, window y = 0), while a PNG stores its top row first. So a
//! picture read here has its top row at t = 1, and a picture written here looks upright.
//!
//! Reading accepts every PNG colour type and bit depth: palettes are expanded to RGB (RGBA when the
//! file has transparency), gray below 8 bits is expanded, a tRNS chunk becomes an alpha channel, and
//! 16-bit samples are read at full precision as k / 65535. Pictures are limited to
//! [`MAX_PIXELS`] pixels.
//!
//! Writing (`png_out`) converts and filters bands of rows in parallel, and compresses them with
//! the PNG encoder's fast compressor while later bands are still being shaded. `raw` writes the
//! floats themselves, also band by band as shading finishes them.

mod frame;
mod png_out;
mod raw;

pub use frame::FrameFiles;
pub use png_out::{encode_png, write_png, PngStream};
pub use raw::{raw_bytes, write_raw, RawFile};

use std::path::Path;

use pigment_diag::read::{read_bounded, MAX_BINARY_BYTES};

use crate::texture::format::unorm8_to_f32;
use crate::texture::TexFormat;

pub use crate::texture::load_texture;

/// The largest picture read, in pixels (4096 x 4096).
pub const MAX_PIXELS: usize = 1 << 24;

/// A decoded picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Image {
    pub width: usize,
    pub height: usize,
    /// Channels after expansion: 1 gray, 2 gray + alpha, 3 RGB, 4 RGBA.
    pub channels: u8,
    /// RGBA pixels, bottom row first, x fastest. Gray pixels read (L, L, L, 1), gray + alpha
    /// (L, L, L, A), RGB (R, G, B, 1).
    pub pixels: Vec<[f32; 4]>,
}

impl Image {
    /// The texture format the picture's channels call for: gray → LUMINANCE, gray + alpha →
    /// LUMINANCE_ALPHA, RGB → RGB, RGBA → RGBA.
    pub fn format(&self) -> TexFormat {
        match self.channels {
            1 => TexFormat::Luminance,
            2 => TexFormat::LuminanceAlpha,
            3 => TexFormat::Rgb,
            _ => TexFormat::Rgba,
        }
    }

    /// The pixel at column `x`, row `y` counted from the bottom; `None` outside the picture.
    pub fn pixel(&self, x: usize, y: usize) -> Option<[f32; 4]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        Some(self.pixels[y * self.width + x])
    }

    /// The pixels of the `width` x `height` rectangle whose bottom-left pixel is (x, y), bottom row
    /// first; `None` if it does not fit in the picture.
    pub fn crop(&self, x: usize, y: usize, width: usize, height: usize) -> Option<Vec<[f32; 4]>> {
        if x.checked_add(width)? > self.width || y.checked_add(height)? > self.height {
            return None;
        }
        let mut out = Vec::with_capacity(width * height);
        for row in y..y + height {
            let start = row * self.width + x;
            out.extend_from_slice(&self.pixels[start..start + width]);
        }
        Some(out)
    }
}

/// Reads the PNG file at `path` (a regular file of at most [`MAX_BINARY_BYTES`]). Errors name the
/// file once and stand alone: `cannot read `PATH`: ...` or `PATH: not a readable PNG: ...`.
pub fn read_png(path: impl AsRef<Path>) -> Result<Image, String> {
    let path = path.as_ref();
    let bytes = read_bounded(path, MAX_BINARY_BYTES).map_err(|e| e.to_string())?;
    read_png_bytes(&bytes, &path.display().to_string())
}

/// Decodes a PNG held in memory; `name` names it in errors.
pub fn read_png_bytes(bytes: &[u8], name: &str) -> Result<Image, String> {
    let fail = |e: png::DecodingError| format!("{name}: not a readable PNG: {e}");
    let mut decoder = png::Decoder::new(bytes);
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().map_err(fail)?;
    let (width, height) = reader.info().size();
    let (width, height) = (width as usize, height as usize);
    if width == 0 || height == 0 {
        return Err(format!("{name}: the picture is {width}x{height}"));
    }
    if width.saturating_mul(height) > MAX_PIXELS {
        return Err(format!(
            "{name}: {width}x{height} pixels is more than the {MAX_PIXELS} this tool reads"
        ));
    }
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).map_err(fail)?;
    let channels = match info.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => {
            return Err(format!("{name}: palette was not expanded"));
        }
    };
    let samples = decode_samples(&buffer, info.bit_depth, info.line_size, width * channels)
        .ok_or_else(|| format!("{name}: unsupported bit depth {:?}", info.bit_depth))?;
    let mut pixels = vec![[0.0; 4]; width * height];
    for (png_row, row) in samples
        .chunks_exact(width * channels)
        .enumerate()
        .take(height)
    {
        let y = height - 1 - png_row;
        for (x, pixel) in row.chunks_exact(channels).enumerate() {
            pixels[y * width + x] = expand_to_rgba(pixel);
        }
    }
    Ok(Image {
        width,
        height,
        channels: channels as u8,
        pixels,
    })
}

/// The samples of each row as floats in [0, 1], rows in file order (top first), without padding.
fn decode_samples(
    buffer: &[u8],
    depth: png::BitDepth,
    line_size: usize,
    per_row: usize,
) -> Option<Vec<f32>> {
    let mut out = Vec::new();
    for line in buffer.chunks_exact(line_size) {
        match depth {
            png::BitDepth::Eight => {
                out.extend(line[..per_row].iter().map(|&b| unorm8_to_f32(b)));
            }
            png::BitDepth::Sixteen => out.extend(
                line[..per_row * 2]
                    .chunks_exact(2)
                    .map(|b| f32::from(u16::from_be_bytes([b[0], b[1]])) / 65535.0),
            ),
            _ => return None,
        }
    }
    Some(out)
}

fn expand_to_rgba(pixel: &[f32]) -> [f32; 4] {
    match *pixel {
        [l] => [l, l, l, 1.0],
        [l, a] => [l, l, l, a],
        [r, g, b] => [r, g, b, 1.0],
        [r, g, b, a] => [r, g, b, a],
        _ => [0.0, 0.0, 0.0, 0.0],
    }
}

/// The 8-bit value written for `v`: round(clamp(v, 0, 1) · 255), NaN → 0 (reference-quad.md).
pub fn to_png8(v: f32) -> u8 {
    // Without branches, so that a pixel's four samples convert together: `max` returns the
    // number when one side is NaN, so NaN becomes 0 here. round() half away from zero, without
    // the libm call `f32::round` is on baseline x86-64: x is in [0, 255], so the truncation is
    // exact and so is the fraction x - whole.
    #[allow(clippy::manual_clamp)] // `clamp` keeps NaN, which must become 0
    let x = v.max(0.0).min(1.0) * 255.0;
    let whole = x as u8;
    whole + u8::from(x - f32::from(whole) >= 0.5)
}
