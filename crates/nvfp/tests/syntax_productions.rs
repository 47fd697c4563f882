//! One test (or more) per production of the `!!FP1.0` grammar (section 3.11.3): each parses a
//! hand-written program and checks the tree against values worked out from the spec.

use nvfp::isa::{
    AttribReg, CcMask, CcRule, Opcode, OutputReg, Precision, Swizzle, TempReg, TexTarget, WriteMask,
};
use nvfp::syntax::ast::{
    ConstValue, DstOperand, DstRegister, Ident, Instruction, Program, ScalarConst, SrcBase,
    SrcOperand, Statement,
};
use nvfp::syntax::{parse, strip_spans};
use pigment_diag::{FileId, Span};

/// Parses `text`, requires no diagnostics, and returns the tree with spans zeroed.
fn parse_ok(text: &str) -> Program {
    let (program, diagnostics) = parse(text, FileId(0));
    assert!(diagnostics.is_empty(), "{text}\n{diagnostics:#?}");
    strip_spans(&program)
}

fn statements(body: &str) -> Vec<Statement> {
    parse_ok(&format!("!!FP1.0\n{body}\nEND\n")).statements
}

fn instruction(line: &str) -> Instruction {
    match statements(line).remove(0) {
        Statement::Instruction(instruction) => instruction,
        other => panic!("not an instruction: {other:?}"),
    }
}

/// The first source operand of `MOV R0, <src>;`.
fn vector_src(src: &str) -> SrcOperand {
    instruction(&format!("MOV R0, {src};")).srcs.remove(0)
}

/// The first source operand of `RCP R0, <src>;` (a `<scalarSrc>`).
fn scalar_src(src: &str) -> SrcOperand {
    instruction(&format!("RCP R0, {src};")).srcs.remove(0)
}

fn plain(base: SrcBase) -> SrcOperand {
    SrcOperand {
        base,
        negate_base: false,
        absolute: false,
        negate_abs: false,
        swizzle: None,
        scalar_suffix: false,
        span: Span::default(),
    }
}

fn ident(name: &str) -> Ident {
    Ident {
        name: name.to_string(),
        span: Span::default(),
    }
}

fn number(value: f32) -> ScalarConst {
    ScalarConst::Number(value, Span::default())
}

fn dst(register: DstRegister) -> DstOperand {
    DstOperand {
        register,
        register_span: Span::default(),
        write_mask: WriteMask::ALL,
        cc_mask: None,
        span: Span::default(),
    }
}

// ---- <program> and <instructionStatement> ---------------------------------------------------------

#[test]
fn minimal_program() {
    let program = parse_ok("!!FP1.0\nMOV o[COLR], f[COL0];\nEND");
    assert_eq!(program.statements.len(), 1);
}

#[test]
fn whitespace_and_comments_separate_tokens() {
    let spaced = parse_ok("!!FP1.0 # header comment\r\n\tMOV  R0 ,\tR1 ; # trailing\rEND # done");
    let packed = parse_ok("!!FP1.0\nMOV R0,R1;END");
    assert_eq!(spaced, packed);
    // Tokens need no separating whitespace at all, even after the header.
    assert_eq!(parse_ok("!!FP1.0MOV R0,R1;END"), packed);
}

#[test]
fn comment_may_end_the_text() {
    assert_eq!(statements("MOV R0, R1;").len(), 1);
    parse_ok("!!FP1.0\nMOV R0, R1;\nEND\n# the end, without a newline");
}

#[test]
fn statements_are_kept_in_order() {
    let s = statements("DEFINE a = 1;\nDECLARE b;\nMOV R0, a;");
    assert!(matches!(s[0], Statement::Define { .. }));
    assert!(matches!(s[1], Statement::Declare { .. }));
    assert!(matches!(s[2], Statement::Instruction(_)));
}

// ---- opcodes: every variant the grammar lists --------------------------------------------------

