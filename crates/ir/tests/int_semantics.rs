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

#[test]
fn bit_operations_are_twos_complement() {
    // 12 = 0b1100, 10 = 0b1010; −1 is all ones; −8 = …11111000.
    let a = ints(&[12, -1, -8, 0x7fff_0000]);
    let b = ints(&[10, 0x55, 3, 0x00ff_ff00]);
    assert_eq!(int_result(Op::BitAnd, &[a, b]), [8, 0x55, 0, 0x00ff_0000]);
    assert_eq!(int_result(Op::BitOr, &[a, b]), [14, -1, -5, 0x7fff_ff00]);
    assert_eq!(int_result(Op::BitXor, &[a, b]), [6, -0x56, -5, 0x7f00_ff00]);
    // ~x = −x − 1.
    assert_eq!(int_result(Op::BitNot, &[a]), [-13, 0, 7, -0x7fff_0001]);
}

#[test]
fn shifts_lose_bits_on_the_left_and_copy_the_sign_on_the_right() {
    let a = ints(&[1, -16, 0x4000_0001, -1]);
    let b = ints(&[4, 2, 1, 31]);
    // 0x40000001 << 1 = 0x80000002 (the top bit set: −2^31 + 2).
    assert_eq!(
        int_result(Op::Shl, &[a, b]),
        [16, -64, i32::MIN + 2, i32::MIN]
    );
    // −16 >> 2 = −4 (arithmetic), −1 >> 31 = −1.
    assert_eq!(int_result(Op::Shr, &[a, b]), [0, -4, 0x2000_0000, -1]);
}

#[test]
fn a_shift_count_outside_0_to_31_uses_its_low_five_bits() {
    // GLSL leaves these undefined; the IR defines the count as count & 31: 33 → 1, −1 → 31.
    let a = ints(&[3, 3, i32::MIN, 1]);
    let b = ints(&[33, 32, -1, 32]);
    assert_eq!(int_result(Op::Shl, &[a, b]), [6, 3, 0, 1]);
    assert_eq!(int_result(Op::Shr, &[a, b]), [1, 3, -1, 1]);
}

#[test]
fn bit_operations_take_ints_only() {
    let f = Vector::floats(&[1.0]);
    assert!(Op::BitAnd.result_type(&[Type::FLOAT, Type::FLOAT]).is_err());
    assert!(Op::Shl.result_type(&[Type::BOOL, Type::BOOL]).is_err());
    assert!(eval(Op::BitNot, &[f]).is_none());
    assert_eq!(Op::from_mnemonic("shr"), Some(Op::Shr));
    assert_eq!(Op::BitXor.mnemonic(), "bitxor");
}
