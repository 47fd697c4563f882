//! The quad interpreter: runs every step of a decoded program over one batch, one dispatch per
//! instruction (never per fragment), and reads the outputs back out.

use super::batch::{load, Batch, Register, SrcVector, QUADS};
use super::decode::{Decoded, Step, Target};
use super::numeric::convert_slice;
use super::ops::compute;
use super::{Parameters, QuadOutput};
use crate::isa::Opcode;
use crate::texture::{Lookup, TextureUnits};

/// Everything a batch reads besides its registers.
pub struct Context<'a> {
    pub decoded: &'a Decoded,
    pub params: &'a Parameters,
    pub textures: &'a TextureUnits,
}

/// Runs the program over the batch (whose first `quads` quads are real).
pub fn run(batch: &mut Batch, ctx: &Context, quads: usize) {
    for step in &ctx.decoded.steps {
        execute(batch, step, ctx, quads);
    }
}

fn execute(batch: &mut Batch, step: &Step, ctx: &Context, quads: usize) {
    if let Some(test) = &step.kill {
        batch.kill(test);
        return;
    }
    let Some(target) = &step.target else { return };
    if step.modified {
        compute_result::<true>(batch, step, target, ctx, quads);
    } else {
        compute_result::<false>(batch, step, target, ctx, quads);
    }
    batch.store(target, step.saturate, step.update_cc);
}

/// Loads the operands and computes `batch.result`; `MODIFIED` as [`Step::modified`].
fn compute_result<const MODIFIED: bool>(
    batch: &mut Batch,
    step: &Step,
    target: &Target,
    ctx: &Context,
    quads: usize,
) {
    let Batch {
        regs,
        operands,
        result,
        ..
    } = batch;
    let ops = load::<MODIFIED>(regs, operands, step);
    if let Some((unit, texture_target)) = step.texture {
        sample(
            &ops,
            result,
            step,
            ctx.textures,
            unit,
            texture_target,
            quads,
        );
    } else {
        compute(step.opcode, step.precision, &ops, result, target.write_mask);
    }
}

/// TEX / TXP / TXD: one `sample_quad` call per real quad. TXP's division by q is the texture unit's
/// (it knows the CUBE exception); TXD passes its second and third operands as per-fragment gradients.
/// The filtered values are rounded to the instruction's precision like any other result.
fn sample<const MODIFIED: bool>(
    ops: &[SrcVector<MODIFIED>; 3],
    result: &mut Register,
    step: &Step,
    textures: &TextureUnits,
    unit: u8,
    target: crate::isa::TexTarget,
    quads: usize,
) {
    let gather = |v: &SrcVector<MODIFIED>, q: usize| -> [[f32; 4]; 4] {
        [0, 1, 2, 3].map(|f| [0, 1, 2, 3].map(|c| v[c].at(4 * q + f)))
    };
    for q in 0..quads.min(QUADS) {
        let coords = gather(&ops[0], q);
        let lookup = match step.opcode {
            Opcode::Txp => Lookup::Projective,
            Opcode::Txd => Lookup::Gradients {
                ddx: gather(&ops[1], q),
                ddy: gather(&ops[2], q),
            },
            _ => Lookup::Implicit,
        };
        let texels = textures.sample_quad(unit, target, &coords, &lookup);
        for (f, texel) in texels.iter().enumerate() {
            for (c, &v) in texel.iter().enumerate() {
                result[c][4 * q + f] = v;
            }
        }
    }
    for lanes in result.iter_mut() {
        convert_slice(step.precision, &mut lanes[..]);
    }
}

/// Copies the outputs of the batch's first `outputs.len()` quads.
pub fn read_outputs(batch: &Batch, decoded: &Decoded, outputs: &mut [QuadOutput]) {
    let view = super::Outputs::of(batch, decoded);
    for (q, out) in outputs.iter_mut().enumerate().take(QUADS) {
        for f in 0..4 {
            let lane = 4 * q + f;
            out.color[f] = view.color(lane);
            out.depth[f] = view.depth(lane);
            out.killed[f] = view.killed(lane);
        }
    }
}
