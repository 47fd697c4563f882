//! The scalar arithmetic of NV_fragment_program, defined once: the nvfp machine's executor and the
//! shading IR's reference interpreter both compute with these functions, so that the IR → fp30 → machine
//! differential test compares two uses of one definition, not two definitions.
//!
//! Every function is deterministic: nothing but IEEE-754 basic operations on f32 / f64 (which are exact
//! or correctly rounded on every machine) and bit manipulation; no call to the platform's libm for
//! anything that rounds. A function returns the IEEE f32 result of its formula; turning that into a
//! value of a number format ([`to_fp32`], [`to_fp16`], [`to_fx12`], or the per-step [`Rounding`]) is
//! the caller's next step: the executor rounds after every elementary step of an instruction, the IR
//! once per operation, except that both compute the multi-step MAD, DP3/DP4 and the IR's `lerp` with
//! the same per-step functions ([`steps`]).
//!
//! # Decisions
//!
//! The spec (`specs/nv_fragment_program.txt`) and the project's notes
//! (`specs/nv-fragment-program-notes.md`) leave these points open; each module says how it reads them:
//!
//! * **Overflow to INF** (`format`): both fp32 and fp16 round to nearest, ties to even, with IEEE-754's
//!   overflow rule. A magnitude that rounds (with an unbounded exponent) to 2^16 or more is INF in fp16:
//!   65520 and up is INF, (65504, 65520) gives 65504; likewise fp32 from 2^128 − 2^103 up. Section
//!   3.11.4.2 says "values greater than or equal to +2^16 are converted to +INF" and "any other values
//!   that are not exactly representable ... are converted to one of the two nearest representable
//!   values"; notes item 4 adds "round to nearest, ties to even". For 65504 < x < 2^16 the two
//!   neighbours in the format are 65504 and +INF, and round-to-nearest-even picks between them exactly as
//!   IEEE does. The other reading ((65504, 2^16) → 65504 always) would make fp32 arithmetic, which the
//!   machine does with IEEE f32 operations, need a clamp after every step.
//! * **NaN** (`format`): every conversion turns any NaN into one canonical quiet NaN
//!   ([`CANONICAL_NAN`]), so stored bits never depend on how a CPU propagates NaN payloads.
//! * **fx12 has no −0** (`format`): it is a two's complement integer of 1/1024ths (3.11.4.1), so every
//!   value that rounds to zero, −0.0 included, converts to +0.0.
//! * **MIN / MAX of ±0** ([`order`]): −0 counts as below +0, so that min(A,B) = min(B,A) bit for bit
//!   (3.11.5.16-17, rule 1).
//! * **Saturation** ([`order`]): the `_SAT` clamp of UpdateDestination (3.11.4.4) lets NaN through, as
//!   its two comparisons do.
//! * **Packing** ([`pack`]): the PK* pseudo-code (3.11.5.20-23) is evaluated step by step in fp32, like
//!   every other instruction's, and its `round` is C's (halves away from zero, which after the clamps is
//!   upward). NaN packs as 0 (PK2US, PK4B, PK4UB) or as the fp16 quiet NaN 0x7E00 (PK2H).
//! * **Rounding inside an instruction** ([`rounding`], [`steps`]): every elementary operation of a
//!   multi-step instruction (the product of a MAD, each product and partial sum of a DP3) is rounded
//!   to the instruction's precision before the next step reads it (3.11.4.2: "calculations are carried
//!   out using 16-bit floating point operands and results"), in the order the pseudo-code writes them.
//! * **Approximations** ([`approx`]): RCP, RSQ, EX2, LG2, SIN, COS, POW are fixed sequences of f32 basic
//!   operations and bit manipulations within the spec's error bounds (notes item 5), written once for
//!   the interpreters and the JIT.
#![forbid(unsafe_code)]

pub mod approx;
pub mod exact;
pub mod format;
pub mod integral;
pub mod order;
pub mod pack;
pub mod rounding;
pub mod steps;

pub use format::{
    convert, flush_fp32, fp16_bits, fp16_value, to_fp16, to_fp32, to_fx12, Format, CANONICAL_NAN,
    FX12_MAX, FX12_MIN,
};
pub use integral::{floor, fract};
pub use order::{max, min, saturate, Comparison};
pub use rounding::{Fp16, Fp32, Fx12, Rounding};
