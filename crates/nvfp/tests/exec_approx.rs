//! RCP, RSQ, EX2, LG2, SIN, COS, POW and LIT: every special-case rule of section 3.11.5 and the
//! stated error bounds (checked against the mathematical value, here taken from f64 arithmetic whose
//! own error is many orders of magnitude below the 2^-22 bounds).

mod exec_support;
use exec_support::*;

const BOUND: f64 = 1.0 / 4_194_304.0; // 2^-22

/// `op R0, R1.x` for each x: the replicated results.
fn scalar(op: &str, xs: [f32; 4]) -> [[f32; 4]; 4] {
    let text =
        format!("MOVR R1, p[0];\n{op} R2, R1.x;\n{op} R3, R1.y;\n{op} R4, R1.z;\n{op} R5, R1.w;");
    let trace = run(&text, &[xs]);
    ["R2", "R3", "R4", "R5"].map(|r| temp(&trace, r)[0])
}

/// `op` of each x, first component (after checking the result is replicated).
fn scalar_x(op: &str, xs: [f32; 4]) -> [f32; 4] {
    scalar(op, xs).map(|v| {
        assert_eq!(bits([v[0]; 4]), bits(v), "{op} replicates its result");
        v[0]
    })
}

fn pow(a: f32, b: f32) -> f32 {
    reg(
        "MOVR R1, p[0];\nPOWR R0, R1.x, R1.y;",
        &[[a, b, 0.0, 0.0]],
        "R0",
    )[0]
}

/// Samples of [lo, hi).
fn samples(lo: f64, hi: f64, n: usize) -> impl Iterator<Item = f32> {
    (0..n).map(move |i| (lo + (hi - lo) * i as f64 / n as f64) as f32)
}

/// Runs `op` on every sample, four at a time.
fn check_bound(
    op: &str,
    xs: impl Iterator<Item = f32>,
    exact: impl Fn(f64) -> f64,
    bound: impl Fn(f64) -> f64,
) {
    let xs: Vec<f32> = xs.collect();
    for chunk in xs.chunks(4) {
        let mut v = [chunk[0]; 4];
        v[..chunk.len()].copy_from_slice(chunk);
        for (x, r) in v.iter().zip(scalar_x(op, v)) {
            let x = *x as f64;
            let error = (r as f64 - exact(x)).abs();
            assert!(error < bound(x), "{op}({x}) = {r}, error {error}");
        }
    }
}

#[test]
fn rcp_special_cases_and_bound() {
    // 1. NaN; 2. +INF -> +0; 3. -INF -> -0; 4. +0 -> +INF.
    assert_bits(
        scalar_x("RCPR", [NAN, INF, -INF, 0.0]),
        [NAN, 0.0, -0.0, INF],
    );
    // 5. -0 -> -INF.
    assert_bits(
        scalar_x("RCPR", [-0.0, 2.0, -4.0, 0.5]),
        [-INF, 0.5, -0.25, 2.0],
    );
    check_bound("RCPR", samples(1.0, 2.0, 200), |x| 1.0 / x, |_| BOUND);
}

#[test]
fn rsq_special_cases_and_bound() {
    // 1. NaN; 2. +INF -> +0; 3. -INF -> NaN; 4. +0 -> +INF.
    assert_bits(
        scalar_x("RSQR", [NAN, INF, -INF, 0.0]),
        [NAN, 0.0, NAN, INF],
    );
    // 5. -0 -> -INF; 6. negative -> NaN (no absolute value is taken).
    assert_bits(
        scalar_x("RSQR", [-0.0, -4.0, -1e-3, 4.0]),
        [-INF, NAN, NAN, 0.5],
    );
    check_bound(
        "RSQR",
        samples(1.0, 4.0, 200),
        |x| 1.0 / x.sqrt(),
        |_| BOUND,
    );
}

#[test]
fn ex2_special_cases_and_bound() {
    // 1. NaN; 2. -INF -> +0; 3. +INF -> +INF; 4. ±0 -> +1.
    assert_bits(
        scalar_x("EX2R", [NAN, -INF, INF, 0.0]),
        [NAN, 0.0, INF, 1.0],
    );
    assert_bits(
        scalar_x("EX2R", [-0.0, 200.0, -200.0, 1.0]),
        [1.0, INF, 0.0, 2.0],
    );
    check_bound("EX2R", samples(0.0, 1.0, 200), f64::exp2, |_| BOUND);
    // In general the bound scales with 2^floor(x).
    check_bound("EX2R", samples(-20.0, 20.0, 400), f64::exp2, |x| {
        BOUND * x.floor().exp2()
    });
}

