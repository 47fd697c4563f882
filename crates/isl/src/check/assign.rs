//! Assignments. To FB (`FB` or a write mask `FB.C`): `=`, `+=`, `-=`, `*=` of a varying colour
//! (section VII). To a varying variable: only `v = FB`. To uniform and parameter variables: a value
//! that promotes to the target; uniform colours and matrices may be set by element, parameter ones
//! not (only a parameter array's elements); strings take only `=`, matrices no `/=`.

use super::expr::{index_base, is_fb};
use super::scope::Sym;
use super::types::{fits, mismatch, Kind, Ty, VARYING_COLOR};
use super::Checker;
use crate::ast::*;

impl Checker {
    pub(crate) fn assign(&mut self, target: &Expr, op: AssignOp, value: &Expr) {
        if let ExprKind::Channels(base, mask) = &target.kind {
            if is_fb(base) {
                self.check_mask(mask);
                return self.fb_assign(op, value, false);
            }
            self.error(target.span, "only `FB` takes a channel mask");
            return;
        }
        if is_fb(target) {
            return self.fb_assign(op, value, true);
        }
        let root = index_base(target);
        let ExprKind::Var(name) = &root.kind else {
            self.error(target.span, "cannot assign to this expression");
            return;
        };
        let root_ty = match self.scopes.lookup(name) {
            Some(Sym::Var { span: None, .. }) => {
                self.error(
                    root.span,
                    format!("`{name}` is predefined and cannot be assigned"),
                );
                return;
            }
            Some(Sym::Var { ty, .. }) => *ty,
            _ => {
                self.expr(root);
                return;
            }
        };
        if root_ty.class == Class::Varying {
            return self.varying_var_assign(target, op, value);
        }
        self.data_assign(target, root_ty, op, value);
    }

    /// `FB.C` with C an ordered subset of `rgba`, each letter at most once.
    fn check_mask(&mut self, mask: &Name) {
        let mut last = None;
        for c in mask.text.chars() {
            let pos = "rgba".find(c);
            if pos.is_none() || pos <= last {
                let msg = format!(
                    "`{}` is not a channel mask: letters of `rgba`, in order, each at most once",
                    mask.text
                );
                self.error(mask.span, msg);
                return;
            }
            last = pos;
        }
    }

    fn fb_assign(&mut self, op: AssignOp, value: &Expr, whole: bool) {
        if op == AssignOp::Div {
            self.error(
                value.span,
                "`/=` is not a varying operation (FB takes `=`, `+=`, `-=`, `*=`)",
            );
        }
        if whole && op == AssignOp::Set {
            self.fb_call = Some(value.span);
        }
        let t = self.expr(value);
        self.fb_call = None;
        if let Some(t) = t.filter(|t| !fits(*t, VARYING_COLOR)) {
            self.error(value.span, mismatch(t, VARYING_COLOR));
        }
    }

    fn varying_var_assign(&mut self, target: &Expr, op: AssignOp, value: &Expr) {
        let plain = matches!(target.kind, ExprKind::Var(_));
        if !plain || op != AssignOp::Set || !is_fb(value) {
            self.error(
                target.span.to(value.span),
                "a varying variable can only be assigned `FB` (`v = FB`)",
            );
        }
    }

    fn data_assign(&mut self, target: &Expr, root: Ty, op: AssignOp, value: &Expr) {
        let depth = index_depth(target);
        if root.class == Class::Parameter && depth > usize::from(root.array) {
            self.error(
                target.span,
                "parameter colors and matrices cannot be set by element",
            );
            return;
        }
        let (Some(tt), tv) = (self.expr(target), self.expr(value)) else {
            return;
        };
        if tt.array {
            self.error(target.span, "an array cannot be assigned as a whole");
            return;
        }
        if tt.class != root.class {
            self.error(target.span, "an assigned element needs uniform indices");
            return;
        }
        let bad_op = match (tt.kind, op) {
            (Kind::String, AssignOp::Set) => None,
            (Kind::String, _) => Some("strings only take `=`"),
            (Kind::Matrix, AssignOp::Div) => Some("matrices cannot be divided"),
            _ => None,
        };
        if let Some(msg) = bad_op {
            self.error(target.span, msg);
            return;
        }
        if let Some(tv) = tv.filter(|tv| !fits(*tv, tt)) {
            self.error(value.span, mismatch(tv, tt));
        }
    }
}

fn index_depth(mut e: &Expr) -> usize {
    let mut n = 0;
    while let ExprKind::Index(b, _) = &e.kind {
        e = b;
        n += 1;
    }
    n
}
