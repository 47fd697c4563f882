//! The fp30 mode's helpers for the versions without bit casts, `isnan` or `roundEven` (GLSL
//! 1.10-1.20 and ES 1.00 lack all three; 1.30-1.50 lack bit casts): the same rules computed by
//! arithmetic that Mesa's llvmpipe keeps as written (crates/glsl's tests/precision.rs draws
//! them).
//!
//! * NaN test: `!(x >= x)`, false for every number and true for NaN alone.
//! * A NaN to return: `log2` of a negative number, computed at run time.
//! * fp16 rounding, Veltkamp's split: t = x·(2^13 + 1), then t − (t − x) is x rounded to
//!   24 − 13 = 11 significant bits, to nearest with ties to even, as fp16 rounds a normal value;
//!   fp16's denormals (below 2^-14) are rounded to multiples of 2^-24 with ties away from zero.
//! * fx12: clamped, then rounded to a multiple of 1/1024 by `floor(1024·x + 0.5)` (a tie goes up,
//!   where fp30 rounds it to even).

/// The NaN test the helpers below use.
pub(super) const IS_NAN: &str = "
// true for NaN only (no isnan before GLSL 1.30)
bool cg_isnan(float x)
{
    return !(x >= x);
}
";

/// A NaN without bit casts, for [`super::nan_rules`]: the logarithm of a negative number (Mesa
/// keeps `log2` of -1 a NaN; `a` is the helper's first operand).
pub(super) const NAN: &str = "log2(-1.0 - abs(a))";

/// [`super::HALF`] by Veltkamp's split.
pub(super) const HALF: &str = "
// fp30's half: x rounded to fp16 (nearest, ties to even; beyond 65504 + 16 infinite), in a float
float cg_half(float x)
{
    if (!(abs(x) < 65520.0))
        return x * 1.0e38 * 1.0e38;
    if (abs(x) < 6.103515625e-05)
        return floor(x * 16777216.0 + 0.5) / 16777216.0;
    float t = x * 8193.0;
    return t - (t - x);
}
";

/// [`super::FIXED`] without `isnan` and `roundEven`.
pub(super) const FIXED: &str = "
// fp30's fixed (fx12): NaN is 0, clamped to [-2, 2047/1024], rounded to a multiple of 1/1024
float cg_fixed(float x)
{
    return cg_isnan(x) ? 0.0 : floor(clamp(x, -2.0, 1.9990234375) * 1024.0 + 0.5) / 1024.0;
}
";