/// The opcode lists of section 3.11.3, transcribed independently of `isa::OPCODES`: base name,
/// precision suffixes, whether `C` / `_SAT` are allowed, and the operands (`v` vector, `s` scalar,
/// `t` texture image).
const GRAMMAR_OPCODES: [(&str, &str, bool, &str); 45] = [
    ("ADD", "RHX", true, "vv"),
    ("COS", "RH", true, "s"),
    ("DDX", "RH", true, "v"),
    ("DDY", "RH", true, "v"),
    ("DP3", "RHX", true, "vv"),
    ("DP4", "RHX", true, "vv"),
    ("DST", "RH", true, "vv"),
    ("EX2", "RH", true, "s"),
    ("FLR", "RHX", true, "v"),
    ("FRC", "RHX", true, "v"),
    ("KIL", "", false, ""),
    ("LG2", "RH", true, "s"),
    ("LIT", "RH", true, "v"),
    ("LRP", "RHX", true, "vvv"),
    ("MAD", "RHX", true, "vvv"),
    ("MAX", "RHX", true, "vv"),
    ("MIN", "RHX", true, "vv"),
    ("MOV", "RHX", true, "v"),
    ("MUL", "RHX", true, "vv"),
    ("PK2H", "", false, "v"),
    ("PK2US", "", false, "v"),
    ("PK4B", "", false, "v"),
    ("PK4UB", "", false, "v"),
    ("POW", "RH", true, "ss"),
    ("RCP", "RH", true, "s"),
    ("RFL", "RH", true, "vv"),
    ("RSQ", "RH", true, "s"),
    ("SEQ", "RHX", true, "vv"),
    ("SFL", "RHX", true, "vv"),
    ("SGE", "RHX", true, "vv"),
    ("SGT", "RHX", true, "vv"),
    ("SIN", "RH", true, "s"),
    ("SLE", "RHX", true, "vv"),
    ("SLT", "RHX", true, "vv"),
    ("SNE", "RHX", true, "vv"),
    ("STR", "RHX", true, "vv"),
    ("SUB", "RHX", true, "vv"),
    ("TEX", "", true, "vt"),
    ("TXD", "", true, "vvvt"),
    ("TXP", "", true, "vt"),
    ("UP2H", "", true, "s"),
    ("UP2US", "", true, "s"),
    ("UP4B", "", true, "s"),
    ("UP4UB", "", true, "s"),
    ("X2D", "RH", true, "vvv"),
];

fn operands_text(base: &str, shape: &str) -> String {
    if base == "KIL" {
        return " NE.xyzw".to_string();
    }
    let mut out = " R0".to_string();
    for (i, kind) in shape.chars().enumerate() {
        out.push_str(match kind {
            'v' => [", R1", ", f[TEX1]", ", p[2]"][i % 3],
            's' => [", R1.x", ", 2"][i % 2],
            _ => ", TEX3, 2D",
        });
    }
    out
}

fn suffix_variants() -> Vec<(Option<char>, bool, bool)> {
    let mut out = Vec::new();
    for precision in [None, Some('R'), Some('H'), Some('X')] {
        for cc in [false, true] {
            for sat in [false, true] {
                out.push((precision, cc, sat));
            }
        }
    }
    out
}

/// Whether the grammar lists this combination of suffixes for an opcode.
fn is_listed(
    precisions: &str,
    cc_and_sat: bool,
    (precision, cc, sat): (Option<char>, bool, bool),
) -> bool {
    let precision_listed = match precision {
        Some(p) => precisions.contains(p),
        None => true,
    };
    precision_listed && (cc_and_sat || !cc && !sat)
}

#[test]
fn every_listed_opcode_variant_parses() {
    let mut parsed = 0;
    for (base, precisions, cc_and_sat, shape) in GRAMMAR_OPCODES {
        for (precision, cc, sat) in suffix_variants() {
            let listed = is_listed(precisions, cc_and_sat, (precision, cc, sat));
            if !listed {
                continue;
            }
            let word = format!(
                "{base}{}{}{}",
                precision.map(String::from).unwrap_or_default(),
                if cc { "C" } else { "" },
                if sat { "_SAT" } else { "" }
            );
            let i = instruction(&format!("{word}{};", operands_text(base, shape)));
            assert_eq!(i.opcode.name(), base, "{word}");
            let expected_precision = precision.map(|p| match p {
                'R' => Precision::R,
                'H' => Precision::H,
                _ => Precision::X,
            });
            assert_eq!(
                (i.precision, i.update_cc, i.saturate),
                (expected_precision, cc, sat),
                "{word}"
            );
            let sources = shape.chars().filter(|&c| c != 't').count();
            assert_eq!(i.srcs.len(), sources, "{word}");
            assert_eq!(i.texture.is_some(), shape.contains('t'), "{word}");
            parsed += 1;
        }
    }
    // Counted from the grammar's lists (ADD has "sixteen forms", section 3.11.4):
    // RHX+C+SAT: 16 each, RH+C+SAT: 12 each, C+SAT only: 4 each, none: 1 each.
    let expected: usize = GRAMMAR_OPCODES
        .iter()
        .map(|(_, p, c, _)| (p.len() + 1) * if *c { 4 } else { 1 })
        .sum();
    assert_eq!(parsed, expected);
    assert_eq!(expected, 20 * 16 + 13 * 12 + 7 * 4 + 5);
}

