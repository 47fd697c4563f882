//! Assignable places: a variable (or `this`) and the path from it to what is written — members,
//! elements, rows, components, write masks. Writing rebuilds the variable's value with the part
//! replaced (components merged with swizzles and `construct`, a run-time index through `select`s),
//! which is how partial writes stay SSA.

use super::expr::IndexSel;
use super::val::Val;
use super::{Key, Lowerer, R};
use crate::check::{Resolution, Selection};
use crate::syntax::ast::{ExprId, ExprKind, Span};
use pigment_ir::Value;

/// One step from a value to a part of it.
#[derive(Clone, Debug)]
pub(crate) enum Step {
    Field(usize),
    Index(IndexSel),
    Swizzle(Selection<u8>),
    MatrixSwizzle(Selection<(u8, u8)>),
}

/// An lvalue, with its indices already evaluated.
#[derive(Clone, Debug)]
pub(crate) struct Place {
    pub root: Key,
    pub steps: Vec<Step>,
}

impl Lowerer<'_> {
    /// The place `e` names.
    pub(super) fn place(&mut self, e: ExprId) -> R<Place> {
        let unit = self.unit;
        let span = self.span_of(e);
        match &unit.exprs[e].kind {
            ExprKind::Name(_) => match self.prog.resolutions.get(&e) {
                Some(Resolution::Var(v)) => Ok(Place {
                    root: Key::Var(*v),
                    steps: Vec::new(),
                }),
                Some(Resolution::ImplicitField { index, .. }) => {
                    let Some(id) = self.frame().map(|f| f.id) else {
                        return self.error(span, "a member is assigned outside a member function");
                    };
                    Ok(Place {
                        root: Key::This(id),
                        steps: vec![Step::Field(*index as usize)],
                    })
                }
                _ => self.error(span, "internal: unresolved name"),
            },
            ExprKind::Member { base, .. } => {
                let mut p = self.place(*base)?;
                let step = match self.prog.resolutions.get(&e) {
                    Some(Resolution::Field { index, .. }) => Step::Field(*index as usize),
                    Some(Resolution::Swizzle(c)) => Step::Swizzle(*c),
                    Some(Resolution::MatrixSwizzle(p)) => Step::MatrixSwizzle(*p),
                    _ => return self.error(span, "this member cannot be assigned"),
                };
                p.steps.push(step);
                Ok(p)
            }
            ExprKind::Index { base, index } => {
                let mut p = self.place(*base)?;
                let sel = self.at(span, |l| l.index_sel(*index))?;
                p.steps.push(Step::Index(sel));
                Ok(p)
            }
            _ => self.error(span, "this expression cannot be assigned"),
        }
    }

    pub(super) fn read_place(&mut self, p: &Place, span: Span) -> R<Val> {
        let Some(mut v) = self.env.get(&p.root).cloned() else {
            return self.error(span, "internal: the assigned variable has no value");
        };
        for step in &p.steps {
            v = self.read_step(v, step, span)?;
        }
        Ok(v)
    }

    fn read_step(&mut self, v: Val, step: &Step, span: Span) -> R<Val> {
        match step {
            Step::Field(i) => self.field_val(v, *i, span),
            Step::Index(sel) => self.index_val(v, *sel, span),
            Step::Swizzle(c) => {
                let x = self.as_vec(v, span)?;
                Ok(Val::Vec(self.em.swizzle(x, c)))
            }
            Step::MatrixSwizzle(pairs) => self.matrix_swizzle(v, pairs, span),
        }
    }

    pub(super) fn write_place(&mut self, p: &Place, new: Val, span: Span) -> R<()> {
        let Some(current) = self.env.get(&p.root).cloned() else {
            return self.error(span, "internal: the assigned variable has no value");
        };
        let updated = self.write_path(current, &p.steps, new, span)?;
        self.env.insert(p.root, updated);
        Ok(())
    }

    /// `current` with the part that `steps` leads to replaced by `new`.
    fn write_path(&mut self, current: Val, steps: &[Step], new: Val, span: Span) -> R<Val> {
        let Some((step, rest)) = steps.split_first() else {
            return Ok(new);
        };
        match (step, current) {
            (Step::Field(i), Val::Struct(mut items)) if *i < items.len() => {
                let part = items[*i].clone();
                items[*i] = self.write_path(part, rest, new, span)?;
                Ok(Val::Struct(items))
            }
            (Step::Index(IndexSel::Const(k)), Val::Array(mut items, _)) if *k < items.len() => {
                let part = items[*k].clone();
                items[*k] = self.write_path(part, rest, new, span)?;
                Ok(Val::Array(items, None))
            }
            (Step::Index(IndexSel::Const(k)), Val::Mat(mut rows)) if *k < rows.len() => {
                let row = self.write_path(Val::Vec(rows[*k]), rest, new, span)?;
                rows[*k] = self.as_vec(row, span)?;
                Ok(Val::Mat(rows))
            }
            (Step::Index(IndexSel::Const(k)), Val::Vec(v)) => {
                let part = self.em.extract(v, *k as u8);
                let written = self.write_path(Val::Vec(part), rest, new, span)?;
                let written = self.as_vec(written, span)?;
                Ok(Val::Vec(self.merge(v, &[*k as u8], written)))
            }
            (Step::Index(IndexSel::Dyn(i)), current) => {
                let n = match &current {
                    Val::Array(items, _) => items.len(),
                    Val::Mat(rows) => rows.len(),
                    Val::Vec(v) => usize::from(self.em.ty(*v).width),
                    _ => return self.error(span, "this value cannot be indexed"),
                };
                let mut result = current.clone();
                for k in 0..n {
                    let mut path = vec![Step::Index(IndexSel::Const(k))];
                    path.extend(rest.iter().cloned());
                    let written = self.write_path(current.clone(), &path, new.clone(), span)?;
                    let is_k = self.index_is(*i, k, n);
                    result = self.select_val(is_k, &written, &result);
                }
                if let Val::Array(items, _) = result {
                    return Ok(Val::Array(items, None));
                }
                Ok(result)
            }
            (Step::Swizzle(c), Val::Vec(v)) => {
                let part = self.em.swizzle(v, c);
                let written = self.write_path(Val::Vec(part), rest, new, span)?;
                let written = self.as_vec(written, span)?;
                Ok(Val::Vec(self.merge(v, c, written)))
            }
            (Step::MatrixSwizzle(pairs), Val::Mat(mut rows)) => {
                let part = self.matrix_swizzle(Val::Mat(rows.clone()), pairs, span)?;
                let written = self.write_path(part, rest, new, span)?;
                let written = self.as_vec(written, span)?;
                for (j, &(r, c)) in pairs.iter().enumerate() {
                    let r = usize::from(r);
                    if r < rows.len() {
                        let x = self.em.extract(written, j as u8);
                        rows[r] = self.merge(rows[r], &[c], x);
                    }
                }
                Ok(Val::Mat(rows))
            }
            _ => self.error(span, "internal: the assigned part does not match the value"),
        }
    }

    /// `v` with component `positions[j]` replaced by component `j` of `new`.
    fn merge(&mut self, v: Value, positions: &[u8], new: Value) -> Value {
        let width = self.em.ty(v).width;
        let comps: Vec<(Value, u8)> = (0..width)
            .map(|i| match positions.iter().position(|&p| p == i) {
                Some(j) => (new, j as u8),
                None => (v, i),
            })
            .collect();
        self.em.assemble(&comps)
    }
}
