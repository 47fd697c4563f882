//! The condition code (sections 3.11.1.4, 3.11.4.4, 3.11.5.11, notes item 1): initial state, updates
//! from the stored value, CC write masks, RC / HC and KIL.

mod exec_support;
use exec_support::*;
use nvfp::isa::{AttribReg, Cond};
use Cond::{Eq as EQ, Gt as GT, Lt as LT, Un as UN};

#[test]
fn the_movc_example_of_3_11_4_4() {
    // R1 = (-2, 0, 2, NaN); after each instruction R0 and CC are as the spec's comments say.
    let steps = [
        "MOVC R0, R1;",
        "MOVC R0.xyz, R1.yzwx;",
        "MOVC R0 (NE), R1.zywx;",
    ];
    let expected: [([f32; 4], [Cond; 4]); 3] = [
        ([-2.0, 0.0, 2.0, NAN], [LT, EQ, GT, UN]),
        ([0.0, 2.0, NAN, NAN], [EQ, GT, UN, UN]),
        ([0.0, 0.0, NAN, -2.0], [EQ, EQ, UN, LT]),
    ];
    for n in 1..=3 {
        let body = format!("MOVR R1, p[0];\n{}", steps[..n].join("\n"));
        let trace = run(&body, &[[-2.0, 0.0, 2.0, NAN]]);
        assert_bits(temp(&trace, "R0")[0], expected[n - 1].0);
        assert_eq!(trace.cc[0], expected[n - 1].1, "CC after step {n}");
    }
}

#[test]
fn cc_starts_as_eq_and_temporaries_as_zero() {
    let trace = run("ADDR R0, R0, {1,2,3,4};", &[]);
    assert_eq!(trace.cc, [[EQ; 4]; 4]);
    assert_bits(temp(&trace, "R0")[3], [1.0, 2.0, 3.0, 4.0]);
    // An EQ mask therefore writes before any CC update.
    assert_bits(
        reg("MOVR R0 (EQ), {1,2,3,4};", &[], "R0"),
        [1.0, 2.0, 3.0, 4.0],
    );
}

#[test]
fn cc_comes_from_the_converted_stored_value() {
    // H destination: 1e-8 rounds to +0 and -1e-8 to -0 in fp16 (EQ), 70000 to INF (GT).
    assert_eq!(
        cc(
            "MOVR R1, p[0];\nMOVRC H0, R1;",
            &[[1e-8, -1e-8, 70000.0, -0.5]]
        ),
        [EQ, EQ, GT, LT]
    );
    // The fp32 RC keeps 1e-8 (GT) but flushes a denormal (EQ); HC rounds like an H register.
    assert_eq!(
        cc("MOVR R1, p[0];\nMOVRC RC, R1;", &[[1e-8, -1e-8, NAN, 0.0]]),
        [GT, LT, UN, EQ]
    );
    assert_eq!(
        cc("MOVR R1, p[0];\nMOVRC HC, R1;", &[[1e-8, -1e-8, NAN, 0.0]]),
        [EQ, EQ, UN, EQ]
    );
    assert_eq!(
        cc("MOVRC RC, p[0];", &[[1e-40, -1e-40, 1.0, -1.0]]),
        [EQ, EQ, GT, LT]
    );
    // _SAT clamps before the comparison: -3 -> 0 (EQ), 7 -> 1 (GT).
    assert_eq!(
        cc(
            "MOVR R1, p[0];\nMOVRC_SAT RC, R1;",
            &[[-3.0, 7.0, 0.5, NAN]]
        ),
        [EQ, GT, GT, UN]
    );
}

#[test]
fn only_components_enabled_by_both_masks_update_the_cc() {
    // CC := (LT, EQ, GT, UN); then a write of (1,1,1,1) masked by .xyw and (NE): x (LT) and w (UN)
    // pass NE, y (EQ) does not, z is not in the write mask.
    let body = "MOVRC RC, p[0];\nMOVRC R0.xyw (NE), {1,1,1,1};";
    let trace = run(body, &[[-1.0, 0.0, 1.0, NAN]]);
    assert_bits(temp(&trace, "R0")[0], [1.0, 0.0, 0.0, 1.0]);
    assert_eq!(trace.cc[0], [GT, EQ, GT, GT]);
}

