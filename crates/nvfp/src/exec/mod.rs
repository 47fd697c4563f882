//! The executor: runs a loaded [`crate::program::Program`] over 2x2 quads of fragments, bit-carefully.
//!
//! A [`Machine`] decodes the program once ([`decode`]); [`Machine::run_quads`] then runs it over
//! batches of [`batch::QUADS`] quads held in structure-of-arrays form (`batch`), one dispatch per
//! instruction (`interp`, `ops`). The scalar arithmetic (number formats, the deterministic
//! transcendental functions of [`approx`], MIN/MAX, packing) is `pigment_numeric`'s, the one definition
//! the shading IR's interpreter shares; [`numeric`] keys its formats by precision. The `--dump` view
//! is `trace`.
//!
//! Storage decision (notes item 3): a register holds a raw 32-bit pattern per component and storing
//! never re-encodes it. Conversion (fp32 denormal flush, fp16 rounding, fx12) happens where section
//! 3.11.4 places TypeConvert: when an operand is loaded by an instruction and when a result is
//! converted to the destination's type. PK* results skip the destination conversion and UP* operands
//! skip the load conversion, so a packed word survives PK* → register → UP* bit for bit. Any other
//! instruction reading a packed word reads it as a number (a denormal pattern reads as ±0, per the
//! fp32 decoding table of 3.11.4.1: "(-1)^S * 0.0, if E == 0").
//!
//! Speed: instructions run as one fused lane loop per result component, compiled per precision
//! ([`numeric::Rounding`]) and with or without sign modifiers. `decode::formats` works out once per program
//! which load conversions provably change nothing, so most operands are read in place; constants are
//! converted once per run and attributes once per batch. `tests/exec_equivalence.rs` checks all of
//! this bit for bit against a plain per-fragment evaluator.

mod batch;
pub mod decode;
mod interp;
pub mod kernel;
pub mod numeric;
mod ops;
mod trace;

pub use pigment_numeric::approx;
pub use trace::{TempTrace, Trace};

use crate::isa::ATTRIB_COUNT;
use crate::program::Program;
use crate::texture::TextureUnits;
use batch::Batch;
pub use batch::QUADS;
use decode::Decoded;
use interp::Context;
use kernel::Kernel;
use rayon::prelude::*;
use std::sync::Arc;

/// The attribute registers of the four fragments of a quad: `attribs[attrib][fragment][component]`,
/// attributes in [`crate::isa::AttribReg::index`] order. Fragment `i` sits at
/// `(x0 + (i & 1), y0 + (i >> 1))`, y up.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuadInput {
    pub attribs: [[[f32; 4]; 4]; ATTRIB_COUNT],
}

/// Where a batch's attribute registers come from: materialised [`QuadInput`]s, or a rasterizer that
/// computes the lanes a program reads straight from its formulas (`raster::ReferenceSpan`).
pub trait QuadInputs {
    /// How many quads there are.
    fn len(&self) -> usize;

    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `lanes[4q + f]` = component `c` of attribute `attrib` ([`crate::isa::AttribReg::index`]) of
    /// fragment `f` of quad `q`, for each quad (`lanes` holds at least `4 * self.len()`).
    fn fill(&self, attrib: usize, c: usize, lanes: &mut [f32]);

    /// What the lanes [`QuadInputs::fill`] gives depend on, when the source can say: a few numbers
    /// of the source's own meaning (such as a span's column, row, length and target size), each
    /// component's lanes a function of the words [`QuadInputs::depends`] names. A batch compares
    /// the key with its last source's once, and refills only the components that depend on a
    /// word that changed.
    fn source_key(&self) -> Option<SourceKey> {
        None
    }

    /// Bit `i` set: the lanes of component `c` of `attrib` depend on word `i` of
    /// [`QuadInputs::source_key`]. Only asked of a source that has a key, and for such sources a
    /// function of `attrib` and `c` alone (a batch asks once and keeps the answer).
    fn depends(&self, _attrib: usize, _c: usize) -> u32 {
        !0
    }

    /// Whether every value [`QuadInputs::fill`] gives is already an fp32 value as the machine
    /// holds it (no denormal, no NaN), so that loading it as fp32 changes nothing.
    fn fp32_exact(&self) -> bool {
        false
    }
}

/// See [`QuadInputs::source_key`]; what the numbers mean is the source's own.
pub type SourceKey = [u32; 5];

impl QuadInputs for [QuadInput] {
    fn len(&self) -> usize {
        <[QuadInput]>::len(self)
    }

