//! Statements, run at lowering time (section X as the notes read it): declarations, assignments,
//! blocks with C scoping, `if` on a uniform relation decided now, `if (FB[i] op x)` handed to
//! [`super::fb`], `repeat (uf)` unrolled max(0, floor(uf)) times, and a function's final `return`.

use super::value::{promote, zero, Val, S};
use super::{Lowerer, MAX_STEPS, MAX_VALUES};
use crate::ast::*;
use std::collections::HashMap;

impl Lowerer<'_> {
    /// Runs `stmts` in a new scope; the value of a `return` among them.
    pub(crate) fn block_stmts(&mut self, stmts: &[Stmt]) -> Option<Val> {
        self.scopes.push(HashMap::new());
        let mut ret = None;
        for s in stmts {
            if let Some(v) = self.stmt(s) {
                ret = Some(v);
            }
        }
        self.scopes.pop();
        ret
    }

    fn stmt(&mut self, s: &Stmt) -> Option<Val> {
        self.steps += 1;
        if self.b.function().values.len() > MAX_VALUES {
            self.steps = self.steps.max(MAX_STEPS + 1);
        }
        if self.steps > MAX_STEPS {
            if self.steps == MAX_STEPS + 1 {
                self.error(
                    s.span,
                    "this shader runs too many statements (or makes too much code) to unroll",
                );
            }
            return None;
        }
        self.locate(s.span);
        match &s.kind {
            StmtKind::Decl(d) => self.decl(d),
            StmtKind::Assign { target, op, value } => {
                self.assign(target, *op, value);
            }
            StmtKind::Block(b) => return self.block_stmts(&b.stmts),
            StmtKind::If { cond, then, els } => self.if_stmt(cond, then, els.as_deref()),
            StmtKind::Repeat { count, body } => self.repeat(count, body),
            StmtKind::Return(Some(e)) => return self.expr(e),
            StmtKind::Return(None) => return Some(Val::Varying(self.fb)),
            StmtKind::Error => {}
        }
        None
    }

    /// Gives the instructions emitted from now on the source location `span`.
    pub(crate) fn locate(&mut self, span: pigment_diag::Span) {
        let loc = pigment_ir::SourceLoc {
            file: self.file,
            span,
        };
        self.b.set_loc(Some(loc));
    }

    /// A declaration: its initial value (promoted to its type) or zero; arrays of zeros.
    pub(crate) fn decl(&mut self, d: &VarDecl) {
        let val = match (&d.size, &d.init) {
            (Some(size), _) => self.array(d, size.as_ref()),
            (None, Some(init)) => self.expr(init).map(|v| promote(v, d.ty.base)),
            (None, None) if d.ty.class == Class::Varying => {
                Some(Val::Varying(self.b.float(&[0.0; 4])))
            }
            (None, None) => Some(zero(d.ty.base)),
        };
        let Some(mut val) = val else { return };
        if d.ty.class == Class::Varying {
            val = Val::Varying(self.varying_of(val, d.span));
        }
        if let Some(top) = self.scopes.last_mut() {
            top.insert(d.name.text.clone(), val);
        }
    }

    fn array(&mut self, d: &VarDecl, size: Option<&Expr>) -> Option<Val> {
        let n = match size {
            None => 0,
            Some(e) => match self.scalar(e)? {
                S::K(x) if (0.0..=4096.0).contains(&x.floor()) => x.floor() as usize,
                _ => {
                    self.error(e.span, "an array size must be a uniform float in 0..=4096");
                    return None;
                }
            },
        };
        Some(Val::Array(vec![zero(d.ty.base); n]))
    }

    fn assign(&mut self, target: &Expr, op: AssignOp, value: &Expr) -> Option<()> {
        if let Some(mask) = fb_target(target) {
            return self.fb_assign(mask, op, value);
        }
        let mut v = self.expr(value)?;
        if op != AssignOp::Set {
            let old = self.num(target)?;
            let Val::Num(new) = v else {
                self.error(value.span, "expected a uniform or parameter number");
                return None;
            };
            let Some(r) = self.arith(binop(op), old, new) else {
                self.error(value.span, format!("no `{}` for these operands", op.text()));
                return None;
            };
            v = Val::Num(r);
        }
        if let ExprKind::Var(n) = &target.kind {
            if matches!(self.lookup(n), Some(Val::Varying(_))) {
                v = Val::Varying(self.varying_of(v, value.span));
            }
        }
        self.store(target, v)
    }

    fn if_stmt(&mut self, cond: &Expr, then: &Stmt, els: Option<&Stmt>) {
        if is_varying_relation(cond) {
            self.varying_if(cond, then, els);
            return;
        }
        let Some(taken) = self.relation(cond) else {
            return;
        };
        if taken {
            self.block_stmts(std::slice::from_ref(then));
        } else if let Some(e) = els {
            self.block_stmts(std::slice::from_ref(e));
        }
    }

    fn repeat(&mut self, count: &Expr, body: &Stmt) {
        let Some(n) = self.scalar(count) else { return };
        let S::K(n) = n else {
            self.error(count.span, "`repeat` needs a uniform count");
            return;
        };
        let n = n.floor().max(0.0);
        if n > MAX_STEPS as f32 {
            self.error(count.span, "this `repeat` runs too many times to unroll");
            return;
        }
        for _ in 0..n as usize {
            if self.steps > MAX_STEPS {
                return;
            }
            self.block_stmts(std::slice::from_ref(body));
        }
    }

    /// A uniform relation, decided now.
    pub(crate) fn relation(&mut self, e: &Expr) -> Option<bool> {
        match &e.kind {
            ExprKind::Unary(UnOp::Not, a) => self.relation(a).map(|r| !r),
            ExprKind::Binary(BinOp::And, a, b) => {
                let (x, y) = (self.relation(a), self.relation(b));
                Some(x? && y?)
            }
            ExprKind::Binary(BinOp::Or, a, b) => {
                let (x, y) = (self.relation(a), self.relation(b));
                Some(x? || y?)
            }
            ExprKind::Binary(op, a, b) if op.is_comparison() => self.compare(*op, a, b, e),
            _ => {
                self.error(e.span, "expected a uniform relation");
                None
            }
        }
    }

    fn compare(&mut self, op: BinOp, a: &Expr, b: &Expr, e: &Expr) -> Option<bool> {
        let (x, y) = (self.expr(a), self.expr(b));
        let (x, y) = (x?, y?);
        if let (Val::Str(s), Val::Str(t)) = (&x, &y) {
            return Some(if op == BinOp::Eq { s == t } else { s != t });
        }
        let (x, y) = match (x.known(), y.known()) {
            (Some(x), Some(y)) => (x, y),
            _ => {
                self.error(e.span, "this relation is not uniform");
                return None;
            }
        };
        let (x, y) = same_shape(x, y);
        if x.len() != y.len() {
            self.error(e.span, "these values cannot be compared");
            return None;
        }
        let all_eq = x.iter().zip(&y).all(|(p, q)| p == q);
        Some(match op {
            BinOp::Eq => all_eq,
            BinOp::Ne => !all_eq,
            BinOp::Lt => x[0] < y[0],
            BinOp::Le => x[0] <= y[0],
            BinOp::Gt => x[0] > y[0],
            _ => x[0] >= y[0],
        })
    }
}

