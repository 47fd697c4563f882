//! Shading quads into a float framebuffer, in parallel.
//!
//! The rasterizer says which fragments to shade; the executor shades them a batch of quads at a time;
//! this module stores the surviving fragments: a fragment is dropped when it is a helper, when it was
//! killed, or when the program writes o[DEPR] and the depth lies outside [0, 1] (notes item 9).
//!
//! The reference quad is shaded a row of quads per rayon task, each task rasterizing its row one
//! executor batch at a time into small reusable buffers, so a large target never materialises its
//! quads at once and each quad's inputs are still in the cache when the executor reads them.

use crate::exec::{Machine, Parameters, QuadOutput, QUADS};
use crate::program::Program;
use crate::raster::{reference_quad_span, QuadBatch};
use crate::texture::TextureUnits;
use rayon::prelude::*;

/// Quads handed to the executor per call when shading an arbitrary batch.
const QUADS_PER_TASK: usize = 256;

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
        covered
            && !output.killed[f]
            && (!self.program.writes_depr || (0.0..=1.0).contains(&output.depth[f]))
    }
}

/// Shades every quad of `batch` and stores the surviving fragments into `target`.
pub fn shade(shader: &Shader<'_>, batch: &QuadBatch, target: &mut Framebuffer) {
    let mut outputs = vec![QuadOutput::default(); batch.len()];
    outputs
        .par_chunks_mut(QUADS_PER_TASK)
        .zip(batch.inputs.par_chunks(QUADS_PER_TASK))
        .for_each(|(out, inputs)| {
            shader
                .machine
                .run_quads(inputs, shader.params, shader.textures, out)
        });
    for (q, output) in outputs.iter().enumerate() {
        let (x0, y0) = batch.origins[q];
        for f in 0..4 {
            if shader.survives(output, batch.coverage[q][f], f) {
                let (x, y) = (x0 + (f as u32 & 1), y0 + (f as u32 >> 1));
                target.pixels[(y * target.width + x) as usize] = output.color[f];
            }
        }
    }
}

/// Shades the reference quad over the whole of `target`: one rayon task per row of quads, which
/// rasterizes, shades and stores one batch of quads ([`QUADS`]) at a time, so that the quads' inputs
/// are made just before they are shaded (still in the cache) and the batch is set up once per task.
pub fn shade_reference_quad(shader: &Shader<'_>, target: &mut Framebuffer) {
    let (width, height) = (target.width, target.height);
    let row_pixels = 2 * width as usize;
    let span = 2 * QUADS as u32;
    target
        .pixels
        .par_chunks_mut(row_pixels)
        .enumerate()
        .for_each_init(
            || {
                let runner = shader.machine.runner(shader.params, shader.textures);
                (runner, QuadBatch::default(), Vec::new())
            },
            |(runner, batch, outputs), (row, pixels)| {
                let y0 = 2 * row as u32;
                for x in (0..width).step_by(span as usize) {
                    batch.clear();
                    reference_quad_span(y0, x..(x + span).min(width), width, height, batch);
                    outputs.clear();
                    outputs.resize(batch.len(), QuadOutput::default());
                    runner.run(&batch.inputs, outputs);
                    shader.store_row(batch, outputs, width as usize, pixels);
                }
            },
        );
}

impl Shader<'_> {
    /// Stores the surviving fragments of quads of one row of quads into that row's `pixels`.
    fn store_row(
        &self,
        batch: &QuadBatch,
        outputs: &[QuadOutput],
        width: usize,
        pixels: &mut [[f32; 4]],
    ) {
        for (q, output) in outputs.iter().enumerate() {
            let x0 = batch.origins[q].0 as usize;
            for f in 0..4 {
                if self.survives(output, batch.coverage[q][f], f) {
                    pixels[(f >> 1) * width + x0 + (f & 1)] = output.color[f];
                }
            }
        }
    }
}
