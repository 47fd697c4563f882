//! The validator on trees it should never see from the parser, on texts with syntax errors, and on
//! random programs: it reports, never panics, and whatever loads obeys the program-wide limits.

mod validate_common;
use nvfp::isa::Precision;
use nvfp::syntax::ast::{Instruction, Statement};
use nvfp::syntax::parse;
use nvfp::validate::{load, load_text};
use pigment_diag::FileId;
use proptest::prelude::*;
use validate_common::fp;

#[test]
fn load_text_with_syntax_errors_reports_only_syntax_errors() {
    // The MOV that writes o[COLR] does not parse; "writes no output" would be a misleading extra error.
    let diagnostics = load_text(&fp("MOV o[COLR] f[COL0];"), FileId(0)).unwrap_err();
    assert!(!diagnostics.is_empty());
    assert!(
        diagnostics.iter().all(|d| !d.message.contains("output")),
        "{diagnostics:#?}"
    );
}

#[test]
fn malformed_tree_is_reported_not_loaded() {
    let (tree, diagnostics) = parse(&fp("COS o[COLR], f[COL0].x;"), FileId(0));
    assert!(diagnostics.is_empty());
    let with_instruction = |change: fn(&mut Instruction)| {
        let mut tree = tree.clone();
        let Statement::Instruction(instruction) = &mut tree.statements[0] else {
            panic!("an instruction")
        };
        change(instruction);
        load(&tree, FileId(0))
    };
    assert!(with_instruction(|_| {}).is_ok());
    // COS accepts R and H only (Table X.4), and exactly one operand.
    let errors = with_instruction(|i| i.precision = Some(Precision::X)).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(with_instruction(|i| i.srcs.clear()).is_err());
    assert!(with_instruction(|i| i.dst = None).is_err());
}

/// Statements that are each grammatical, drawn at random to build programs.
const STATEMENTS: [&str; 24] = [
    "MOV o[COLR], f[COL0];",
    "MOV o[COLH], H0;",
    "MOV o[DEPR].z, R1;",
    "ADD R0, f[TEX0], f[COL0];",
    "MAD R1, R0, 2, -1;",
    "ADD R2, {1,2,3,4}, -4;",
    "DEFINE pi = 3.14;",
    "DECLARE tint = {1, 2};",
    "MUL H0, tint, pi;",
    "RCP R3, pi;",
    "RCP R3, tint.x;",
    "RCP R3, tint;",
    "TEX R4, f[TEX1], TEX0, 2D;",
    "TXP R4, f[TEX1], TEX0, CUBE;",
    "RFL R5, R0, R1;",
    "RFL R5.xyz, R0, R1;",
    "PK2H H3, R0;",
    "UP2H R6, H3.x;",
    "ADD R7, p[0], p[1];",
    "KIL NE.x;",
    "MOVC RC, R0;",
    "MOV R31, undefined;",
    "DEFINE R8 = 1;",
    "MOV H63, R8;",
];

proptest! {
    #[test]
    fn random_programs_never_panic_and_loaded_ones_obey_limits(
        picks in proptest::collection::vec(0..STATEMENTS.len(), 1..40),
        filler in 0usize..20,
    ) {
        let mut body: String = picks.iter().map(|&i| format!("{}\n", STATEMENTS[i])).collect();
        for n in 0..filler {
            body.push_str(&format!("MOV R{}, H{};\n", n % 32, n));
        }
        if let Ok(program) = load_text(&fp(&body), FileId(0)) {
            prop_assert!(program.register_units <= 64);
            prop_assert!(program.instructions.len() <= 1024);
            prop_assert!(!(program.writes_colr && program.writes_colh));
            prop_assert!(program.writes_colr || program.writes_colh || program.writes_depr);
        }
    }
}
