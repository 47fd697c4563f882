//! Shading quads into a float framebuffer, in parallel.
//!
//! The rasterizer says which fragments to shade; the executor shades them a batch of quads at a time;
//! this module stores the surviving fragments: a fragment is dropped when it is a helper, when it was
//! killed, or when the program writes o\[DEPR] and the depth lies outside [0, 1] (notes item 9).
//!
//! [`shade_depth_tested`] adds a depth buffer and test (GL_LESS by default), for meshes drawn in any
//! order and for later passes over the same surfaces (GL_EQUAL).
//!
//! The reference quad is shaded a row of quads per rayon task, each task rasterizing its row one
//! executor batch at a time into small reusable buffers, so a large target never materialises its
//! quads at once and each quad's inputs are still in the cache when the executor reads them.

use crate::exec::{Machine, Outputs, Parameters, QuadOutput, QUADS};
use crate::program::Program;
use crate::raster::{QuadBatch, ReferenceSpan};
use crate::texture::TextureUnits;
use rayon::prelude::*;

/// Quads handed to the executor per call when shading an arbitrary batch.
const QUADS_PER_TASK: usize = 256;

/// Rows of quads per task when shading the reference quad: enough to share a column's lanes
/// between many batches (each column's lanes are computed once per band), few enough that a
/// 1024 x 1024 target still makes 32 tasks for the threads to balance.
const ROWS_PER_TASK: usize = 16;

/// A `width` x `height` RGBA float image, row 0 at the bottom.
#[derive(Clone, Debug, PartialEq)]
pub struct Framebuffer {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<[f32; 4]>,
}

impl Framebuffer {
    /// A framebuffer cleared to (0, 0, 0, 0).
    pub fn new(width: u32, height: u32) -> Framebuffer {
        Framebuffer {
            width,
            height,
            pixels: vec![[0.0; 4]; width as usize * height as usize],
        }
    }

    pub fn pixel(&self, x: u32, y: u32) -> [f32; 4] {
        self.pixels[(y * self.width + x) as usize]
    }

    /// The pixels as W*H*4 floats, bottom row first (the layout of `pigment run --raw`).
    pub fn to_floats(&self) -> Vec<f32> {
        self.pixels.iter().flatten().copied().collect()
    }
}

/// Everything a program needs besides its inputs.
pub struct Shader<'a> {
    pub program: &'a Program,
    pub machine: &'a Machine,
    pub params: &'a Parameters,
    pub textures: &'a TextureUnits,
}

impl Shader<'_> {
    /// Whether fragment `f` of a shaded quad is stored.
    fn survives(&self, output: &QuadOutput, covered: bool, f: usize) -> bool {
        covered && self.keeps(output.killed[f], output.depth[f])
    }

    /// Whether a shaded fragment, covered, is stored: not killed, its o[DEPR] (if written) in range.
    #[inline(always)]
    fn keeps(&self, killed: bool, depth: f32) -> bool {
        !killed && (!self.program.writes_depr || (0.0..=1.0).contains(&depth))
    }

    /// Whether the program may drop a covered fragment: it kills, or writes o[DEPR] (whose range
    /// test may fail).
    fn may_drop(&self) -> bool {
        self.program.writes_depr || self.machine.decoded().kills()
    }

    /// Stores the surviving fragments of a span of the reference quad, shaded into `outputs`, into
    /// its row of quads' `pixels`. `may_drop` is [`Shader::may_drop`]: when it is false and the
    /// span has no helper, every fragment is stored, a quad at a time.
    fn store_span(
        &self,
        span: &ReferenceSpan,
        outputs: &Outputs<'_>,
        may_drop: bool,
        pixels: &mut [[f32; 4]],
    ) {
        if !may_drop && span.inside() {
            store_whole_span(span, outputs, pixels);
            return;
        }
        let width = span.width as usize;
        for q in 0..span.quads {
            for f in 0..4 {
                let lane = 4 * q + f;
                let kept = self.keeps(outputs.killed(lane), outputs.depth(lane));
                if kept && span.covers(q, f) {
                    let x = span.pixel(q, f).0 as usize;
                    pixels[(f >> 1) * width + x] = outputs.color(lane);
                }
            }
        }
    }
}

