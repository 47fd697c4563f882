//! Deterministic approximations for RCP, RSQ, EX2, LG2, SIN, COS and POW (notes item 5).
//!
//! Everything is computed in f64 with nothing but IEEE-754 basic operations (+, -, *, /, sqrt, floor
//! and round, which are exact or correctly rounded everywhere) and then rounded once to f32, so the
//! result bits are the same on every machine: no call goes to the platform's libm, whose exp2 / log2 /
//! sin / cos differ between systems. The polynomials are accurate to a few f64 ulps, far inside the
//! spec's 2^-22 bounds; the final f32 rounding is therefore almost always the correctly rounded one.
//! Rust never contracts `a * b + c` into a fused multiply-add, so the sequences below are fixed.
//!
//! The special cases listed in section 3.11.5 fall out of IEEE arithmetic on the f64 values; where a
//! rule needs an explicit branch it says which rule. Results are plain f32 values (an fp32 denormal is
//! possible, e.g. EX2(-130)); the caller converts them to its format.

const LN_2: f64 = std::f64::consts::LN_2;

/// RCP (3.11.5.25): 1/x. IEEE division gives every special case: 1/±0 = ±INF, 1/±INF = ±0, NaN.
#[inline]
pub fn reciprocal(x: f32) -> f32 {
    (1.0 / x as f64) as f32
}

/// RSQ (3.11.5.27): 1/sqrt(x). IEEE sqrt and division give the special cases: sqrt(-0) = -0 so
/// RSQ(-0) = -INF (rule 5), RSQ(+INF) = +0, and negative x or -INF give NaN (rules 3 and 6).
#[inline]
pub fn reciprocal_sqrt(x: f32) -> f32 {
    (1.0 / (x as f64).sqrt()) as f32
}

/// EX2 (3.11.5.8): 2^x, rounded to f32.
#[inline]
pub fn exp2(x: f32) -> f32 {
    exp2_f64(x as f64) as f32
}

/// LG2 (3.11.5.12): log2(x), rounded to f32.
#[inline]
pub fn log2(x: f32) -> f32 {
    log2_f64(x as f64) as f32
}

/// POW (3.11.5.24): ApproxPower(a, b) = ApproxExp2(b * ApproxLog2(a)), carried out in f64. The
/// listed special cases 1-9 and 11-14 follow from the LG2, MUL and EX2 rules; rule 10 does not (the
/// derivation gives EX2(-INF) = +0.0 for POW(+INF, x < 0)) and is applied as written: +INF.
#[inline]
pub fn power(a: f32, b: f32) -> f32 {
    power_exception(a, b).unwrap_or_else(|| exp2_f64(b as f64 * log2_f64(a as f64)) as f32)
}

/// The result of ApproxPower(a, b) where the spec's list of special cases (3.11.5.24) departs from
/// exp2(b · log2(a)): only rule 10, "ApproxPower(+INF, <x>) = +INF, if x < -0.0" (the derivation would
/// give exp2(-INF) = +0.0). `None` everywhere else.
#[inline]
pub fn power_exception(a: f32, b: f32) -> Option<f32> {
    (a == f32::INFINITY && b < 0.0).then_some(f32::INFINITY)
}

/// SIN (3.11.5.32). SIN(±0) = ±0 (the polynomial is odd and keeps the sign of zero); ±INF and NaN
/// give NaN.
#[inline]
pub fn sine(x: f32) -> f32 {
    let (quadrant, r) = reduce_half_pi(x as f64);
    quadrant_value(quadrant, r) as f32
}

/// COS (3.11.5.2): cos(x) = sin(x + pi/2), taken one quadrant further. COS(±0) = +1.
#[inline]
pub fn cosine(x: f32) -> f32 {
    let (quadrant, r) = reduce_half_pi(x as f64);
    quadrant_value(quadrant.wrapping_add(1), r) as f32
}

/// 2^x in f64. Special cases of EX2: NaN -> NaN, -INF -> +0, +INF -> +INF, ±0 -> 1.
fn exp2_f64(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    // Beyond these bounds the f32 result is INF or flushes to zero anyway.
    if x > 200.0 {
        return f64::INFINITY;
    }
    if x < -200.0 {
        return 0.0;
    }
    // x = n + f with n an integer and |f| <= 1/2: 2^x = 2^n * e^(f ln 2).
    let n = x.round();
    let t = (x - n) * LN_2;
    scale_by_power_of_two(exp_small(t), n as i32)
}

