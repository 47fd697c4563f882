//! Printer and parser agree: random valid trees print to text that parses back to the same tree, and
//! printing is a fixed point on hand-written programs.

use nvfp::isa::{
    AttribReg, CcMask, CcRule, OperandKind, OutputReg, Precision, PrecisionSuffixes, Swizzle,
    TempReg, TexTarget, WriteMask, OPCODES,
};
use nvfp::syntax::ast::{
    ConstValue, DstOperand, DstRegister, Ident, Instruction, Program, ScalarConst, SrcBase,
    SrcOperand, Statement, TexImage,
};
use nvfp::syntax::{parse, print, strip_spans};
use pigment_diag::{FileId, Span};
use proptest::prelude::*;

// ---- strategies for trees the parser can produce ---------------------------------------------

/// Names the parser reads as something other than a name in a source operand.
fn is_special_in_source(name: &str) -> bool {
    let register = |prefix: &str, count: u32| {
        name.strip_prefix(prefix).is_some_and(|digits| {
            digits
                .parse::<u32>()
                .is_ok_and(|n| n < count && n.to_string() == digits)
        })
    };
    register("R", 32) || register("H", 64) || name == "RC" || name == "HC"
}

fn ident() -> impl Strategy<Value = Ident> {
    "[A-Za-z_$][A-Za-z0-9_$]{0,6}"
        .prop_filter("register spelling", |name| !is_special_in_source(name))
        .prop_map(|name| Ident {
            name,
            span: Span::default(),
        })
}

fn finite_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<f32>().prop_filter("finite", |v| v.is_finite()),
        (-100i32..100).prop_map(|v| v as f32),
        (-1000i32..1000).prop_map(|v| v as f32 / 8.0),
    ]
}

fn scalar_const() -> impl Strategy<Value = ScalarConst> {
    prop_oneof![
        finite_f32().prop_map(|v| ScalarConst::Number(v, Span::default())),
        ident().prop_map(ScalarConst::Named),
    ]
}

fn vector_items() -> impl Strategy<Value = Vec<ScalarConst>> {
    prop::collection::vec(scalar_const(), 1..=4)
}

fn swizzle() -> impl Strategy<Value = Swizzle> {
    prop::array::uniform4(0u8..4).prop_map(Swizzle)
}

fn temp_reg() -> impl Strategy<Value = TempReg> {
    prop_oneof![
        (0u8..32).prop_map(TempReg::R),
        (0u8..64).prop_map(TempReg::H)
    ]
}

/// Every base except a signed scalar constant.
fn register_like_base() -> impl Strategy<Value = SrcBase> {
    prop_oneof![
        (0usize..12)
            .prop_map(|i| SrcBase::Attrib(AttribReg::from_index(i).unwrap_or(AttribReg::Wpos))),
        temp_reg().prop_map(SrcBase::Temp),
        (0u32..64).prop_map(SrcBase::Local),
        ident().prop_map(SrcBase::Named),
        vector_items().prop_map(SrcBase::Vector),
    ]
}

/// (swizzle, scalar_suffix): none, a four-letter swizzle, or a scalar suffix.
fn suffix(kind: OperandKind) -> BoxedStrategy<(Option<Swizzle>, bool)> {
    let scalar = (0u8..4).prop_map(|c| (Some(Swizzle::splat(c)), true));
    match kind {
        OperandKind::Scalar => prop_oneof![3 => scalar, 1 => Just((None, false))].boxed(),
        OperandKind::Vector => prop_oneof![
            Just((None, false)),
            swizzle().prop_map(|s| (Some(s), false)),
            scalar,
        ]
        .boxed(),
    }
}

fn src(kind: OperandKind) -> impl Strategy<Value = SrcOperand> {
    let modifiers = (any::<bool>(), any::<bool>())
        .prop_map(|(absolute, negate_abs)| (absolute, absolute && negate_abs));
    let constant =
        (finite_f32(), modifiers.clone()).prop_map(|(value, (absolute, negate_abs))| SrcOperand {
            base: SrcBase::Scalar(value),
            negate_base: false,
            absolute,
            negate_abs,
            swizzle: None,
            scalar_suffix: false,
            span: Span::default(),
        });
    let other = (register_like_base(), suffix(kind), any::<bool>(), modifiers).prop_filter_map(
        "a scalar operand needs a scalar suffix unless it is a bare name",
        move |(base, (swizzle, scalar_suffix), negate_base, (absolute, negate_abs))| {
            let bare_name = matches!(base, SrcBase::Named(_)) && swizzle.is_none();
            if kind == OperandKind::Scalar && !scalar_suffix && !bare_name {
                return None;
            }
            Some(SrcOperand {
                base,
                negate_base,
                absolute,
                negate_abs,
                swizzle,
                scalar_suffix,
                span: Span::default(),
            })
        },
    );
    prop_oneof![1 => constant, 4 => other]
}

