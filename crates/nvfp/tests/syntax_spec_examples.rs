//! The program fragments printed in the NV_fragment_program spec parse without syntax errors, into the
//! trees the spec's prose describes.

use nvfp::isa::{AttribReg, CcMask, CcRule, Opcode, Swizzle, TempReg, TexTarget, WriteMask};
use nvfp::syntax::ast::{
    ConstValue, DstRegister, Instruction, Program, ScalarConst, SrcBase, Statement,
};
use nvfp::syntax::{parse, print, strip_spans};
use pigment_diag::FileId;

fn parse_body(body: &str) -> Program {
    let text = format!("!!FP1.0\n{body}\nEND\n");
    let (program, diagnostics) = parse(&text, FileId(0));
    assert!(diagnostics.is_empty(), "{body}\n{diagnostics:#?}");
    // Each example also survives the canonical printer.
    let (again, diagnostics) = parse(&print(&program), FileId(0));
    assert!(diagnostics.is_empty());
    assert_eq!(strip_spans(&again), strip_spans(&program));
    program
}

fn instructions(program: &Program) -> Vec<&Instruction> {
    program
        .statements
        .iter()
        .filter_map(|s| match s {
            Statement::Instruction(i) => Some(i),
            _ => None,
        })
        .collect()
}

/// Section 3.11.2: DEFINE, DECLARE, numbered parameters, and the constant-merging examples (which are
/// all syntactically valid, the "invalid" ones failing only the validator's one-parameter rule).
#[test]
fn section_3_11_2_parameters() {
    let program = parse_body(
        "DEFINE pi = 3.1415926535;
         DEFINE color = {0.2, 0.5, 0.8, 1.0};
         DECLARE fog_color1;
         DECLARE fog_color2 = {0.3, 0.6, 0.9, 0.1};
         MOV R0, p[31];
         MAD R0, R1, 2, -1;
         MAD R0, R1, {2,-1,0,0}.x, {2,-1,0,0}.y;
         ADD R0, {1,2,3,4}, 4;
         ADD R0, {1,2,3,4}.xyzw, {1,2,3,4}.w;
         ADD R0, {1,2,3,4}, -4;
         ADD R0, {1,2,3,4}, |-4|;
         ADD R0, {1,2,3,4}, -{-1,-2,-3,-4};
         ADD R0, {1,2,3,4}, {4,5,6,7}.x;",
    );
    assert_eq!(program.statements.len(), 13);
    let i = instructions(&program);
    assert_eq!(i[0].srcs[0].base, SrcBase::Local(31));
    assert_eq!(i[1].srcs[1].base, SrcBase::Scalar(2.0));
    assert_eq!(i[1].srcs[2].base, SrcBase::Scalar(-1.0));
    assert_eq!(i[3].srcs[1].base, SrcBase::Scalar(4.0));
    assert_eq!(i[4].srcs[1].swizzle, Some(Swizzle::splat(3)));
    assert_eq!(i[5].srcs[1].base, SrcBase::Scalar(-4.0));
    assert!(i[6].srcs[1].absolute && i[6].srcs[1].base == SrcBase::Scalar(-4.0));
    assert!(i[7].srcs[1].negate_base);
    assert!(i[8].srcs[1].scalar_suffix);
}

/// Issues: DECLARE with a value and a numbered parameter.
#[test]
fn issues_local_parameters() {
    let program = parse_body("DECLARE color = {1,0,0,1};\nMOV R0, p[12];");
    let Statement::Declare {
        value: Some(ConstValue::Vector(items, _)),
        ..
    } = &program.statements[0]
    else {
        panic!("declare with a vector expected")
    };
    assert_eq!(items.len(), 4);
    assert!(matches!(items[0], ScalarConst::Number(v, _) if v == 1.0));
}

