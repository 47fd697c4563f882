//! The number formats as the executor meets them: the scalar conversions are `pigment_numeric`'s (the
//! one definition the shading IR shares), keyed here by an instruction's [`Precision`], plus the
//! slice-wide conversion the batch loops use.

use crate::isa::Precision;
pub use pigment_numeric::{
    floor, fp16_bits, fp16_value, to_fp32, Format, Fp16, Fp32, Fx12, Rounding, CANONICAL_NAN,
};

/// The number format of a precision suffix (R, H, X: 3.11.4.2).
pub fn format(precision: Precision) -> Format {
    match precision {
        Precision::R => Format::Fp32,
        Precision::H => Format::Fp16,
        Precision::X => Format::Fx12,
    }
}

/// Converts one value to `precision`.
#[inline]
pub fn convert(precision: Precision, x: f32) -> f32 {
    pigment_numeric::convert(format(precision), x)
}

/// Converts every value of `values` to `precision` in place (one match per slice, so the per-lane loop
/// has no branches on the format).
pub fn convert_slice(precision: Precision, values: &mut [f32]) {
    match precision {
        Precision::R => convert_each::<Fp32>(values),
        Precision::H => convert_each::<Fp16>(values),
        Precision::X => convert_each::<Fx12>(values),
    }
}

fn convert_each<P: Rounding>(values: &mut [f32]) {
    values.iter_mut().for_each(|v| *v = P::last(*v));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slice_conversion_matches_scalar() {
        let values = [1.0 + 2f32.powi(-11), 70000.0, f32::NAN, 1e-6, -3.3, -0.0];
        for precision in [Precision::R, Precision::H, Precision::X] {
            let mut converted = values;
            convert_slice(precision, &mut converted);
            let expected = values.map(|v| convert(precision, v));
            assert_eq!(converted.map(f32::to_bits), expected.map(f32::to_bits));
        }
    }

    #[test]
    fn precisions_name_their_formats() {
        assert_eq!(format(Precision::R), Format::Fp32);
        assert_eq!(format(Precision::H), Format::Fp16);
        assert_eq!(format(Precision::X), Format::Fx12);
    }
}
