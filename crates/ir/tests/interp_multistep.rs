//! The multi-step operations `mad`, `dot` and `lerp` round every step to their kind (the crate
//! documentation's "Multi-step operations round every step to the kind"), as NV_fragment_program's
//! MAD / DP3 / DP4 do at H and X precision. Every expected value is worked out by hand from fp16's
//! round-to-nearest-even (10 fraction bits: near 1 a step of 2^-10) and fx12's clamp to
//! [-2, 2047/1024]; each comment also gives the value a single rounding at the end would produce, to
//! show that the case tells the two definitions apart.

use pigment_ir::interp::*;
use pigment_ir::*;

/// `%r: TY = OP %c0, ...` on constants, stored to an output of type `ty`; the stored components.
fn op_result(ty: &str, consts: &[(&str, &str)], op_line: &str) -> Vec<f32> {
    let mut body = String::new();
    for (i, (cty, c)) in consts.iter().enumerate() {
        body.push_str(&format!("  %c{i}: {cty} = const {c}\n"));
    }
    let text = format!("fn f(out $o: {ty}) {{\n{body}  %r: {ty} = {op_line}\n  store $o, %r\n}}\n");
    let module = parse(&text).unwrap_or_else(|e| panic!("{e:?}"));
    verify(&module).unwrap_or_else(|e| panic!("{e:?}"));
    let f = &module.functions[Handle::from_index(0)];
    let r = run_fragment(f, &[], &[], &mut NoTextures).expect("runs");
    r.outputs[0].value.to_f32s()
}

/// 1 + 2^-10, the fp16 value after 1.
const ONE_UP: &str = "1.0009765625";
/// 2^-11, half the fp16 step at 1.
const HALF_STEP: &str = "0.00048828125";

fn p2(n: i32) -> f32 {
    2f32.powi(n)
}

#[test]
fn half_mad_rounds_the_product_before_adding() {
    // (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20 → 1 + 2^-9; + 2^-11 = 1 + 2.5·2^-10, a tie between mantissas
    // 2 and 3 → 2: 1 + 2^-9. (Rounded once: 1 + 2^-9 + 2^-11 + 2^-20 → 1 + 3·2^-10.)
    let c = [("half", ONE_UP), ("half", HALF_STEP)];
    assert_eq!(op_result("half", &c, "mad %c0, %c0, %c1"), [1.0 + p2(-9)]);
    // 300·300 = 90000 ≥ 65520 → +INF before −60000 is added. (Rounded once: 30000.)
    let c = [("half", "300.0"), ("half", "-60000.0")];
    assert_eq!(op_result("half", &c, "mad %c0, %c0, %c1"), [f32::INFINITY]);
}

#[test]
fn half_dot_rounds_each_product_and_partial_sum_from_x_to_w() {
    // x: 1 + 2^-9 (as above); + y = 2^-11: tie → 1 + 2^-9. (Rounded once: 1 + 3·2^-10.)
    let c = [
        ("half2", &format!("{ONE_UP}, {HALF_STEP}")[..]),
        ("half2", &format!("{ONE_UP}, 1.0")[..]),
    ];
    assert_eq!(op_result("half", &c, "dot %c0, %c1"), [1.0 + p2(-9)]);
    // 1 + 2^-11 ties to 1, twice. (Rounded once: 1 + 2^-10.)
    let c = [
        ("half3", &format!("1.0, {HALF_STEP}, {HALF_STEP}")[..]),
        ("half3", "1.0, 1.0, 1.0"),
    ];
    assert_eq!(op_result("half", &c, "dot %c0, %c1"), [1.0]);
    // The same terms in the other order: 2^-11 + 2^-11 = 2^-10 exactly, + 1 = 1 + 2^-10 exactly.
    let c = [
        ("half3", &format!("{HALF_STEP}, {HALF_STEP}, 1.0")[..]),
        ("half3", "1.0, 1.0, 1.0"),
    ];
    assert_eq!(op_result("half", &c, "dot %c0, %c1"), [1.0 + p2(-10)]);
    // 40000 + 40000 = 80000 → +INF, which −40000 and +1 keep. (Rounded once: 40001 → 40000.)
    let c = [
        ("half4", "200.0, 200.0, 200.0, 1.0"),
        ("half4", "200.0, 200.0, -200.0, 1.0"),
    ];
    assert_eq!(op_result("half", &c, "dot %c0, %c1"), [f32::INFINITY]);
}

#[test]
fn half_lerp_rounds_the_difference_the_product_and_the_sum() {
    // b − a = 1 + 2^-10 − 2^-11 = 1 + 2^-11 → tie → 1; 1·1 = 1; 2^-11 + 1 → tie → 1.
    // (Rounded once: a + (b − a) = b = 1 + 2^-10.)
    let c = [("half", HALF_STEP), ("half", ONE_UP), ("half", "1.0")];
    assert_eq!(op_result("half", &c, "lerp %c0, %c1, %c2"), [1.0]);
    // Half-way between 1 and 3 is 2 whatever the rounding: the ordinary case is unchanged.
    let c = [("half", "1.0"), ("half", "3.0"), ("half", "0.5")];
    assert_eq!(op_result("half", &c, "lerp %c0, %c1, %c2"), [2.0]);
}

#[test]
fn fixed_multi_step_operations_clamp_at_every_step() {
    // 1.5·1.5 = 2.25 clamps to 2047/1024; − 1 = 1023/1024. (Rounded once: 1.25.)
    let c = [("fixed", "1.5"), ("fixed", "-1.0")];
    assert_eq!(
        op_result("fixed", &c, "mad %c0, %c0, %c1"),
        [1023.0 / 1024.0]
    );
    // 1.5 + 1.5 = 3 clamps to 2047/1024; − 1 = 1023/1024. (Rounded once: 2 → 2047/1024.)
    let c = [("fixed3", "1.5, 1.5, 1.0"), ("fixed3", "1.0, 1.0, -1.0")];
    assert_eq!(op_result("fixed", &c, "dot %c0, %c1"), [1023.0 / 1024.0]);
    // b − a = 1.5 − (−1.5) = 3 clamps to 2047/1024; −1.5 + 1·2047/1024 = 511/1024. (Once: 1.5.)
    let c = [("fixed", "-1.5"), ("fixed", "1.5"), ("fixed", "1.0")];
    assert_eq!(
        op_result("fixed", &c, "lerp %c0, %c1, %c2"),
        [511.0 / 1024.0]
    );
}

#[test]
fn float_mad_still_rounds_its_product_to_fp32() {
    // 1/3 in fp32 is 11184811·2^-25; times 3 is 1 + 2^-25, which rounds to 1; − 1 = 0. (Fused: 2^-25.)
    let c = [("float", "3.0"), ("float", "0.33333334"), ("float", "-1.0")];
    assert_eq!(op_result("float", &c, "mad %c0, %c1, %c2"), [0.0]);
}