/// Issues: "computes a component wise |R1-R2|" and the KIL example, with their comments.
#[test]
fn issues_condition_codes_and_kil() {
    let program = parse_body(
        "SUBC R0, R1, R2;      # \"C\" suffix means update condition code
          MOV  R0 (LT), -R0;    # Conditional write mask in parentheses
          TEXC R0, f[TEX0], TEX0, 2D;
          KIL EQ.x;
          MOVC RC.x, R0.x;
          MOVC RC.x (EQ), R1.x;
          MOVC RC.x, R0.x;
          MOVC RC.x (NE), R1.x;",
    );
    let i = instructions(&program);
    assert_eq!(i.len(), 8);
    assert!(i[0].update_cc);
    assert_eq!(
        i[1].dst.as_ref().and_then(|d| d.cc_mask),
        Some(CcMask {
            rule: CcRule::Lt,
            swizzle: Swizzle::IDENTITY
        })
    );
    assert_eq!(
        i[2].texture.map(|t| (t.unit, t.target)),
        Some((0, TexTarget::D2))
    );
    assert_eq!(
        i[3].kil_condition,
        Some(CcMask {
            rule: CcRule::Eq,
            swizzle: Swizzle::splat(0)
        })
    );
    let rc = i[5].dst.as_ref().expect("destination");
    assert_eq!(
        (rc.register.clone(), rc.write_mask),
        (DstRegister::Rc, WriteMask(1))
    );
}

/// Issues: horizontal-only linear filtering.
#[test]
fn issues_texture_filtering_program() {
    let program = parse_body(
        "DEFINE halfTexel = { 0.03125, 0 };   # 1/32 (1/2 a texel)
          ADD R2, f[TEX0], -halfTexel;         # coords of left sample
          ADD R1, f[TEX0], +halfTexel;         # coords of right sample
          TEX R0, R2, TEX0, 2D;                # lookup left sample
          TEX R1, R1, TEX0, 2D;                # lookup right sample
          MUL R2.x, R2.x, 16;                  # scale X coords to texels
          FRC R2.x, R2.x;                      # get fraction, filter weight
          LRP R0, R2.x, R1, R0;                # blend samples based on weight",
    );
    let i = instructions(&program);
    assert_eq!(i.len(), 7);
    assert_eq!(i[0].srcs[0].base, SrcBase::Attrib(AttribReg::Tex(0)));
    assert!(i[0].srcs[1].negate_base);
    assert!(!i[1].srcs[1].negate_base);
    assert_eq!(i[4].srcs[1].base, SrcBase::Scalar(16.0));
    assert_eq!(i[6].opcode, Opcode::Lrp);
    assert_eq!(i[6].srcs[0].base, SrcBase::Temp(TempReg::R(2)));
}

/// Section 3.11.4.4: the condition-code update example, including `(NE)` without a swizzle.
#[test]
fn section_3_11_4_4_condition_code_example() {
    let program = parse_body(
        "# R1=(-2, 0, 2, NaN)              R0                  CC
        MOVC R0, R1;               # ( -2,  0,   2, NaN) (LT,EQ,GT,UN)
        MOVC R0.xyz, R1.yzwx;      # (  0,  2, NaN, NaN) (EQ,GT,UN,UN)
        MOVC R0 (NE), R1.zywx;     # (  0,  0, NaN,  -2) (EQ,EQ,UN,LT)",
    );
    let i = instructions(&program);
    assert_eq!(
        i[1].dst.as_ref().map(|d| d.write_mask),
        Some(WriteMask(0b0111))
    );
    assert_eq!(i[1].srcs[0].swizzle, Some(Swizzle([1, 2, 3, 0])));
    assert_eq!(
        i[2].dst.as_ref().and_then(|d| d.cc_mask),
        Some(CcMask {
            rule: CcRule::Ne,
            swizzle: Swizzle::IDENTITY
        })
    );
    assert_eq!(i[2].srcs[0].swizzle, Some(Swizzle([2, 1, 3, 0])));
}

/// Section 3.11.4: the sixteen forms of ADD.
#[test]
fn section_3_11_4_sixteen_forms_of_add() {
    let forms = [
        "ADD",
        "ADDR",
        "ADDH",
        "ADDX",
        "ADDC",
        "ADDRC",
        "ADDHC",
        "ADDXC",
        "ADD_SAT",
        "ADDR_SAT",
        "ADDH_SAT",
        "ADDX_SAT",
        "ADDC_SAT",
        "ADDRC_SAT",
        "ADDHC_SAT",
        "ADDXC_SAT",
    ];
    let body: String = forms.iter().map(|f| format!("{f} R0, R1, R2;\n")).collect();
    let program = parse_body(&body);
    assert_eq!(instructions(&program).len(), 16);
}
