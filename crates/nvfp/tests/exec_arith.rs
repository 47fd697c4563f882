//! Arithmetic instructions of section 3.11.5 and their special-case rules, at fp32 precision, plus
//! operand loading (swizzle, negate, absolute value) of section 3.11.4.3. Expected values come from the
//! spec's text and pseudo-code, computed by hand.

mod exec_support;
use exec_support::*;

/// `op R0, R1, R2` with R1 = p[0], R2 = p[1].
fn binary(op: &str, a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    reg(
        &format!("MOVR R1, p[0];\nMOVR R2, p[1];\n{op} R0, R1, R2;"),
        &[a, b],
        "R0",
    )
}

/// `op R0, R1` with R1 = p[0].
fn unary(op: &str, a: [f32; 4]) -> [f32; 4] {
    reg(&format!("MOVR R1, p[0];\n{op} R0, R1;"), &[a], "R0")
}

#[test]
fn add_rules() {
    // 2. NaN + x = NaN; 3. +INF + x = +INF; 4. -INF + x = -INF; 5. +INF + -INF = NaN.
    assert_bits(
        binary("ADDR", [NAN, INF, -INF, INF], [1.0, 5.0, 5.0, -INF]),
        [NAN, INF, -INF, NAN],
    );
    // 6. -0.0 + x = x (x = -0.0 and 3); 7. +0.0 + x = x except -0.0 (+0 + -0 = +0).
    assert_bits(
        binary("ADDR", [-0.0, -0.0, 0.0, 0.0], [-0.0, 3.0, 5.0, -0.0]),
        [-0.0, 3.0, 5.0, 0.0],
    );
    // 1. A+B == B+A.
    let (a, b) = ([1.5, -0.0, 1e30, 7.0], [2.25, 0.0, -1e30, -7.0]);
    assert_eq!(bits(binary("ADDR", a, b)), bits(binary("ADDR", b, a)));
    assert_bits(binary("ADDR", a, b), [3.75, 0.0, 0.0, 0.0]);
}

#[test]
fn sub_is_add_with_the_second_negation_reversed() {
    let (a, b) = ([5.0, 1.0, -0.0, 2.0], [3.0, -4.0, -0.0, -2.0]);
    assert_bits(binary("SUBR", a, b), [2.0, 5.0, 0.0, 4.0]);
    let body = |sub: &str, add: &str| {
        let text = format!("MOVR R1, p[0];\nMOVR R2, p[1];\n{sub};\n{add};");
        let trace = run(&text, &[a, b]);
        (temp(&trace, "R0")[0], temp(&trace, "R3")[0])
    };
    for (sub, add) in [
        ("SUBR R0, R1, R2", "ADDR R3, R1, -R2"),
        ("SUBR R0, R1, -R2", "ADDR R3, R1, R2"),
        ("SUBR R0, R1, |R2|", "ADDR R3, R1, -|R2|"),
        ("SUBR R0, R1, -|R2|", "ADDR R3, R1, |R2|"),
    ] {
        let (s, t) = body(sub, add);
        assert_eq!(bits(s), bits(t), "{sub} vs {add}");
    }
}

#[test]
fn mul_rules() {
    // 2. NaN * x = NaN; 3. ±0 * ±INF = NaN; 4. ±0 * x = ±0 with the sign rule.
    assert_bits(
        binary("MULR", [NAN, 0.0, -0.0, -0.0], [2.0, -INF, INF, 5.0]),
        [NAN, NAN, NAN, -0.0],
    );
    assert_bits(
        binary("MULR", [-0.0, 0.0, 0.0, 1.0], [-3.0, 3.0, -3.0, -0.0]),
        [0.0, 0.0, -0.0, -0.0],
    );
    // 5. ±INF * x = ±INF with the sign rule; 6. +1.0 * x = x.
    assert_bits(
        binary("MULR", [INF, -INF, -INF, 1.0], [2.0, 2.0, -0.5, -7.25]),
        [INF, -INF, INF, -7.25],
    );
    let (a, b) = ([3.0, -0.0, INF, 1e-3], [0.5, 2.0, -1.0, 1e3]);
    assert_eq!(bits(binary("MULR", a, b)), bits(binary("MULR", b, a)));
}

#[test]
fn mad_multiplies_then_adds() {
    let r = reg(
        "MOVR R1, p[0];\nMOVR R2, p[1];\nMADR R0, R1, R2, p[2];",
        &[
            [2.0, -1.0, 0.0, INF],
            [3.0, 4.0, INF, 0.0],
            [1.0, 0.5, 1.0, 1.0],
        ],
        "R0",
    );
    // 2*3+1, -1*4+0.5, 0*INF+1 = NaN, INF*0+1 = NaN.
    assert_bits(r, [7.0, -3.5, NAN, NAN]);
}