/// Stores every fragment of a span inside the target: fragments 0 and 1 of quad `q` at columns
/// `x0 + 2q` and `x0 + 2q + 1` of the lower pixel row of `pixels`, fragments 2 and 3 of the upper.
/// Not inlined: inlined into the band's loop, its row pointers did not stay in registers (two
/// reloads a quad).
#[inline(never)]
fn store_whole_span(span: &ReferenceSpan, outputs: &Outputs<'_>, pixels: &mut [[f32; 4]]) {
    let (lower, upper) = pixels.split_at_mut(span.width as usize);
    let columns = span.x0 as usize..span.x0 as usize + 2 * span.quads;
    let lower = lower[columns.clone()].chunks_exact_mut(2);
    let upper = upper[columns].chunks_exact_mut(2);
    for ((lower, upper), [f0, f1, f2, f3]) in lower.zip(upper).zip(outputs.quad_colors()) {
        lower.copy_from_slice(&[f0, f1]);
        upper.copy_from_slice(&[f2, f3]);
    }
}

/// Runs the program over every quad of `batch`, in parallel, in batch order.
fn run_batch(shader: &Shader<'_>, batch: &QuadBatch) -> Vec<QuadOutput> {
    let mut outputs = vec![QuadOutput::default(); batch.len()];
    outputs
        .par_chunks_mut(QUADS_PER_TASK)
        .zip(batch.inputs.par_chunks(QUADS_PER_TASK))
        .for_each(|(out, inputs)| {
            shader
                .machine
                .run_quads(inputs, shader.params, shader.textures, out)
        });
    outputs
}

/// Shades every quad of `batch` and stores the surviving fragments into `target`.
pub fn shade(shader: &Shader<'_>, batch: &QuadBatch, target: &mut Framebuffer) {
    let outputs = run_batch(shader, batch);
    for_each_survivor(shader, batch, &outputs, target.width, |index, q, f| {
        target.pixels[index] = outputs[q].color[f];
    });
}

/// Calls `store(pixel index, quad, fragment)` for each fragment of the shaded `batch` that
/// survives (covered, not killed, its depth in range), in batch order, on a target `width` wide.
fn for_each_survivor(
    shader: &Shader<'_>,
    batch: &QuadBatch,
    outputs: &[QuadOutput],
    width: u32,
    mut store: impl FnMut(usize, usize, usize),
) {
    for (q, output) in outputs.iter().enumerate() {
        let (x0, y0) = batch.origins[q];
        for f in 0..4 {
            if shader.survives(output, batch.coverage[q][f], f) {
                let (x, y) = (x0 + (f as u32 & 1), y0 + (f as u32 >> 1));
                store((y * width + x) as usize, q, f);
            }
        }
    }
}

/// Receives a target's rows as shading finishes them, on the shading threads, so that writing
/// the picture overlaps shading (`pigment run --raw`, `-o`). Rows are counted from the bottom.
pub trait RowSink: Sync {
    /// Pixel rows `first_row..first_row + pixels.len() / width` of the target are final, and
    /// `pixels` holds them (bottom row first). Each row arrives exactly once, in any order.
    fn rows_done(&self, first_row: usize, pixels: &[[f32; 4]]);
}

/// No sink: nothing is told.
impl RowSink for () {
    fn rows_done(&self, _: usize, _: &[[f32; 4]]) {}
}

