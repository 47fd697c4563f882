//! Every syntax error path of the `!!FP1.0` parser: the message names the token and what was
//! expected, the span covers the offending token, and parsing recovers to report later errors.

use nvfp::syntax::ast::{SrcBase, Statement};
use nvfp::syntax::parse;
use pigment_diag::{FileId, Severity};

/// (message, text under the primary span) of every diagnostic for a whole program text.
fn diagnostics_of(text: &str) -> Vec<(String, String)> {
    let (_, diagnostics) = parse(text, FileId(0));
    diagnostics
        .iter()
        .map(|d| {
            assert_eq!(d.severity, Severity::Error, "{d:?}");
            let span = d
                .primary
                .as_ref()
                .expect("every syntax error has a location")
                .span;
            (d.message.clone(), text[span.range()].to_string())
        })
        .collect()
}

/// Diagnostics for `body` wrapped in a valid header, a valid first statement and `END`.
fn errors(body: &str) -> Vec<(String, String)> {
    diagnostics_of(&format!("!!FP1.0\nMOV R0, R1;\n{body}\nEND\n"))
}

/// Asserts exactly one diagnostic with this message, located at `at`.
fn assert_one(body: &str, message: &str, at: &str) {
    assert_eq!(
        errors(body),
        vec![(message.to_string(), at.to_string())],
        "{body}"
    );
}

// ---- program frame ----------------------------------------------------------------------------

#[test]
fn header_is_required_at_the_very_start() {
    assert_eq!(
        diagnostics_of("MOV R0, R1;\nEND"),
        vec![(
            "expected `!!FP1.0` to start the program, found `MOV`".into(),
            "MOV".into()
        )]
    );
    assert_eq!(
        diagnostics_of(" !!FP1.0\nMOV R0, R1;\nEND"),
        vec![(
            "`!!FP1.0` must be at the very start of the program, with nothing before it".into(),
            "!!FP1.0".into()
        )]
    );
    assert_eq!(
        diagnostics_of("!!VP1.0\nMOV R0, R1;\nEND"),
        vec![
            ("unexpected character `!`".into(), "!".into()),
            ("unexpected character `!`".into(), "!".into()),
            (
                "expected `!!FP1.0` to start the program, found `VP1`".into(),
                "VP1".into()
            ),
        ]
    );
}

#[test]
fn header_later_in_the_text_is_an_error() {
    assert_one(
        "!!FP1.0",
        "expected an instruction, DEFINE or DECLARE, found `!!FP1.0`",
        "!!FP1.0",
    );
}

#[test]
fn end_is_required() {
    assert_eq!(
        diagnostics_of("!!FP1.0\nMOV R0, R1;\n"),
        vec![("expected `END` at the end of the program".into(), "".into())]
    );
}

#[test]
fn at_least_one_statement_before_end() {
    assert_eq!(
        diagnostics_of("!!FP1.0\n# nothing\nEND"),
        vec![(
            "expected at least one instruction before `END`".into(),
            "END".into()
        )]
    );
}

#[test]
fn only_whitespace_and_comments_after_end() {
    assert!(diagnostics_of("!!FP1.0\nMOV R0, R1;\nEND\n\n# comment\n  ").is_empty());
    assert_eq!(
        diagnostics_of("!!FP1.0\nMOV R0, R1;\nEND\nMOV R0, R1;"),
        vec![(
            "unexpected `MOV` after `END`: the program ends at `END`".into(),
            "MOV".into()
        )]
    );
    assert_eq!(
        diagnostics_of("!!FP1.0\nMOV R0, R1;\nEND;"),
        vec![(
            "unexpected `;` after `END`: the program ends at `END`".into(),
            ";".into()
        )]
    );
}

#[test]
fn empty_and_truncated_inputs() {
    assert_eq!(
        diagnostics_of(""),
        vec![
            (
                "expected `!!FP1.0` to start the program, found the end of the program".into(),
                "".into()
            ),
            ("expected `END` at the end of the program".into(), "".into()),
        ]
    );
    assert_eq!(
        diagnostics_of("!!FP1.0"),
        vec![("expected `END` at the end of the program".into(), "".into())]
    );
    assert_eq!(
        diagnostics_of("!!FP1.0 MOV R0,"),
        vec![
            (
                "expected a source operand, found the end of the program".into(),
                "".into()
            ),
            ("expected `END` at the end of the program".into(), "".into()),
        ]
    );
}

