//! Matrix functions (cg-stdlib.md §4). Matrices are their rows: `mul(M, v)` is one dot product
//! per row (cgc's DP chain), `mul(v, M)` and `mul(A, B)` a multiply-add chain over rows (cgc's
//! MUL + MADs); `transpose` regroups components; `determinant` expands along the first row and
//! `inverse` is the adjugate divided by the determinant.

use super::super::val::Val;
use super::super::{Lowerer, R};
use super::Call;
use pigment_ir::{Op, Value};

impl Lowerer<'_> {
    pub(super) fn matrix(&mut self, call: &mut Call) -> R<Option<Val>> {
        let v = match (call.name, call.args.as_slice()) {
            ("mul", [Val::Mat(rows), Val::Vec(v)]) => {
                let (rows, v) = (rows.clone(), *v);
                let dots: Vec<Value> = rows
                    .iter()
                    .map(|&r| self.em.binary(Op::Dot, r, v))
                    .collect();
                Val::Vec(self.em.construct(&dots))
            }
            ("mul", [Val::Vec(v), Val::Mat(rows)]) => {
                let (rows, v) = (rows.clone(), *v);
                Val::Vec(self.row_times(v, &rows))
            }
            ("mul", [Val::Mat(a), Val::Mat(b)]) => {
                let (a, b) = (a.clone(), b.clone());
                Val::Mat(a.iter().map(|&row| self.row_times(row, &b)).collect())
            }
            ("transpose", [Val::Mat(rows)]) => {
                let rows = rows.clone();
                let cols = self.em.ty(rows[0]).width;
                Val::Mat(
                    (0..cols)
                        .map(|c| {
                            let comps: Vec<(Value, u8)> = rows.iter().map(|&r| (r, c)).collect();
                            self.em.assemble(&comps)
                        })
                        .collect(),
                )
            }
            ("determinant", [Val::Mat(rows)]) => {
                let m = self.elements(&rows.clone());
                Val::Vec(self.det(&m))
            }
            ("inverse", [Val::Mat(rows)]) => {
                let m = self.elements(&rows.clone());
                Val::Mat(self.inverse(&m))
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// Row vector `v` times the matrix `rows`: Σ v[i]·rows[i].
    fn row_times(&mut self, v: Value, rows: &[Value]) -> Value {
        let width = self.em.ty(rows[0]).width;
        let mut acc: Option<Value> = None;
        for (i, &row) in rows.iter().enumerate() {
            let c = self.em.extract(v, i as u8);
            let c = self.em.splat(c, width);
            acc = Some(match acc {
                None => self.em.binary(Op::Mul, c, row),
                Some(a) => self.em.op(Op::Mad, &[c, row, a]),
            });
        }
        acc.unwrap_or(v)
    }

    fn elements(&mut self, rows: &[Value]) -> Vec<Vec<Value>> {
        rows.iter()
            .map(|&r| {
                (0..self.em.ty(r).width)
                    .map(|c| self.em.extract(r, c))
                    .collect()
            })
            .collect()
    }

    /// The determinant of a square matrix of scalars, by cofactors along the first row.
    fn det(&mut self, m: &[Vec<Value>]) -> Value {
        match m.len() {
            0 => self.em.reals(pigment_ir::ScalarKind::Float, &[0.0]),
            1 => m[0][0],
            2 => {
                let ad = self.em.binary(Op::Mul, m[0][0], m[1][1]);
                let bc = self.em.binary(Op::Mul, m[0][1], m[1][0]);
                self.em.binary(Op::Sub, ad, bc)
            }
            n => {
                let mut acc: Option<Value> = None;
                for j in 0..n {
                    let minor = minor(m, 0, j);
                    let d = self.det(&minor);
                    let term = self.em.binary(Op::Mul, m[0][j], d);
                    acc = Some(match acc {
                        None => term,
                        Some(a) if j % 2 == 0 => self.em.binary(Op::Add, a, term),
                        Some(a) => self.em.binary(Op::Sub, a, term),
                    });
                }
                acc.unwrap_or(m[0][0])
            }
        }
    }

    /// adj(M)/det(M): element (i, j) is the (j, i) cofactor over the determinant.
    fn inverse(&mut self, m: &[Vec<Value>]) -> Vec<Value> {
        let n = m.len();
        let d = self.det(m);
        let one = self.real_like(d, 1.0);
        let inv_d = self.em.binary(Op::Div, one, d);
        let mut rows = Vec::new();
        for i in 0..n {
            let mut row = Vec::new();
            for j in 0..n {
                let cof = if n == 1 {
                    one
                } else {
                    let mnr = minor(m, j, i);
                    let c = self.det(&mnr);
                    if (i + j) % 2 == 1 {
                        self.em.unary(Op::Neg, c)
                    } else {
                        c
                    }
                };
                row.push(self.em.binary(Op::Mul, cof, inv_d));
            }
            rows.push(self.em.construct(&row));
        }
        rows
    }
}

/// `m` without row `r` and column `c`.
fn minor(m: &[Vec<Value>], r: usize, c: usize) -> Vec<Vec<Value>> {
    m.iter()
        .enumerate()
        .filter(|&(i, _)| i != r)
        .map(|(_, row)| {
            row.iter()
                .enumerate()
                .filter(|&(j, _)| j != c)
                .map(|(_, &v)| v)
                .collect()
        })
        .collect()
}
