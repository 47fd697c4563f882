//! Texture base formats and Table X.5 of NV_fragment_program: which filtered components a lookup
//! returns, and how texel values are stored (8-bit normalized or 32-bit float).
//!
//! Texels are kept already mapped to the result vector of Table X.5 (LUMINANCE as (L, L, L, 1),
//! ALPHA as (0, 0, 0, A), ...). Filtering is done per component with weights that reproduce constant
//! components exactly (see `filter::lerp`), so mapping before filtering gives the same result as
//! filtering the stored components and mapping afterwards, as the spec describes it.

/// The base internal formats of Table X.5 that this implementation supports.
///
/// The first six are stored as 8-bit normalized values (like GL's `ALPHA8`, `LUMINANCE8`, ...,
/// `RGBA8`); the `Float*` formats (NV_float_buffer's `FLOAT_R_NV` ... `FLOAT_RGBA_NV`) keep 32-bit
/// floats. The HILO and DSDT formats of NV_texture_shader are not supported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexFormat {
    Alpha,
    Luminance,
    LuminanceAlpha,
    Intensity,
    Rgb,
    Rgba,
    FloatR,
    FloatRg,
    FloatRgb,
    FloatRgba,
}

impl TexFormat {
    pub const ALL: [TexFormat; 10] = [
        TexFormat::Alpha,
        TexFormat::Luminance,
        TexFormat::LuminanceAlpha,
        TexFormat::Intensity,
        TexFormat::Rgb,
        TexFormat::Rgba,
        TexFormat::FloatR,
        TexFormat::FloatRg,
        TexFormat::FloatRgb,
        TexFormat::FloatRgba,
    ];

    /// The GL name of the base internal format.
    pub fn name(self) -> &'static str {
        match self {
            TexFormat::Alpha => "ALPHA",
            TexFormat::Luminance => "LUMINANCE",
            TexFormat::LuminanceAlpha => "LUMINANCE_ALPHA",
            TexFormat::Intensity => "INTENSITY",
            TexFormat::Rgb => "RGB",
            TexFormat::Rgba => "RGBA",
            TexFormat::FloatR => "FLOAT_R_NV",
            TexFormat::FloatRg => "FLOAT_RG_NV",
            TexFormat::FloatRgb => "FLOAT_RGB_NV",
            TexFormat::FloatRgba => "FLOAT_RGBA_NV",
        }
    }

    /// Whether texels keep full 32-bit float values (otherwise they are 8-bit normalized).
    pub fn is_float(self) -> bool {
        matches!(
            self,
            TexFormat::FloatR | TexFormat::FloatRg | TexFormat::FloatRgb | TexFormat::FloatRgba
        )
    }

    /// Table X.5: the lookup result for a texel whose components were given as `rgba`.
    ///
    /// The components a format keeps are taken from RGBA data the way GL's pixel transfer does when
    /// it builds an internal format from RGBA pixels (GL 1.2.1 Table 3.15): LUMINANCE and INTENSITY
    /// take R, ALPHA takes A.
    pub fn result_vector(self, rgba: [f32; 4]) -> [f32; 4] {
        let [r, g, b, a] = rgba;
        match self {
            TexFormat::Alpha => [0.0, 0.0, 0.0, a],
            TexFormat::Luminance => [r, r, r, 1.0],
            TexFormat::LuminanceAlpha => [r, r, r, a],
            TexFormat::Intensity => [r, r, r, r],
            TexFormat::Rgb | TexFormat::FloatRgb => [r, g, b, 1.0],
            TexFormat::Rgba | TexFormat::FloatRgba => [r, g, b, a],
            TexFormat::FloatR => [r, 0.0, 0.0, 1.0],
            TexFormat::FloatRg => [r, g, 0.0, 1.0],
        }
    }

    /// The stored texel for RGBA input: quantized to 8 bits unless the format is a float format,
    /// then mapped by Table X.5.
    pub fn store(self, rgba: [f32; 4]) -> [f32; 4] {
        let stored = if self.is_float() {
            rgba
        } else {
            rgba.map(quantize_unorm8)
        };
        self.result_vector(stored)
    }
}

/// The value GL gives the 8-bit normalized component `k`: k / 255 (GL 1.2.1 Table 2.7, c / (2^8 - 1)),
/// correctly rounded to f32.
pub fn unorm8_to_f32(k: u8) -> f32 {
    f32::from(k) / 255.0
}

/// The 8-bit code GL stores for a float component: round(clamp(v, 0, 1) * 255) (GL 2.x section
/// 2.1.6). Ties, which GL leaves open, go to the even code as with IEEE round-to-nearest; NaN gives 0.
pub fn f32_to_unorm8(v: f32) -> u8 {
    if v.is_nan() {
        return 0;
    }
    // The clamp keeps the value in 0..=255, so the conversion is exact.
    (v.clamp(0.0, 1.0) * 255.0).round_ties_even() as u8
}

/// `v` after a round trip through an 8-bit normalized component.
pub fn quantize_unorm8(v: f32) -> f32 {
    unorm8_to_f32(f32_to_unorm8(v))
}