    fn fill(&self, attrib: usize, c: usize, lanes: &mut [f32]) {
        for (quad_lanes, quad) in lanes.chunks_exact_mut(4).zip(self) {
            for (f, lane) in quad_lanes.iter_mut().enumerate() {
                *lane = quad.attribs[attrib][f][c];
            }
        }
    }
}

/// What the four fragments of a quad produce.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuadOutput {
    /// o\[COLR] or o\[COLH] per fragment (components never written are 0).
    pub color: [[f32; 4]; 4],
    /// o\[DEPR].z per fragment, when the program writes it.
    pub depth: [f32; 4],
    pub killed: [bool; 4],
}

/// Runs a machine on one thread over slices of quads as small as one batch, reusing one batch's
/// registers (with its constants filled once), so that a caller can make each slice's inputs just
/// before it is shaded, while they are still in the cache, without a batch's setup per slice.
pub struct Runner<'a> {
    machine: &'a Machine,
    batch: Box<Batch>,
    params: &'a Parameters,
    textures: &'a TextureUnits,
}

impl<'a> Runner<'a> {
    fn context(&self) -> Context<'a> {
        Context {
            decoded: &self.machine.decoded,
            params: self.params,
            textures: self.textures,
        }
    }

    /// As [`Machine::run_quads`], on this thread.
    pub fn run(&mut self, inputs: &[QuadInput], outputs: &mut [QuadOutput]) {
        let ctx = self.context();
        let count = inputs.len().min(outputs.len());
        self.machine.run_batches(
            &mut self.batch,
            &ctx,
            &inputs[..count],
            &mut outputs[..count],
        );
    }

    /// Runs one batch whose attributes `inputs` computes (at most [`QUADS`] quads), and gives its
    /// outputs to read in place.
    pub fn run_batch(&mut self, inputs: &impl QuadInputs) -> Outputs<'_> {
        let ctx = self.context();
        let quads = inputs.len().min(QUADS);
        self.machine.run_one(&mut self.batch, &ctx, inputs, quads);
        Outputs::of(&self.batch, &self.machine.decoded)
    }
}

/// The outputs of a batch, read in place, by lane (fragment `f` of quad `q` in lane `4q + f`).
pub struct Outputs<'a> {
    color: &'a batch::Register,
    depth: &'a batch::Lanes,
    killed: &'a [bool; batch::LANES],
}

impl<'a> Outputs<'a> {
    fn of(batch: &'a Batch, decoded: &Decoded) -> Outputs<'a> {
        Outputs {
            color: &batch.regs[decoded.color_slot],
            depth: &batch.regs[decoded.depth_slot][2],
            killed: &batch.killed,
        }
    }

    /// o\[COLR] or o\[COLH] (components never written are 0).
    #[inline(always)]
    pub fn color(&self, lane: usize) -> [f32; 4] {
        std::array::from_fn(|c| self.color[c][lane])
    }

    /// o\[COLR] or o\[COLH] of each quad's four fragments, fragment by fragment, quad after quad:
    /// 4x4 transposes of the component lanes, which the compiler does with shuffles.
    #[inline(always)]
    pub fn quad_colors(&self) -> impl Iterator<Item = [[f32; 4]; 4]> + '_ {
        let [r, g, b, a] = self.color.each_ref().map(|lanes| lanes.chunks_exact(4));
        r.zip(g)
            .zip(b)
            .zip(a)
            .map(|(((r, g), b), a)| std::array::from_fn(|f| [r[f], g[f], b[f], a[f]]))
    }

    /// o\[DEPR].z.
    #[inline(always)]
    pub fn depth(&self, lane: usize) -> f32 {
        self.depth[lane]
    }

    #[inline(always)]
    pub fn killed(&self, lane: usize) -> bool {
        self.killed[lane]
    }
}

/// The program parameters of section 3.11.2 that can change between runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Parameters {
    /// p\[0]..p\[63].
    pub numbered: Vec<[f32; 4]>,
    /// One per [`Program::named_locals`], in declaration order.
    pub named: Vec<[f32; 4]>,
}

impl Parameters {
    /// Numbered parameters zero, named ones at their DECLARE initial values.
    pub fn for_program(program: &Program) -> Parameters {
        Parameters {
            numbered: vec![[0.0; 4]; crate::isa::limits::MAX_LOCAL_PARAMETERS],
            named: program
                .named_locals
                .iter()
                .map(|local| local.initial)
                .collect(),
        }
    }
}