#[test]
fn every_cc_mask_rule() {
    // CC = (LT, EQ, GT, UN). UN passes only NE and TR.
    let expected = [
        ("EQ", [0.0, 1.0, 0.0, 0.0]),
        ("NE", [1.0, 0.0, 1.0, 1.0]),
        ("LT", [1.0, 0.0, 0.0, 0.0]),
        ("GE", [0.0, 1.0, 1.0, 0.0]),
        ("LE", [1.0, 1.0, 0.0, 0.0]),
        ("GT", [0.0, 0.0, 1.0, 0.0]),
        ("TR", [1.0, 1.0, 1.0, 1.0]),
        ("FL", [0.0, 0.0, 0.0, 0.0]),
    ];
    for (rule, values) in expected {
        let body = format!("MOVRC RC, p[0];\nMOVR R0 ({rule}), {{1,1,1,1}};");
        assert_bits(reg(&body, &[[-1.0, 0.0, 1.0, NAN]], "R0"), values);
    }
}

#[test]
fn cc_masks_are_swizzled() {
    // The spec's example: CC (GT,LT,EQ,GT) with (NE.zyxw) loads (EQ,LT,GT,GT): y, z, w written.
    let body = "MOVRC RC, p[0];\nMOVR R0 (NE.zyxw), {1,1,1,1};";
    assert_bits(
        reg(body, &[[1.0, -1.0, 0.0, 1.0]], "R0"),
        [0.0, 1.0, 1.0, 1.0],
    );
    // A scalar suffix replicates: (LT.y) tests CC.y everywhere.
    let body = "MOVRC RC, p[0];\nMOVR R0 (LT.y), {1,1,1,1};";
    assert_bits(reg(body, &[[1.0, -1.0, 0.0, 1.0]], "R0"), [1.0; 4]);
}

/// A quad whose f[TEX0].x is -1, 0, 1, NaN in fragments 0..3.
fn signed_quad() -> nvfp::exec::QuadInput {
    input_with(
        AttribReg::Tex(0),
        [-1.0, 0.0, 1.0, NAN].map(|x| [x, 0.0, 0.0, 0.0]),
    )
}

fn killed(kil: &str) -> [bool; 4] {
    let text = format!("!!FP1.0\nMOVRC RC.x, f[TEX0].x;\n{kil}\nMOVR o[COLR], {{1,1,1,1}};\nEND\n");
    run_text(&text, &[], &signed_quad()).0.killed
}

#[test]
fn kil_discards_when_any_swizzled_component_passes() {
    assert_eq!(killed("KIL LT.x;"), [true, false, false, false]);
    assert_eq!(killed("KIL NE.xxxx;"), [true, false, true, true]);
    assert_eq!(killed("KIL GE.x;"), [false, true, true, false]);
    // CC.y..w are still EQ: GT.yzw never passes, EQ.yzwx always does.
    assert_eq!(killed("KIL GT.yzww;"), [false; 4]);
    assert_eq!(killed("KIL EQ.yzwx;"), [true; 4]);
    // Any component suffices: .xyyy with LE passes through x (LT or EQ) or y (EQ).
    assert_eq!(killed("KIL LE.xyyy;"), [true; 4]);
    assert_eq!(killed("KIL FL;"), [false; 4]);
    assert_eq!(killed("KIL TR;"), [true; 4]);
}

#[test]
fn killed_fragments_keep_running_as_helpers() {
    // Fragment 0 is killed before DDX, yet its value still feeds the derivative of its row.
    let text =
        "!!FP1.0\nMOVRC RC.x, f[TEX0].x;\nKIL LT.x;\nDDXR R0, f[TEX0].x;\nMOVR o[COLR], R0;\nEND\n";
    let input = input_with(AttribReg::Tex(0), [[-1.0; 4], [5.0; 4], [1.0; 4], [2.0; 4]]);
    let (out, trace) = run_text(text, &[], &input);
    assert_eq!(out.killed, [true, false, false, false]);
    assert_eq!(out.color.map(|c| c[0]), [6.0, 6.0, 1.0, 1.0]);
    assert_eq!(
        temp(&trace, "R0")[0][0],
        6.0,
        "the killed fragment's registers are still computed"
    );
}
