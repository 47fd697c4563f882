//! ARB_fragment_program text for a loaded NV_fragment_program: what the `arbfp1` back end writes
//! and what the GL oracle runs to check Pigment's machine. Pure Rust, no GL.
//!
//! # Mapping
//!
//! | NV | ARB |
//! |---|---|
//! | `R0`-`R31` | `TEMP R0` ... zeroed first (NV starts every fragment with zero temporaries) |
//! | `o[COLR]` | `nv_colr`, zeroed first (unwritten components store 0, notes 9), moved to `result.color` at the end |
//! | `o[DEPR]` | `nv_depr`; the fragment is discarded when its z is outside [0, 1] (notes 9). Depth itself is not written: the oracle has no depth buffer |
//! | `f[TEXn]`, `f[COL0]`, `f[COL1]`, `f[WPOS]` | `fragment.texcoord[n]`, `fragment.color`, `fragment.color.secondary`, `fragment.position` |
//! | `f[FOGC]` (z,0,0,0) | `nv_fogc` = `fragment.fogcoord` (z,0,0,1) times (1,1,1,0) |
//! | `p[N]` | `program.local[N]` |
//! | DECLAREd name number k | `program.local[64 + k]` ([`Translation::named_locals`] gives slots and initial values) |
//! | constants | inline `{x, y, z, w}` with swizzle, negation and absolute value already applied |
//! | `|x|`, `-|x|` of a register | `ABS` into a scratch temporary `nv_tN`, then it or its negation |
//! | DP3, DP4 | the same instruction; with [`Style::stepwise_dots`] (the oracle's), a MUL into a scratch temporary and ADDs from x: NV's products rounded, then summed (ARB's DP is the implementation's, and Mesa fuses it into `fma`s) |
//! | ADD COS DST EX2 FLR FRC LG2 LIT LRP MAD MAX MIN MOV MUL POW RCP RSQ SGE SIN SLT SUB TEX TXP | the same instruction (`_SAT`, write masks, swizzles kept); TXP on CUBE becomes TEX (NV does not divide CUBE coordinates, notes 8) |
//! | SGT, SLE | SLT, SGE with the operands swapped |
//! | SEQ, SNE | two SGEs multiplied (SNE: one minus that product): false / true for NaN as notes 6 says |
//! | SFL, STR | MOV of 0 / 1 |
//! | MIN, MAX, POW, RSQ and `_SAT` with [`Style::nan_rules`] | the longer forms of `nan`, which keep NV's NaN rules |
//! | SIN, COS with [`Style::nv_trigonometry`] | NV's steps (`trig`): FLR, FRC, MUL, ADD, SUB, SLT and CMP |
//! | an fp16 result with [`Style::half_rounding`] | computed into a scratch temporary, rounded to 11 significant bits by a MUL and two SUBs, then stored |
//! | condition codes | see `condition`: `nv_cc` holds the stored values; tests are SGE/SLT vectors; conditional writes are CMPs; KIL LT / KIL GT are ARB KILs of `nv_cc` / `-nv_cc` |
//!
//! # Not translated ([`Unsupported`])
//!
//! In [`translate`] (the oracle's, exact): fp16 and fx12 arithmetic (H registers, `o[COLH]`, HC, any instruction computing at H or X precision:
//! llvmpipe computes in fp32), DDX, DDY, TXD, RFL, X2D, the pack and unpack instructions, and constants
//! that are infinite (ARB constants are finite). With [`Style::fp32`] (the arbfp1 back end's) the
//! fp16 and fx12 arithmetic is computed in fp32 instead.
//!
//! # Where the translation is not the NV machine
//!
//! The instructions map one to one (but for the stepwise DP3 and DP4), but llvmpipe's ARB
//! instructions are not NV's in every corner (observed on Mesa 22.3's llvmpipe): RSQ takes |x| (ARB's definition; NV gives NaN for negative x and -INF for
//! -0.0); MUL / MAD / DP of 0 and INF give 0 (NV: NaN); POW of a negative base or 0^0 is not NaN; LIT clamps
//! its exponent to [-128, 128]; the approximations (RCP, RSQ, EX2, LG2, POW, SIN, COS) and LRP round their
//! own way. Comparisons must allow for these. A texture unit the program samples needs a texture in the
//! oracle's inputs: NV reads (0,0,0,0) from a missing one, GL its default texture.

