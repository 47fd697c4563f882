//! The NV -> ARB translator, text in and text out: each test loads an NV program with Pigment's parser
//! and validator and checks the exact ARB text against the mapping in `pigment_arb::from_nv`'s documentation,
//! or that an untranslatable feature is refused.

use pigment_arb::from_nv::{translate, Translation, Unsupported};
use pigment_diag::FileId;

fn load(nv: &str) -> nvfp::program::Program {
    let (ast, diagnostics) = nvfp::syntax::parse(nv, FileId(0));
    assert!(
        !pigment_diag::has_errors(&diagnostics),
        "{nv}: {diagnostics:?}"
    );
    nvfp::validate::load(&ast, FileId(0)).unwrap_or_else(|d| panic!("{nv}: {d:?}"))
}

fn arb(nv_body: &str) -> Result<Translation, Unsupported> {
    translate(&load(&format!("!!FP1.0\n{nv_body}\nEND\n")))
}

fn text(nv_body: &str) -> String {
    arb(nv_body)
        .unwrap_or_else(|e| panic!("{nv_body}: {e}"))
        .text
}

/// The ARB program every translation has around its body, with these temporaries declared and the
/// listed ones zeroed.
fn wrap(temps: &str, zeroed: &[&str], body: &str) -> String {
    let zero: String = zeroed
        .iter()
        .map(|t| format!("MOV {t}, {{0, 0, 0, 0}};\n"))
        .collect();
    format!("!!ARBfp1.0\nTEMP {temps};\n{zero}{body}MOV result.color, nv_colr;\nEND\n")
}

#[test]
fn a_move_goes_through_the_zeroed_colour_temporary() {
    let want = wrap(
        "nv_colr",
        &["nv_colr"],
        "MOV nv_colr, fragment.texcoord[0];\n",
    );
    assert_eq!(text("MOVR o[COLR], f[TEX0];"), want);
}

#[test]
fn attributes_map_to_arb_names() {
    let got = text("MOVR R0, f[WPOS];\nADDR R0, R0, f[COL0];\nADDR R1, R0, f[COL1];\nADDR o[COLR], R1, f[TEX7];");
    let body = "MOV R0, fragment.position;\n\
                ADD R0, R0, fragment.color;\n\
                ADD R1, R0, fragment.color.secondary;\n\
                ADD nv_colr, R1, fragment.texcoord[7];\n";
    assert_eq!(got, wrap("R0, R1, nv_colr", &["R0", "R1", "nv_colr"], body));
}

#[test]
fn fog_coordinate_gets_w_zero() {
    let body = "MUL nv_fogc, fragment.fogcoord, {1, 1, 1, 0};\nMOV nv_colr, nv_fogc;\n";
    assert_eq!(
        text("MOVR o[COLR], f[FOGC];"),
        wrap("nv_colr, nv_fogc", &["nv_colr"], body)
    );
}

#[test]
fn absolute_values_go_through_abs_and_masks_swizzles_saturation_stay() {
    let got = text("MOVR R0.xz, -|f[COL1].yxzw|;\nADDR_SAT o[COLR], R0.wzyx, -R0;");
    let body = "ABS nv_t0, fragment.color.secondary.yxzw;\n\
                MOV R0.xz, -nv_t0;\n\
                ADD_SAT nv_colr, R0.wzyx, -R0;\n";
    assert_eq!(got, wrap("R0, nv_colr, nv_t0", &["R0", "nv_colr"], body));
}

#[test]
fn constants_are_folded_with_their_modifiers() {
    let got = text(
        "DEFINE c = {-1, 2, -3.5, 4};\nMOVR R0, -|c.wzyx|;\nRCPR R1, -c.z;\nMULR o[COLR], R0, R1;",
    );
    let body = "MOV R0, {-4.0, -3.5, -2.0, -1.0};\n\
                RCP R1, {3.5, 3.5, 3.5, 3.5}.x;\n\
                MUL nv_colr, R0, R1;\n";
    assert_eq!(got, wrap("R0, R1, nv_colr", &["R0", "R1", "nv_colr"], body));
}