#[test]
fn lg2_special_cases_and_bound() {
    // 1. NaN; 2. +INF -> +INF; 3. ±0 -> -INF; 5. -INF -> NaN.
    assert_bits(
        scalar_x("LG2R", [NAN, INF, 0.0, -INF]),
        [NAN, INF, -INF, NAN],
    );
    // 3. -0 -> -INF; 4. -INF < x < -0 -> NaN.
    assert_bits(
        scalar_x("LG2R", [-0.0, -1.0, -1e-20, 8.0]),
        [-INF, NAN, NAN, 3.0],
    );
    // Where |log2 x| >= 4 an fp32 result cannot hold 22 fraction bits ("there are not enough bits in
    // the floating-point storage format"): allow one ulp of the result there.
    let one_ulp = |x: f64| BOUND.max(x.log2().abs() * f64::from(f32::EPSILON));
    check_bound("LG2R", samples(1e-3, 1e3, 400), f64::log2, one_ulp);
    check_bound("LG2R", samples(0.5, 2.0, 200), f64::log2, |_| BOUND);
}

#[test]
fn sin_special_cases_and_bound() {
    // 1. NaN; 2. ±INF -> NaN; 3. ±0 -> ±0, sign of the operand.
    assert_bits(
        scalar_x("SINR", [NAN, INF, -INF, 0.0]),
        [NAN, NAN, NAN, 0.0],
    );
    assert_bits(
        scalar_x("SINR", [-0.0, 0.0, -0.0, 0.0]),
        [-0.0, 0.0, -0.0, 0.0],
    );
    check_bound(
        "SINR",
        samples(0.0, 2.0 * std::f64::consts::PI, 400),
        f64::sin,
        |_| BOUND,
    );
}

#[test]
fn cos_special_cases_and_bound() {
    // 1. NaN; 2. ±INF -> NaN; 3. ±0 -> +1.
    assert_bits(
        scalar_x("COSR", [NAN, INF, -INF, 0.0]),
        [NAN, NAN, NAN, 1.0],
    );
    assert_bits(scalar_x("COSR", [-0.0; 4]), [1.0; 4]);
    check_bound(
        "COSR",
        samples(0.0, 2.0 * std::f64::consts::PI, 400),
        f64::cos,
        |_| BOUND,
    );
}

#[test]
fn pow_special_cases() {
    let is_nan = |v: f32| v.is_nan();
    // 1. x < -0 -> NaN, even for integral exponents ((-3)^2).
    assert!(is_nan(pow(-3.0, 2.0)) && is_nan(pow(-0.5, -2.0)) && is_nan(pow(-INF, 1.0)));
    // 2. NaN in either operand.
    assert!(is_nan(pow(NAN, 1.0)) && is_nan(pow(2.0, NAN)) && is_nan(pow(1.0, NAN)));
    // 3. (±0)^(±0) = NaN; 4. (+INF)^(±0) = NaN; 5. 1^(±INF) = NaN.
    for (a, b) in [
        (0.0, 0.0),
        (-0.0, 0.0),
        (0.0, -0.0),
        (-0.0, -0.0),
        (INF, 0.0),
        (INF, -0.0),
        (1.0, INF),
        (1.0, -INF),
    ] {
        assert!(is_nan(pow(a, b)), "pow({a}, {b})");
    }
    // 6. (±0)^(x > 0) = +0; 7. (±0)^(x < 0) = +INF.
    assert_bits(
        [
            pow(0.0, 2.0),
            pow(-0.0, 0.5),
            pow(0.0, -1.0),
            pow(-0.0, -3.0),
        ],
        [0.0, 0.0, INF, INF],
    );
    // 8. 1^x = 1 for finite x.
    assert_bits(
        [
            pow(1.0, 5.0),
            pow(1.0, -123.5),
            pow(1.0, 0.0),
            pow(1.0, -0.0),
        ],
        [1.0; 4],
    );
    // 9. (+INF)^(x > 0) = +INF; 10. (+INF)^(x < 0) = +INF, as the rule is written.
    assert_bits(
        [pow(INF, 2.0), pow(INF, 0.5), pow(INF, -1.0), pow(INF, -INF)],
        [INF; 4],
    );
    // 11. x^(±0) = 1 for 0 < x < INF.
    assert_bits(
        [
            pow(5.0, 0.0),
            pow(0.001, -0.0),
            pow(1e30, 0.0),
            pow(2.0, -0.0),
        ],
        [1.0; 4],
    );
    // 13. x^(+INF) = +0 for -0 <= x < 1, +INF for x > 1.
    assert_bits(
        [pow(-0.0, INF), pow(0.0, INF), pow(0.5, INF), pow(2.0, INF)],
        [0.0, 0.0, 0.0, INF],
    );
    // 14. x^(-INF) = +INF for -0 <= x < 1, +0 for x > 1.
    assert_bits(
        [
            pow(-0.0, -INF),
            pow(0.0, -INF),
            pow(0.5, -INF),
            pow(2.0, -INF),
        ],
        [INF, INF, INF, 0.0],
    );
}

