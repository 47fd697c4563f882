//! The IR's int semantics, op by op, with values computed by hand from its definition (32-bit
//! wrapping two's complement integers; C's division truncating toward zero, x / 0 = 0; reals to int
//! truncate toward zero, saturating, NaN → 0; int to reals round to nearest). Back ends that emulate
//! int (fp30 holds ints in float registers) are checked against these.

use pigment_ir::eval::eval;
use pigment_ir::*;

fn ints(values: &[i32]) -> Vector {
    Vector::ints(values)
}

fn int_result(op: Op, args: &[Vector]) -> Vec<i32> {
    let v = eval(op, args).expect("well-typed");
    assert_eq!(v.ty.kind, ScalarKind::Int);
    (0..v.width()).map(|i| v.i32(i)).collect()
}

/// The Cg front end's remainder: a − (a / b)·b.
fn remainder(a: &[i32], b: &[i32]) -> Vec<i32> {
    let (a, b) = (ints(a), ints(b));
    let q = eval(Op::Div, &[a, b]).expect("div");
    let p = eval(Op::Mul, &[q, b]).expect("mul");
    int_result(Op::Sub, &[a, p])
}

#[test]
fn division_truncates_toward_zero_for_every_sign() {
    let a = ints(&[7, -7, 7, -7]);
    let b = ints(&[2, 2, -2, -2]);
    assert_eq!(int_result(Op::Div, &[a, b]), [3, -3, -3, 3]);
    let a = ints(&[41, 6, -1, 0]);
    let b = ints(&[41, 3, 5, -3]);
    assert_eq!(int_result(Op::Div, &[a, b]), [1, 2, 0, 0]);
}

#[test]
fn division_by_zero_is_zero_and_the_one_overflow_wraps() {
    let a = ints(&[5, -5, i32::MIN]);
    let b = ints(&[0, 0, -1]);
    assert_eq!(int_result(Op::Div, &[a, b]), [0, 0, i32::MIN]);
}

#[test]
fn the_remainder_takes_the_sign_of_the_dividend() {
    // 7 = 3·2 + 1, −7 = −3·2 − 1, 7 = −3·−2 + 1, −7 = 3·−2 − 1.
    assert_eq!(remainder(&[7, -7, 7, -7], &[2, 2, -2, -2]), [1, -1, 1, -1]);
    // −7 % 3 = −1 (C); a floored modulo would give 2.
    assert_eq!(remainder(&[-7, 9, -9, 2], &[3, 3, 4, 5]), [-1, 0, -1, 2]);
}

#[test]
fn arithmetic_wraps_at_32_bits() {
    let a = ints(&[i32::MAX, -3, 46341, i32::MIN]);
    let b = ints(&[1, 4, 46341, 1]);
    assert_eq!(
        int_result(Op::Add, &[a, b]),
        [i32::MIN, 1, 92682, i32::MIN + 1]
    );
    assert_eq!(
        int_result(Op::Sub, &[a, b]),
        [i32::MAX - 1, -7, 0, i32::MAX]
    );
    // 46341² = 2147488281 = 2^31 + 4633 → wraps to −2^31 + 4633.
    assert_eq!(
        int_result(Op::Mul, &[a, b]),
        [i32::MAX, -12, i32::MIN + 4633, i32::MIN]
    );
    assert_eq!(int_result(Op::Neg, &[a]), [-i32::MAX, 3, -46341, i32::MIN]);
    assert_eq!(int_result(Op::Abs, &[a]), [i32::MAX, 3, 46341, i32::MIN]);
}

#[test]
fn min_max_mad_clamp_and_comparisons() {
    let a = ints(&[-3, 5, 0, 2]);
    let b = ints(&[2, -1, 0, 2]);
    let c = ints(&[10, 10, -4, 1]);
    assert_eq!(int_result(Op::Min, &[a, b]), [-3, -1, 0, 2]);
    assert_eq!(int_result(Op::Max, &[a, b]), [2, 5, 0, 2]);
    // −3·2 + 10 = 4, 5·−1 + 10 = 5, 0 − 4 = −4, 2·2 + 1 = 5.
    assert_eq!(int_result(Op::Mad, &[a, b, c]), [4, 5, -4, 5]);
    let lo = ints(&[-2, -2, -2, -2]);
    let hi = ints(&[3, 3, 3, 3]);
    assert_eq!(int_result(Op::Clamp, &[a, lo, hi]), [-2, 3, 0, 2]);
    let lt = eval(Op::Lt, &[a, b]).expect("lt");
    assert_eq!(
        (0..4).map(|i| lt.bool(i)).collect::<Vec<_>>(),
        [true, false, false, false]
    );
    let ge = eval(Op::Ge, &[a, b]).expect("ge");
    assert_eq!(
        (0..4).map(|i| ge.bool(i)).collect::<Vec<_>>(),
        [false, true, true, true]
    );
}

#[test]
fn reals_truncate_toward_zero() {
    let x = Vector::floats(&[-2.7, 2.7, -0.5, -1.0]);
    assert_eq!(int_result(Op::Cvt(ScalarKind::Int), &[x]), [-2, 2, 0, -1]);
    let x = Vector::floats(&[f32::NAN, 3e9, -3e9, -0.0]);
    assert_eq!(
        int_result(Op::Cvt(ScalarKind::Int), &[x]),
        [0, i32::MAX, i32::MIN, 0]
    );
    // half −1.5 → −1.
    let h = Vector::reals(ScalarKind::Half, &[-1.5, 1023.5]);
    assert_eq!(int_result(Op::Cvt(ScalarKind::Int), &[h]), [-1, 1023]);
}

#[test]
fn ints_convert_to_the_nearest_real_of_the_kind() {
    let i = ints(&[16_777_217, -3, 2049, 1]);
    let f = eval(Op::Cvt(ScalarKind::Float), &[i]).expect("cvt");
    // 2^24 + 1 ties to even: 2^24.
    assert_eq!(f.to_f32s(), [16_777_216.0, -3.0, 2049.0, 1.0]);
    let h = eval(Op::Cvt(ScalarKind::Half), &[i]).expect("cvt");
    // fp16 has 11 significant bits: 2049 ties to even, 2048; 2^24 + 1 overflows to +INF.
    assert_eq!(h.to_f32s(), [f32::INFINITY, -3.0, 2048.0, 1.0]);
    let b = eval(Op::Cvt(ScalarKind::Bool), &[ints(&[0, -1])]).expect("cvt");
    assert_eq!([b.bool(0), b.bool(1)], [false, true]);
    let back = int_result(Op::Cvt(ScalarKind::Int), &[Vector::bools(&[true, false])]);
    assert_eq!(back, [1, 0]);
}
