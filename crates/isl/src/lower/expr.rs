//! Expressions of sections V–VII: numbers, strings, variables (`pi`, the predefined
//! `shadermatrix` as an identity-default IR uniform), negation, arithmetic, indexing and calls.
//! Relations are not values: [`super::exec`] decides uniform ones and [`super::fb`] lowers `FB[i] op x`.

use super::value::{Val, S};
use super::Lowerer;
use crate::ast::*;
use pigment_ir::Op;

impl Lowerer<'_> {
    /// The value of `e`; `None` after reporting an error.
    pub(crate) fn expr(&mut self, e: &Expr) -> Option<Val> {
        match &e.kind {
            ExprKind::Num(x) => Some(Val::float(*x as f32)),
            ExprKind::Str(s) => Some(Val::Str(s.clone())),
            ExprKind::Var(name) => self.var(name, e),
            ExprKind::Unary(UnOp::Neg, a) => self.negate(a),
            ExprKind::Binary(op, a, b) if !op.is_comparison() && !is_logic(*op) => {
                self.binary(*op, a, b, e)
            }
            ExprKind::Index(base, index) => self.index(base, index, e),
            ExprKind::Call(name, args) => self.call(name, args, e),
            ExprKind::Error => None,
            _ => {
                self.error(e.span, "a relation or channel mask is not a value");
                None
            }
        }
    }

    /// A numeric value's scalars; `None` (reported) for anything else.
    pub(crate) fn num(&mut self, e: &Expr) -> Option<Vec<S>> {
        match self.expr(e)? {
            Val::Num(c) => Some(c),
            _ => {
                self.error(e.span, "expected a uniform or parameter number");
                None
            }
        }
    }

    /// A single float's scalar.
    pub(crate) fn scalar(&mut self, e: &Expr) -> Option<S> {
        match self.num(e)?.as_slice() {
            [s] => Some(*s),
            _ => {
                self.error(e.span, "expected a float");
                None
            }
        }
    }

    pub(crate) fn lookup(&self, name: &str) -> Option<&Val> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    fn var(&mut self, name: &str, e: &Expr) -> Option<Val> {
        if let Some(v) = self.lookup(name) {
            return Some(v.clone());
        }
        match name {
            "FB" => Some(Val::Varying(self.fb)),
            "pi" => Some(Val::float(std::f32::consts::PI)),
            "shadermatrix" => Some(self.shadermatrix()),
            _ => {
                self.error(e.span, format!("unknown name `{name}`"));
                None
            }
        }
    }

    fn negate(&mut self, a: &Expr) -> Option<Val> {
        let c = self.num(a)?;
        Some(Val::Num(
            c.into_iter().map(|s| self.un(Op::Neg, s)).collect(),
        ))
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, e: &Expr) -> Option<Val> {
        let (x, y) = (self.num(a), self.num(b));
        let r = self.arith(op, x?, y?);
        if r.is_none() {
            self.error(e.span, format!("no `{}` between these operands", op.text()));
        }
        r.map(Val::Num)
    }
}

pub(crate) fn is_logic(op: BinOp) -> bool {
    matches!(op, BinOp::And | BinOp::Or)
}
