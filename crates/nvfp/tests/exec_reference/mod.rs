//! A deliberately simple reference evaluator of a loaded [`Program`] over one quad: one fragment and one
//! component at a time, straight from the program's instructions and the spec's pseudo-code (VectorLoad,
//! the instruction, UpdateDestination), with every elementary operation rounded by the plain scalar
//! conversion of `nvfp::exec::numeric`. Slow and obvious on purpose: the batched executor's
//! specialised paths are checked against it bit for bit (tests/exec_equivalence.rs).
//!
//! It shares only scalar building blocks with the executor (the number conversions, the approximations
//! of `nvfp::exec::approx`, texture sampling); the structure of every instruction, operand loading, the
//! write and CC masks and the stores are written out again here.
#![allow(dead_code)]

use nvfp::exec::approx;
use nvfp::exec::numeric::{convert, fp16_bits, fp16_value, CANONICAL_NAN};
use nvfp::exec::{Parameters, QuadInput, QuadOutput, TempTrace, Trace};
use nvfp::isa::{AttribReg, CcMask, Cond, Opcode, OutputReg, Precision, TempReg};
use nvfp::program::{DestReg, Instruction, Program, Source, SourceKind};
use nvfp::texture::{Lookup, TextureUnits};
use std::collections::HashMap;

type Vec4 = [f32; 4];

/// The state of one fragment.
#[derive(Clone)]
struct Fragment {
    temps: HashMap<TempReg, Vec4>,
    color: Vec4,
    depth: Vec4,
    cc: [Cond; 4],
    killed: bool,
}

/// Runs `program` over one quad the slow way.
pub fn run_quad_reference(
    program: &Program,
    input: &QuadInput,
    params: &Parameters,
    textures: &TextureUnits,
) -> (QuadOutput, Trace) {
    let wpos = AttribReg::Wpos.index();
    let mut quad: Vec<Fragment> = (0..4)
        .map(|f| Fragment {
            temps: HashMap::new(),
            color: [0.0; 4],
            depth: [0.0, 0.0, input.attribs[wpos][f][2], 0.0],
            cc: [Cond::Eq; 4],
            killed: false,
        })
        .collect();
    for inst in &program.instructions {
        step(inst, &mut quad, input, params, textures);
    }
    let mut output = QuadOutput::default();
    for (f, fragment) in quad.iter().enumerate() {
        output.color[f] = fragment.color;
        output.depth[f] = fragment.depth[2];
        output.killed[f] = fragment.killed;
    }
    let temps = program
        .temps_written
        .iter()
        .map(|&register| TempTrace {
            register,
            values: [0, 1, 2, 3].map(|f| read_temp(&quad[f], register)),
        })
        .collect();
    let cc = [0, 1, 2, 3].map(|f| quad[f].cc);
    (output, Trace { temps, cc })
}

fn read_temp(fragment: &Fragment, register: TempReg) -> Vec4 {
    fragment.temps.get(&register).copied().unwrap_or([0.0; 4])
}

fn passes(mask: CcMask, cc: [Cond; 4], component: usize) -> bool {
    mask.rule.test(cc[mask.swizzle.0[component] as usize])
}

fn step(
    inst: &Instruction,
    quad: &mut [Fragment],
    input: &QuadInput,
    params: &Parameters,
    textures: &TextureUnits,
) {
    if let Some(mask) = inst.kil_condition {
        for fragment in quad.iter_mut() {
            fragment.killed |= (0..4).any(|c| passes(mask, fragment.cc, c));
        }
        return;
    }
    let raw = matches!(
        inst.opcode,
        Opcode::Up2h | Opcode::Up2us | Opcode::Up4b | Opcode::Up4ub
    );
    // operands[fragment][source]
    let operands: Vec<Vec<Vec4>> = (0..4)
        .map(|f| {
            inst.srcs
                .iter()
                .map(|src| load(src, &quad[f], f, input, params, inst.precision, raw))
                .collect()
        })
        .collect();
    let results: Vec<Vec4> = match inst.texture {
        Some((unit, target)) => {
            let coords = [0, 1, 2, 3].map(|f| operands[f][0]);
            let lookup = match inst.opcode {
                Opcode::Txp => Lookup::Projective,
                Opcode::Txd => Lookup::Gradients {
                    ddx: [0, 1, 2, 3].map(|f| operands[f][1]),
                    ddy: [0, 1, 2, 3].map(|f| operands[f][2]),
                },
                _ => Lookup::Implicit,
            };
            let texels = textures.sample_quad(unit, target, &coords, &lookup);
            texels
                .iter()
                .map(|t| t.map(|v| convert(inst.precision, v)))
                .collect()
        }
        None => (0..4)
            .map(|f| evaluate(inst.opcode, inst.precision, &operands, f))
            .collect(),
    };
    let packed = matches!(
        inst.opcode,
        Opcode::Pk2h | Opcode::Pk2us | Opcode::Pk4b | Opcode::Pk4ub
    );
    for (fragment, result) in quad.iter_mut().zip(&results) {
        store(inst, fragment, *result, packed);
    }
}