/// 1/k! for k = 0..=14 (each the f64 nearest the exact fraction).
pub const INV_FACTORIAL: [f64; 15] = [
    1.0,
    1.0,
    0.5,
    0.166_666_666_666_666_66,
    0.041_666_666_666_666_664,
    0.008_333_333_333_333_333,
    0.001_388_888_888_888_889,
    0.000_198_412_698_412_698_4,
    2.480_158_730_158_73e-5,
    2.755_731_922_398_589_3e-6,
    2.755_731_922_398_589e-7,
    2.505_210_838_544_172e-8,
    2.087_675_698_786_81e-9,
    1.605_904_383_682_161_3e-10,
    1.147_074_559_772_972_5e-11,
];

/// e^t for |t| <= ln(2)/2 by its Taylor series (terms up to t^14/14! < 1e-19), Horner form.
fn exp_small(t: f64) -> f64 {
    INV_FACTORIAL.iter().rev().fold(0.0, |sum, &c| c + t * sum)
}

/// v * 2^n for |n| <= 200, exactly (the power of two is built from its bits).
fn scale_by_power_of_two(v: f64, n: i32) -> f64 {
    v * f64::from_bits(((1023 + n) as u64) << 52)
}

/// log2(x) in f64. Special cases of LG2: NaN -> NaN, +INF -> +INF, ±0 -> -INF, x < 0 or -INF -> NaN.
fn log2_f64(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    if x == f64::INFINITY {
        return f64::INFINITY;
    }
    // Every input came from an f32 or an fp16, so it is a normal f64: x = m * 2^e with m in [1, 2).
    let bits = x.to_bits();
    let mut exponent = ((bits >> 52) & 0x7FF) as i64 - 1023;
    let mut mantissa = f64::from_bits((bits & 0x000F_FFFF_FFFF_FFFF) | (1023 << 52));
    // Centre the mantissa on 1 (m in [sqrt(1/2), sqrt(2))) so the series below converges fast.
    if mantissa > std::f64::consts::SQRT_2 {
        mantissa /= 2.0;
        exponent += 1;
    }
    // ln(m) = 2 atanh(s) with s = (m-1)/(m+1), |s| < 0.172: s + s^3/3 + ... up to s^29/29.
    let s = (mantissa - 1.0) / (mantissa + 1.0);
    let s2 = s * s;
    let series = INV_ODD.iter().rev().fold(0.0, |sum, &c| c + s2 * sum);
    exponent as f64 + 2.0 * s * series / LN_2
}

/// 1/(2k+1) for k = 0..=14.
pub const INV_ODD: [f64; 15] = [
    1.0,
    0.333_333_333_333_333_3,
    0.2,
    0.142_857_142_857_142_85,
    0.111_111_111_111_111_1,
    0.090_909_090_909_090_91,
    0.076_923_076_923_076_93,
    0.066_666_666_666_666_67,
    0.058_823_529_411_764_705,
    0.052_631_578_947_368_42,
    0.047_619_047_619_047_616,
    0.043_478_260_869_565_216,
    0.04,
    0.037_037_037_037_037_035,
    0.034_482_758_620_689_655,
];

/// Splits x into a quadrant k (mod 4) and r = x - k*pi/2 with |r| <= pi/4 (Cody-Waite: pi/2 in three
/// parts, the first two with 33 significant bits so that k * part is exact for |k| < 2^20). Beyond
/// that the reduction loses accuracy, as the spec allows outside [0, 2*PI], but stays deterministic.
fn reduce_half_pi(x: f64) -> (u32, f64) {
    const PI_2_HI: f64 = 1.570_796_326_734_125_6;
    const PI_2_MID: f64 = 6.077_100_506_303_966e-11;
    const PI_2_LO: f64 = 2.022_266_248_795_950_6e-21;
    if !x.is_finite() {
        return (0, f64::NAN);
    }
    let k = (x * std::f64::consts::FRAC_2_PI).round();
    if k == 0.0 {
        // No reduction: keeps x exact, and the sign of a zero (x - 0*hi would turn -0 into +0).
        return (0, x);
    }
    let r = ((x - k * PI_2_HI) - k * PI_2_MID) - k * PI_2_LO;
    // `k as i64` saturates for huge k; only k mod 4 matters.
    (((k as i64) & 3) as u32, r)
}

/// sin(r + quadrant * pi/2) for |r| <= pi/4.
fn quadrant_value(quadrant: u32, r: f64) -> f64 {
    match quadrant & 3 {
        0 => sin_small(r),
        1 => cos_small(r),
        2 => -sin_small(r),
        _ => -cos_small(r),
    }
}