#[test]
fn every_unlisted_opcode_variant_is_rejected() {
    for (base, precisions, cc_and_sat, shape) in GRAMMAR_OPCODES {
        for (precision, cc, sat) in suffix_variants() {
            let listed = is_listed(precisions, cc_and_sat, (precision, cc, sat));
            if listed {
                continue;
            }
            let word = format!(
                "{base}{}{}{}",
                precision.map(String::from).unwrap_or_default(),
                if cc { "C" } else { "" },
                if sat { "_SAT" } else { "" }
            );
            let text = format!("!!FP1.0\n{word}{};\nEND", operands_text(base, shape));
            let (_, diagnostics) = parse(&text, FileId(0));
            assert_eq!(diagnostics.len(), 1, "{word}: {diagnostics:#?}");
            assert!(diagnostics[0]
                .message
                .starts_with(&format!("`{word}` is not an instruction")));
        }
    }
}

#[test]
fn isa_table_agrees_with_the_grammar() {
    for (info, (base, precisions, cc_and_sat, shape)) in
        nvfp::isa::OPCODES.iter().zip(GRAMMAR_OPCODES)
    {
        assert_eq!(info.name, base);
        let listed = match info.precision {
            nvfp::isa::PrecisionSuffixes::Rhx => "RHX",
            nvfp::isa::PrecisionSuffixes::Rh => "RH",
            nvfp::isa::PrecisionSuffixes::None => "",
        };
        assert_eq!(listed, precisions, "{base}");
        assert_eq!(info.cc_and_sat, cc_and_sat, "{base}");
        assert_eq!(info.texture, shape.contains('t'), "{base}");
        let kinds: String = info
            .operands
            .iter()
            .map(|k| {
                if *k == nvfp::isa::OperandKind::Scalar {
                    's'
                } else {
                    'v'
                }
            })
            .collect();
        assert_eq!(kinds, shape.replace('t', ""), "{base}");
    }
}

// ---- DEFINE / DECLARE -------------------------------------------------------------------------

#[test]
fn define_scalar_vector_and_named() {
    let s = statements(
        "DEFINE pi = 3.1415926535;\nDEFINE color = {0.2, 0.5, 0.8, 1.0};\nDEFINE alias = color;\n\
         DEFINE neg = -2;",
    );
    let expected = vec![
        Statement::Define {
            name: ident("pi"),
            value: ConstValue::Scalar(number(std::f32::consts::PI)),
            span: Span::default(),
        },
        Statement::Define {
            name: ident("color"),
            value: ConstValue::Vector(
                vec![number(0.2), number(0.5), number(0.8), number(1.0)],
                Span::default(),
            ),
            span: Span::default(),
        },
        Statement::Define {
            name: ident("alias"),
            value: ConstValue::Named(ident("color")),
            span: Span::default(),
        },
        Statement::Define {
            name: ident("neg"),
            value: ConstValue::Scalar(number(-2.0)),
            span: Span::default(),
        },
    ];
    assert_eq!(s, expected);
}

#[test]
fn declare_with_and_without_value() {
    let s = statements(
        "DECLARE fog_color1;\nDECLARE fog_color2 = {0.3, 0.6, 0.9, 0.1};\nDECLARE s = +4;\n\
         DECLARE n = pi;",
    );
    assert_eq!(
        s,
        vec![
            Statement::Declare {
                name: ident("fog_color1"),
                value: None,
                span: Span::default()
            },
            Statement::Declare {
                name: ident("fog_color2"),
                value: Some(ConstValue::Vector(
                    vec![number(0.3), number(0.6), number(0.9), number(0.1)],
                    Span::default()
                )),
                span: Span::default(),
            },
            Statement::Declare {
                name: ident("s"),
                value: Some(ConstValue::Scalar(number(4.0))),
                span: Span::default(),
            },
            Statement::Declare {
                name: ident("n"),
                value: Some(ConstValue::Named(ident("pi"))),
                span: Span::default(),
            },
        ]
    );
}