/// A decoded program, ready to run over quads, by the interpreter or by a compiled [`Kernel`]. Cheap
/// to share between threads.
#[derive(Clone, Debug)]
pub struct Machine {
    decoded: Decoded,
    kernel: Option<Arc<dyn Kernel>>,
}

/// Quads per parallel task of [`Machine::run_quads`].
const QUADS_PER_TASK: usize = 16 * QUADS;

impl Machine {
    pub fn new(program: &Program) -> Machine {
        Machine {
            decoded: Decoded::new(program),
            kernel: None,
        }
    }

    /// The same machine running its batches with `kernel` (compiled from [`Machine::decoded`]).
    pub fn with_kernel(self, kernel: Arc<dyn Kernel>) -> Machine {
        Machine {
            kernel: Some(kernel),
            ..self
        }
    }

    /// The decoded program a kernel is compiled from.
    pub fn decoded(&self) -> &Decoded {
        &self.decoded
    }

    /// The compiled kernel, when batches do not run on the interpreter.
    pub fn kernel(&self) -> Option<&dyn Kernel> {
        self.kernel.as_deref()
    }

    /// Runs the program over `inputs`, writing `outputs[i]` for `inputs[i]` (as many as both slices
    /// have). Large inputs are split across the rayon thread pool.
    pub fn run_quads(
        &self,
        inputs: &[QuadInput],
        params: &Parameters,
        textures: &TextureUnits,
        outputs: &mut [QuadOutput],
    ) {
        let ctx = Context {
            decoded: &self.decoded,
            params,
            textures,
        };
        let count = inputs.len().min(outputs.len());
        let (inputs, outputs) = (&inputs[..count], &mut outputs[..count]);
        if count <= QUADS_PER_TASK {
            self.run_serial(&ctx, inputs, outputs);
        } else {
            inputs
                .par_chunks(QUADS_PER_TASK)
                .zip(outputs.par_chunks_mut(QUADS_PER_TASK))
                .for_each(|(inputs, outputs)| self.run_serial(&ctx, inputs, outputs));
        }
    }

    fn run_serial(&self, ctx: &Context, inputs: &[QuadInput], outputs: &mut [QuadOutput]) {
        let mut batch = Batch::new(&self.decoded, ctx.params);
        self.run_batches(&mut batch, ctx, inputs, outputs);
    }

    fn run_batches(
        &self,
        batch: &mut Batch,
        ctx: &Context,
        inputs: &[QuadInput],
        outputs: &mut [QuadOutput],
    ) {
        for (inputs, outputs) in inputs.chunks(QUADS).zip(outputs.chunks_mut(QUADS)) {
            self.run_one(batch, ctx, inputs, inputs.len());
            interp::read_outputs(batch, &self.decoded, outputs);
        }
    }

    /// Starts `batch` from `inputs` and runs the program over its first `quads` quads. A kernel
    /// starts its cleared registers, CC and kill flags itself (see [`Kernel`]), so only the
    /// interpreter's batch is cleared.
    fn run_one(
        &self,
        batch: &mut Batch,
        ctx: &Context,
        inputs: &(impl QuadInputs + ?Sized),
        quads: usize,
    ) {
        batch.reset(&self.decoded, inputs, self.kernel.is_none());
        kernel::run(self.kernel(), batch, ctx, quads, false);
    }

    /// A [`Runner`] for one thread: runs many small slices of quads with one batch, made once.
    pub fn runner<'a>(&'a self, params: &'a Parameters, textures: &'a TextureUnits) -> Runner<'a> {
        Runner {
            machine: self,
            batch: Batch::new(&self.decoded, params),
            params,
            textures,
        }
    }

    /// Runs one quad and also returns every temporary the program writes and the final condition
    /// code, per fragment (for `pigment eval --dump`).
    pub fn run_quad_traced(
        &self,
        input: &QuadInput,
        params: &Parameters,
        textures: &TextureUnits,
    ) -> (QuadOutput, Trace) {
        let ctx = Context {
            decoded: &self.decoded,
            params,
            textures,
        };
        let mut batch = Batch::new(&self.decoded, params);
        batch.reset(&self.decoded, std::slice::from_ref(input), true);
        kernel::run(self.kernel(), &mut batch, &ctx, 1, true);
        let mut output = [QuadOutput::default()];
        interp::read_outputs(&batch, &self.decoded, &mut output);
        (output[0], trace::capture(&batch, &self.decoded))
    }
}