#[test]
fn lrp_interpolates_with_the_first_operand_as_weight() {
    let r = reg(
        "MOVR R1, p[0];\nMOVR R2, p[1];\nLRPR R0, R1, R2, p[2];",
        &[
            [0.25, 1.0, 0.0, 0.5],
            [4.0, 3.0, 3.0, -2.0],
            [8.0, 9.0, 9.0, 2.0],
        ],
        "R0",
    );
    // t*a + (1-t)*b: 1 + 6, 3 + 0, 0 + 9, -1 + 1.
    assert_bits(r, [7.0, 3.0, 9.0, 0.0]);
}

#[test]
fn min_max_rules() {
    // 2. max(NaN, x) = NaN and min(NaN, x) = NaN, in either order.
    assert_bits(
        binary("MAXR", [NAN, 1.0, 3.0, -INF], [1.0, NAN, -3.0, -5.0]),
        [NAN, NAN, 3.0, -5.0],
    );
    assert_bits(
        binary("MINR", [NAN, 1.0, 3.0, -INF], [1.0, NAN, -3.0, -5.0]),
        [NAN, NAN, -3.0, -INF],
    );
    // 1. max(A,B) == max(B,A), also for zeros of different signs.
    let (a, b) = ([-0.0, 0.0, 2.0, INF], [0.0, -0.0, 2.0, 1.0]);
    assert_eq!(bits(binary("MAXR", a, b)), bits(binary("MAXR", b, a)));
    assert_eq!(bits(binary("MINR", a, b)), bits(binary("MINR", b, a)));
}

#[test]
fn set_on_instructions_compare_as_ieee() {
    let a = [NAN, -0.0, INF, 1.0];
    let b = [NAN, 0.0, INF, 2.0];
    // SEQ: NaN == NaN false; -0 == +0 true (3.); +INF == +INF true (2.).
    assert_bits(binary("SEQR", a, b), [0.0, 1.0, 1.0, 0.0]);
    // SNE: NaN != x true; -0 != +0 FALSE (notes item 6: SEQ's rule wins); INF != INF false.
    assert_bits(binary("SNER", a, b), [1.0, 0.0, 0.0, 1.0]);
    assert_bits(binary("SGER", a, b), [0.0, 1.0, 1.0, 0.0]);
    assert_bits(binary("SLER", a, b), [0.0, 1.0, 1.0, 1.0]);
    // SGT / SLT: NaN false, -0 vs +0 false.
    assert_bits(binary("SGTR", a, b), [0.0, 0.0, 0.0, 0.0]);
    assert_bits(binary("SLTR", a, b), [0.0, 0.0, 0.0, 1.0]);
    assert_bits(binary("SGTR", b, a), [0.0, 0.0, 0.0, 1.0]);
    // Commutativity of SEQ / SNE with NaN on either side.
    assert_bits(
        binary("SEQR", [1.0, NAN, 0.0, 0.0], [NAN, 1.0, -0.0, 0.0]),
        [0.0, 0.0, 1.0, 1.0],
    );
    assert_bits(
        binary("SNER", [1.0, NAN, 0.0, 0.0], [NAN, 1.0, -0.0, 0.0]),
        [1.0, 1.0, 0.0, 0.0],
    );
}

#[test]
fn sfl_and_str_ignore_their_operands() {
    assert_bits(binary("SFLR", [NAN, 1.0, 2.0, 3.0], [1.0; 4]), [0.0; 4]);
    assert_bits(binary("STRR", [NAN, 1.0, 2.0, 3.0], [1.0; 4]), [1.0; 4]);
}

#[test]
fn flr_rules() {
    assert_bits(unary("FLRR", [2.3, -3.6, NAN, 5.0]), [2.0, -4.0, NAN, 5.0]);
    // 2. floor(x) = x for ±0 and ±INF, sign kept.
    assert_bits(
        unary("FLRR", [-0.0, 0.0, -INF, INF]),
        [-0.0, 0.0, -INF, INF],
    );
}

#[test]
fn frc_rules() {
    // fraction(-1.7) = -1.7 - (-2.0) (exact in fp32), fraction(2.25) = 0.25.
    let r = unary("FRCR", [-1.7, 2.25, NAN, 3.0]);
    assert_bits(r, [-1.7f32 + 2.0, 0.25, NAN, 0.0]);
    // 2. fraction(±INF) = NaN; 3. fraction(±0.0) = +0.0.
    assert_bits(unary("FRCR", [INF, -INF, -0.0, 0.0]), [NAN, NAN, 0.0, 0.0]);
}

