//! Drawing a pass's full-screen quad on the machine, a row of 2x2 quads per rayon task.
//!
//! The quad's four corners carry what the vertex stage wrote; each pixel's attributes are the
//! bilinear blend of the corners at its centre. For libretro's vertex programs, whose outputs are
//! affine in the corner's position and texture coordinate and whose clip w is 1, this is exactly
//! what rasterizing the quad's two triangles gives, and it needs no per-frame quad list, so a large
//! framebuffer is shaded in bounded memory.

use nvfp::exec::{Machine, Parameters, QuadInput, QuadOutput};
use nvfp::isa::{AttribReg, ATTRIB_COUNT};
use nvfp::program::Program;
use nvfp::texture::TextureUnits;
use rayon::prelude::*;

/// The attribute registers at one corner.
pub type Corner = [[f32; 4]; ATTRIB_COUNT];

/// Shades a `width` x `height` target (bottom row first) with `program`; `corners` are at
/// (s, t) = (0, 0), (1, 0), (0, 1), (1, 1). Killed fragments keep the clear colour (0, 0, 0, 0).
pub fn draw(
    program: &Program,
    params: &Parameters,
    textures: &TextureUnits,
    corners: &[Corner; 4],
    width: u32,
    height: u32,
) -> Vec<[f32; 4]> {
    let machine = Machine::new(program);
    let mut pixels = vec![[0.0f32; 4]; width as usize * height as usize];
    let row = 2 * width as usize;
    pixels.par_chunks_mut(row).enumerate().for_each_init(
        || (Vec::new(), Vec::new()),
        |(inputs, outputs): &mut (Vec<QuadInput>, Vec<QuadOutput>), (r, out)| {
            let y0 = 2 * r as u32;
            inputs.clear();
            for x0 in (0..width).step_by(2) {
                let mut input = QuadInput::default();
                for f in 0..4u32 {
                    let (x, y) = (x0 + (f & 1), y0 + (f >> 1));
                    let attribs = at_pixel(corners, x, y, width, height);
                    for (reg, value) in attribs.iter().enumerate() {
                        input.attribs[reg][f as usize] = *value;
                    }
                }
                inputs.push(input);
            }
            outputs.clear();
            outputs.resize(inputs.len(), QuadOutput::default());
            machine.run_quads(inputs, params, textures, outputs);
            for (q, o) in outputs.iter().enumerate() {
                for f in 0..4usize {
                    let (x, dy) = (2 * q + (f & 1), f >> 1);
                    let index = dy * width as usize + x;
                    if x < width as usize && index < out.len() && !o.killed[f] {
                        out[index] = o.color[f];
                    }
                }
            }
        },
    );
    pixels
}

/// The attributes of pixel (x, y): the corners blended at the pixel's centre, and its f[WPOS].
fn at_pixel(corners: &[Corner; 4], x: u32, y: u32, width: u32, height: u32) -> Corner {
    let s = (x as f32 + 0.5) / width as f32;
    let t = (y as f32 + 0.5) / height as f32;
    let weights = [(1.0 - s) * (1.0 - t), s * (1.0 - t), (1.0 - s) * t, s * t];
    let mut a = [[0.0f32; 4]; ATTRIB_COUNT];
    for (reg, value) in a.iter_mut().enumerate() {
        for c in 0..4 {
            value[c] = (0..4).map(|k| weights[k] * corners[k][reg][c]).sum();
        }
    }
    a[AttribReg::Wpos.index()] = [x as f32 + 0.5, y as f32 + 0.5, 0.5, 1.0];
    a
}