#[test]
fn pow_approximates_x_to_the_y() {
    // 12. x^1 ~= x, and ordinary powers within the combined EX2 / LG2 error.
    for x in [0.3f32, 1.7, 42.0, 1e-5] {
        let r = pow(x, 1.0) as f64;
        assert!(
            (r - x as f64).abs() <= x as f64 * 2.0 * BOUND,
            "pow({x}, 1) = {r}"
        );
    }
    for (a, b) in [(2.0f32, 10.0f32), (0.25, 0.5), (3.0, 2.0), (10.0, -2.0)] {
        let exact = (a as f64).powf(b as f64);
        let r = pow(a, b) as f64;
        assert!(
            (r - exact).abs() <= exact * 4.0 * BOUND,
            "pow({a}, {b}) = {r}"
        );
    }
}

fn lit(v: [f32; 4]) -> [f32; 4] {
    reg("MOVR R1, p[0];\nLITR R0, R1;", &[v], "R0")
}

#[test]
fn lit_computes_light_coefficients() {
    // (1, diffuse, diffuse > 0 ? specular^exponent : 0, 1); z field of the operand unused.
    let r = lit([0.5, 0.25, 99.0, 2.0]);
    assert_bits([r[0], r[1], r[3], 0.0], [1.0, 0.5, 1.0, 0.0]);
    assert!((r[2] as f64 - 0.0625).abs() < 0.0625 * 4.0 * BOUND);
    // Negative diffuse clamps to 0 and forces the specular term to 0.
    assert_bits(lit([-0.5, 0.25, 0.0, 2.0]), [1.0, 0.0, 0.0, 1.0]);
    // Zero diffuse forces it to 0 too (t.x > 0 is false).
    assert_bits(lit([0.0, 0.5, 0.0, 2.0]), [1.0, 0.0, 0.0, 1.0]);
    // Negative specular clamps to 0, and POW's rules apply: 0^2 = 0, 0^0 = NaN, 0^-1 = +INF.
    assert_bits(lit([0.5, -0.3, 0.0, 2.0]), [1.0, 0.5, 0.0, 1.0]);
    assert_bits(lit([0.5, 0.0, 0.0, 0.0]), [1.0, 0.5, NAN, 1.0]);
    assert_bits(lit([0.5, -1.0, 0.0, -1.0]), [1.0, 0.5, INF, 1.0]);
}

#[test]
fn approximations_are_deterministic_bit_patterns() {
    // Exact cases the f32 step sequences must reproduce bit for bit on every machine.
    assert_bits(
        scalar_x("EX2R", [3.0, -1.0, 10.0, -126.0]),
        [8.0, 0.5, 1024.0, f32::MIN_POSITIVE],
    );
    assert_bits(
        scalar_x("LG2R", [1.0, 0.125, 1024.0, 2.0]),
        [0.0, -3.0, 10.0, 1.0],
    );
    assert_bits(
        scalar_x("RSQR", [0.25, 16.0, 1.0, 64.0]),
        [2.0, 0.25, 1.0, 0.125],
    );
}