// ---- characters and tokens ----------------------------------------------------------------------

#[test]
fn stray_characters() {
    assert_one("MOV R0, @R1;", "unexpected character `@`", "@");
    assert_one(
        "MOV R0, R1;\u{00e9}",
        "unexpected character `\u{00e9}`",
        "\u{00e9}",
    );
    assert_one(
        "MOV R0, R1; \u{fffd}",
        "unexpected character `\u{fffd}`",
        "\u{fffd}",
    );
    assert_one("MOV R0, R1;\0", "unexpected character `\\0`", "\0");
}

#[test]
fn number_glued_to_letters_is_reported_once() {
    assert_one(
        "MOV R0, 5abc;",
        "`5abc` is neither a number nor a name (names start with a letter)",
        "5abc",
    );
    assert_one(
        "DEFINE 2pi = 6.28;",
        "`2pi` is neither a number nor a name (names start with a letter)",
        "2pi",
    );
}

#[test]
fn statement_must_start_with_a_word() {
    assert_one(
        "{1};",
        "expected an instruction, DEFINE or DECLARE, found `{`",
        "{",
    );
    assert_one(
        ";",
        "expected an instruction, DEFINE or DECLARE, found `;`",
        ";",
    );
}

// ---- instruction names --------------------------------------------------------------------------

#[test]
fn instruction_name_errors() {
    assert_one(
        "FOO R0, R1;",
        "expected an instruction, DEFINE or DECLARE, found `FOO`",
        "FOO",
    );
    assert_one(
        "mov R0, R1;",
        "unknown instruction `mov`: instruction names are upper case (`MOV`)",
        "mov",
    );
    assert_one(
        "DDXX R0, R1;",
        "`DDXX` is not an instruction: DDX takes the precision suffixes R and H only",
        "DDXX",
    );
    assert_one(
        "PK2HC R0, R1;",
        "`PK2HC` is not an instruction: PK2H takes no suffixes",
        "PK2HC",
    );
    assert_one(
        "TXPH R0, R1, TEX0, 2D;",
        "`TXPH` is not an instruction: TXP takes no precision suffix",
        "TXPH",
    );
    assert_one(
        "MOV_SATC R0, R1;",
        "`MOV_SATC` is not an instruction: write the suffixes once each, in the order MOV[R|H|X][C][_SAT]",
        "MOV_SATC",
    );
    assert_one(
        "MULCR R0, R1, R2;",
        "`MULCR` is not an instruction: write the suffixes once each, in the order MUL[R|H|X][C][_SAT]",
        "MULCR",
    );
}

// ---- operand lists ------------------------------------------------------------------------------

#[test]
fn missing_and_extra_operands() {
    assert_one(
        "ADD R0, R1;",
        "expected `,`: ADD takes a destination, 2 source operands, found `;`",
        ";",
    );
    assert_one(
        "MOV R0, R1, R2;",
        "expected `;`: MOV takes a destination, one source operand, found `,`",
        ",",
    );
    assert_one(
        "TEX R0, R1;",
        "expected `,`: TEX takes a destination, one source operand, a texture unit and a target, found `;`",
        ";",
    );
    assert_one(
        "MOV R0 R1;",
        "expected `,`: MOV takes a destination, one source operand, found `R1`",
        "R1",
    );
}

#[test]
fn missing_semicolon_does_not_swallow_the_next_statement() {
    let text = "!!FP1.0\nMOV R0, R1\nADD R2, R3, R4;\nEND";
    let (program, diagnostics) = parse(text, FileId(0));
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(
        diagnostics[0].message,
        "expected `;` at the end of the statement, found `ADD`"
    );
    assert_eq!(
        program.statements.len(),
        1,
        "the ADD statement is still parsed"
    );
    let Statement::Instruction(add) = &program.statements[0] else {
        panic!("instruction expected")
    };
    assert_eq!(add.opcode.name(), "ADD");
}

#[test]
fn every_error_is_reported_and_good_statements_kept() {
    let text = "!!FP1.0\nMOV R0.yx, R1;\nMOV R1, R2;\nRCP R0, R1;\nDEFINE = 1;\nMOV R3, R4;\nEND";
    let found = diagnostics_of(text);
    let at: Vec<&str> = found.iter().map(|(_, at)| at.as_str()).collect();
    assert_eq!(at, vec![".yx", "R1", "="]);
    let (program, _) = parse(text, FileId(0));
    assert_eq!(program.statements.len(), 2);
}