/// VectorLoad: swizzle, negate, absolute value, negate, then conversion (not for UP*).
fn load(
    src: &Source,
    fragment: &Fragment,
    f: usize,
    input: &QuadInput,
    params: &Parameters,
    precision: Precision,
    raw: bool,
) -> Vec4 {
    let value = match src.kind {
        SourceKind::Attrib(a) => input.attribs[a.index()][f],
        SourceKind::Temp(t) => read_temp(fragment, t),
        SourceKind::NumberedLocal(n) => params.numbered[n as usize],
        SourceKind::NamedLocal(n) => params.named[n as usize],
        SourceKind::Literal(v) => v,
    };
    [0, 1, 2, 3].map(|c| {
        let mut v = value[src.swizzle.0[c] as usize];
        if src.negate_base {
            v = -v;
        }
        if src.absolute {
            v = v.abs();
        }
        if src.negate_abs {
            v = -v;
        }
        if raw {
            v
        } else {
            convert(precision, v)
        }
    })
}

/// UpdateDestination for one fragment: masks tested against the CC as it was before the instruction.
fn store(inst: &Instruction, fragment: &mut Fragment, result: Vec4, packed: bool) {
    let Some(dst) = inst.dst else { return };
    let cc_before = fragment.cc;
    for (c, &value) in result.iter().enumerate() {
        if !dst.write_mask.enabled(c) || !passes(dst.cc_mask, cc_before, c) {
            continue;
        }
        // Clamp to [0, 1]; NaN and -0.0 fail both comparisons and stay as they are.
        let mut v = if inst.saturate && value < 0.0 {
            0.0
        } else if inst.saturate && value > 1.0 {
            1.0
        } else {
            value
        };
        if !packed {
            let precision = if dst.register.is_half() {
                Precision::H
            } else {
                Precision::R
            };
            v = convert(precision, v);
        }
        match dst.register {
            DestReg::Temp(t) => fragment.temps.entry(t).or_insert([0.0; 4])[c] = v,
            DestReg::Output(OutputReg::Depr) => fragment.depth[c] = v,
            DestReg::Output(_) => fragment.color[c] = v,
            DestReg::Rc | DestReg::Hc => {}
        }
        if inst.update_cc {
            fragment.cc[c] = condition(v);
        }
    }
}

fn condition(v: f32) -> Cond {
    if v.is_nan() {
        Cond::Un
    } else if v < 0.0 {
        Cond::Lt
    } else if v > 0.0 {
        Cond::Gt
    } else {
        Cond::Eq
    }
}

