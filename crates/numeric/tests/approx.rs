//! `pigment_numeric::approx` against the spec's error bounds (nv_fragment_program.txt 3.11.5.x),
//! measured with an independent f64 oracle (std's `exp2`, `log2`, `sin`, `cos`, `sqrt`), and every
//! special-case rule the spec lists for RCP, RSQ, EX2, LG2, POW, SIN and COS.

use pigment_numeric::approx::*;

/// Every `step` from `lo` (inclusive) to `hi` (exclusive), then `count` pseudo-random points of the
/// same range (a fixed xorshift sequence, so that every run checks the same points).
fn samples(lo: f64, hi: f64, step: f64, count: usize) -> impl Iterator<Item = f32> {
    let dense = (0..)
        .map(move |i| lo + i as f64 * step)
        .take_while(move |&x| x < hi);
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let random = (0..count).map(move |_| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        lo + (hi - lo) * ((state >> 11) as f64 / (1u64 << 53) as f64)
    });
    dense
        .chain(random)
        .map(|x| x as f32)
        .filter(move |&x| (x as f64) >= lo && (x as f64) < hi)
}

/// Pseudo-random f32 bit patterns, every class included.
fn random_bits(count: usize) -> impl Iterator<Item = f32> {
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    (0..count).map(move |_| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        f32::from_bits((state >> 32) as u32)
    })
}

const BOUND: f64 = 1.0 / (1u64 << 22) as f64;

/// The largest |f(x) − oracle(x)| / scale(x) over `xs`, with the x where it occurs.
fn worst(
    xs: impl Iterator<Item = f32>,
    f: impl Fn(f32) -> f32,
    oracle: impl Fn(f64) -> f64,
    scale: impl Fn(f64) -> f64,
) -> (f64, f32) {
    xs.map(|x| {
        let e = (f(x) as f64 - oracle(x as f64)).abs() / scale(x as f64);
        (e, x)
    })
    .fold((0.0, 0.0), |a, b| if b.0 > a.0 { b } else { a })
}

#[test]
fn coefficients_are_the_nearest_f32_of_their_formulas() {
    let ln2 = std::f64::consts::LN_2;
    let factorial = |n: u32| (1..=n).map(f64::from).product::<f64>();
    let nearest = |c: f32, exact: f64| {
        let error = (c as f64 - exact).abs();
        let half_ulp = (exact as f32).abs().to_bits();
        let ulp = f32::from_bits(half_ulp + 1) as f64 - f32::from_bits(half_ulp) as f64;
        assert!(error <= ulp / 2.0, "{c} for {exact}");
    };
    for (k, &c) in EXP2_SERIES.iter().enumerate() {
        nearest(c, ln2.powi(k as i32) / factorial(k as u32));
    }
    for (k, &c) in LOG2_SERIES.iter().enumerate() {
        nearest(c, 2.0 / ((2 * k + 1) as f64 * ln2));
    }
    for (k, &c) in SIN_SERIES.iter().enumerate() {
        let n = 2 * k as u32 + 3;
        nearest(c, (-1f64).powi(k as i32 + 1) / factorial(n));
    }
    for (k, &c) in COS_SERIES.iter().enumerate() {
        nearest(c, (-1f64).powi(k as i32) / factorial(2 * k as u32));
    }
    nearest(TWO_OVER_PI, std::f64::consts::FRAC_2_PI);
    let parts: f64 = HALF_PI_PARTS.iter().map(|&p| p as f64).sum();
    assert!((parts - std::f64::consts::FRAC_PI_2).abs() < 1e-13);
    // P1 and P2 have 8 significant bits: k·P for k < 2^16 fits f32's 24.
    for p in &HALF_PI_PARTS[..2] {
        assert_eq!(p.to_bits() & 0xFFFF, 0, "{p}");
    }
}

#[test]
fn rcp_is_the_f64_formula_bit_for_bit() {
    let f64_formula = |x: f32| (1.0 / x as f64) as f32;
    // Huge x: f32-denormal reciprocals (and 1/x below half the smallest denormal: zero).
    let huge = samples(2f64.powi(125), 2f64.powi(128), 2f64.powi(110), 200_000);
    let unit = samples(1.0, 2.0, 1.0 / 4096.0, 200_000);
    for x in random_bits(2_000_000).chain(huge).chain(unit) {
        let (r, f) = (reciprocal(x), f64_formula(x));
        assert!(
            r.to_bits() == f.to_bits() || r.is_nan() && f.is_nan(),
            "RCP({x:e})"
        );
    }
}

