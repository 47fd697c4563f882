//! Indexing and element assignment ("Indexing and matrices" in the notes): indices are floored;
//! `uc[i]` is channel i, `um[i]` row i, `um[i][j]` element floor(4i + j) of the 16 row-major
//! values, `ua[i]` element i. A parameter index (`pc[pf]`, `pm[pf]`) is chosen per value by IR
//! selects (clamped to the range); a known index outside the range is an error. Assigned elements
//! have uniform indices (the checker's rule), so stores happen now, into the variable's value.

use super::value::{widen_color, widen_matrix, Val, S};
use super::Lowerer;
use crate::ast::*;
use pigment_diag::Span;
use pigment_ir::Op;

impl Lowerer<'_> {
    pub(crate) fn index(&mut self, base: &Expr, index: &Expr, e: &Expr) -> Option<Val> {
        if let ExprKind::Index(mb, i) = &base.kind {
            let m = self.expr(mb)?;
            if let Val::Num(c) = &m {
                if c.len() == 16 {
                    return self.element(c, i, index);
                }
            }
            let i = self.scalar(i)?;
            let row = self.index_val(m, i, base.span)?;
            let j = self.scalar(index)?;
            return self.index_val(row, j, e.span);
        }
        let b = self.expr(base)?;
        let i = self.scalar(index)?;
        self.index_val(b, i, e.span)
    }

    /// `m[i][j]`: element floor(4i + j).
    fn element(&mut self, m: &[S], ie: &Expr, je: &Expr) -> Option<Val> {
        let (i, j) = (self.scalar(ie)?, self.scalar(je)?);
        let four_i = self.bin(Op::Mul, S::K(4.0), i);
        let at = self.bin(Op::Add, four_i, j);
        let opts: Vec<Vec<S>> = m.iter().map(|s| vec![*s]).collect();
        self.pick_in_range(at, &opts, je.span).map(Val::Num)
    }

    /// Element, channel or row `floor(i)` of `b`.
    fn index_val(&mut self, b: Val, i: S, span: Span) -> Option<Val> {
        match b {
            Val::Array(elems) => {
                let k = self.known_index(i, elems.len(), span)?;
                elems.into_iter().nth(k)
            }
            Val::Num(c) if c.len() == 4 => {
                let opts: Vec<Vec<S>> = c.iter().map(|s| vec![*s]).collect();
                self.pick_in_range(i, &opts, span).map(Val::Num)
            }
            Val::Num(c) if c.len() == 16 => {
                let opts: Vec<Vec<S>> = c.chunks(4).map(|r| r.to_vec()).collect();
                self.pick_in_range(i, &opts, span).map(Val::Num)
            }
            _ => {
                self.error(span, "this value cannot be indexed here");
                None
            }
        }
    }

    /// A uniform index within `0..n`, floored.
    fn known_index(&mut self, i: S, n: usize, span: Span) -> Option<usize> {
        let S::K(x) = i else {
            self.error(span, "this index must be uniform");
            return None;
        };
        let f = x.floor();
        if f >= 0.0 && (f as usize) < n {
            Some(f as usize)
        } else {
            self.error(span, format!("index {x} is outside 0..{n}"));
            None
        }
    }

    fn pick_in_range(&mut self, i: S, opts: &[Vec<S>], span: Span) -> Option<Vec<S>> {
        if let S::K(_) = i {
            self.known_index(i, opts.len(), span)?;
        }
        Some(self.pick(i, opts))
    }

    /// Stores `value` into the variable or element `target` (promoted to its shape).
    pub(crate) fn store(&mut self, target: &Expr, value: Val) -> Option<()> {
        let (name, idx_exprs) = path(target)?;
        let mut idxs = Vec::new();
        for ie in idx_exprs {
            match self.scalar(ie)? {
                S::K(x) => idxs.push(x),
                S::V(_) => {
                    self.error(ie.span, "assigned elements need uniform indices");
                    return None;
                }
            }
        }
        let slot = self
            .scopes
            .iter_mut()
            .rev()
            .find_map(|s| s.get_mut(&name.text));
        let Some(slot) = slot else {
            self.error(name.span, format!("`{}` cannot be assigned", name.text));
            return None;
        };
        if let Err(msg) = set(slot, &idxs, value) {
            self.error(target.span, msg);
            return None;
        }
        Some(())
    }
}

/// The variable and the index expressions (outermost first) of an assignment target.
fn path(target: &Expr) -> Option<(Name, Vec<&Expr>)> {
    let mut idxs = Vec::new();
    let mut e = target;
    while let ExprKind::Index(b, i) = &e.kind {
        idxs.push(&**i);
        e = b;
    }
    idxs.reverse();
    match &e.kind {
        ExprKind::Var(n) => Some((
            Name {
                text: n.clone(),
                span: e.span,
            },
            idxs,
        )),
        _ => None,
    }
}

/// `at(n, x)`: floor(x) when inside `0..n`.
fn at(n: usize, x: f32) -> Result<usize, String> {
    let f = x.floor();
    if f >= 0.0 && (f as usize) < n {
        Ok(f as usize)
    } else {
        Err(format!("index {x} is outside 0..{n}"))
    }
}

/// Stores `new` at `idxs` inside `slot`.
fn set(slot: &mut Val, idxs: &[f32], new: Val) -> Result<(), String> {
    let Some((&i, rest)) = idxs.split_first() else {
        *slot = shaped_like(slot, new);
        return Ok(());
    };
    match (slot, new) {
        (Val::Array(v), new) => {
            let k = at(v.len(), i)?;
            set(&mut v[k], rest, new)
        }
        (Val::Num(c), Val::Num(n)) if c.len() == 16 && rest.is_empty() => {
            let k = at(4, i)?;
            let n = widen_color(n);
            c[4 * k..4 * k + 4].copy_from_slice(&n[..4.min(n.len())]);
            Ok(())
        }
        (Val::Num(c), Val::Num(n)) if c.len() == 16 && rest.len() == 1 && n.len() == 1 => {
            let k = at(16, 4.0 * i + rest[0])?;
            c[k] = n[0];
            Ok(())
        }
        (Val::Num(c), Val::Num(n)) if c.len() == 4 && rest.is_empty() && n.len() == 1 => {
            let k = at(4, i)?;
            c[k] = n[0];
            Ok(())
        }
        _ => Err("this element cannot be assigned".into()),
    }
}

/// `new` promoted to the shape of the value it replaces.
fn shaped_like(old: &Val, new: Val) -> Val {
    match (old, new) {
        (Val::Num(o), Val::Num(n)) if o.len() == 4 => Val::Num(widen_color(n)),
        (Val::Num(o), Val::Num(n)) if o.len() == 16 => Val::Num(widen_matrix(n)),
        (_, n) => n,
    }
}