fn cc_mask() -> impl Strategy<Value = CcMask> {
    ((0usize..8), swizzle()).prop_map(|(rule, swizzle)| CcMask {
        rule: CcRule::ALL[rule],
        swizzle,
    })
}

fn dst() -> impl Strategy<Value = DstOperand> {
    let register = prop_oneof![
        temp_reg().prop_map(DstRegister::Temp),
        prop::sample::select(vec![OutputReg::Colr, OutputReg::Colh, OutputReg::Depr])
            .prop_map(DstRegister::Output),
        Just(DstRegister::Rc),
        Just(DstRegister::Hc),
    ];
    (register, 1u8..16, prop::option::of(cc_mask())).prop_map(|(register, mask, cc_mask)| {
        DstOperand {
            register,
            register_span: Span::default(),
            write_mask: WriteMask(mask),
            cc_mask,
            span: Span::default(),
        }
    })
}

fn tex_image() -> impl Strategy<Value = TexImage> {
    let targets = vec![
        TexTarget::D1,
        TexTarget::D2,
        TexTarget::D3,
        TexTarget::Cube,
        TexTarget::Rect,
    ];
    (0u8..16, prop::sample::select(targets)).prop_map(|(unit, target)| TexImage {
        unit,
        target,
        span: Span::default(),
    })
}

fn instruction() -> impl Strategy<Value = Instruction> {
    (0usize..OPCODES.len()).prop_flat_map(|index| {
        let info = &OPCODES[index];
        let precisions: Vec<Option<Precision>> = match info.precision {
            PrecisionSuffixes::Rhx => vec![
                None,
                Some(Precision::R),
                Some(Precision::H),
                Some(Precision::X),
            ],
            PrecisionSuffixes::Rh => vec![None, Some(Precision::R), Some(Precision::H)],
            PrecisionSuffixes::None => vec![None],
        };
        let flags = if info.cc_and_sat {
            (any::<bool>(), any::<bool>()).boxed()
        } else {
            Just((false, false)).boxed()
        };
        let srcs: Vec<_> = info.operands.iter().map(|&kind| src(kind)).collect();
        let is_kil = info.operands.is_empty() && !info.texture;
        (
            prop::sample::select(precisions),
            flags,
            dst(),
            srcs,
            tex_image().prop_map(move |t| info.texture.then_some(t)),
            cc_mask(),
        )
            .prop_map(
                move |(precision, (update_cc, saturate), dst, srcs, texture, condition)| {
                    Instruction {
                        opcode: info.opcode,
                        precision,
                        update_cc,
                        saturate,
                        opcode_span: Span::default(),
                        dst: (!is_kil).then_some(dst),
                        srcs,
                        texture,
                        kil_condition: is_kil.then_some(condition),
                        span: Span::default(),
                    }
                },
            )
    })
}

fn const_value() -> impl Strategy<Value = ConstValue> {
    prop_oneof![
        finite_f32().prop_map(|v| ConstValue::Scalar(ScalarConst::Number(v, Span::default()))),
        vector_items().prop_map(|items| ConstValue::Vector(items, Span::default())),
        ident().prop_map(ConstValue::Named),
    ]
}

fn statement() -> impl Strategy<Value = Statement> {
    prop_oneof![
        6 => instruction().prop_map(Statement::Instruction),
        1 => (ident(), const_value()).prop_map(|(name, value)| Statement::Define { name, value, span: Span::default() }),
        1 => (ident(), prop::option::of(const_value()))
            .prop_map(|(name, value)| Statement::Declare { name, value, span: Span::default() }),
    ]
}

fn program() -> impl Strategy<Value = Program> {
    prop::collection::vec(statement(), 1..12).prop_map(|statements| Program { statements })
}

proptest! {
    // Failures print the text and tree; no regression files are written into the source tree.
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn printed_trees_parse_back_equal(program in program()) {
        let text = print(&program);
        let (parsed, diagnostics) = parse(&text, FileId(0));
        prop_assert!(diagnostics.is_empty(), "{}\n{:#?}", text, diagnostics);
        prop_assert_eq!(strip_spans(&parsed), program, "{}", text);
    }
}

// ---- fixed point on hand-written programs -----------------------------------------------------

