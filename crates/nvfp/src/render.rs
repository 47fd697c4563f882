//! Shading a batch of quads into a float framebuffer, in parallel.
//!
//! The rasterizer says which fragments to shade; the executor shades them a chunk of quads at a time
//! (each rayon task runs the hot loop over its own chunk); this module stores the surviving fragments:
//! a fragment is dropped when it is a helper, when it was killed, or when the program writes o[DEPR]
//! and the depth lies outside [0, 1] (notes item 9).

use crate::exec::{Machine, Parameters, QuadOutput};
use crate::program::Program;
use crate::raster::QuadBatch;
use crate::texture::TextureUnits;
use rayon::prelude::*;

/// Quads handed to the executor per call: large enough to amortise dispatch, small enough to balance.
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
            if !batch.coverage[q][f] || output.killed[f] {
                continue;
            }
            if shader.program.writes_depr && !(0.0..=1.0).contains(&output.depth[f]) {
                continue;
            }
            let (x, y) = (x0 + (f as u32 & 1), y0 + (f as u32 >> 1));
            target.pixels[(y * target.width + x) as usize] = output.color[f];
        }
    }
}
