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
//! rule needs an explicit branch it says which rule.

const LN_2: f64 = std::f64::consts::LN_2;

/// RCP (3.11.5.25): 1/x. IEEE division gives every special case: 1/±0 = ±INF, 1/±INF = ±0, NaN.
pub fn reciprocal(x: f32) -> f32 {
    (1.0 / x as f64) as f32
}

/// RSQ (3.11.5.27): 1/sqrt(x). IEEE sqrt and division give the special cases: sqrt(-0) = -0 so
/// RSQ(-0) = -INF (rule 5), RSQ(+INF) = +0, and negative x or -INF give NaN (rules 3 and 6).
pub fn reciprocal_sqrt(x: f32) -> f32 {
    (1.0 / (x as f64).sqrt()) as f32
}

/// EX2 (3.11.5.8): 2^x, rounded to f32.
pub fn exp2(x: f32) -> f32 {
    exp2_f64(x as f64) as f32
}

/// LG2 (3.11.5.12): log2(x), rounded to f32.
pub fn log2(x: f32) -> f32 {
    log2_f64(x as f64) as f32
}

/// POW (3.11.5.24): ApproxPower(a, b) = ApproxExp2(b * ApproxLog2(a)), carried out in f64. The
/// listed special cases 1-9 and 11-14 follow from the LG2, MUL and EX2 rules; rule 10 does not (the
/// derivation gives EX2(-INF) = +0.0 for POW(+INF, x < 0)) and is applied as written: +INF.
pub fn power(a: f32, b: f32) -> f32 {
    if a == f32::INFINITY && b < 0.0 {
        // Special case 10: "ApproxPower(+INF, <x>) = +INF, if x < -0.0."
        return f32::INFINITY;
    }
    exp2_f64(b as f64 * log2_f64(a as f64)) as f32
}

/// SIN (3.11.5.32). SIN(±0) = ±0 (the polynomial is odd and keeps the sign of zero); ±INF and NaN
/// give NaN.
pub fn sine(x: f32) -> f32 {
    let (quadrant, r) = reduce_half_pi(x as f64);
    quadrant_value(quadrant, r) as f32
}

/// COS (3.11.5.2): cos(x) = sin(x + pi/2), taken one quadrant further. COS(±0) = +1.
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

/// e^t for |t| <= ln(2)/2 by its Taylor series (terms up to t^14/14! < 1e-19), Horner form.
fn exp_small(t: f64) -> f64 {
    let mut sum = 1.0;
    for k in (1..=14).rev() {
        sum = 1.0 + sum * t / k as f64;
    }
    sum
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
    let mut series = 0.0;
    for k in (0..15).rev() {
        series = 1.0 / (2 * k + 1) as f64 + s2 * series;
    }
    exponent as f64 + 2.0 * s * series / LN_2
}

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

/// sin(r) for |r| <= pi/4: Taylor series to r^19/19! (< 1e-19), odd so sin(-0) = -0.
fn sin_small(r: f64) -> f64 {
    let r2 = r * r;
    let mut sum = 1.0;
    for k in (1..=9).rev() {
        sum = 1.0 - sum * r2 / ((2 * k) * (2 * k + 1)) as f64;
    }
    r * sum
}

/// cos(r) for |r| <= pi/4: Taylor series to r^20/20!.
fn cos_small(r: f64) -> f64 {
    let r2 = r * r;
    let mut sum = 1.0;
    for k in (1..=10).rev() {
        sum = 1.0 - sum * r2 / ((2 * k - 1) * (2 * k)) as f64;
    }
    sum
}
