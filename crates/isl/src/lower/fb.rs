//! The frame buffer and varying control ("The frame buffer and varying control" in the notes).
//! `FB` starts as the frame buffer's colour: sampler `FB` (a rectangle texture the renderer binds
//! to the previous frame buffer) read at the fragment's window position `WPOS.xy`. Every FB
//! operation gives a varying colour clamped to [0, 1] (`sat`), and so does converting a uniform or
//! parameter colour to varying. `FB.C = v` is a write mask (channel for channel). Inside
//! `if (FB[i] op x)` only frame-buffer assignments are restricted: a pixel outside the active set
//! keeps its old FB (`select`); nested ifs AND their conditions, `else` is (active at the if) and
//! not the relation. At the end FB is stored to `COLOR`.

use super::value::{widen_color, Val, S};
use super::Lowerer;
use crate::ast::*;
use pigment_diag::Span;
use pigment_ir::{FunctionBuilder, Op, SampleForm, SamplerDim, Type, Value, Vector, WriteMask};

/// The colour already in the frame buffer at this fragment.
pub(crate) fn read_frame_buffer(b: &mut FunctionBuilder) -> Value {
    let wpos = b.input("WPOS", Type::FLOAT4, Some("WPOS"));
    let s = b.sampler("FB", SamplerDim::Rect, None);
    let p = b.load_input(wpos);
    let xy = b.swizzle(p, &[0, 1]);
    b.sample(s, SampleForm::Plain, xy)
}

/// Stores the final FB to the `COLOR` output.
pub(crate) fn store_color(b: &mut FunctionBuilder, fb: Value) {
    let out = b.output("COLOR", Type::FLOAT4, Some("COLOR"));
    b.store(out, WriteMask::all(4), fb);
}

/// The channels a mask `rgba`-subset names.
fn mask_channels(mask: &str) -> Option<[bool; 4]> {
    let mut on = [false; 4];
    for c in mask.chars() {
        let i = "rgba".find(c)?;
        if on[i] {
            return None;
        }
        on[i] = true;
    }
    Some(on)
}

impl Lowerer<'_> {
    /// `v` as a varying colour: a uniform or parameter one widened and clamped to [0, 1].
    pub(crate) fn varying_of(&mut self, v: Val, span: Span) -> Value {
        match v {
            Val::Varying(x) => x,
            Val::Num(c) if c.len() == 1 || c.len() == 4 => {
                let c = widen_color(c);
                if c.iter().all(|s| matches!(s, S::K(_))) {
                    let c: Vec<S> = c.into_iter().map(|s| self.un(Op::Sat, s)).collect();
                    return self.vec4(&c);
                }
                let v = self.vec4(&c);
                self.b.unary(Op::Sat, v)
            }
            _ => {
                self.error(span, "expected a colour");
                self.fb
            }
        }
    }

    /// `FB op= value` or `FB.C op= value`.
    pub(crate) fn fb_assign(
        &mut self,
        mask: Option<&Name>,
        op: AssignOp,
        value: &Expr,
    ) -> Option<()> {
        let v = self.expr(value)?;
        let v = self.varying_of(v, value.span);
        let old = self.fb;
        let new = match op {
            AssignOp::Set => v,
            AssignOp::Add => self.b.add(old, v),
            AssignOp::Sub => self.b.sub(old, v),
            AssignOp::Mul => self.b.mul(old, v),
            AssignOp::Div => self.b.binary(Op::Div, old, v),
        };
        let mut new = self.b.unary(Op::Sat, new);
        if let Some(m) = mask {
            let Some(on) = mask_channels(&m.text) else {
                self.error(m.span, format!("`{}` is not a channel mask", m.text));
                return None;
            };
            let sel = self.b.constant(Vector::bools(&on));
            new = self.b.select(sel, new, old);
        }
        if let Some(active) = self.active {
            let a4 = self.b.splat(active, 4);
            new = self.b.select(a4, new, old);
        }
        self.fb = new;
        Some(())
    }

    /// `if (FB[i] op x) then else els`: predicates the frame-buffer operations inside.
    pub(crate) fn varying_if(&mut self, cond: &Expr, then: &Stmt, els: Option<&Stmt>) {
        let Some(rel) = self.varying_relation(cond) else {
            return;
        };
        let outer = self.active;
        self.active = Some(self.and_active(outer, rel));
        self.block_stmts(std::slice::from_ref(then));
        if let Some(e) = els {
            let not = self.b.unary(Op::Not, rel);
            self.active = Some(self.and_active(outer, not));
            self.block_stmts(std::slice::from_ref(e));
        }
        self.active = outer;
    }

    fn and_active(&mut self, outer: Option<Value>, rel: Value) -> Value {
        match outer {
            Some(a) => self.b.binary(Op::And, a, rel),
            None => rel,
        }
    }

    /// `FB[i] op x`, per pixel: a bool scalar.
    fn varying_relation(&mut self, e: &Expr) -> Option<Value> {
        let ExprKind::Binary(op, lhs, rhs) = &e.kind else {
            return None;
        };
        let ExprKind::Index(_, index) = &lhs.kind else {
            self.error(lhs.span, "a varying relation compares a channel `FB[i]`");
            return None;
        };
        let i = self.scalar(index)?;
        let x = self.scalar(rhs)?;
        let channels: Vec<Vec<S>> = self.split4(self.fb).into_iter().map(|s| vec![s]).collect();
        let ch = self.pick(i, &channels);
        let ch = *ch.first()?;
        let ch = self.ir(ch);
        let x = self.ir(x);
        let op = match op {
            BinOp::Eq => Op::Eq,
            BinOp::Ne => Op::Ne,
            BinOp::Lt => Op::Lt,
            BinOp::Le => Op::Le,
            BinOp::Gt => Op::Gt,
            _ => Op::Ge,
        };
        Some(self.b.binary(op, ch, x))
    }
}
