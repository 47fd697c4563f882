//! Precision (sections 3.11.4.1 and 3.11.4.2, notes item 4): fp16 rounding and denormals, fp32
//! denormal flushing, fx12 rounding / clamping / NaN, the precision suffixes and the default precision
//! of the destination, and f[TEX*] / f[FOGC] forcing fp32.

mod exec_support;
use exec_support::*;
use nvfp::isa::AttribReg;

const P11: f32 = 1.0 / 2048.0; // 2^-11: half an fp16 ulp at 1.0

#[test]
fn fp16_rounds_to_nearest_even_and_overflows_to_inf() {
    // 1 + 2^-11 ties to 1 (even); 1 + 3*2^-11 ties to 1 + 2^-9 (even); 65519 rounds down to 65504;
    // 65520 and anything >= 2^16 become INF (notes item 4).
    let h = reg(
        "MOVH H0, p[0];",
        &[[1.0 + P11, 1.0 + 3.0 * P11, 65519.0, 65520.0]],
        "H0",
    );
    assert_bits(h, [1.0, 1.0 + 4.0 * P11, 65504.0, INF]);
    let h = reg("MOVH H0, p[0];", &[[70000.0, -65536.0, -0.0, NAN]], "H0");
    assert_bits(h, [INF, -INF, -0.0, NAN]);
}

#[test]
fn fp16_keeps_denormals() {
    let tiny = 2f32.powi(-24); // smallest fp16 denormal
    let h = reg(
        "MOVH H0, p[0];",
        &[[tiny, 2f32.powi(-20), -3.0 * tiny, 2f32.powi(-26)]],
        "H0",
    );
    assert_bits(h, [tiny, 2f32.powi(-20), -3.0 * tiny, 0.0]);
    // An fp16 multiply producing a denormal keeps it: 2^-10 * 2^-10 = 2^-20.
    let h = reg(
        "MOVH H1, p[0];\nMULH H0, H1.x, H1.x;",
        &[[2f32.powi(-10), 0.0, 0.0, 0.0]],
        "H0",
    );
    assert_bits(h, [2f32.powi(-20); 4]);
}

#[test]
fn fp32_flushes_denormal_operands_and_results() {
    let denormal = f32::from_bits(0x0000_0001);
    let r = reg(
        "MOVR R0, p[0];",
        &[[1e-40, -1e-40, f32::MIN_POSITIVE, denormal]],
        "R0",
    );
    assert_bits(r, [0.0, -0.0, f32::MIN_POSITIVE, 0.0]);
    // 2^-100 * 2^-30 = 2^-130 is a denormal result: flushed, sign kept.
    let r = reg(
        "MOVR R1, p[0];\nMULR R0, R1.x, R1.y;",
        &[[2f32.powi(-100), -2f32.powi(-30), 0.0, 0.0]],
        "R0",
    );
    assert_bits(r, [-0.0; 4]);
    // An fp16 denormal read by an fp32 instruction is a normal fp32 value and survives.
    let r = reg("MOVH H0, p[0];\nMOVR R0, H0;", &[[2f32.powi(-24); 4]], "R0");
    assert_bits(r, [2f32.powi(-24); 4]);
}

#[test]
fn fx12_rounds_clamps_and_zeroes_nan() {
    // 0.3 * 1024 = 307.2 -> 307; beyond [-2048/1024, 2047/1024] clamps; NaN -> 0.
    let r = reg(
        "MOVR R1, p[0];\nMOVX R0, R1;",
        &[[0.3, 5.0, -5.0, NAN]],
        "R0",
    );
    assert_bits(r, [307.0 / 1024.0, 2047.0 / 1024.0, -2.0, 0.0]);
    let r = reg(
        "MOVR R1, p[0];\nMOVX R0, R1;",
        &[[INF, -INF, 1.0 / 4096.0, 3.0 / 2048.0]],
        "R0",
    );
    // 0.25/1024 rounds to 0; 1.5/1024 ties to even 2/1024.
    assert_bits(r, [2047.0 / 1024.0, -2.0, 0.0, 2.0 / 1024.0]);
}

