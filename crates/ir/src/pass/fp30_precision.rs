//! The fp30 precision mode (`--precision fp30`) as one rewrite that every back end shares: the IR
//! computes `half` and `fixed` values and NV's special cases as the NV_fragment_program machine
//! does, and its targets do not, so this pass spells out, with [`Op::RoundHalf`],
//! [`Op::RoundFixed`] and [`Op::Nv`], what each operation implies. Afterwards a back end computes
//! `half` and `fixed` as plain f32 and maps each operation to its own spelling; the program's
//! value (the interpreter's) does not change, since every new operation already happens in it.
//!
//! # The rules (once, here and in `pigment_numeric::exact`)
//!
//! * **NV's rules** for real operands: `min`, `max`, `clamp`, `sat`, `pow`, `rsqrt`, `sin` and
//!   `cos` become `nv_min` ... `nv_cos` (`pigment_numeric::exact`'s table says what each keeps:
//!   NaN through min, max, clamp and saturation; NaN for pow of NaN, of a negative base and 0^0,
//!   and for rsqrt of a negative number; NV's steps for sin and cos).
//! * **Rounding**: a `half` result is rounded to fp16 (`round_half`) and a `fixed` one clamped
//!   and quantised to fx12 (`round_fixed`) after every operation whose result can leave the
//!   kind ([`Op::leaves_kind`]: not after min, max, clamps, selections and data movement).
//!   The multi-step operations round at every step, in NV's order: `mad` is
//!   k(k(a·b) + c) (MAD); `lerp` is k(k(w·k(b − a)) + a) (cgc's LRP); `dot` rounds the
//!   componentwise products, then sums them from x to w, rounding each sum (DP2-4).
//!
//! Run it once, on a copy the back end writes (it is not idempotent: a second run would round
//! `nv_pow`'s rounded result again, which changes nothing but the text).

use super::Pass;
use crate::function::*;
use crate::op::Op;
use crate::types::{ScalarKind, Swizzle, Type};

pub struct Fp30Precision;

impl Pass for Fp30Precision {
    fn name(&self) -> &'static str {
        "fp30_precision"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        let mut body = std::mem::take(&mut func.body);
        let changed = rewrite_block(&mut body, func);
        func.body = body;
        changed
    }
}

/// The operation that rounds a result of `kind` to it, `None` for kinds the IR does not round.
fn rounding(kind: ScalarKind) -> Option<Op> {
    match kind {
        ScalarKind::Half => Some(Op::RoundHalf),
        ScalarKind::Fixed => Some(Op::RoundFixed),
        _ => None,
    }
}

fn rewrite_block(block: &mut Block, func: &mut Function) -> bool {
    let mut changed = false;
    let mut out = Vec::with_capacity(block.insts.len());
    for mut inst in std::mem::take(&mut block.insts) {
        for b in inst.kind.blocks_mut() {
            changed |= rewrite_block(b, func);
        }
        let result = inst.result();
        let (InstKind::Op { op, args }, Some(r)) = (&mut inst.kind, result) else {
            out.push(inst);
            continue;
        };
        let ty = func.ty(r);
        if let Some(rule) = op.rule().filter(|_| ty.kind.is_real()) {
            *op = Op::Nv(rule);
            changed = true;
        }
        let Some(round) = rounding(ty.kind).filter(|_| op.leaves_kind(ty.kind)) else {
            out.push(inst);
            continue;
        };
        let mut steps = Steps {
            func,
            out: &mut out,
            round,
            loc: inst.loc,
        };
        let args = args.clone();
        match *op {
            Op::Mad => steps.mad(&args, r),
            Op::Lerp => steps.lerp(&args, r),
            Op::Dot => steps.dot(&args, r),
            _ => {
                // The operation defines a fresh value; its rounding defines `r`.
                let raw = steps.fresh(ty);
                inst.results = vec![raw];
                steps.out.push(inst);
                steps.push(round, vec![raw], r);
            }
        }
        changed = true;
    }
    block.insts = out;
    changed
}

/// The instructions of one rounded operation, appended to `out` with the operation's location.
struct Steps<'a> {
    func: &'a mut Function,
    out: &'a mut Vec<Inst>,
    round: Op,
    loc: Option<SourceLoc>,
}

impl Steps<'_> {
    fn fresh(&mut self, ty: Type) -> Value {
        self.func.values.append(ValueInfo { ty })
    }

    fn push(&mut self, op: Op, args: Vec<Value>, result: Value) {
        self.out.push(Inst {
            kind: InstKind::Op { op, args },
            results: vec![result],
            loc: self.loc,
        });
    }

    /// `op` on `args`, rounded, into `result` (a fresh value where `None`); the rounded value.
    fn rounded(&mut self, op: Op, args: Vec<Value>, result: Option<Value>) -> Value {
        let ty = self.func.ty(args[args.len() - 1]);
        let raw = self.fresh(ty);
        self.push(op, args, raw);
        let done = result.unwrap_or_else(|| self.fresh(ty));
        self.push(self.round, vec![raw], done);
        done
    }

    /// k(k(a·b) + c).
    fn mad(&mut self, a: &[Value], r: Value) {
        let p = self.rounded(Op::Mul, vec![a[0], a[1]], None);
        self.rounded(Op::Add, vec![p, a[2]], Some(r));
    }

    /// k(k(w·k(b − a)) + a) for operands (a, b, w).
    fn lerp(&mut self, a: &[Value], r: Value) {
        let d = self.rounded(Op::Sub, vec![a[1], a[0]], None);
        let p = self.rounded(Op::Mul, vec![a[2], d], None);
        self.rounded(Op::Add, vec![p, a[0]], Some(r));
    }

    /// The products rounded, summed from x to w, each sum rounded.
    fn dot(&mut self, a: &[Value], r: Value) {
        let ty = self.func.ty(a[0]);
        if ty.width == 1 {
            self.rounded(Op::Mul, vec![a[0], a[1]], Some(r));
            return;
        }
        let p = self.rounded(Op::Mul, vec![a[0], a[1]], None);
        let component = |s: &mut Self, c: u8| {
            let v = s.fresh(ty.with_width(1));
            let pick = Swizzle::new(&[c]).expect("one component is a swizzle");
            s.push(Op::Swizzle(pick), vec![p], v);
            v
        };
        let mut sum = component(self, 0);
        for c in 1..ty.width {
            let next = component(self, c);
            let last = c + 1 == ty.width;
            sum = self.rounded(Op::Add, vec![sum, next], last.then_some(r));
        }
    }
}
