//! Expression types: sections V–VII. Arithmetic exists for uniform and parameter floats, colours
//! and matrices (no division of matrices, no colour × matrix); varying values allow none. A
//! comparison is a uniform relation, or a varying one when it compares a channel `FB[i]`; there are
//! no parameter relations (notes). `None` means an error was already reported.

use super::scope::Sym;
use super::types::{Kind, Ty};
use super::Checker;
use crate::ast::*;

impl Checker {
    pub(crate) fn expr(&mut self, e: &Expr) -> Option<Ty> {
        match &e.kind {
            ExprKind::Num(_) => Some(Ty::new(Class::Uniform, Kind::Float)),
            ExprKind::Str(_) => Some(Ty::new(Class::Uniform, Kind::String)),
            ExprKind::Var(name) => self.var(name, e),
            ExprKind::Unary(op, a) => self.unary(*op, a, e),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, e),
            ExprKind::Index(base, index) => self.index(base, index, e),
            ExprKind::Channels(_, mask) => {
                let msg = format!(
                    "a channel mask `.{}` can only be assigned (`FB.C = ...`)",
                    mask.text
                );
                self.error(e.span, msg);
                None
            }
            ExprKind::Call(name, args) => self.call(name, args, e),
            ExprKind::Error => None,
        }
    }

    fn var(&mut self, name: &str, e: &Expr) -> Option<Ty> {
        match self.scopes.lookup(name) {
            Some(Sym::Var { ty, .. }) => Some(*ty),
            Some(Sym::Func { .. }) => {
                self.error(e.span, format!("`{name}` is a function, not a variable"));
                None
            }
            None => {
                self.error(e.span, format!("unknown name `{name}`"));
                None
            }
        }
    }

    /// Checks that `t` may take part in arithmetic `op`; reports at `e` if not.
    fn arith_operand(&mut self, t: Ty, op: &str, e: &Expr) -> Option<Ty> {
        if t.class == Class::Varying {
            let msg = format!(
                "varying values allow no arithmetic (`{op}`); combine them into FB with `{op}=`"
            );
            self.error(e.span, msg);
            return None;
        }
        if !t.is_numeric() {
            self.error(
                e.span,
                format!("`{op}` needs a float, color or matrix, found {t}"),
            );
            return None;
        }
        Some(t)
    }

    fn unary(&mut self, op: UnOp, a: &Expr, e: &Expr) -> Option<Ty> {
        let t = self.expr(a)?;
        match op {
            UnOp::Neg => self.arith_operand(t, "-", a),
            UnOp::Not if t == Ty::new(Class::Uniform, Kind::Relation) => Some(t),
            UnOp::Not => {
                self.error(e.span, format!("`!` needs a uniform relation, found {t}"));
                None
            }
        }
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, e: &Expr) -> Option<Ty> {
        let (ta, tb) = (self.expr(a), self.expr(b));
        let (ta, tb) = (ta?, tb?);
        match op {
            BinOp::And | BinOp::Or => self.logic(op, ta, tb, e),
            _ if op.is_comparison() => self.compare(op, ta, tb, a, e),
            _ => {
                let ta = self.arith_operand(ta, op.text(), a);
                let tb = self.arith_operand(tb, op.text(), b);
                self.arith(op, ta?, tb?, e)
            }
        }
    }

    fn arith(&mut self, op: BinOp, a: Ty, b: Ty, e: &Expr) -> Option<Ty> {
        let class = a.class.max(b.class);
        let kind = match (a.kind, b.kind) {
            (x, Kind::Float) | (Kind::Float, x) => x,
            (x, y) if x == y => x,
            (x, y) => {
                self.error(e.span, format!("no `{}` between {x} and {y}", op.text()));
                return None;
            }
        };
        if kind == Kind::Matrix && op == BinOp::Div {
            self.error(e.span, "matrices cannot be divided");
            return None;
        }
        Some(Ty::new(class, kind))
    }

    fn logic(&mut self, op: BinOp, a: Ty, b: Ty, e: &Expr) -> Option<Ty> {
        let rel = Ty::new(Class::Uniform, Kind::Relation);
        if a == rel && b == rel {
            return Some(rel);
        }
        let bad = if a == rel { b } else { a };
        let msg = format!("`{}` needs uniform relations, found {bad}", op.text());
        self.error(e.span, msg);
        None
    }

    fn compare(&mut self, op: BinOp, a: Ty, b: Ty, lhs: &Expr, e: &Expr) -> Option<Ty> {
        let ordered = !matches!(op, BinOp::Eq | BinOp::Ne);
        if a.class == Class::Varying || b.class == Class::Varying {
            return self.varying_compare(a, b, lhs, e);
        }
        let same =
            a.kind == b.kind || super::types::kind_fits(a, b) || super::types::kind_fits(b, a);
        let ok = !a.array && !b.array && same && a.kind != Kind::Relation;
        if !ok || (ordered && a.kind != Kind::Float) || (ordered && b.kind != Kind::Float) {
            self.error(e.span, format!("no `{}` between {a} and {b}", op.text()));
            return None;
        }
        if a.class.max(b.class) == Class::Parameter {
            self.error(
                e.span,
                "there are no parameter relations: only uniform values and `FB[i]` can be compared",
            );
            return None;
        }
        Some(Ty::new(Class::Uniform, Kind::Relation))
    }

    /// `FB[i] op x`: a per-pixel relation; `x` is a uniform or parameter float.
    fn varying_compare(&mut self, a: Ty, b: Ty, lhs: &Expr, e: &Expr) -> Option<Ty> {
        let channel = a.class == Class::Varying && a.kind == Kind::Float;
        let reference = !b.array && b.kind == Kind::Float && b.class != Class::Varying;
        if !channel || !reference || !is_fb(index_base(lhs)) {
            self.error(
                e.span,
                format!("a varying comparison is `FB[i] op float`, found {a} and {b}"),
            );
            return None;
        }
        Some(Ty::new(Class::Varying, Kind::Relation))
    }

    fn index(&mut self, base: &Expr, index: &Expr, e: &Expr) -> Option<Ty> {
        let (tb, ti) = (self.expr(base), self.expr(index));
        let (tb, ti) = (tb?, ti?);
        if ti.array || ti.kind != Kind::Float || ti.class == Class::Varying {
            self.error(
                index.span,
                format!("an index must be a uniform or parameter float, found {ti}"),
            );
            return None;
        }
        if tb.array {
            if ti.class != Class::Uniform {
                self.error(index.span, "an array index must be uniform");
                return None;
            }
            return Some(Ty { array: false, ..tb });
        }
        let kind = match tb.kind {
            Kind::Color => Kind::Float,
            Kind::Matrix => Kind::Color,
            _ => {
                self.error(e.span, format!("a {tb} cannot be indexed"));
                return None;
            }
        };
        if tb.class == Class::Varying && !is_fb(base) {
            self.error(
                e.span,
                "among varying values only `FB` can be indexed (`FB[i] op x`)",
            );
            return None;
        }
        Some(Ty::new(tb.class.max(ti.class), kind))
    }
}

/// The innermost base of `e[i][j]...`.
pub(crate) fn index_base(mut e: &Expr) -> &Expr {
    while let ExprKind::Index(b, _) = &e.kind {
        e = b;
    }
    e
}

pub(crate) fn is_fb(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Var(n) if n == "FB")
}