/// 1/((2k)(2k+1)) for k = 1..=9: the ratios of successive terms of the sine series.
const SIN_RATIO: [f64; 9] = [
    0.166_666_666_666_666_66,
    0.05,
    0.023_809_523_809_523_808,
    0.013_888_888_888_888_888,
    0.009_090_909_090_909_09,
    0.006_410_256_410_256_41,
    0.004_761_904_761_904_762,
    0.003_676_470_588_235_294,
    0.002_923_976_608_187_134_3,
];

/// 1/((2k-1)(2k)) for k = 1..=10: the ratios of successive terms of the cosine series.
const COS_RATIO: [f64; 10] = [
    0.5,
    0.083_333_333_333_333_33,
    0.033_333_333_333_333_33,
    0.017_857_142_857_142_856,
    0.011_111_111_111_111_112,
    0.007_575_757_575_757_576,
    0.005_494_505_494_505_495,
    0.004_166_666_666_666_667,
    0.003_267_973_856_209_150_4,
    0.002_631_578_947_368_421,
];

/// sin(r) for |r| <= pi/4: Taylor series to r^19/19! (< 1e-19), nested as
/// r (1 - r^2/(2*3) (1 - r^2/(4*5) (...))); odd, so sin(-0) = -0.
fn sin_small(r: f64) -> f64 {
    let r2 = r * r;
    r * SIN_RATIO
        .iter()
        .rev()
        .fold(1.0, |sum, &c| 1.0 - sum * r2 * c)
}

/// cos(r) for |r| <= pi/4: Taylor series to r^20/20!, nested like [`sin_small`].
fn cos_small(r: f64) -> f64 {
    let r2 = r * r;
    COS_RATIO
        .iter()
        .rev()
        .fold(1.0, |sum, &c| 1.0 - sum * r2 * c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_cases_are_exact() {
        assert_eq!(reciprocal(4.0), 0.25);
        assert_eq!(reciprocal(-0.0), f32::NEG_INFINITY);
        assert_eq!(reciprocal_sqrt(4.0), 0.5);
        assert_eq!(reciprocal_sqrt(-0.0), f32::NEG_INFINITY);
        assert!(reciprocal_sqrt(-1.0).is_nan());
        assert_eq!(exp2(3.0), 8.0);
        assert_eq!(exp2(-1.0), 0.5);
        assert_eq!(exp2(f32::NEG_INFINITY), 0.0);
        assert_eq!(log2(8.0), 3.0);
        assert_eq!(log2(0.0), f32::NEG_INFINITY);
        assert!(log2(-1.0).is_nan());
        assert_eq!(power(2.0, 10.0), 1024.0);
        assert_eq!(sine(-0.0).to_bits(), 0x8000_0000);
        assert_eq!(cosine(0.0), 1.0);
    }

    #[test]
    fn power_special_cases() {
        // 3.11.5.24: 0^0 = NaN, negative bases NaN, rule 10 +INF^(x<0) = +INF.
        assert!(power(0.0, 0.0).is_nan());
        assert!(power(-2.0, 2.0).is_nan());
        assert_eq!(power(f32::INFINITY, -1.0), f32::INFINITY);
        assert_eq!(power_exception(f32::INFINITY, -1.0), Some(f32::INFINITY));
        assert_eq!(power_exception(f32::INFINITY, 1.0), None);
        assert_eq!(power(f32::INFINITY, 1.0), f32::INFINITY);
        assert_eq!(power(0.0, 2.0), 0.0);
    }

    #[test]
    fn sine_and_cosine_are_within_the_spec_bound_on_0_to_2pi() {
        // 3.11.5.32 / 3.11.5.2: absolute error at most 2^-22 on [-PI, PI]; compared with values
        // known to many digits.
        let cases: [(f32, f64, f64); 3] = [
            (0.5, 0.479_425_538_604_203, 0.877_582_561_890_372_8),
            (2.0, 0.909_297_426_825_681_7, -0.416_146_836_547_142_4),
            (-3.0, -0.141_120_008_059_867_2, -0.989_992_496_600_445_4),
        ];
        for (x, s, c) in cases {
            assert!((sine(x) as f64 - s).abs() < 2f64.powi(-22), "sin {x}");
            assert!((cosine(x) as f64 - c).abs() < 2f64.powi(-22), "cos {x}");
        }
    }
}
