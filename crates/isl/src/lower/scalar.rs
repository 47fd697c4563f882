//! Scalar arithmetic on [`S`]: two known operands fold now (uniform code runs at lowering time, in
//! f32 like the IR's float), otherwise the IR computes it (parameter code, never clamped). Also
//! the shape-level arithmetic of sections V and VI: componentwise operations with a float widened
//! to a colour or to float × identity, and the matrix product `(m0 * m1)[i][k] = Σj m0[i][j] m1[j][k]`.

use super::value::{widen_color, widen_matrix, S};
use super::Lowerer;
use crate::ast::BinOp;
use pigment_ir::{Op, Value};

/// Folds a one-operand IR operation on a known float.
fn fold1(op: Op, x: f32) -> Option<f32> {
    Some(match op {
        Op::Neg => -x,
        Op::Abs => x.abs(),
        Op::Floor => x.floor(),
        Op::Ceil => x.ceil(),
        Op::Sqrt => x.sqrt(),
        Op::Sin => x.sin(),
        Op::Cos => x.cos(),
        Op::Sat => x.clamp(0.0, 1.0),
        _ => return None,
    })
}

/// Folds a two-operand IR operation on known floats.
fn fold2(op: Op, x: f32, y: f32) -> Option<f32> {
    Some(match op {
        Op::Add => x + y,
        Op::Sub => x - y,
        Op::Mul => x * y,
        Op::Div => x / y,
        Op::Min => x.min(y),
        Op::Max => x.max(y),
        _ => return None,
    })
}

impl Lowerer<'_> {
    /// The IR float scalar of `s`.
    pub(crate) fn ir(&mut self, s: S) -> Value {
        match s {
            S::K(x) => self.b.float(&[x]),
            S::V(v) => v,
        }
    }

    pub(crate) fn un(&mut self, op: Op, a: S) -> S {
        if let S::K(x) = a {
            if let Some(r) = fold1(op, x) {
                return S::K(r);
            }
        }
        let a = self.ir(a);
        S::V(self.b.unary(op, a))
    }

    pub(crate) fn bin(&mut self, op: Op, a: S, b: S) -> S {
        if let (S::K(x), S::K(y)) = (a, b) {
            if let Some(r) = fold2(op, x, y) {
                return S::K(r);
            }
        }
        let (a, b) = (self.ir(a), self.ir(b));
        S::V(self.b.binary(op, a, b))
    }

    /// A float4 IR value from four scalars (one constant when all are known).
    pub(crate) fn vec4(&mut self, c: &[S]) -> Value {
        let known: Option<Vec<f32>> = c
            .iter()
            .map(|s| match s {
                S::K(x) => Some(*x),
                S::V(_) => None,
            })
            .collect();
        if let Some(k) = known {
            return self.b.float(&k);
        }
        let parts: Vec<Value> = c.iter().map(|s| self.ir(*s)).collect();
        self.b.construct(&parts)
    }

    /// The four scalars of a float4 IR value.
    pub(crate) fn split4(&mut self, v: Value) -> Vec<S> {
        (0..4).map(|i| S::V(self.b.extract(v, i))).collect()
    }

    /// `a op b` for uniform or parameter values (`op` is `+ - * /`); `None` if the shapes do not fit.
    pub(crate) fn arith(&mut self, op: BinOp, a: Vec<S>, b: Vec<S>) -> Option<Vec<S>> {
        let (a, b) = match (a.len(), b.len()) {
            (16, _) | (_, 16) => (widen_matrix(a), widen_matrix(b)),
            (4, _) | (_, 4) => (widen_color(a), widen_color(b)),
            _ => (a, b),
        };
        if a.len() != b.len() {
            return None;
        }
        if a.len() == 16 && op == BinOp::Mul {
            return Some(self.matmul(&a, &b));
        }
        let op = match op {
            BinOp::Add => Op::Add,
            BinOp::Sub => Op::Sub,
            BinOp::Mul => Op::Mul,
            BinOp::Div => Op::Div,
            _ => return None,
        };
        Some(
            a.iter()
                .zip(&b)
                .map(|(x, y)| self.bin(op, *x, *y))
                .collect(),
        )
    }

    /// The matrix product of the spec.
    pub(crate) fn matmul(&mut self, a: &[S], b: &[S]) -> Vec<S> {
        let mut out = Vec::with_capacity(16);
        for i in 0..4 {
            for k in 0..4 {
                let terms: Vec<(S, S)> = (0..4).map(|j| (a[4 * i + j], b[4 * j + k])).collect();
                out.push(self.sum_products(&terms));
            }
        }
        out
    }

    /// Σ xᵢ yᵢ, summed in order.
    pub(crate) fn sum_products(&mut self, terms: &[(S, S)]) -> S {
        let mut acc = S::K(0.0);
        for (x, y) in terms {
            let p = self.bin(Op::Mul, *x, *y);
            acc = self.bin(Op::Add, acc, p);
        }
        acc
    }

    /// `options[floor(index)]`: chosen now for a known index (clamped to the options), else by IR
    /// selects on the floored index (clamped likewise).
    pub(crate) fn pick(&mut self, index: S, options: &[Vec<S>]) -> Vec<S> {
        let last = options.len().saturating_sub(1);
        if let S::K(x) = index {
            let i = (x.floor().max(0.0) as usize).min(last);
            return options.get(i).cloned().unwrap_or_default();
        }
        let floor = self.un(Op::Floor, index);
        let floor = self.ir(floor);
        let mut out = options.first().cloned().unwrap_or_default();
        for (i, opt) in options.iter().enumerate().skip(1) {
            let at = self.b.float(&[i as f32]);
            let cond = self.b.binary(Op::Ge, floor, at);
            for (o, n) in out.iter_mut().zip(opt) {
                let (a, b) = (self.ir(*n), self.ir(*o));
                *o = S::V(self.b.select(cond, a, b));
            }
        }
        out
    }
}