/// Known values widened alike (a float against a colour or matrix).
fn same_shape(x: Vec<f32>, y: Vec<f32>) -> (Vec<f32>, Vec<f32>) {
    use super::value::{widen_color, widen_matrix};
    let to_s = |v: Vec<f32>| v.into_iter().map(S::K).collect::<Vec<_>>();
    let back = |v: Vec<S>| {
        v.into_iter()
            .map(|s| if let S::K(k) = s { k } else { 0.0 })
            .collect::<Vec<_>>()
    };
    let (a, b) = (to_s(x), to_s(y));
    let (a, b) = match (a.len(), b.len()) {
        (16, _) | (_, 16) => (widen_matrix(a), widen_matrix(b)),
        (4, _) | (_, 4) => (widen_color(a), widen_color(b)),
        _ => (a, b),
    };
    (back(a), back(b))
}

fn binop(op: AssignOp) -> BinOp {
    match op {
        AssignOp::Add => BinOp::Add,
        AssignOp::Sub => BinOp::Sub,
        AssignOp::Mul => BinOp::Mul,
        _ => BinOp::Div,
    }
}

/// `Some(mask)` when `target` is `FB` (`None` mask) or `FB.C`.
fn fb_target(target: &Expr) -> Option<Option<&Name>> {
    match &target.kind {
        ExprKind::Var(n) if n == "FB" => Some(None),
        ExprKind::Channels(b, mask) if matches!(&b.kind, ExprKind::Var(n) if n == "FB") => {
            Some(Some(mask))
        }
        _ => None,
    }
}

/// `FB[i] op x`.
pub(crate) fn is_varying_relation(e: &Expr) -> bool {
    let ExprKind::Binary(op, a, _) = &e.kind else {
        return false;
    };
    let mut base = &**a;
    while let ExprKind::Index(b, _) = &base.kind {
        base = b;
    }
    op.is_comparison() && matches!(&base.kind, ExprKind::Var(n) if n == "FB")
}