#[test]
fn fx12_arithmetic_rounds_and_clamps_its_results() {
    let a = [1.5, 0.5 + 1.0 / 1024.0, -1.5, 1.0];
    let b = [1.5, 0.5, 1.5, 0.001];
    // 2.25 clamps to 2047/1024; (513/1024)*(1/2) = 256.5/1024 ties to 256/1024; -2.25 clamps to -2;
    // 0.001 is first converted to 1/1024.
    let r = reg(
        "MOVR R1, p[0];\nMOVR R2, p[1];\nMULX R0, R1, R2;",
        &[a, b],
        "R0",
    );
    assert_bits(r, [2047.0 / 1024.0, 0.25, -2.0, 1.0 / 1024.0]);
    let r = reg(
        "MOVR R1, p[0];\nMOVR R2, p[1];\nADDX R0, R1, R2;",
        &[a, b],
        "R0",
    );
    assert_bits(
        r,
        [2047.0 / 1024.0, 1.0 + 1.0 / 1024.0, 0.0, 1.0 + 1.0 / 1024.0],
    );
}

/// a*b + c with a = 1 + 2^-11, b = 1, c = 2^-11: fp32 gives 1 + 2^-10 exactly; fp16 rounds a to 1
/// on loading and 1 + 2^-11 back to 1.
const MAD_INPUT: [f32; 4] = [1.0 + P11, 1.0, P11, 0.0];

#[test]
fn precision_suffix_decides_the_arithmetic() {
    let program = |op: &str, dst: &str| {
        reg(
            &format!("MOVR R1, p[0];\n{op} {dst}, R1.x, R1.y, R1.z;"),
            &[MAD_INPUT],
            dst,
        )[0]
    };
    assert_eq!(program("MADR", "H0"), 1.0 + 2.0 * P11);
    assert_eq!(program("MADH", "H0"), 1.0);
    assert_eq!(program("MADH", "R0"), 1.0);
    assert_eq!(program("MADR", "R0"), 1.0 + 2.0 * P11);
    // No suffix: the precision of the destination register.
    assert_eq!(program("MAD", "H0"), 1.0);
    assert_eq!(program("MAD", "R0"), 1.0 + 2.0 * P11);
}

#[test]
fn fp16_results_are_rounded() {
    // 1 + 2^-11 is not an fp16 value: ADDH rounds the sum, ADDR keeps it.
    let body = "MOVR R1, p[0];\nADDH R2, R1.x, R1.y;\nADDR R3, R1.x, R1.y;";
    let trace = run(body, &[[1.0, P11, 0.0, 0.0]]);
    assert_eq!(temp(&trace, "R2")[0][0], 1.0);
    assert_eq!(temp(&trace, "R3")[0][0], 1.0 + P11);
}

#[test]
fn texture_coordinates_force_fp32_in_an_h_instruction() {
    let input = |attrib| input_with(attrib, [MAD_INPUT; 4]);
    let text = |attrib: &str| {
        format!("!!FP1.0\nMADH H0, f[{attrib}].x, f[{attrib}].y, f[{attrib}].z;\nMOVH o[COLH], H0;\nEND\n")
    };
    let (out, _) = run_text(&text("TEX0"), &[], &input(AttribReg::Tex(0)));
    assert_eq!(
        out.color[0][0],
        1.0 + 2.0 * P11,
        "f[TEX0] makes MADH run at fp32"
    );
    let (out, _) = run_text(&text("FOGC"), &[], &input(AttribReg::Fogc));
    assert_eq!(
        out.color[0][0],
        1.0 + 2.0 * P11,
        "f[FOGC] makes MADH run at fp32"
    );
    let (out, _) = run_text(&text("COL0"), &[], &input(AttribReg::Col0));
    assert_eq!(out.color[0][0], 1.0, "f[COL0] does not");
}

#[test]
fn output_registers_have_their_own_types() {
    let v = [[1.0 + P11, 1e-40, 0.1, 70000.0]];
    let (out, _) = run_text(
        "!!FP1.0\nMOVR o[COLH], p[0];\nEND\n",
        &v,
        &Default::default(),
    );
    assert_bits(
        out.color[0],
        [1.0, 0.0, half::f16::from_f32(0.1).to_f32(), INF],
    );
    let (out, _) = run_text(
        "!!FP1.0\nMOVR o[COLR], p[0];\nEND\n",
        &v,
        &Default::default(),
    );
    assert_bits(out.color[0], [1.0 + P11, 0.0, 0.1, 70000.0]);
}