/// Hands every row of a finished `width`-wide picture to `sink`, in parallel bands, top band
/// first (for a picture shaded some other way than [`shade_reference_quad_streamed`]).
pub fn send_rows(sink: &dyn RowSink, width: usize, pixels: &[[f32; 4]]) {
    let band = 2 * ROWS_PER_TASK * width.max(1);
    let bands = pixels.chunks(band).enumerate().rev();
    bands
        .par_bridge()
        .for_each(|(k, rows)| sink.rows_done(k * 2 * ROWS_PER_TASK, rows));
}

/// Shades the reference quad over the whole of `target` ([`shade_reference_quad_streamed`]
/// without a sink).
pub fn shade_reference_quad(shader: &Shader<'_>, target: &mut Framebuffer) {
    shade_reference_quad_streamed(shader, target, &());
}

/// Shades the reference quad over the whole of `target`, handing each band to `sink` when it is
/// done: one rayon task per band of `ROWS_PER_TASK` rows of quads, the top band started first
/// (a PNG stores its top row first, so its encoder can follow shading), which shades and stores
/// one batch of quads ([`QUADS`]) at a time, its attribute lanes computed from the reference
/// quad's formulas ([`ReferenceSpan`]) straight into the batch (only those the program reads),
/// the batch set up once per task. A band is shaded a column of spans at a time, bottom to top,
/// so that lanes that depend only on the pixel column (s, 1 - s, x) are computed once per column,
/// and constants once per task (see [`crate::exec::QuadInputs::source_key`]).
pub fn shade_reference_quad_streamed(
    shader: &Shader<'_>,
    target: &mut Framebuffer,
    sink: &dyn RowSink,
) {
    let (width, height) = (target.width, target.height);
    // Bands are taken in order by whichever thread is free (`par_bridge`), so they finish
    // roughly top to bottom; rayon's splitting would finish the two halves side by side.
    let bands = target
        .pixels
        .chunks_mut(band_pixels(width))
        .enumerate()
        .rev();
    let may_drop = shader.may_drop();
    bands.par_bridge().for_each_init(
        || shader.machine.runner(shader.params, shader.textures),
        |runner, (band, pixels)| {
            shade_band(shader, runner, (width, height), band, may_drop, pixels);
            sink.rows_done(2 * band * ROWS_PER_TASK, pixels);
        },
    );
}

/// Shades the reference quad over a `width` x `height` target that is never held whole: each
/// band is shaded, as [`shade_reference_quad_streamed`] does, into a buffer of its thread's
/// (one band, cleared to (0, 0, 0, 0) first) and handed to `sink`, which is the only one to see
/// the picture. For a sink that writes files (`pigment run`), this saves allocating, touching
/// and freeing the whole picture: 64 MiB at 2048 x 2048.
pub fn shade_reference_quad_to_sink(
    shader: &Shader<'_>,
    width: u32,
    height: u32,
    sink: &dyn RowSink,
) {
    let (band_len, total) = (band_pixels(width), width as usize * height as usize);
    let bands = (0..total.div_ceil(band_len)).rev();
    let may_drop = shader.may_drop();
    bands.par_bridge().for_each_init(
        || {
            (
                shader.machine.runner(shader.params, shader.textures),
                Vec::new(),
            )
        },
        |(runner, buffer), band| {
            let len = band_len.min(total - band * band_len);
            // Only a fragment the program drops leaves its pixel unwritten (the reference quad
            // covers the target), so a reused buffer needs clearing only then.
            if may_drop || buffer.len() != len {
                buffer.clear();
                buffer.resize(len, [0.0; 4]);
            }
            shade_band(shader, runner, (width, height), band, may_drop, buffer);
            sink.rows_done(2 * band * ROWS_PER_TASK, buffer);
        },
    );
}

/// The pixels of one band of [`ROWS_PER_TASK`] rows of quads on a target `width` wide.
fn band_pixels(width: u32) -> usize {
    ROWS_PER_TASK * (2 * width as usize).max(1)
}