const HAND_WRITTEN: [&str; 3] = [
    "!!FP1.0 # a comment
DEFINE  halfTexel = { 0.03125, +0 } ;
DECLARE fog;DECLARE tint = -.5e1;
ADD R2, f[TEX0], -halfTexel;
TEXC_SAT H0.xw (GE.y), R2, TEX15, RECT;
KIL NE.xxxx;  KIL TR.xyzw;
MADXC R0.xyzw, -|-R1.x|, +p[3].wzyx, {1, 2e-3, named, -4};
POWH o[COLH].z (FL), |2.50|, pi;
TXD RC, f[WPOS], R1.zzzz, R2.z, TEX1, CUBE;
END",
    "!!FP1.0\nMOV o[DEPR].z, 1E10;\nUP4UBC HC, H7.w;\nPK2H R0, -0;\nEND\n",
    "!!FP1.0\nMOV o[COLR], f[COL0];\nEND",
];

fn parse_clean(text: &str) -> Program {
    let (program, diagnostics) = parse(text, FileId(0));
    assert!(diagnostics.is_empty(), "{text}\n{diagnostics:#?}");
    program
}

#[test]
fn print_of_parse_is_a_fixed_point() {
    for text in HAND_WRITTEN {
        let once = print(&parse_clean(text));
        let twice = print(&parse_clean(&once));
        assert_eq!(once, twice);
        assert_eq!(
            strip_spans(&parse_clean(&once)),
            strip_spans(&parse_clean(text))
        );
    }
}

#[test]
fn canonical_text_of_a_hand_written_program() {
    let expected = "!!FP1.0
DEFINE halfTexel = {0.03125, 0};
DECLARE fog;
DECLARE tint = -5;
ADD R2, f[TEX0], -halfTexel;
TEXC_SAT H0.xw (GE.y), R2, TEX15, RECT;
KIL NE.x;
KIL TR;
MADXC R0, -|-R1.x|, p[3].wzyx, {1, 0.002, named, -4};
POWH o[COLH].z (FL), |2.5|, pi;
TXD RC, f[WPOS], R1.zzzz, R2.z, TEX1, CUBE;
END
";
    assert_eq!(print(&parse_clean(HAND_WRITTEN[0])), expected);
    assert_eq!(
        print(&parse_clean(HAND_WRITTEN[1])),
        "!!FP1.0\nMOV o[DEPR].z, 1e10;\nUP4UBC HC, H7.w;\nPK2H R0, -0;\nEND\n"
    );
}

// ---- token soup: arbitrary sequences of grammar pieces ----------------------------------------

/// Pieces of the language (and a few of near-misses), glued into random texts so that many of them
/// parse cleanly and the rest exercise error recovery.
const PIECES: &[&str] = &[
    "!!FP1.0",
    "END",
    ";",
    ",",
    ".",
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    "|",
    "=",
    "+",
    "-",
    " ",
    "\n",
    "# c\n",
    "MOV",
    "MADXC_SAT",
    "RCPH",
    "KIL",
    "TEX",
    "TXD",
    "PK2H",
    "UP4UBC",
    "DEFINE",
    "DECLARE",
    "R0",
    "R31",
    "R32",
    "H63",
    "RC",
    "HC",
    "f",
    "o",
    "p",
    "WPOS",
    "TEX0",
    "TEX15",
    "COLR",
    "COLH",
    "DEPR",
    "2D",
    "CUBE",
    "x",
    "xyzw",
    "wzyx",
    "NE",
    "TR",
    "2",
    ".5",
    "1e3",
    "1e39",
    "0",
    "name",
    "$n_1",
    "@",
    "\u{e9}",
];

fn token_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES.to_vec()), 0..40)
        .prop_map(|pieces| pieces.join(" "))
}

/// Texts that start like a real program, so that the statements get parsed.
fn program_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES.to_vec()), 0..40)
        .prop_map(|pieces| format!("!!FP1.0\nMOV R0, R1;\n{}\nEND", pieces.join(" ")))
}

fn check_soup(text: &str) -> Result<(), TestCaseError> {
    let (program, diagnostics) = parse(text, FileId(0));
    for d in &diagnostics {
        let span = d
            .primary
            .as_ref()
            .map(|label| label.span)
            .unwrap_or_default();
        prop_assert!(
            text.get(span.range()).is_some(),
            "bad span {:?} in {:?}",
            span,
            text
        );
    }
    if !pigment_diag::has_errors(&diagnostics) {
        let printed = print(&program);
        let (again, diagnostics) = parse(&printed, FileId(0));
        prop_assert!(
            !pigment_diag::has_errors(&diagnostics),
            "{}\n{:#?}",
            printed,
            diagnostics
        );
        prop_assert_eq!(strip_spans(&again), strip_spans(&program));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn token_soup_never_panics_and_clean_parses_round_trip(text in token_soup()) {
        check_soup(&text)?;
    }

    #[test]
    fn program_soup_never_panics_and_clean_parses_round_trip(text in program_soup()) {
        check_soup(&text)?;
    }

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check_soup(&text)?;
    }
}