#[test]
fn rcp_and_rsq_within_the_bound() {
    // 3.11.5.25: |ApproxReciprocal(x) − 1/x| < 1/2^22 if 1.0 <= x < 2.0.
    let (e, x) = worst(
        samples(1.0, 2.0, 1.0 / 4096.0, 1_000_000),
        reciprocal,
        |x| 1.0 / x,
        |_| BOUND,
    );
    assert!(e < 1.0, "RCP({x}) off by {e} bounds");
    // 3.11.5.27: |ApproxRSQRT(x) − 1/sqrt(x)| < 1/2^22 if 1.0 <= x < 4.0.
    let rsq = |x: f64| 1.0 / x.sqrt();
    let (e, x) = worst(
        samples(1.0, 4.0, 1.0 / 4096.0, 1_000_000),
        reciprocal_sqrt,
        rsq,
        |_| BOUND,
    );
    assert!(e < 0.5, "RSQ({x}) off by {e} bounds");
    // And relatively, everywhere: at most 1.5 ulps (2^-23 relative, with margin).
    let (e, x) = worst(
        samples(1e-37, 1e38, 1e33, 0)
            .chain(random_bits(1_000_000).filter(|x| x.is_normal() && *x > 0.0)),
        reciprocal_sqrt,
        rsq,
        |x| rsq(x) * 2f64.powi(-23),
    );
    assert!(e < 1.0, "RSQ({x}) off by {e} relative");
}

#[test]
fn rcp_and_rsq_special_cases() {
    let inf = f32::INFINITY;
    assert!(reciprocal(f32::NAN).is_nan());
    assert_eq!(reciprocal(inf).to_bits(), 0.0f32.to_bits());
    assert_eq!(reciprocal(-inf).to_bits(), (-0.0f32).to_bits());
    assert_eq!(reciprocal(0.0), inf);
    assert_eq!(reciprocal(-0.0), -inf);
    assert!(reciprocal_sqrt(f32::NAN).is_nan());
    assert_eq!(reciprocal_sqrt(inf).to_bits(), 0.0f32.to_bits());
    assert!(reciprocal_sqrt(-inf).is_nan());
    assert_eq!(reciprocal_sqrt(0.0), inf);
    assert_eq!(reciprocal_sqrt(-0.0), -inf);
    for x in [-1e-30, -1.0, -3e38] {
        assert!(reciprocal_sqrt(x).is_nan(), "{x}");
    }
}

#[test]
fn ex2_within_the_bound() {
    // 3.11.5.8: |Approx2ToX(x) − 2^x| < 1/2^22 if 0 <= x < 1, and < (1/2^22)·2^floor(x) in general
    // (over the normal results: x from −126).
    let scale = |x: f64| BOUND * 2f64.powf(x.floor());
    let (e, x) = worst(
        samples(-126.0, 128.0, 1.0 / 4096.0, 1_000_000),
        exp2,
        f64::exp2,
        scale,
    );
    assert!(e < 1.0, "EX2({x}) off by {e} bounds");
    // Denormal results: within one step of the denormal grid (2^-149) of the exact value.
    let (e, x) = worst(
        samples(-152.0, -126.0, 1.0 / 4096.0, 100_000),
        exp2,
        f64::exp2,
        |_| 2f64.powi(-149),
    );
    assert!(e <= 1.0, "EX2({x}) off by {e} denormal steps");
}

#[test]
fn ex2_special_cases() {
    assert!(exp2(f32::NAN).is_nan());
    assert_eq!(exp2(f32::NEG_INFINITY).to_bits(), 0.0f32.to_bits());
    assert_eq!(exp2(f32::INFINITY), f32::INFINITY);
    assert_eq!(exp2(0.0), 1.0);
    assert_eq!(exp2(-0.0), 1.0);
    // Integers are exact (f = 0), up to the largest finite power and down to the smallest denormal.
    for n in -149..=127 {
        assert_eq!(exp2(n as f32) as f64, 2f64.powi(n), "2^{n}");
    }
    assert_eq!(exp2(128.0), f32::INFINITY);
    assert_eq!(exp2(-151.0), 0.0);
    assert_eq!(exp2(1e30), f32::INFINITY);
    assert_eq!(exp2(-1e30), 0.0);
}

#[test]
fn lg2_within_the_bound() {
    // 3.11.5.12: |ApproxLog2(x) − log_2(x)| < 1/2^22, which f32 can hold while |log2 x| < 4 (the
    // spec's note: beyond, the result's own ulp is larger). Over [1/16, 16), every 2^-12 step in
    // each binade.
    let binades = (-4..4).flat_map(|e| {
        let lo = 2f64.powi(e);
        samples(lo, 2.0 * lo, lo / 4096.0, 20_000)
    });
    let (e, x) = worst(binades, log2, f64::log2, |_| BOUND);
    assert!(e < 1.0, "LG2({x}) off by {e} bounds");
    // Everywhere else on the normal numbers: within one ulp of the result.
    let ulp = |y: f64| {
        let b = (y as f32).abs().to_bits();
        f32::from_bits(b + 1) as f64 - f32::from_bits(b) as f64
    };
    let far = |x: &f32| x.is_normal() && (*x < 1.0 / 16.0 || *x >= 16.0);
    let normal = random_bits(2_000_000).filter(far);
    let (e, x) = worst(normal, log2, f64::log2, |x| ulp(x.log2()));
    assert!(e <= 1.0, "LG2({x}) off by {e} ulps");
}

