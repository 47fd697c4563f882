//! Lowering of the operations NV_fragment_program lacks into ones it has, each exactly as the IR
//! defines it (or as closely as the ISA's own approximations allow):
//!
//! | IR | becomes | exact? |
//! |---|---|---|
//! | `div a, b` | `mul a, rcp b` (cgc's RCP·MUL) | no: two roundings instead of one |
//! | `sqrt x` | `rcp (rsqrt x)` (cgc's RSQ·RCP) | no: two roundings |
//! | `ceil x` | `neg (floor (neg x))` | yes |
//! | `trunc x` | `select (lt x, 0), ceil x, floor x` | yes |
//! | `round x` | `floor x + (fract x ≥ 0.5)` | yes (x − floor x is exact in fp32) |
//! | `clamp x, lo, hi` | `min (max x, lo), hi` | yes |
//! | `lerp a, b, w` | `a + w·(b − a)` (cgc's ADD·MAD) | yes, at every kind |
//!
//! The IR rounds every step of `mad`, `dot` and `lerp` to the result's kind, as the instruction of that
//! precision does, so those stay in their kind and become MADH / DP3H / DP4H (MADX, DP3X, ... for
//! fixed), as cgc emits them; `lerp`'s subtraction, product and sum are its three IR steps.
//! Fixed operations that have no X form (RCP, RSQ, EX2, LG2, SIN, COS, POW, LIT, DST, DDX, DDY) are
//! computed in float and converted once to the kind, which is the IR's own definition. Division and
//! square root of fixed values go through float too (their reciprocal step would clamp to fx12's
//! range), and so do fixed `ceil` and `trunc` (their negations would clamp −2 to 2047/1024).

use super::emit::Emitter;
use pigment_ir::pass::{replace_uses, Pass};
use pigment_ir::*;
use std::collections::HashMap;

pub struct Lower;

impl Pass for Lower {
    fn name(&self) -> &'static str {
        "lower"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        let mut body = std::mem::take(&mut func.body);
        let mut renamed = HashMap::new();
        let changed = lower_block(&mut body, &mut func.values, &mut renamed);
        func.body = body;
        replace_uses(func, &renamed);
        changed
    }
}

fn lower_block(
    block: &mut Block,
    values: &mut Arena<ValueInfo>,
    renamed: &mut HashMap<Value, Value>,
) -> bool {
    let mut changed = false;
    let mut out = Vec::with_capacity(block.insts.len());
    for mut inst in std::mem::take(&mut block.insts) {
        for b in inst.kind.blocks_mut() {
            changed |= lower_block(b, values, renamed);
        }
        let (op, args) = match &inst.kind {
            InstKind::Op { op, args } if needs_lowering(*op, values[args[0]].ty.kind) => {
                (*op, args.clone())
            }
            _ => {
                out.push(inst);
                continue;
            }
        };
        let Some(result) = inst.result() else {
            out.push(inst);
            continue;
        };
        let mut em = Emitter::new(values);
        em.loc = inst.loc;
        let new = lower(&mut em, op, &args);
        out.append(&mut em.out);
        renamed.insert(result, new);
        changed = true;
    }
    block.insts = out;
    changed
}

/// Operations with no X (fx12) form in NV_fragment_program.
fn no_fixed_form(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        Rcp | Rsqrt | Sqrt | Div | Exp2 | Log2 | Sin | Cos | Pow | Lit | Dst | Ddx | Ddy
    )
}

/// Whether `op` on `kind` is computed in float and converted back: fixed operations without an X
/// form, and fixed `ceil` / `trunc` (see the module documentation).
fn via_float(op: Op, kind: ScalarKind) -> bool {
    kind == ScalarKind::Fixed && (no_fixed_form(op) || matches!(op, Op::Ceil | Op::Trunc))
}

fn needs_lowering(op: Op, kind: ScalarKind) -> bool {
    use Op::*;
    match kind {
        ScalarKind::Float | ScalarKind::Half => {
            matches!(op, Div | Sqrt | Ceil | Trunc | Round | Clamp | Lerp)
        }
        ScalarKind::Fixed => no_fixed_form(op) || matches!(op, Ceil | Trunc | Round | Clamp | Lerp),
        ScalarKind::Bool | ScalarKind::Int => false,
    }
}

/// The value of `op args` built from operations the ISA has.
fn lower(em: &mut Emitter, op: Op, args: &[Value]) -> Value {
    let kind = em.ty(args[0]).kind;
    if via_float(op, kind) {
        let wide: Vec<Value> = args.iter().map(|&a| em.cvt(a, ScalarKind::Float)).collect();
        let r = lower_or_emit(em, op, &wide);
        return em.cvt(r, kind);
    }
    let width = em.ty(args[0]).width;
    match op {
        Op::Div => {
            let r = em.op(Op::Rcp, &[args[1]]);
            em.op(Op::Mul, &[args[0], r])
        }
        Op::Sqrt => {
            let r = em.op(Op::Rsqrt, &[args[0]]);
            em.op(Op::Rcp, &[r])
        }
        Op::Ceil => ceil(em, args[0]),
        Op::Trunc => {
            let zero = em.splat_real(kind, 0.0, width);
            let negative = em.op(Op::Lt, &[args[0], zero]);
            let up = ceil(em, args[0]);
            let down = em.op(Op::Floor, &[args[0]]);
            em.op(Op::Select, &[negative, up, down])
        }
        Op::Round => {
            let down = em.op(Op::Floor, &[args[0]]);
            let frac = em.op(Op::Fract, &[args[0]]);
            let half = em.splat_real(kind, 0.5, width);
            let up = em.op(Op::Ge, &[frac, half]);
            let one = em.cvt(up, kind);
            em.op(Op::Add, &[down, one])
        }
        Op::Clamp => {
            let low = em.op(Op::Max, &[args[0], args[1]]);
            em.op(Op::Min, &[low, args[2]])
        }
        Op::Lerp => {
            let (a, b, w) = (args[0], args[1], args[2]);
            let d = em.op(Op::Sub, &[b, a]);
            let m = em.op(Op::Mul, &[w, d]);
            em.op(Op::Add, &[a, m])
        }
        _ => em.op(op, args),
    }
}

fn lower_or_emit(em: &mut Emitter, op: Op, args: &[Value]) -> Value {
    if needs_lowering(op, ScalarKind::Float) {
        lower(em, op, args)
    } else {
        em.op(op, args)
    }
}

fn ceil(em: &mut Emitter, x: Value) -> Value {
    let n = em.op(Op::Neg, &[x]);
    let f = em.op(Op::Floor, &[n]);
    em.op(Op::Neg, &[f])
}