#[test]
fn scalar_operands_take_one_component() {
    let got = text("MOVR R0, f[TEX1];\nPOWR o[COLR].y, f[TEX0].y, R0.x;");
    let body = "MOV R0, fragment.texcoord[1];\nPOW nv_colr.y, fragment.texcoord[0].y, R0.x;\n";
    assert_eq!(got, wrap("R0, nv_colr", &["R0", "nv_colr"], body));
}

#[test]
fn locals_numbered_and_named() {
    let translation = arb("DECLARE k = {1, 2, 3, 4};\nDECLARE m = 5;\nMOVR R0, p[7];\nADDR R0, R0, k;\nADDR o[COLR], R0, m;")
        .expect("translatable");
    let body = "MOV R0, program.local[7];\nADD R0, R0, program.local[64];\nADD nv_colr, R0, program.local[65];\n";
    assert_eq!(
        translation.text,
        wrap("R0, nv_colr", &["R0", "nv_colr"], body)
    );
    assert_eq!(
        translation.named_locals,
        vec![(64, [1.0, 2.0, 3.0, 4.0]), (65, [5.0; 4])]
    );
}

#[test]
fn texture_lookups_keep_unit_and_target_and_cube_txp_is_tex() {
    let got = text("TEX R0, f[TEX0], TEX2, 2D;\nTXP R1, f[TEX1], TEX3, 3D;\nTXP R2, f[TEX1], TEX4, CUBE;\nADDR R0, R0, R1;\nADDR o[COLR], R0, R2;");
    let body = "TEX R0, fragment.texcoord[0], texture[2], 2D;\n\
                TXP R1, fragment.texcoord[1], texture[3], 3D;\n\
                TEX R2, fragment.texcoord[1], texture[4], CUBE;\n\
                ADD R0, R0, R1;\n\
                ADD nv_colr, R0, R2;\n";
    assert_eq!(
        got,
        wrap("R0, R1, R2, nv_colr", &["R0", "R1", "R2", "nv_colr"], body)
    );
}

#[test]
fn comparisons_without_arb_instructions() {
    let got = text("MOVR R5, f[TEX1];\nSGTR R0, f[TEX0], R5;\nSLER R1, f[TEX0], R0;\nSEQR R2, R0, R1;\nSNER_SAT R3, R0, R1;\nSFLR R4, R0, R1;\nSTRR o[COLR], R0, R1;");
    let body = "MOV R5, fragment.texcoord[1];\n\
                SLT R0, R5, fragment.texcoord[0];\n\
                SGE R1, R0, fragment.texcoord[0];\n\
                SGE nv_t0, R0, R1;\nSGE nv_t1, R1, R0;\nMUL R2, nv_t0, nv_t1;\n\
                SGE nv_t0, R0, R1;\nSGE nv_t1, R1, R0;\nMAD_SAT R3, -nv_t0, nv_t1, {1, 1, 1, 1};\n\
                MOV R4, {0.0, 0.0, 0.0, 0.0};\n\
                MOV nv_colr, {1.0, 1.0, 1.0, 1.0};\n";
    let temps = "R0, R1, R2, R3, R4, R5, nv_colr, nv_t0, nv_t1";
    assert_eq!(
        got,
        wrap(
            temps,
            &["R0", "R1", "R2", "R3", "R4", "R5", "nv_colr"],
            body
        )
    );
}

