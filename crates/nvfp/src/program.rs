//! A loaded program: what the validator produces from a syntax tree and the executor runs.
//!
//! Everything here is resolved: named constants are replaced by their values, named local parameters
//! by indices into [`Program::named_locals`], and every instruction carries the precision it actually
//! computes at. A `Program` has passed every load-time rule of sections 3.11.2 to 3.11.5.

use crate::isa::{
    AttribReg, CcMask, Opcode, OutputReg, Precision, Swizzle, TempReg, TexTarget, WriteMask,
};
use pigment_diag::Span;

#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub instructions: Vec<Instruction>,
    /// DECLAREd parameters in declaration order, with their initial values.
    pub named_locals: Vec<NamedLocal>,
    /// The target each texture unit is used with (at most one per unit).
    pub texture_targets: [Option<TexTarget>; 16],
    /// Output registers the program writes.
    pub writes_colr: bool,
    pub writes_colh: bool,
    pub writes_depr: bool,
    /// Temporary registers the program writes, sorted (R registers first).
    pub temps_written: Vec<TempReg>,
    /// Register units used (R and o\[COLR]/o\[DEPR] count two, H and o\[COLH] one).
    pub register_units: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct NamedLocal {
    pub name: String,
    pub initial: [f32; 4],
}

#[derive(Clone, Debug, PartialEq)]
pub struct Instruction {
    pub opcode: Opcode,
    /// The precision the instruction computes at: its suffix, else the destination register's type;
    /// R whenever it reads f\[FOGC] or f\[TEX*] (section 3.11.4.2). KIL reports R.
    pub precision: Precision,
    /// The suffix as written, if any.
    pub explicit_precision: Option<Precision>,
    pub update_cc: bool,
    pub saturate: bool,
    /// `None` only for KIL.
    pub dst: Option<Dest>,
    pub srcs: Vec<Source>,
    /// Unit and target of TEX / TXP / TXD.
    pub texture: Option<(u8, TexTarget)>,
    /// The condition of KIL.
    pub kil_condition: Option<CcMask>,
    /// Where the instruction is in the source text.
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DestReg {
    Temp(TempReg),
    Output(OutputReg),
    /// Write-only fp32 pseudo-register (updates the condition code only).
    Rc,
    /// Write-only fp16 pseudo-register.
    Hc,
}

impl DestReg {
    /// Whether the register stores fp16 values.
    pub fn is_half(self) -> bool {
        match self {
            DestReg::Temp(TempReg::H(_)) | DestReg::Output(OutputReg::Colh) | DestReg::Hc => true,
            DestReg::Temp(TempReg::R(_)) | DestReg::Output(_) | DestReg::Rc => false,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dest {
    pub register: DestReg,
    pub write_mask: WriteMask,
    /// `CcMask::ALWAYS` when the instruction has no condition-code mask.
    pub cc_mask: CcMask,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SourceKind {
    Attrib(AttribReg),
    Temp(TempReg),
    /// `p[N]`.
    NumberedLocal(u32),
    /// Index into [`Program::named_locals`].
    NamedLocal(u32),
    /// An embedded or named constant, expanded to four components.
    Literal([f32; 4]),
}

/// A source operand, loaded as VectorLoad / ScalarLoad of section 3.11.4.3 describe: swizzle, then
/// negate, absolute value, negate again, then conversion to the instruction's precision.
/// Scalar operands have a replicated swizzle (`.xxxx` for `.x`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Source {
    pub kind: SourceKind,
    pub swizzle: Swizzle,
    pub negate_base: bool,
    pub absolute: bool,
    pub negate_abs: bool,
}
