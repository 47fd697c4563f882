//! The syntax tree of an `!!FP1.0` program, exactly as written (names unresolved, spans on everything).
//!
//! The parser produces it, the printer prints it, and the validator turns it into a loaded
//! [`crate::program::Program`]. Nothing here is checked beyond the grammar: a tree may name undefined
//! constants, break the register budget and so on.

use crate::isa::{
    AttribReg, CcMask, Opcode, OutputReg, Precision, Swizzle, TempReg, TexTarget, WriteMask,
};
use pigment_diag::Span;

/// A whole program: `!!FP1.0`, statements, `END`.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub statements: Vec<Statement>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    Instruction(Instruction),
    /// `DEFINE name = value;`
    Define { name: Ident, value: ConstValue, span: Span },
    /// `DECLARE name;` or `DECLARE name = value;`
    Declare { name: Ident, value: Option<ConstValue>, span: Span },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// The right-hand side of DEFINE / DECLARE.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstValue {
    /// A scalar: a signed number or the name of a scalar constant.
    Scalar(ScalarConst),
    /// `{a, b, c, d}` with one to four scalars (not yet expanded to four).
    Vector(Vec<ScalarConst>, Span),
    /// The name of a previously defined vector constant. The parser produces this for every bare
    /// name (it cannot tell a scalar name from a vector name); the validator resolves which it is.
    Named(Ident),
}

#[derive(Clone, Debug, PartialEq)]
pub enum ScalarConst {
    /// A number with its optional sign already applied.
    Number(f32, Span),
    /// The name of a previously DEFINEd scalar constant.
    Named(Ident),
}

/// One executable instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct Instruction {
    pub opcode: Opcode,
    /// The explicit `R`, `H` or `X` suffix, if any.
    pub precision: Option<Precision>,
    /// The `C` suffix: update the condition code.
    pub update_cc: bool,
    /// The `_SAT` suffix: clamp results to [0, 1].
    pub saturate: bool,
    /// Span of the opcode token.
    pub opcode_span: Span,
    /// `None` only for KIL.
    pub dst: Option<DstOperand>,
    /// Source operands in order (0 for KIL, 1 to 3 otherwise).
    pub srcs: Vec<SrcOperand>,
    /// `TEXn, TARGET` of TEX / TXP / TXD.
    pub texture: Option<TexImage>,
    /// The condition of KIL.
    pub kil_condition: Option<CcMask>,
    /// The whole instruction, opcode to last operand.
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TexImage {
    pub unit: u8,
    pub target: TexTarget,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DstRegister {
    Temp(TempReg),
    Output(OutputReg),
    /// The write-only fp32 condition-code pseudo-register.
    Rc,
    /// The write-only fp16 condition-code pseudo-register.
    Hc,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DstOperand {
    pub register: DstRegister,
    pub register_span: Span,
    pub write_mask: WriteMask,
    /// `None` when the instruction has no `(cc)` mask (equivalent to `TR.xyzw`).
    pub cc_mask: Option<CcMask>,
    pub span: Span,
}

/// What a source operand reads, before swizzling and modifiers.
#[derive(Clone, Debug, PartialEq)]
pub enum SrcBase {
    Attrib(AttribReg),
    Temp(TempReg),
    /// `p[N]`: a numbered local parameter.
    Local(u32),
    /// A named constant or named local parameter (resolved by the validator).
    Named(Ident),
    /// `{a, b, c, d}`: an embedded vector constant, one to four scalars as written.
    Vector(Vec<ScalarConst>),
    /// A signed scalar constant such as `2` or `-0.5`; the sign belongs to the number.
    Scalar(f32),
}

/// A source operand: `[-] [|] [-] base [.swizzle] [|]`.
#[derive(Clone, Debug, PartialEq)]
pub struct SrcOperand {
    pub base: SrcBase,
    /// The `<negate>` inside the absolute value bars (or the only one when there are none).
    pub negate_base: bool,
    /// `|...|` was written.
    pub absolute: bool,
    /// The `<negate>` in front of the absolute value bars.
    pub negate_abs: bool,
    /// The suffix as written: `None` for no suffix, a scalar suffix `.x` is stored as `.xxxx` with
    /// `scalar_suffix` set.
    pub swizzle: Option<Swizzle>,
    pub scalar_suffix: bool,
    pub span: Span,
}
