//! Names of constants and local parameters: definition before use, no redefinition, no reserved names
//! (section 3.11.2, project notes item 10).

mod validate_common;
use validate_common::{fails, fails_once, loads, offset_of, primary_text, secondary_texts};

#[test]
fn undefined_name() {
    let body = "MOV o[COLR], colour;";
    let error = fails_once(body);
    assert_eq!(error.message, "`colour` is not defined");
    assert_eq!(primary_text(body, &error), "colour");
}

#[test]
fn name_used_before_its_definition() {
    let body = "MOV o[COLR], c;\nDEFINE c = 1;";
    let error = fails_once(body);
    assert_eq!(error.message, "`c` is not defined");
    assert_eq!(error.secondary.len(), 1);
    assert_eq!(
        error.secondary[0].span.start as usize,
        offset_of(body, "c", 1)
    );
}

#[test]
fn redefinition_define_define() {
    let body = "DEFINE pi = 3.14;\nDEFINE pi = 3.1416;\nMOV o[COLR], pi;";
    let error = fails_once(body);
    assert_eq!(error.message, "`pi` is already defined");
    assert_eq!(
        error.primary.as_ref().unwrap().span.start as usize,
        offset_of(body, "pi", 1)
    );
    // The note label points at the first definition.
    assert_eq!(secondary_texts(body, &error), ["pi"]);
    assert_eq!(
        error.secondary[0].span.start as usize,
        offset_of(body, "pi", 0)
    );
}

#[test]
fn redefinition_declare_after_define_and_define_after_declare() {
    fails_once("DEFINE a = 1;\nDECLARE a;\nMOV o[COLR], a;");
    fails_once("DECLARE a;\nDEFINE a = {1, 2};\nMOV o[COLR], a;");
    fails_once("DECLARE a;\nDECLARE a = 2;\nMOV o[COLR], a;");
}

#[test]
fn reserved_names_are_invalid() {
    let reserved = [
        // Instruction names, with their suffixes.
        "ADD",
        "ADDR_SAT",
        "MADXC",
        "TXPC",
        "KIL",
        "PK2H",
        "UP4UBC_SAT",
        "LG2H",
        // Other keywords of the grammar.
        "DEFINE",
        "DECLARE",
        "END",
        "RC",
        "HC",
        "EQ",
        "GE",
        "GT",
        "LE",
        "LT",
        "NE",
        "TR",
        "FL",
        "f",
        "o",
        "p",
        "WPOS",
        "COL0",
        "FOGC",
        "COLR",
        "COLH",
        "DEPR",
        "CUBE",
        "RECT",
        "x",
        "w",
        // Temporary registers and texture units.
        "R0",
        "R31",
        "H0",
        "H63",
        "TEX0",
        "TEX15",
    ];
    for name in reserved {
        fails(&format!("DEFINE {name} = 1;\nMOV o[COLR], f[COL0];"));
        fails(&format!("DECLARE {name};\nMOV o[COLR], f[COL0];"));
    }
}

#[test]
fn reserved_name_error_says_why() {
    // `R1$` is a legal name; `H7` names a temporary register.
    let body = "DEFINE R1$ = 1;\nDECLARE H7;\nMOV o[COLR], f[COL0];";
    let error = fails_once(body);
    assert!(
        error.message.contains("temporary register"),
        "{}",
        error.message
    );
    assert_eq!(primary_text(body, &error), "H7");
}

#[test]
fn register_looking_names_outside_the_grammar_are_legal() {
    // Notes item 10: R37, TEX24, H99 are legal names; so are lower-case instruction names.
    for name in [
        "R32", "R37", "H64", "H99", "TEX16", "TEX24", "R01", "add", "Rx", "COLORS", "$a", "_b1",
    ] {
        loads(&format!("DEFINE {name} = 1;\nMOV o[COLR], {name};"));
    }
}

#[test]
fn define_value_must_be_a_constant() {
    let body = "DECLARE a;\nDEFINE b = a;\nMOV o[COLR], f[COL0];";
    let error = fails_once(body);
    assert_eq!(primary_text(body, &error), "a");
}

#[test]
fn define_value_may_name_earlier_constants() {
    let program = loads(
        "DEFINE s = 0.5;\nDEFINE v = {s, 1};\nDEFINE u = v;\nDECLARE l = s;\nMOV o[COLR], u;",
    );
    assert_eq!(program.named_locals[0].initial, [0.5; 4]);
}

#[test]
fn vector_constant_components_are_scalar_constants() {
    fails_once("DEFINE v = {1, 2};\nDEFINE u = {v, 1};\nMOV o[COLR], f[COL0];");
    fails_once("DECLARE l;\nMOV o[COLR], {l, 1};");
}

#[test]
fn undefined_name_inside_a_definition() {
    let body = "DEFINE v = {1, nope};\nMOV o[COLR], v;";
    let error = fails_once(body);
    assert_eq!(error.message, "`nope` is not defined");
}

#[test]
fn out_of_range_register_name_is_an_undefined_name() {
    // Notes item 10: R37 is an ordinary name; undefined here, with a hint about the register range.
    let error = fails_once("MOV o[COLR], R37;");
    assert_eq!(error.message, "`R37` is not defined");
    assert!(
        error.notes.iter().any(|n| n.contains("R0 to R31")),
        "{:?}",
        error.notes
    );
}