// ---- destinations -------------------------------------------------------------------------------

#[test]
fn destination_errors() {
    assert_one(
        "MOV R32, R0;",
        "unknown register `R32`: the temporary registers are R0 to R31 and H0 to H63",
        "R32",
    );
    assert_one(
        "MOV H64, R0;",
        "unknown register `H64`: the temporary registers are R0 to R31 and H0 to H63",
        "H64",
    );
    assert_one(
        "MOV f[COL0], R0;",
        "fragment attribute registers `f[...]` are read-only and cannot be written",
        "f",
    );
    assert_one(
        "MOV foo, R0;",
        "expected a destination register (R0-R31, H0-H63, o[COLR], o[COLH], o[DEPR], RC or HC), found `foo`",
        "foo",
    );
    assert_one(
        "MOV p[0], R0;",
        "expected a destination register (R0-R31, H0-H63, o[COLR], o[COLH], o[DEPR], RC or HC), found `p`",
        "p",
    );
    assert_one(
        "MOV o[COL0], R0;",
        "unknown output register `COL0`: expected o[COLR], o[COLH] or o[DEPR]",
        "COL0",
    );
    assert_one(
        "MOV o[COLR, R0;",
        "expected `]` after `COLR`, found `,`",
        ",",
    );
}

#[test]
fn write_mask_errors() {
    assert_one(
        "MOV R0.yx, R1;",
        "expected a write mask in xyzw order, found `.yx`",
        ".yx",
    );
    assert_one(
        "MOV R0.xx, R1;",
        "expected a write mask in xyzw order, found `.xx`",
        ".xx",
    );
    assert_one(
        "MOV R0.rgba, R1;",
        "expected a write mask in xyzw order, found `.rgba`",
        ".rgba",
    );
    assert_one(
        "MOV R0., R1;",
        "expected a write mask in xyzw order after `.`, found `,`",
        ",",
    );
}

#[test]
fn condition_code_mask_errors() {
    assert_one(
        "MOV R0 (XX), R1;",
        "expected a condition-code rule (EQ, GE, GT, LE, LT, NE, TR or FL) inside `(`, found `XX`",
        "XX",
    );
    assert_one(
        "MOV R0 (NE.xy), R1;",
        "expected a condition-code swizzle of four components (`.xyzw`) or one (`.x`), found `.xy`",
        ".xy",
    );
    assert_one(
        "MOV R0 (NE.x, R1;",
        "expected `)` to close the condition-code mask, found `,`",
        ",",
    );
    assert_one(
        "KIL;",
        "expected a condition-code rule (EQ, GE, GT, LE, LT, NE, TR or FL) after `KIL`, found `;`",
        ";",
    );
    assert_one(
        "KIL ne.x;",
        "expected a condition-code rule (EQ, GE, GT, LE, LT, NE, TR or FL) after `KIL`, found `ne`",
        "ne",
    );
    // KIL takes a bare <ccMask>, not a parenthesised one.
    assert_one(
        "KIL (NE);",
        "expected a condition-code rule (EQ, GE, GT, LE, LT, NE, TR or FL) after `KIL`, found `(`",
        "(",
    );
}

// ---- sources ------------------------------------------------------------------------------------

#[test]
fn unreadable_registers() {
    assert_one(
        "MOV R0, o[COLR];",
        "output registers `o[...]` are write-only and cannot be read",
        "o",
    );
    assert_one(
        "MOV R0, RC;",
        "`RC` is write-only: read the condition code through a condition-code mask such as `(NE.x)`",
        "RC",
    );
    assert_one(
        "MOV R0, HC.x;",
        "`HC` is write-only: read the condition code through a condition-code mask such as `(NE.x)`",
        "HC",
    );
}

#[test]
fn bracketed_source_errors() {
    assert_one(
        "MOV R0, f[TEX8];",
        "unknown fragment attribute register `TEX8`: expected WPOS, COL0, COL1, FOGC or TEX0 to TEX7",
        "TEX8",
    );
    assert_one(
        "MOV R0, p[64];",
        "`p[64]` is out of range: the numbered local parameters are p[0] to p[63]",
        "64",
    );
    assert_one(
        "MOV R0, p[99999999999999999999];",
        "`p[99999999999999999999]` is out of range: the numbered local parameters are p[0] to p[63]",
        "99999999999999999999",
    );
    assert_one(
        "MOV R0, p[1.5];",
        "expected a parameter number from 0 to 63 inside `p[...]`, found `1.5`",
        "1.5",
    );
    assert_one(
        "MOV R0, p[x];",
        "expected a parameter number from 0 to 63 inside `p[...]`, found `x`",
        "x",
    );
    assert_one(
        "MOV R0, p[-1];",
        "expected a parameter number from 0 to 63 inside `p[...]`, found `-`",
        "-",
    );
}