mod condition;
mod instruction;
mod nan;
pub(crate) mod operand;
mod trig;
mod writer;

pub use operand::NAMED_LOCAL_BASE;

use nvfp::program::Program;
use pigment_diag::Span;
use std::fmt;

/// The ARB form of an NV program.
#[derive(Clone, Debug, PartialEq)]
pub struct Translation {
    /// `!!ARBfp1.0 ... END`.
    pub text: String,
    /// For each DECLAREd parameter in declaration order: its `program.local` slot and initial value, to be
    /// passed in `gl_oracle::Inputs::locals` (change the value to emulate glProgramNamedParameterNV).
    pub named_locals: Vec<(u32, [f32; 4])>,
}

/// A program feature ARB_fragment_program cannot express (or not exactly enough to be an oracle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// What, in words.
    pub what: String,
    /// The NV instruction it is in.
    pub span: Span,
}

impl Unsupported {
    pub(crate) fn new(what: String, span: Span) -> Unsupported {
        Unsupported { what, span }
    }
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot translate to ARB_fragment_program: {}", self.what)
    }
}

impl std::error::Error for Unsupported {}

/// How [`translate_with`] writes NV's arithmetic where ARB is not exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Compute H and X precision instructions, the H registers, `o[COLH]` and HC in fp32 (each H
    /// register its own temporary: fp30 never relies on H and R registers sharing storage), as an
    /// `arbfp1` program does, instead of refusing them as the exact oracle must.
    pub fp32: bool,
    /// Write DP3 and DP4 as a MUL and ADDs from x, NV's order: ARB leaves DP's evaluation to the
    /// implementation, and Mesa fuses it into `fma`s, whose last bit can flip a comparison of dot
    /// products. Off, they stay DP3 and DP4: the program as a person writes it, a third as long.
    pub stepwise_dots: bool,
    /// Keep NV's NaN rules where Mesa's ARB instructions do not (MIN, MAX and saturation keep a
    /// NaN; POW of NaN, of a negative base and 0^0 and RSQ of a negative number are NaN), with
    /// the longer forms of the `nan` module (`pigment compile --precision fp30`).
    pub nan_rules: bool,
    /// With [`Self::fp32`]: round every result NV holds as fp16 (computed at H precision or
    /// stored into an H register, `o[COLH]` or HC) to fp16's 11 significant bits, with three
    /// more instructions (`pigment compile --precision fp30`).
    pub half_rounding: bool,
    /// SIN and COS as NV computes them, step by step (`trig`; `pigment compile --precision
    /// fp30`), instead of the implementation's SIN and COS.
    pub nv_trigonometry: bool,
}

/// Translates a loaded NV program for the oracle: exact where ARB can be (see the module
/// documentation for what is supported), so with stepwise dot products.
pub fn translate(program: &Program) -> Result<Translation, Unsupported> {
    translate_with(
        program,
        Style {
            fp32: false,
            stepwise_dots: true,
            nan_rules: false,
            half_rounding: false,
            nv_trigonometry: false,
        },
    )
}

/// Translates a loaded NV program as `style` says.
pub fn translate_with(program: &Program, style: Style) -> Result<Translation, Unsupported> {
    let mut w = writer::Writer::new(style);
    for ins in &program.instructions {
        instruction::translate(&mut w, ins)?;
    }
    Ok(Translation {
        text: w.finish(),
        named_locals: operand::named_local_slots(program),
    })
}