#[test]
fn condition_codes_set_tested_and_killed_on() {
    let got = text("MOVRC RC.x, f[TEX1].y;\nKIL LT.x;\nKIL GT.y;\nKIL EQ;\nKIL NE.z;\nKIL GE.w;\nKIL LE;\nKIL FL;\nKIL TR;\nMOVR o[COLR], 1;");
    let body = "MOV nv_t0, fragment.texcoord[1].yyyy;\nMOV nv_cc.x, nv_t0;\n\
                KIL nv_cc.xxxx;\n\
                KIL -nv_cc.yyyy;\n\
                SGE nv_t0, nv_cc, {0, 0, 0, 0};\nSGE nv_t1, {0, 0, 0, 0}, nv_cc;\nMUL nv_t0, nv_t0, nv_t1;\nKIL -nv_t0;\n\
                SGE nv_t0, nv_cc.zzzz, {0, 0, 0, 0};\nSGE nv_t1, {0, 0, 0, 0}, nv_cc.zzzz;\nMAD nv_t0, -nv_t0, nv_t1, {1, 1, 1, 1};\nKIL -nv_t0;\n\
                SGE nv_t0, nv_cc.wwww, {0, 0, 0, 0};\nKIL -nv_t0;\n\
                SGE nv_t0, {0, 0, 0, 0}, nv_cc;\nKIL -nv_t0;\n\
                KIL {-1, -1, -1, -1};\n\
                MOV nv_colr, {1.0, 1.0, 1.0, 1.0};\n";
    assert_eq!(
        got,
        wrap("nv_cc, nv_colr, nv_t0, nv_t1", &["nv_cc", "nv_colr"], body)
    );
}

#[test]
fn conditional_writes_select_with_cmp_and_update_the_codes_they_write() {
    let got = text("SUBRC R0.xy (GT.xyxy), f[TEX0], p[1];\nMOVR o[COLR], R0;");
    let body = "SLT nv_t0, {0, 0, 0, 0}, nv_cc.xyxy;\n\
                SUB nv_t1, fragment.texcoord[0], program.local[1];\n\
                CMP R0.xy, -nv_t0, nv_t1, R0;\n\
                CMP nv_cc.xy, -nv_t0, nv_t1, nv_cc;\n\
                MOV nv_colr, R0;\n";
    assert_eq!(
        got,
        wrap(
            "R0, nv_cc, nv_colr, nv_t0, nv_t1",
            &["R0", "nv_cc", "nv_colr"],
            body
        )
    );
}

#[test]
fn depth_outside_zero_one_discards() {
    let got = text("MOVR o[DEPR].z, f[TEX0].x;\nMOVR o[COLR], 1;");
    let want = "!!ARBfp1.0\nTEMP nv_colr, nv_depr, nv_t0;\n\
                MOV nv_colr, {0, 0, 0, 0};\nMOV nv_depr, {0, 0, 0, 0};\n\
                MOV nv_depr.z, fragment.texcoord[0].xxxx;\n\
                MOV nv_colr, {1.0, 1.0, 1.0, 1.0};\n\
                KIL nv_depr.z;\nADD nv_t0.x, {1}.x, -nv_depr.z;\nKIL nv_t0.x;\n\
                MOV result.color, nv_colr;\nEND\n";
    assert_eq!(got, want);
}

#[test]
fn fp16_and_instructions_without_arb_form_are_unsupported() {
    let cases = [
        ("MOVH H0, f[TEX0];\nMOVR o[COLR], H0;", "H0"),
        ("MOVR o[COLH], f[TEX0];", "o[COLH]"),
        ("ADDH R0, f[COL0], f[COL0];\nMOVR o[COLR], R0;", "precision"),
        ("ADDX R0, f[COL0], f[COL0];\nMOVR o[COLR], R0;", "precision"),
        ("DDXR o[COLR], f[TEX0];", "DDX"),
        ("PK2H R0, f[TEX0];\nMOVR o[COLR], R0;", "PK2H"),
        ("RFLR o[COLR].xyz, f[TEX0], p[0];", "RFL"),
        ("MOVHC HC.x, f[TEX0];\nMOVR o[COLR], 1;", "HC"),
    ];
    for (body, named) in cases {
        match arb(body) {
            Err(unsupported) => assert!(unsupported.what.contains(named), "{body}: {unsupported}"),
            Ok(t) => panic!("{body} translated:\n{}", t.text),
        }
    }
}

#[test]
fn unsupported_points_at_the_instruction() {
    let nv = "!!FP1.0\nMOVR R0, f[TEX0];\nDDYR o[COLR], R0;\nEND\n";
    let error = translate(&load(nv)).expect_err("DDY has no ARB form");
    assert_eq!(&nv[error.span.range()], "DDYR o[COLR], R0");
}
