//! Legalisation passes on the IR (each an [`pigment_ir::pass::Pass`], run through `run_pass` so the
//! verifier checks its result): full unrolling, if-conversion to predicated straight-line code, int
//! arithmetic in float registers, and lowering of the operations the ISA lacks.

pub mod bits;
pub mod emit;
pub mod int;
pub mod lower;
pub mod predicate;
pub mod unroll;

pub use bits::refuse_bit_operations;
pub use int::IntToFloat;
pub use lower::Lower;
pub use predicate::Predicate;
pub use unroll::Unroll;