#[test]
fn lg2_special_cases() {
    let inf = f32::INFINITY;
    assert!(log2(f32::NAN).is_nan());
    assert_eq!(log2(inf), inf);
    assert_eq!(log2(0.0), -inf);
    assert_eq!(log2(-0.0), -inf);
    for x in [-1e-30, -1.0, -3e38, -inf] {
        assert!(log2(x).is_nan(), "{x}");
    }
    // Exact for powers of two; denormals count as zero.
    for e in -126..=127 {
        assert_eq!(log2(2f32.powi(e)), e as f32, "2^{e}");
    }
    assert_eq!(log2(f32::from_bits(1)), -inf);
    assert_eq!(log2(-f32::from_bits(0x7F_FFFF)), -inf);
}

#[test]
fn pow_special_cases() {
    // 3.11.5.24, rules 1 to 14 (12: ApproxPower(x, 1) ~= x, within EX2's and LG2's bounds).
    let (inf, nan) = (f32::INFINITY, f32::NAN);
    let is = |v: f32, want: f32| v.to_bits() == want.to_bits() || v.is_nan() && want.is_nan();
    let cases: [(f32, f32, f32); 22] = [
        (-2.0, 2.0, nan),
        (-inf, 1.0, nan),
        (nan, 1.0, nan),
        (2.0, nan, nan),
        (0.0, 0.0, nan),
        (-0.0, -0.0, nan),
        (inf, 0.0, nan),
        (inf, -0.0, nan),
        (1.0, inf, nan),
        (1.0, -inf, nan),
        (0.0, 3.0, 0.0),
        (-0.0, 3.0, 0.0),
        (0.0, -3.0, inf),
        (-0.0, -3.0, inf),
        (1.0, 123.5, 1.0),
        (inf, 2.0, inf),
        (inf, -2.0, inf),
        (5.0, 0.0, 1.0),
        (0.5, inf, 0.0),
        (3.0, inf, inf),
        (0.5, -inf, inf),
        (3.0, -inf, 0.0),
    ];
    for (a, b, want) in cases {
        assert!(is(power(a, b), want), "POW({a}, {b}) = {}", power(a, b));
    }
    assert!(is(power(-0.0, inf), 0.0) && is(power(0.0, -inf), inf));
    for x in samples(1e-3, 1e3, 0.37, 10_000) {
        let e = (power(x, 1.0) as f64 - x as f64).abs() / x as f64;
        assert!(e < 4.0 * BOUND, "POW({x}, 1)");
    }
    assert_eq!(power(2.0, 10.0), 1024.0);
    assert_eq!(power_exception(inf, -1.0), Some(inf));
    assert_eq!(power_exception(inf, 1.0), None);
}

#[test]
fn sin_and_cos_within_the_bound() {
    // 3.11.5.32 / 3.11.5.2: |ApproxSine(x) − sin(x)| < 1/2^22 if 0 <= x < 2π (likewise cosine);
    // both are odd or even, so the negative side too.
    let two_pi = 2.0 * std::f64::consts::PI;
    let range = || samples(-two_pi, two_pi, 1.0 / 4096.0, 1_000_000);
    let (e, x) = worst(range(), sine, f64::sin, |_| BOUND);
    assert!(e < 1.0, "SIN({x}) off by {e} bounds");
    let (e, x) = worst(range(), cosine, f64::cos, |_| BOUND);
    assert!(e < 1.0, "COS({x}) off by {e} bounds");
    // Noise shaders take sin(dot(..)) of arguments in the thousands: the exact reduction keeps the
    // error within the bound up to 10^5.
    let far = || samples(-1e5, 1e5, 0.0371, 200_000);
    let (e, x) = worst(far(), sine, f64::sin, |_| BOUND);
    assert!(e < 1.0, "SIN({x}) off by {e} bounds");
    let (e, x) = worst(far(), cosine, f64::cos, |_| BOUND);
    assert!(e < 1.0, "COS({x}) off by {e} bounds");
}

#[test]
fn sin_and_cos_special_cases_and_range() {
    for x in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        assert!(sine(x).is_nan() && cosine(x).is_nan(), "{x}");
    }
    assert_eq!(sine(0.0).to_bits(), 0.0f32.to_bits());
    assert_eq!(sine(-0.0).to_bits(), (-0.0f32).to_bits());
    assert_eq!(cosine(0.0), 1.0);
    assert_eq!(cosine(-0.0), 1.0);
    // Tiny arguments: sin x = x, cos x = 1 (the exact values round there).
    for x in [1e-30f32, -2e-20, f32::MIN_POSITIVE, 3e-8] {
        assert_eq!(sine(x), x, "{x}");
        assert_eq!(cosine(x), 1.0, "{x}");
    }
    // Any finite argument, however large, gives a value in [−1, 1].
    for x in random_bits(1_000_000).filter(|x| x.is_finite()) {
        assert!(sine(x).abs() <= 1.0 && cosine(x).abs() <= 1.0, "{x:e}");
    }
}