/// Shades band `band` of a `size` target into `pixels`, the band's pixels (bottom row first;
/// the last band may be shorter), a column of spans at a time; `may_drop` is
/// [`Shader::may_drop`], found once per picture.
fn shade_band(
    shader: &Shader<'_>,
    runner: &mut crate::exec::Runner<'_>,
    (width, height): (u32, u32),
    band: usize,
    may_drop: bool,
    pixels: &mut [[f32; 4]],
) {
    let row_pixels = (2 * width as usize).max(1);
    let span = 2 * QUADS as u32;
    let rows = pixels.len().div_ceil(row_pixels);
    for x0 in (0..width).step_by(span as usize) {
        for row in 0..rows {
            let span = ReferenceSpan {
                x0,
                y0: 2 * (band * ROWS_PER_TASK + row) as u32,
                quads: span.min(width - x0).div_ceil(2) as usize,
                width,
                height,
            };
            let outputs = runner.run_batch(&span);
            let end = pixels.len().min((row + 1) * row_pixels);
            let pixels = &mut pixels[row * row_pixels..end];
            shader.store_span(&span, &outputs, may_drop, pixels);
        }
    }
}

/// A `width` x `height` depth buffer, row 0 at the bottom, window depths in [0, 1].
#[derive(Clone, Debug, PartialEq)]
pub struct DepthBuffer {
    pub width: u32,
    pub height: u32,
    pub depths: Vec<f32>,
}

impl DepthBuffer {
    /// A depth buffer cleared to 1, the far plane (GL's default clear depth).
    pub fn new(width: u32, height: u32) -> DepthBuffer {
        DepthBuffer {
            width,
            height,
            depths: vec![1.0; width as usize * height as usize],
        }
    }

    pub fn depth(&self, x: u32, y: u32) -> f32 {
        self.depths[(y * self.width + x) as usize]
    }
}

/// The window depth of fragment `f` of quad `q`: o[DEPR].z when the program writes it, else the
/// interpolated f[WPOS].z (what GL's depth test compares).
fn fragment_depth(
    shader: &Shader<'_>,
    batch: &QuadBatch,
    output: &QuadOutput,
    q: usize,
    f: usize,
) -> f32 {
    if shader.program.writes_depr {
        output.depth[f]
    } else {
        batch.inputs[q].attribs[crate::isa::AttribReg::Wpos.index()][f][2]
    }
}

/// The depth comparisons a draw may use (GL's `glDepthFunc`), the fragment's depth on the left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DepthTest {
    /// GL_LESS, GL's default: the nearest surface wins, the first of equals.
    #[default]
    Less,
    /// GL_LEQUAL: the nearest surface wins, the last of equals.
    LessEqual,
    /// GL_EQUAL: only fragments exactly at the stored depth, for a later pass over the surfaces
    /// an earlier pass left visible (the same geometry gives the same depths).
    Equal,
}

impl DepthTest {
    /// Whether a fragment at depth `z` passes against the stored `stored`; NaN never passes.
    pub fn passes(self, z: f32, stored: f32) -> bool {
        match self {
            DepthTest::Less => z < stored,
            DepthTest::LessEqual => z <= stored,
            DepthTest::Equal => z == stored,
        }
    }
}

/// [`shade`] with a depth test against `depth`, which a stored fragment updates (depth writes
/// on). Fragments are tested in batch order after shading, as GL does when a program may kill or
/// write depth, so with [`DepthTest::Less`] of two fragments at the same depth the earlier one
/// stays. `depth` must have `target`'s size.
pub fn shade_depth_tested(
    shader: &Shader<'_>,
    batch: &QuadBatch,
    test: DepthTest,
    target: &mut Framebuffer,
    depth: &mut DepthBuffer,
) {
    let outputs = run_batch(shader, batch);
    for_each_survivor(shader, batch, &outputs, target.width, |index, q, f| {
        let z = fragment_depth(shader, batch, &outputs[q], q, f);
        if test.passes(z, depth.depths[index]) {
            depth.depths[index] = z;
            target.pixels[index] = outputs[q].color[f];
        }
    });
}