/// The result of one instruction for fragment `f` of the quad (`ops[fragment][source]`).
fn evaluate(opcode: Opcode, p: Precision, ops: &[Vec<Vec4>], f: usize) -> Vec4 {
    let r = |x: f32| convert(p, x);
    let op = |i: usize| ops[f].get(i).copied().unwrap_or([0.0; 4]);
    let (a, b, c) = (op(0), op(1), op(2));
    let each = |g: &dyn Fn(usize) -> f32| [0, 1, 2, 3].map(g);
    let set = |t: bool| if t { 1.0 } else { 0.0 };
    use Opcode::*;
    match opcode {
        Add => each(&|k| r(a[k] + b[k])),
        Sub => each(&|k| r(a[k] - b[k])),
        Mul => each(&|k| r(a[k] * b[k])),
        Mad => each(&|k| r(r(a[k] * b[k]) + c[k])),
        Lrp => each(&|k| r(r(a[k] * b[k]) + r(r(1.0 - a[k]) * c[k]))),
        Min => each(&|k| minimum(a[k], b[k])),
        Max => each(&|k| maximum(a[k], b[k])),
        Seq => each(&|k| set(a[k] == b[k])),
        Sne => each(&|k| set(a[k] != b[k])),
        Sge => each(&|k| set(a[k] >= b[k])),
        Sgt => each(&|k| set(a[k] > b[k])),
        Sle => each(&|k| set(a[k] <= b[k])),
        Slt => each(&|k| set(a[k] < b[k])),
        Sfl => [0.0; 4],
        Str => [1.0; 4],
        Mov => a,
        Flr => each(&|k| r(a[k].floor())),
        Frc => each(&|k| r(a[k] - a[k].floor())),
        // Fragment i at (x0 + (i & 1), y0 + (i >> 1)): DDX = right - left, DDY = top - bottom.
        Ddx => each(&|k| r(ops[f | 1][0][k] - ops[f & 2][0][k])),
        Ddy => each(&|k| r(ops[f | 2][0][k] - ops[f & 1][0][k])),
        Dp3 => [dot(p, a, b, 3); 4],
        Dp4 => [dot(p, a, b, 4); 4],
        Dst => [1.0, r(a[1] * b[1]), a[2], b[3]],
        Lit => {
            let x = if a[0] < 0.0 { 0.0 } else { a[0] };
            let y = if a[1] < 0.0 { 0.0 } else { a[1] };
            let z = if x > 0.0 {
                r(approx::power(y, a[3]))
            } else {
                0.0
            };
            [1.0, x, z, 1.0]
        }
        Rfl => {
            let scale = r(r(2.0 * dot(p, a, b, 3)) / dot(p, a, a, 3));
            let v = |k: usize| r(r(scale * a[k]) - b[k]);
            [v(0), v(1), v(2), 0.0]
        }
        X2d => {
            let x = r(r(a[0] + r(b[0] * c[0])) + r(b[1] * c[1]));
            let y = r(r(a[1] + r(b[0] * c[2])) + r(b[1] * c[3]));
            [x, y, x, y]
        }
        Rcp => [r(approx::reciprocal(a[0])); 4],
        Rsq => [r(approx::reciprocal_sqrt(a[0])); 4],
        Ex2 => [r(approx::exp2(a[0])); 4],
        Lg2 => [r(approx::log2(a[0])); 4],
        Sin => [r(approx::sine(a[0])); 4],
        Cos => [r(approx::cosine(a[0])); 4],
        Pow => [r(approx::power(a[0], b[0])); 4],
        Pk2h => word(u32::from(fp16_bits(a[0])) | u32::from(fp16_bits(a[1])) << 16),
        Pk2us => word(to_unorm(a[0], 65535.0) | to_unorm(a[1], 65535.0) << 16),
        Pk4b => word((0..4).fold(0, |w, k| w | to_snorm8(a[k]) << (8 * k))),
        Pk4ub => word((0..4).fold(0, |w, k| w | to_unorm(a[k], 255.0) << (8 * k))),
        Up2h => {
            let w = a[0].to_bits();
            let (lo, hi) = (fp16_value(w as u16), fp16_value((w >> 16) as u16));
            [lo, hi, lo, hi].map(r)
        }
        Up2us => {
            let w = a[0].to_bits();
            let (lo, hi) = ((w & 0xFFFF) as f32 / 65535.0, (w >> 16) as f32 / 65535.0);
            [lo, hi, lo, hi].map(r)
        }
        Up4b => {
            let w = a[0].to_bits();
            [0, 8, 16, 24].map(|s| r((((w >> s) & 0xFF) as f32 - 128.0) / 127.0))
        }
        Up4ub => {
            let w = a[0].to_bits();
            [0, 8, 16, 24].map(|s| r(((w >> s) & 0xFF) as f32 / 255.0))
        }
        Kil | Tex | Txp | Txd => [0.0; 4],
    }
}

/// ((x*x' + y*y') + z*z') + w*w', every product and sum rounded.
fn dot(p: Precision, a: Vec4, b: Vec4, n: usize) -> f32 {
    let r = |x: f32| convert(p, x);
    (1..n).fold(r(a[0] * b[0]), |sum, k| r(sum + r(a[k] * b[k])))
}

/// MIN: NaN if either is NaN; -0.0 is below +0.0.
fn minimum(x: f32, y: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        CANONICAL_NAN
    } else if x < y || (x == y && x.is_sign_negative()) {
        x
    } else {
        y
    }
}

/// MAX: NaN if either is NaN; +0.0 is above -0.0.
fn maximum(x: f32, y: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        CANONICAL_NAN
    } else if x > y || (x == y && x.is_sign_positive()) {
        x
    } else {
        y
    }
}

fn word(bits: u32) -> Vec4 {
    [f32::from_bits(bits); 4]
}

/// Clamp to [0, 1] (NaN passes), scale, round half away from zero; NaN packs as 0.
fn to_unorm(v: f32, scale: f32) -> u32 {
    (scale * v.clamp(0.0, 1.0)).round() as u32
}

/// Clamp to [-128/127, 1], round(127 v + 128); NaN packs as 0.
fn to_snorm8(v: f32) -> u32 {
    ((127.0 * v.clamp(-128.0 / 127.0, 1.0) + 128.0).round() as u32).min(255)
}
