//! One unique attribute register and one unique program parameter per instruction, and the merging of
//! constants (sections 3.11.1.1, 3.11.2 and 3.11.3).

mod validate_common;
use validate_common::{fails, fails_once, loads, primary_text, secondary_texts};

const OUT: &str = "MOV o[COLR], R0;";

fn with_out(body: &str) -> String {
    format!("{body}\n{OUT}")
}

#[test]
fn one_unique_attribute_register_per_instruction() {
    let body = with_out("ADD R0, f[TEX0], f[COL0];");
    let error = fails_once(&body);
    assert!(
        error.message.contains("f[TEX0] and f[COL0]"),
        "{}",
        error.message
    );
    assert_eq!(primary_text(&body, &error), "f[COL0]");
    assert_eq!(secondary_texts(&body, &error), ["f[TEX0]"]);
}

#[test]
fn same_attribute_register_several_times_is_fine() {
    loads(&with_out("MAD R0, f[TEX0], f[TEX0].w, -f[TEX0].xxyy;"));
}

#[test]
fn each_extra_attribute_register_is_reported() {
    let errors = fails(&with_out("MAD R0, f[TEX0], f[COL0], f[COL1];"));
    assert_eq!(errors.len(), 2, "{errors:#?}");
}

#[test]
fn one_unique_program_parameter_two_numbered_locals() {
    let body = with_out("ADD R0, p[0], p[1];");
    let error = fails_once(&body);
    assert_eq!(primary_text(&body, &error), "p[1]");
    assert_eq!(secondary_texts(&body, &error), ["p[0]"]);
}

#[test]
fn same_numbered_local_several_times_is_fine() {
    loads(&with_out("MAD R0, p[3], R1, p[3].x;"));
}

#[test]
fn one_unique_program_parameter_two_named_locals() {
    fails_once(&with_out("DECLARE a;\nDECLARE b;\nADD R0, a, b;"));
}

#[test]
fn same_named_local_several_times_is_fine() {
    loads(&with_out("DECLARE a;\nMAD R0, a, R1, -a.w;"));
}

#[test]
fn one_unique_program_parameter_named_and_numbered_local() {
    fails_once(&with_out("DECLARE a;\nADD R0, a, p[0];"));
}

#[test]
fn one_unique_program_parameter_local_and_constant() {
    fails_once(&with_out("ADD R0, p[0], 1;"));
    fails_once(&with_out("DECLARE a;\nADD R0, {1, 2}, a;"));
    fails_once(&with_out("DEFINE c = 1;\nMUL R0, p[2], c;"));
}

#[test]
fn constant_merging_spec_valid_examples() {
    // Section 3.11.2: "MAD R0, R1, 2, -1;" and "ADD R0, {1,2,3,4}, 4;" are valid.
    loads(&with_out("MAD R0, R1, 2, -1;"));
    loads(&with_out("ADD R0, {1,2,3,4}, 4;"));
}

#[test]
fn constant_merging_spec_invalid_examples() {
    // Section 3.11.2: each of these contains more than four unique scalar values.
    for instruction in [
        "ADD R0, {1,2,3,4}, -4;",
        "ADD R0, {1,2,3,4}, |-4|;",
        "ADD R0, {1,2,3,4}, -{-1,-2,-3,-4};",
        "ADD R0, {1,2,3,4}, {4,5,6,7}.x;",
    ] {
        let body = with_out(instruction);
        let error = fails_once(&body);
        assert!(
            error.message.contains("unique scalar values"),
            "{instruction}: {}",
            error.message
        );
        // The second operand brings the fifth value; the first is labelled.
        assert_eq!(
            secondary_texts(&body, &error),
            ["{1,2,3,4}"],
            "{instruction}"
        );
    }
}

#[test]
fn constant_merging_counts_values_of_named_constants() {
    // Named constants are converted to embedded ones first: {1,2,3} is {1,2,3,1}; with 3.5: four values.
    loads(&with_out(
        "DEFINE v = {1, 2, 3};\nDEFINE s = 3.5;\nADD R0, v, s;",
    ));
    fails_once(&with_out(
        "DEFINE v = {1, 2, 3, 4};\nDEFINE s = 3.5;\nADD R0, v, s;",
    ));
}

#[test]
fn constant_merging_ignores_negation_of_a_named_constant() {
    // `-four` is the value 4 with a negate modifier, which is not applied before counting.
    loads(&with_out("DEFINE four = 4;\nADD R0, {1,2,3,4}, -four;"));
    loads(&with_out("DEFINE four = 4;\nADD R0, {1,2,3,4}, |four|;"));
}

#[test]
fn constant_merging_short_vectors_count_all_four_components() {
    // {2} is {2,0,0,1}: with 3 that is four values; with 3 and 4, five.
    loads(&with_out("ADD R0, {2}, 3;"));
    loads(&with_out("ADD R0, {2}, {3}.x;"));
    fails_once(&with_out("MAD R0, {2}, 3, 4;"));
    fails_once(&with_out("ADD R0, {5, 6}, {7, 8}.x;"));
}

#[test]
fn constant_merging_same_vector_twice_is_four_values() {
    loads(&with_out(
        "MAD R0, {1,2,3,4}, {1,2,3,4}.wzyx, -{4,3,2,1}.x;",
    ));
}

#[test]
fn numbered_local_index_is_below_64() {
    loads(&with_out("MOV R0, p[63];"));
    let body = with_out("MOV R0, p[64];");
    let errors = fails(&body);
    assert!(
        errors.iter().any(|e| e.message.contains("p[64]")),
        "{errors:#?}"
    );
}

#[test]
fn scalar_operand_named_scalar_constant_without_suffix() {
    loads(&with_out("DEFINE s = 2;\nRCP R0, s;\nPOW R1, s, -s;"));
}

#[test]
fn scalar_operand_vector_constant_needs_a_component() {
    let body = with_out("DEFINE v = {1, 2};\nRCP R0, v;");
    let error = fails_once(&body);
    assert_eq!(primary_text(&body, &error), "v");
    loads(&with_out("DEFINE v = {1, 2};\nRCP R0, v.y;"));
}

#[test]
fn scalar_operand_named_local_needs_a_component() {
    fails_once(&with_out("DECLARE a;\nCOS R0, a;"));
    loads(&with_out("DECLARE a;\nCOS R0, a.z;"));
}

#[test]
fn scalar_constant_takes_no_component_suffix() {
    let body = with_out("DEFINE s = 2;\nMOV R0, s.x;");
    let error = fails_once(&body);
    assert!(
        error.message.contains("scalar constant"),
        "{}",
        error.message
    );
}

#[test]
fn vector_constant_in_vector_position_needs_no_suffix() {
    // The spec's own example (section 2 issues): `ADD R2, f[TEX0], -halfTexel;`.
    loads(&with_out(
        "DEFINE halfTexel = { 0.03125, 0 };\nADD R0, f[TEX0], -halfTexel;",
    ));
}
