//! The operations the `fp30_precision` pass writes (`round_half`, `round_fixed`, `nv_*`): their
//! values against the spec's formats and NV's special cases (nv_fragment_program.txt 3.11.4 and
//! 3.11.5; values worked out by hand), their text form, and the verifier's checks.

use pigment_ir::eval::eval;
use pigment_ir::*;

fn one(op: Op, args: &[f32]) -> f32 {
    let v: Vec<Vector> = args.iter().map(|&x| Vector::floats(&[x])).collect();
    eval(op, &v).expect("defined").f32(0)
}

#[test]
fn round_half_rounds_to_fp16_with_ties_to_even_and_overflow_to_infinity() {
    // fp16 has 10 fraction bits: 1 + 2^-11 lies halfway between 1 and 1 + 2^-10 (even: 1),
    // 1 + 3·2^-11 between 1 + 2^-10 and 1 + 2^-9 (even: 1 + 2^-9).
    assert_eq!(one(Op::RoundHalf, &[1.0 + 2f32.powi(-11)]), 1.0);
    assert_eq!(
        one(Op::RoundHalf, &[1.0 + 3.0 * 2f32.powi(-11)]),
        1.0 + 2f32.powi(-9)
    );
    assert_eq!(one(Op::RoundHalf, &[65519.0]), 65504.0);
    assert_eq!(one(Op::RoundHalf, &[-65520.0]), f32::NEG_INFINITY);
    // Denormals: multiples of 2^-24.
    assert_eq!(one(Op::RoundHalf, &[2f32.powi(-24) * 1.75]), 2f32.powi(-23));
    assert!(one(Op::RoundHalf, &[f32::NAN]).is_nan());
}

#[test]
fn round_fixed_clamps_quantises_and_makes_nan_zero() {
    assert_eq!(one(Op::RoundFixed, &[3.0]), 2047.0 / 1024.0);
    assert_eq!(one(Op::RoundFixed, &[-5.0]), -2.0);
    assert_eq!(one(Op::RoundFixed, &[1.0 / 2048.0]), 0.0);
    assert_eq!(one(Op::RoundFixed, &[3.0 / 2048.0]), 2.0 / 1024.0);
    assert_eq!(one(Op::RoundFixed, &[f32::NAN]), 0.0);
}

#[test]
fn nv_operations_keep_nvs_nan_rules() {
    let nan = f32::NAN;
    assert!(one(Op::Nv(Rule::Min), &[nan, 1.0]).is_nan());
    assert!(one(Op::Nv(Rule::Max), &[1.0, nan]).is_nan());
    assert!(one(Op::Nv(Rule::Saturate), &[nan]).is_nan());
    assert_eq!(one(Op::Nv(Rule::Saturate), &[2.0]), 1.0);
    assert!(one(Op::Nv(Rule::Clamp), &[0.5, nan, 1.0]).is_nan());
    assert!(one(Op::Nv(Rule::Pow), &[-2.0, 2.0]).is_nan());
    assert!(one(Op::Nv(Rule::Pow), &[0.0, 0.0]).is_nan());
    assert_eq!(one(Op::Nv(Rule::Pow), &[2.0, 3.0]), 8.0);
    assert!(one(Op::Nv(Rule::ReciprocalSqrt), &[-4.0]).is_nan());
    assert_eq!(one(Op::Nv(Rule::Cosine), &[0.0]), 1.0);
}

#[test]
fn every_nv_operation_computes_its_plain_operation() {
    let samples = [
        -3.5f32,
        -0.0,
        0.0,
        0.25,
        1.0,
        2.0,
        100.0,
        f32::NAN,
        f32::INFINITY,
    ];
    for rule in Rule::ALL {
        let plain = Op::plain(rule);
        assert_eq!(plain.rule(), Some(rule));
        for &x in &samples {
            for &y in &samples {
                let args = [x, y, 1.5][..rule.arity()].to_vec();
                let (a, b) = (one(Op::Nv(rule), &args), one(plain, &args));
                assert_eq!(a.to_bits(), b.to_bits(), "{rule:?} {args:?}");
            }
        }
    }
}

#[test]
fn the_operations_print_and_parse_and_take_real_operands_only() {
    let text = "fn main(
    in $a: half2,
    out $o: half2,
) {
  %0: half2 = input $a
  %1: half2 = round_half %0
  %2: half2 = round_fixed %1
  %3: half2 = nv_clamp %2, %1, %0
  %4: half2 = nv_sin %3
  store $o.xy, %4
}
";
    let module = parse(text).expect("parses");
    verify(&module).expect("valid");
    assert_eq!(print(&module), text);
    let int = "fn main(in $a: int, out $o: int) {\n  %0: int = input $a\n  %1: int = nv_min %0, %0\n  store $o.x, %1\n}\n";
    let module = parse(int).expect("parses");
    assert!(verify(&module).is_err(), "nv_min of ints");
}
