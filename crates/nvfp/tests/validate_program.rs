//! Program-wide rules: output registers (section 3.11.1.3), one target per texture unit (3.11.3), and
//! reporting every problem rather than the first.

mod validate_common;
use validate_common::{fails, fails_once, loads, primary_text, secondary_texts};

#[test]
fn program_writes_both_colr_and_colh() {
    let body = "MOV o[COLR], f[COL0];\nMOV R0, f[COL1];\nMOV o[COLH], R0;";
    let error = fails_once(body);
    assert_eq!(error.message, "program writes both o[COLR] and o[COLH]");
    assert_eq!(primary_text(body, &error), "o[COLH]");
    assert_eq!(secondary_texts(body, &error), ["o[COLR]"]);
}

#[test]
fn program_writes_no_output_register() {
    let error = fails_once("MOV R0, f[COL0];\nMOV H0, R0;");
    assert!(
        error.message.contains("no output register"),
        "{}",
        error.message
    );
}

#[test]
fn any_one_output_register_is_enough() {
    loads("MOV o[DEPR].z, f[WPOS];");
    loads("MOV o[COLH], f[COL0];");
    loads("MOV o[COLR], f[COL0];\nMOV o[DEPR], f[WPOS];");
    // Writing under a condition still counts as writing.
    loads("MOV o[COLR] (FL), f[COL0];");
}

#[test]
fn one_target_per_texture_unit() {
    let body = "TEX R0, f[TEX0], TEX0, 2D;\nTXP R1, f[TEX1], TEX0, CUBE;\nADD o[COLR], R0, R1;";
    let error = fails_once(body);
    assert!(error.message.contains("TEX0"), "{}", error.message);
    assert!(
        error.message.contains("CUBE") && error.message.contains("2D"),
        "{}",
        error.message
    );
    assert_eq!(secondary_texts(body, &error).len(), 1);
}

#[test]
fn same_target_on_a_unit_and_different_units_are_fine() {
    let program = loads(
        "TEX R0, f[TEX0], TEX0, 2D;\nTXP R1, f[TEX1], TEX0, 2D;\nTXD R2, f[TEX2], R0, R1, TEX3, RECT;\n\
         TEX R3, R2, TEX15, 3D;\nADD o[COLR], R0, R3;",
    );
    let mut expected = [None; 16];
    expected[0] = Some(nvfp::isa::TexTarget::D2);
    expected[3] = Some(nvfp::isa::TexTarget::Rect);
    expected[15] = Some(nvfp::isa::TexTarget::D3);
    assert_eq!(program.texture_targets, expected);
}

#[test]
fn every_problem_is_reported() {
    let body =
        "DEFINE pi = 3;\nDEFINE pi = 4;\nADD R0, f[TEX0], f[COL0];\nRFL R1, R0, R0;\nMOV R2, nope;";
    let errors = fails(body);
    // Redefinition, two attributes, RFL writing w, undefined name, no output written.
    assert_eq!(errors.len(), 5, "{errors:#?}");
}