#[test]
fn suffix_errors() {
    let swizzle = "expected a swizzle of four components (`.xyzw`) or a scalar suffix (`.x`)";
    assert_one("MOV R0, R1.xy;", &format!("{swizzle}, found `.xy`"), ".xy");
    assert_one(
        "MOV R0, R1.xyzwx;",
        &format!("{swizzle}, found `.xyzwx`"),
        ".xyzwx",
    );
    assert_one("MOV R0, R1.q;", &format!("{swizzle}, found `.q`"), ".q");
    assert_one(
        "MOV R0, R1.;",
        &format!("{swizzle} after `.`, found `;`"),
        ";",
    );
    assert_one(
        "MOV R0, 2 .x;",
        "a scalar constant takes no swizzle or component suffix",
        ".x",
    );
}

#[test]
fn negation_and_absolute_value_errors() {
    assert_one("MOV R0, --R1;", "expected a source operand, found `-`", "-");
    assert_one(
        "MOV R0, -|R1;",
        "expected `|` to close the absolute value, found `;`",
        ";",
    );
    assert_one(
        "MOV R0, ||R1||;",
        "expected a source operand, found `|`",
        "|",
    );
    assert_one("MOV R0, |;", "expected a source operand, found `;`", ";");
}

#[test]
fn unclosed_absolute_value_points_back_at_the_bar() {
    let text = "!!FP1.0\nMOV R0, |R1;\nEND";
    let (_, diagnostics) = parse(text, FileId(0));
    let label = &diagnostics[0].secondary[0];
    assert_eq!(&text[label.span.range()], "|");
    assert_eq!(label.message, "the absolute value starts here");
}

#[test]
fn scalar_operand_errors() {
    assert_one(
        "RCP R0, R1;",
        "RCP takes a scalar operand here: add a one-component suffix such as `.x`",
        "R1",
    );
    assert_one(
        "RCP R0, R1.xyzw;",
        "RCP takes a scalar operand here: use a one-component suffix such as `.x` instead of a four-component swizzle",
        ".xyzw",
    );
    assert_one(
        "COS R0, p[0];",
        "COS takes a scalar operand here: add a one-component suffix such as `.x`",
        "p[0]",
    );
    assert_one(
        "POW R0, R1.x, {1,2};",
        "POW takes a scalar operand here: add a one-component suffix such as `.x`",
        "{1,2}",
    );
    assert_one(
        "UP2H R0, -|name.wzyx|;",
        "UP2H takes a scalar operand here: use a one-component suffix such as `.x` instead of a four-component swizzle",
        ".wzyx",
    );
}

#[test]
fn undefined_register_lookalike_is_not_a_syntax_error() {
    let (program, diagnostics) = parse("!!FP1.0\nMOV R0, R37;\nEND", FileId(0));
    assert!(diagnostics.is_empty());
    let Statement::Instruction(i) = &program.statements[0] else {
        panic!("instruction expected")
    };
    assert!(matches!(&i.srcs[0].base, SrcBase::Named(n) if n.name == "R37"));
    // Reserved names in DEFINE are the validator's concern too.
    assert!(
        parse("!!FP1.0\nDEFINE R5 = 1;\nMOV R0, R1;\nEND", FileId(0))
            .1
            .is_empty()
    );
}

// ---- constants ----------------------------------------------------------------------------------

#[test]
fn vector_constant_errors() {
    assert_one(
        "MOV R0, {};",
        "expected a number or a constant name, found `}`",
        "}",
    );
    assert_one(
        "MOV R0, {1,2,3,4,5};",
        "a vector constant has at most four components",
        "5",
    );
    assert_one(
        "MOV R0, {1 2};",
        "expected `,` or `}` in the vector constant, found `2`",
        "2",
    );
    assert_one(
        "DEFINE v = {-a};",
        "expected a number after `-`, found `a` (a named constant cannot be negated here)",
        "a",
    );
    assert_one(
        "MOV R0, {1,};",
        "expected a number or a constant name, found `}`",
        "}",
    );
}

