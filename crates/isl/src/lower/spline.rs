//! `spline(x; c[])` (notes, "Built-ins with open points"): the Catmull-Rom spline through all n
//! control points over x in [0, 1], n - 1 equal segments. On segment k (from c[k] to c[k+1]) with
//! local t, the value is ½(2p1 + (p2 - p0)t + (2p0 - 5p1 + 4p2 - p3)t² + (3p1 - p0 - 3p2 + p3)t³)
//! with p0..p3 = c[k-1..k+2]. The choice where the spec is silent: at the ends the missing
//! neighbour is the end point itself (c[-1] = c[0], c[n] = c[n-1]), and x is clamped to [0, 1].
//! A parameter x evaluates every segment and selects one with the floored segment index.

use super::value::{Val, S};
use super::Lowerer;
use crate::ast::*;
use pigment_ir::Op;

impl Lowerer<'_> {
    pub(crate) fn spline(&mut self, args: &[Expr], e: &Expr) -> Option<Val> {
        let [x, table] = args else {
            self.error(e.span, "`spline` takes 2 arguments");
            return None;
        };
        let x = self.scalar(x)?;
        let Val::Array(points) = self.expr(table)? else {
            self.error(table.span, "`spline` needs an array of control points");
            return None;
        };
        let points: Vec<Vec<S>> = points
            .into_iter()
            .filter_map(|p| if let Val::Num(c) = p { Some(c) } else { None })
            .collect();
        match points.len() {
            0 => {
                self.error(table.span, "`spline` needs at least one control point");
                None
            }
            1 => Some(Val::Num(points[0].clone())),
            n => Some(Val::Num(self.catmull_rom(x, &points, n))),
        }
    }

    fn catmull_rom(&mut self, x: S, p: &[Vec<S>], n: usize) -> Vec<S> {
        let x = self.bin(Op::Max, x, S::K(0.0));
        let x = self.bin(Op::Min, x, S::K(1.0));
        let u = self.bin(Op::Mul, x, S::K((n - 1) as f32));
        let seg = self.un(Op::Floor, u);
        let seg = self.bin(Op::Min, seg, S::K((n - 2) as f32));
        let t = self.bin(Op::Sub, u, seg);
        let at = |k: isize| &p[k.clamp(0, n as isize - 1) as usize];
        let mut segments = Vec::new();
        for k in 0..n as isize - 1 {
            let (p0, p1, p2, p3) = (at(k - 1), at(k), at(k + 1), at(k + 2));
            let v = (0..p1.len().min(p0.len()).min(p2.len()).min(p3.len()))
                .map(|j| self.segment(t, [p0[j], p1[j], p2[j], p3[j]]))
                .collect();
            segments.push(v);
        }
        self.pick(seg, &segments)
    }

    /// One component of one segment at local `t`.
    fn segment(&mut self, t: S, [p0, p1, p2, p3]: [S; 4]) -> S {
        let coef = |l: &mut Self, w: [f32; 4]| {
            let terms: Vec<(S, S)> = w
                .iter()
                .zip([p0, p1, p2, p3])
                .map(|(w, p)| (S::K(*w), p))
                .collect();
            l.sum_products(&terms)
        };
        let a = coef(self, [0.0, 2.0, 0.0, 0.0]);
        let b = coef(self, [-1.0, 0.0, 1.0, 0.0]);
        let c = coef(self, [2.0, -5.0, 4.0, -1.0]);
        let d = coef(self, [-1.0, 3.0, -3.0, 1.0]);
        // Horner: ((d t + c) t + b) t + a, halved.
        let mut acc = d;
        for k in [c, b, a] {
            let m = self.bin(Op::Mul, acc, t);
            acc = self.bin(Op::Add, m, k);
        }
        self.bin(Op::Mul, acc, S::K(0.5))
    }
}
