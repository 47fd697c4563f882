//! The executor abstraction: a [`Kernel`] runs a whole decoded program over one batch, in place of the
//! interpreter's instruction-by-instruction dispatch. The interpreter stays the reference; a kernel
//! (such as the Cranelift JIT of the `nvfp-jit` crate) is plugged into a [`super::Machine`] with
//! [`super::Machine::with_kernel`], so that nvfp never depends on how the kernel was made.
//!
//! A kernel sees the batch as the interpreter keeps it ([`BatchState`]): every register component is
//! an array of [`LANES`] f32 (fragment `f` of quad `q` in lane `4q + f`), in the slots [`super::decode::Decoded`]
//! assigns (`super::decode::Decoded`); the condition code is one bit per component per lane (`decode::CC_*`). Batch setup
//! (attributes, o\[DEPR].z's start, constants) and output reading stay the machine's. The machine
//! does not clear anything between a kernel's batches: a kernel starts the cleared slots
//! (`Decoded::cleared`, except o\[DEPR].z), the CC and the kill flags itself, writes back no
//! output component the program never writes (those keep the zeros of a new batch), and sets
//! `killed` for every real lane. Nor does it refill attribute lanes that an earlier batch left
//! holding the same values (`super::QuadInputs::source_key`), so a kernel must never write an
//! attribute slot; the same goes for o\[DEPR].z's start in a program that never writes o\[DEPR]
//! (`super::decode::Decoded::writes_depth`).

use super::batch::{Batch, Lanes};
use crate::texture::TextureUnits;

pub use super::batch::{LANES, QUADS};

/// A program compiled for one [`super::decode::Decoded`] layout.
pub trait Kernel: Send + Sync + std::fmt::Debug {
    /// Runs every step of the program over `state`, whose first `quads` quads (at most [`QUADS`]) are
    /// real; the results must be those of the interpreter, bit for bit, in every real lane.
    fn run_batch(&self, state: BatchState<'_>, textures: &TextureUnits, quads: usize);
}

/// The mutable state of one batch.
pub struct BatchState<'a> {
    /// The register file flattened: entry `4 * slot + component` is that component's lanes. A
    /// `Box` of a sized type is one pointer, so this slice is already the table of lane pointers
    /// compiled code reads: a batch hands it over without copying it.
    pub regs: &'a mut [Box<Lanes>],
    /// `cc[component][lane]`: one `decode::CC_*` bit each.
    pub cc: &'a mut [[u8; LANES]; 4],
    pub killed: &'a mut [bool; LANES],
    /// Whether every register and the CC must hold their final values afterwards (for a trace);
    /// otherwise only the outputs (o\[COLR]/o\[COLH], o\[DEPR]) and `killed` are read back, and the
    /// temporaries and the CC may be left as they are (the next batch's reset clears them).
    pub traced: bool,
}

/// The state of `batch` for a kernel.
pub(super) fn state_of(batch: &mut Batch, traced: bool) -> BatchState<'_> {
    BatchState {
        regs: batch.regs.as_flattened_mut(),
        cc: &mut batch.cc,
        killed: &mut batch.killed,
        traced,
    }
}

/// Runs the program over the batch with `kernel`, or with the interpreter (see
/// [`BatchState::traced`]).
pub(super) fn run(
    kernel: Option<&dyn Kernel>,
    batch: &mut Batch,
    ctx: &super::interp::Context,
    quads: usize,
    traced: bool,
) {
    match kernel {
        Some(kernel) => kernel.run_batch(state_of(batch, traced), ctx.textures, quads),
        None => super::interp::run(batch, ctx, quads),
    }
}