#[test]
fn define_and_declare_errors() {
    assert_one(
        "DEFINE = 1;",
        "expected a name after `DEFINE`, found `=`",
        "=",
    );
    assert_one(
        "DEFINE x 1;",
        "expected `=` after `DEFINE x`, found `1`",
        "1",
    );
    assert_one(
        "DEFINE x = ;",
        "expected a number or a constant name, found `;`",
        ";",
    );
    assert_one(
        "DEFINE x = -y;",
        "expected a number after `-`, found `y` (a named constant cannot be negated here)",
        "y",
    );
    assert_one(
        "DECLARE;",
        "expected a name after `DECLARE`, found `;`",
        ";",
    );
    assert_one(
        "DECLARE x = {1} 2;",
        "expected `;` at the end of the statement, found `2`",
        "2",
    );
    assert_one(
        "DEFINE 2D = 1;",
        "expected a name after `DEFINE`, found `2D`",
        "2D",
    );
}

// ---- texture operands ---------------------------------------------------------------------------

#[test]
fn texture_image_errors() {
    assert_one(
        "TEX R0, R1, TEX16, 2D;",
        "expected a texture image unit (TEX0 to TEX15), found `TEX16`",
        "TEX16",
    );
    assert_one(
        "TEX R0, R1, TEX01, 2D;",
        "expected a texture image unit (TEX0 to TEX15), found `TEX01`",
        "TEX01",
    );
    assert_one(
        "TEX R0, R1, f[TEX0], 2D;",
        "expected a texture image unit (TEX0 to TEX15), found `f`",
        "f",
    );
    assert_one(
        "TEX R0, R1, TEX0, CUBEX;",
        "expected a texture target (1D, 2D, 3D, CUBE or RECT), found `CUBEX`",
        "CUBEX",
    );
    assert_one(
        "TEX R0, R1, TEX0, 2d;",
        "`2d` is neither a number nor a name (names start with a letter)",
        "2d",
    );
    assert_one(
        "TEX R0, R1, TEX0 2D;",
        "expected `,` between the texture unit and the texture target, found `2D`",
        "2D",
    );
    assert_one(
        "TEX R0, R1, TEX0;",
        "expected `,` between the texture unit and the texture target, found `;`",
        ";",
    );
}

// ---- robustness ---------------------------------------------------------------------------------

#[test]
fn odd_inputs_never_panic() {
    let long_digits = "9".repeat(100_000);
    let inputs = [
        String::new(),
        "!!FP1".to_string(),
        "!!FP1.0!!FP1.0".to_string(),
        "#".to_string(),
        "\0\0\0".to_string(),
        "!!FP1.0\nMOV R0, 1e99999999999999999999;\nEND".to_string(),
        format!("!!FP1.0\nMOV R0, {long_digits};\nEND"),
        format!("!!FP1.0\nMOV R0, p[{long_digits}];\nEND"),
        format!("!!FP1.0\nMOV R{long_digits}, R0;\nEND"),
        format!("!!FP1.0\nMOV R0, .{long_digits}e-{long_digits};\nEND"),
        "!!FP1.0\n".to_string() + &"|".repeat(10_000),
        "!!FP1.0\n".to_string() + &"MOV R0, -|-{1,2,3,4}.x|;".repeat(2_000) + "END",
        String::from_utf8_lossy(&[0x21, 0x21, 0xff, 0xfe, 0x46, 0x50, 0x80]).into_owned(),
        "!!FP1.0 MOV R0 (NE.x".to_string(),
        "!!FP1.0 TEX R0, R1, TEX0,".to_string(),
        "!!FP1.0 DEFINE".to_string(),
        "!!FP1.0 END END END".to_string(),
    ];
    for input in inputs {
        let (_, diagnostics) = parse(&input, FileId(0));
        for d in &diagnostics {
            let span = d.primary.as_ref().expect("located").span;
            assert!(span.end as usize <= input.len() && span.start <= span.end);
            assert!(
                input.is_char_boundary(span.start as usize)
                    && input.is_char_boundary(span.end as usize)
            );
        }
    }
}

#[test]
fn long_number_values() {
    let text = format!("!!FP1.0\nMOV R0, 0.{}1;\nEND", "0".repeat(5000));
    let (program, diagnostics) = parse(&text, FileId(0));
    assert!(diagnostics.is_empty());
    let Statement::Instruction(i) = &program.statements[0] else {
        panic!("instruction expected")
    };
    assert_eq!(i.srcs[0].base, SrcBase::Scalar(0.0));
}