#[test]
fn vector_constants_of_one_to_four_components_with_names() {
    let s = statements("DEFINE v1 = {2};\nDEFINE v2 = {3, a};\nDEFINE v3 = {-5, +6, b};\nDEFINE v4 = {a,b,c,-1e1};");
    let values: Vec<ConstValue> = s
        .into_iter()
        .map(|st| match st {
            Statement::Define { value, .. } => value,
            other => panic!("{other:?}"),
        })
        .collect();
    let named = |n: &str| ScalarConst::Named(ident(n));
    assert_eq!(
        values,
        vec![
            ConstValue::Vector(vec![number(2.0)], Span::default()),
            ConstValue::Vector(vec![number(3.0), named("a")], Span::default()),
            ConstValue::Vector(vec![number(-5.0), number(6.0), named("b")], Span::default()),
            ConstValue::Vector(
                vec![named("a"), named("b"), named("c"), number(-10.0)],
                Span::default()
            ),
        ]
    );
}

// ---- constants ------------------------------------------------------------------------------

#[test]
fn float_constant_forms() {
    let cases: [(&str, f32); 12] = [
        ("2", 2.0),
        ("-1", -1.0),
        ("+3", 3.0),
        (".5", 0.5),
        ("5.", 5.0),
        ("0.25", 0.25),
        ("1e3", 1000.0),
        ("1.5E-2", 0.015),
        ("-2.5e+1", -25.0),
        ("5.e1", 50.0),
        ("007", 7.0),
        ("- 4", -4.0),
    ];
    for (text, value) in cases {
        assert_eq!(vector_src(text), plain(SrcBase::Scalar(value)), "{text}");
    }
}