#[test]
fn dp3_and_dp4_replicate_the_dot_product() {
    let (a, b) = ([1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]);
    assert_bits(binary("DP3R", a, b), [38.0; 4]);
    assert_bits(binary("DP4R", a, b), [70.0; 4]);
    // A NaN in w does not reach DP3.
    assert_bits(
        binary("DP3R", [1.0, 1.0, 1.0, NAN], [1.0, 1.0, 1.0, 1.0]),
        [3.0; 4],
    );
}

#[test]
fn dst_builds_the_distance_vector() {
    // [NA, d^2, d^2, NA] and [NA, 1/d, NA, 1/d] with d = 2 give [1, d, d^2, 1/d].
    assert_bits(
        binary("DSTR", [9.0, 4.0, 4.0, 9.0], [9.0, 0.5, 9.0, 0.5]),
        [1.0, 2.0, 4.0, 0.5],
    );
}

#[test]
fn x2d_transforms_the_offset() {
    let r = reg(
        "MOVR R1, p[0];\nMOVR R2, p[1];\nX2DR R0, R1, R2, p[2];",
        &[
            [1.0, 2.0, 100.0, 100.0],
            [3.0, 4.0, 100.0, 100.0],
            [5.0, 6.0, 7.0, 8.0],
        ],
        "R0",
    );
    // x = 1 + 3*5 + 4*6 = 40, y = 2 + 3*7 + 4*8 = 55, written to xz and yw.
    assert_bits(r, [40.0, 55.0, 40.0, 55.0]);
}

#[test]
fn rfl_reflects_about_the_axis() {
    // axis (0,0,2), direction (1,0,1): 2*(a.d)/(a.a) = 2*2/4 = 1; result = 1*axis - direction.
    let r = reg(
        "MOVR R1, p[0];\nMOVR R2, p[1];\nRFLR R0.xyz, R1, R2;",
        &[[0.0, 0.0, 2.0, 9.0], [1.0, 0.0, 1.0, 9.0]],
        "R0",
    );
    assert_bits(r, [-1.0, 0.0, 1.0, 0.0]);
}

#[test]
fn operands_are_swizzled_then_negated_then_absolute_then_negated() {
    // The spec's own example: .yzzx of {2,8,9,0} is {8,9,9,2}.
    assert_bits(
        reg("MOVR R0, {2,8,9,0}.yzzx;", &[], "R0"),
        [8.0, 9.0, 9.0, 2.0],
    );
    let v = [-2.0, 3.0, -0.0, 5.0];
    assert_bits(
        reg("MOVR R1, p[0];\nMOVR R0, -R1;", &[v], "R0"),
        [2.0, -3.0, 0.0, -5.0],
    );
    assert_bits(
        reg("MOVR R1, p[0];\nMOVR R0, |R1|;", &[v], "R0"),
        [2.0, 3.0, 0.0, 5.0],
    );
    assert_bits(
        reg("MOVR R1, p[0];\nMOVR R0, -|R1|;", &[v], "R0"),
        [-2.0, -3.0, -0.0, -5.0],
    );
    assert_bits(
        reg("MOVR R1, p[0];\nMOVR R0, -|-R1.wzyx|;", &[v], "R0"),
        [-5.0, -0.0, -3.0, -2.0],
    );
    // A scalar operand in a vector position is replicated.
    assert_bits(
        reg("MOVR R1, p[0];\nADDR R0, R1, R1.w;", &[v], "R0"),
        [3.0, 8.0, 5.0, 10.0],
    );
}

#[test]
fn write_masks_leave_other_components_unchanged() {
    let r = reg("MOVR R0, {1,2,3,4};\nMOVR R0.yw, {9,8,7,6};", &[], "R0");
    assert_bits(r, [1.0, 8.0, 3.0, 6.0]);
}

#[test]
fn saturate_clamps_to_zero_one_but_keeps_nan() {
    let r = reg(
        "MOVR R1, p[0];\nMOVR_SAT R0, R1;",
        &[[-3.0, 0.5, 7.0, NAN]],
        "R0",
    );
    assert_bits(r, [0.0, 0.5, 1.0, NAN]);
}

#[test]
fn named_and_numbered_parameters_are_read() {
    let text = "!!FP1.0\nDECLARE color = {0.25, 0.5, 0.75, 1};\nMOVR R1, p[3];\nADDR R0, color, R1;\nMOVR o[COLR], R0;\nEND\n";
    let (out, _) = run_text(
        text,
        &[[0.0; 4], [0.0; 4], [0.0; 4], [1.0, 2.0, 3.0, 4.0]],
        &Default::default(),
    );
    assert_bits(out.color[2], [1.25, 2.5, 3.75, 5.0]);
}