#[test]
fn negative_zero_keeps_its_sign() {
    match vector_src("-0").base {
        SrcBase::Scalar(v) => assert!(v == 0.0 && v.is_sign_negative()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn huge_constant_becomes_infinity_with_a_warning() {
    let (program, diagnostics) = parse("!!FP1.0\nMOV R0, -1e39;\nEND", FileId(0));
    assert_eq!(diagnostics.len(), 1);
    assert!(!diagnostics[0].is_error());
    assert_eq!(
        diagnostics[0].message,
        "`1e39` is too large for fp32 and becomes infinity"
    );
    match &program.statements[0] {
        Statement::Instruction(i) => assert_eq!(i.srcs[0].base, SrcBase::Scalar(f32::NEG_INFINITY)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn embedded_vector_constants_as_sources() {
    assert_eq!(
        vector_src("{1,2,3,4}"),
        plain(SrcBase::Vector(vec![
            number(1.0),
            number(2.0),
            number(3.0),
            number(4.0)
        ]))
    );
    let mut expected = plain(SrcBase::Vector(vec![number(2.0), number(-1.0)]));
    expected.swizzle = Some(Swizzle::splat(1));
    expected.scalar_suffix = true;
    assert_eq!(vector_src("{2,-1}.y"), expected);
    let mut expected = plain(SrcBase::Vector(vec![
        number(-1.0),
        number(-2.0),
        number(-3.0),
        number(-4.0),
    ]));
    expected.negate_base = true;
    assert_eq!(vector_src("-{-1,-2,-3,-4}"), expected);
}

// ---- sources ---------------------------------------------------------------------------------

#[test]
fn source_registers() {
    assert_eq!(vector_src("R0"), plain(SrcBase::Temp(TempReg::R(0))));
    assert_eq!(vector_src("R31"), plain(SrcBase::Temp(TempReg::R(31))));
    assert_eq!(vector_src("H0"), plain(SrcBase::Temp(TempReg::H(0))));
    assert_eq!(vector_src("H63"), plain(SrcBase::Temp(TempReg::H(63))));
}

#[test]
fn every_fragment_attribute_register() {
    let names = [
        "WPOS", "COL0", "COL1", "FOGC", "TEX0", "TEX1", "TEX2", "TEX3", "TEX4", "TEX5", "TEX6",
        "TEX7",
    ];
    let expected = [
        AttribReg::Wpos,
        AttribReg::Col0,
        AttribReg::Col1,
        AttribReg::Fogc,
        AttribReg::Tex(0),
        AttribReg::Tex(1),
        AttribReg::Tex(2),
        AttribReg::Tex(3),
        AttribReg::Tex(4),
        AttribReg::Tex(5),
        AttribReg::Tex(6),
        AttribReg::Tex(7),
    ];
    for (name, attrib) in names.iter().zip(expected) {
        assert_eq!(
            vector_src(&format!("f[{name}]")),
            plain(SrcBase::Attrib(attrib)),
            "{name}"
        );
    }
}

#[test]
fn numbered_and_named_parameters() {
    assert_eq!(vector_src("p[0]"), plain(SrcBase::Local(0)));
    assert_eq!(vector_src("p[63]"), plain(SrcBase::Local(63)));
    assert_eq!(vector_src("p[ 31 ]"), plain(SrcBase::Local(31)));
    assert_eq!(
        vector_src("fog_color"),
        plain(SrcBase::Named(ident("fog_color")))
    );
}

#[test]
fn identifiers_take_underscore_and_dollar_as_letters() {
    for name in ["_a", "$b", "a_b$9", "$", "_"] {
        assert_eq!(
            vector_src(name),
            plain(SrcBase::Named(ident(name))),
            "{name}"
        );
    }
}

#[test]
fn register_lookalikes_beyond_the_ranges_are_names() {
    for name in [
        "R32", "R37", "H64", "H99", "R01", "TEX24", "TEX0", "RC0", "f", "o", "p",
    ] {
        assert_eq!(
            vector_src(name),
            plain(SrcBase::Named(ident(name))),
            "{name}"
        );
    }
}

#[test]
fn swizzle_and_scalar_suffixes() {
    let mut expected = plain(SrcBase::Temp(TempReg::R(1)));
    expected.swizzle = Some(Swizzle([3, 2, 1, 0]));
    assert_eq!(vector_src("R1.wzyx"), expected);
    expected.swizzle = Some(Swizzle::IDENTITY);
    assert_eq!(vector_src("R1.xyzw"), expected);
    expected.swizzle = Some(Swizzle([1, 2, 2, 0]));
    assert_eq!(vector_src("R1.yzzx"), expected);
    expected.swizzle = Some(Swizzle::splat(2));
    expected.scalar_suffix = true;
    assert_eq!(vector_src("R1.z"), expected);
    // `.zzzz` is the same swizzle but written as a swizzle, not a scalar suffix.
    expected.scalar_suffix = false;
    assert_eq!(vector_src("R1.zzzz"), expected);
    let mut local = plain(SrcBase::Local(4));
    local.swizzle = Some(Swizzle::splat(3));
    local.scalar_suffix = true;
    assert_eq!(vector_src("p[4].w"), local);
}

#[test]
fn negation_and_plus() {
    let mut expected = plain(SrcBase::Temp(TempReg::R(0)));
    assert_eq!(vector_src("+R0"), expected);
    expected.negate_base = true;
    assert_eq!(vector_src("-R0"), expected);
    let mut named = plain(SrcBase::Named(ident("halfTexel")));
    named.negate_base = true;
    assert_eq!(vector_src("-halfTexel"), named);
}

#[test]
fn absolute_value_forms() {
    let base = |negate_abs, negate_base| {
        let mut src = plain(SrcBase::Temp(TempReg::R(0)));
        src.absolute = true;
        src.negate_abs = negate_abs;
        src.negate_base = negate_base;
        src.swizzle = Some(Swizzle::splat(0));
        src.scalar_suffix = true;
        src
    };
    assert_eq!(vector_src("|R0.x|"), base(false, false));
    assert_eq!(vector_src("-|R0.x|"), base(true, false));
    assert_eq!(vector_src("|-R0.x|"), base(false, true));
    assert_eq!(vector_src("-|-R0.x|"), base(true, true));
    assert_eq!(vector_src("+|+R0.x|"), base(false, false));
    assert_eq!(scalar_src("-|-R0.x|"), base(true, true));
}

#[test]
fn absolute_value_of_signed_scalar_constants() {
    let mut expected = plain(SrcBase::Scalar(-4.0));
    expected.absolute = true;
    assert_eq!(vector_src("|-4|"), expected);
    let mut expected = plain(SrcBase::Scalar(4.0));
    expected.absolute = true;
    expected.negate_abs = true;
    assert_eq!(vector_src("-|4|"), expected);
}

#[test]
fn scalar_sources() {
    assert_eq!(scalar_src("2"), plain(SrcBase::Scalar(2.0)));
    assert_eq!(scalar_src("-0.5"), plain(SrcBase::Scalar(-0.5)));
    // A bare name where the grammar wants <scalarSrc> is a <namedScalarConstant>.
    assert_eq!(scalar_src("pi"), plain(SrcBase::Named(ident("pi"))));
    let mut expected = plain(SrcBase::Attrib(AttribReg::Fogc));
    expected.swizzle = Some(Swizzle::splat(0));
    expected.scalar_suffix = true;
    assert_eq!(scalar_src("f[FOGC].x"), expected);
    let mut vector = plain(SrcBase::Vector(vec![number(1.0), number(2.0)]));
    vector.swizzle = Some(Swizzle::splat(1));
    vector.scalar_suffix = true;
    assert_eq!(scalar_src("{1,2}.y"), vector);
    let pow = instruction("POW R0, R1.x, -|p[3].w|;");
    assert_eq!(pow.srcs.len(), 2);
    assert!(pow.srcs[1].negate_abs && pow.srcs[1].absolute);
}

// ---- destinations ----------------------------------------------------------------------------

#[test]
fn destination_registers() {
    let cases = [
        ("R5", DstRegister::Temp(TempReg::R(5))),
        ("H63", DstRegister::Temp(TempReg::H(63))),
        ("o[COLR]", DstRegister::Output(OutputReg::Colr)),
        ("o[COLH]", DstRegister::Output(OutputReg::Colh)),
        ("o[DEPR]", DstRegister::Output(OutputReg::Depr)),
        ("RC", DstRegister::Rc),
        ("HC", DstRegister::Hc),
    ];
    for (text, register) in cases {
        let i = instruction(&format!("MOVC {text}, R0;"));
        assert_eq!(i.dst, Some(dst(register)), "{text}");
    }
}

#[test]
fn every_write_mask_in_xyzw_order() {
    for bits in 1u8..16 {
        let letters: String = "xyzw"
            .chars()
            .enumerate()
            .filter(|(i, _)| bits & (1 << i) != 0)
            .map(|(_, c)| c)
            .collect();
        let i = instruction(&format!("MOV R0.{letters}, R1;"));
        assert_eq!(
            i.dst.map(|d| d.write_mask),
            Some(WriteMask(bits)),
            "{letters}"
        );
    }
}

#[test]
fn condition_code_masks() {
    let mask = |text: &str| {
        instruction(&format!("MOV R0.xy ({text}), R1;"))
            .dst
            .and_then(|d| d.cc_mask)
    };
    assert_eq!(
        mask("NE.xyzw"),
        Some(CcMask {
            rule: CcRule::Ne,
            swizzle: Swizzle::IDENTITY
        })
    );
    assert_eq!(
        mask("GT.x"),
        Some(CcMask {
            rule: CcRule::Gt,
            swizzle: Swizzle::splat(0)
        })
    );
    assert_eq!(
        mask("LT.wzyx"),
        Some(CcMask {
            rule: CcRule::Lt,
            swizzle: Swizzle([3, 2, 1, 0])
        })
    );
    // <swizzleSuffix> may be empty: `(EQ)` tests .xyzw.
    assert_eq!(
        mask("EQ"),
        Some(CcMask {
            rule: CcRule::Eq,
            swizzle: Swizzle::IDENTITY
        })
    );
    for rule in CcRule::ALL {
        assert_eq!(mask(rule.name()).map(|m| m.rule), Some(rule));
    }
    let i = instruction("MOV R0 (LT), -R0;");
    let d = i.dst.expect("destination");
    assert_eq!(d.write_mask, WriteMask::ALL);
    assert_eq!(
        d.cc_mask,
        Some(CcMask {
            rule: CcRule::Lt,
            swizzle: Swizzle::IDENTITY
        })
    );
}

// ---- KIL and texture instructions -------------------------------------------------------------

#[test]
fn kil_takes_a_bare_condition_code_mask() {
    let i = instruction("KIL NE.xxxx;");
    assert_eq!(i.opcode, Opcode::Kil);
    assert_eq!(i.dst, None);
    assert!(i.srcs.is_empty());
    assert_eq!(
        i.kil_condition,
        Some(CcMask {
            rule: CcRule::Ne,
            swizzle: Swizzle::splat(0)
        })
    );
    assert_eq!(
        instruction("KIL EQ.x;").kil_condition,
        Some(CcMask {
            rule: CcRule::Eq,
            swizzle: Swizzle::splat(0)
        })
    );
    assert_eq!(
        instruction("KIL TR;").kil_condition,
        Some(CcMask {
            rule: CcRule::Tr,
            swizzle: Swizzle::IDENTITY
        })
    );
}

#[test]
fn texture_instructions() {
    let i = instruction("TEX R0, f[TEX0], TEX3, 2D;");
    assert_eq!(i.opcode, Opcode::Tex);
    assert_eq!(i.srcs, vec![plain(SrcBase::Attrib(AttribReg::Tex(0)))]);
    let tex = i.texture.expect("texture image");
    assert_eq!((tex.unit, tex.target), (3, TexTarget::D2));
    let i = instruction("TXD R0, f[TEX2], R1, R2, TEX15, CUBE;");
    assert_eq!(i.srcs.len(), 3);
    assert_eq!(
        i.texture.map(|t| (t.unit, t.target)),
        Some((15, TexTarget::Cube))
    );
    for (name, target) in [
        ("1D", TexTarget::D1),
        ("2D", TexTarget::D2),
        ("3D", TexTarget::D3),
        ("CUBE", TexTarget::Cube),
        ("RECT", TexTarget::Rect),
    ] {
        let i = instruction(&format!("TXP R0, R1, TEX0, {name};"));
        assert_eq!(i.texture.map(|t| t.target), Some(target), "{name}");
    }
    for unit in 0..16u8 {
        let i = instruction(&format!("TEX R0, R1, TEX{unit}, 2D;"));
        assert_eq!(i.texture.map(|t| t.unit), Some(unit));
    }
}

// ---- spans ------------------------------------------------------------------------------------

#[test]
fn spans_cover_what_they_name() {
    let text = "!!FP1.0\nMADC_SAT R0.xy (NE.x), -|R1|, 2, pi;\nDEFINE pi = 3;\nEND";
    let (program, diagnostics) = parse(text, FileId(0));
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let slice = |span: Span| &text[span.range()];
    let Statement::Instruction(i) = &program.statements[0] else {
        panic!("instruction expected")
    };
    assert_eq!(slice(i.opcode_span), "MADC_SAT");
    assert_eq!(slice(i.span), "MADC_SAT R0.xy (NE.x), -|R1|, 2, pi");
    let d = i.dst.as_ref().expect("destination");
    assert_eq!(slice(d.register_span), "R0");
    assert_eq!(slice(d.span), "R0.xy (NE.x)");
    let srcs: Vec<&str> = i.srcs.iter().map(|s| slice(s.span)).collect();
    assert_eq!(srcs, vec!["-|R1|", "2", "pi"]);
    let SrcBase::Named(name) = &i.srcs[2].base else {
        panic!("named expected")
    };
    assert_eq!(slice(name.span), "pi");
    let Statement::Define { name, value, span } = &program.statements[1] else {
        panic!("define expected")
    };
    assert_eq!(slice(*span), "DEFINE pi = 3");
    assert_eq!(slice(name.span), "pi");
    let ConstValue::Scalar(ScalarConst::Number(_, number_span)) = value else {
        panic!("number expected")
    };
    assert_eq!(slice(*number_span), "3");
}

#[test]
fn texture_and_constant_spans() {
    let text = "!!FP1.0\nTEX R0, R1, TEX3, 2D;\nDEFINE v = { -1, 2 };\nEND";
    let (program, _) = parse(text, FileId(0));
    let Statement::Instruction(i) = &program.statements[0] else {
        panic!("instruction expected")
    };
    assert_eq!(&text[i.texture.expect("texture").span.range()], "TEX3, 2D");
    let Statement::Define {
        value: ConstValue::Vector(items, span),
        ..
    } = &program.statements[1]
    else {
        panic!("vector define expected")
    };
    assert_eq!(&text[span.range()], "{ -1, 2 }");
    let ScalarConst::Number(_, first) = &items[0] else {
        panic!("number expected")
    };
    assert_eq!(&text[first.range()], "-1");
}
