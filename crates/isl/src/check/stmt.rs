//! Statements: declarations (the class × type combinations section III allows), blocks with their
//! own scope, `if` on a uniform or varying relation, `repeat` with a uniform count, and `return`,
//! which may only be a function's last statement.

use super::scope::Sym;
use super::types::{fits, mismatch, Kind, Ty, UNIFORM_FLOAT, VARYING_COLOR};
use super::Checker;
use crate::ast::*;

impl Checker {
    /// `last`: the statement is the last of its function's body (where `return` may be).
    pub(crate) fn stmt(&mut self, s: &Stmt, last: bool) {
        match &s.kind {
            StmtKind::Decl(d) => self.decl(d, false),
            StmtKind::Assign { target, op, value } => self.assign(target, *op, value),
            StmtKind::Block(b) => self.block(b),
            StmtKind::If { cond, then, els } => {
                self.condition(cond);
                self.stmt(then, false);
                if let Some(e) = els {
                    self.stmt(e, false);
                }
            }
            StmtKind::Repeat { count, body } => {
                if let Some(t) = self.expr(count) {
                    if !fits(t, UNIFORM_FLOAT) {
                        self.error(
                            count.span,
                            format!("`repeat` needs a uniform float count, found {t}"),
                        );
                    }
                }
                self.stmt(body, false);
            }
            StmtKind::Return(value) => self.ret(s, value.as_ref(), last),
            StmtKind::Error => {}
        }
    }

    fn block(&mut self, b: &Block) {
        self.scopes.push();
        for s in &b.stmts {
            self.stmt(s, false);
        }
        self.scopes.pop();
    }

    fn condition(&mut self, cond: &Expr) {
        let Some(t) = self.expr(cond) else { return };
        if t.kind != Kind::Relation {
            self.error(cond.span, format!("an `if` needs a relation, found {t}"));
        }
    }

    fn ret(&mut self, s: &Stmt, value: Option<&Expr>, last: bool) {
        if !last {
            self.error(
                s.span,
                "`return` can only be the last statement of a function",
            );
        }
        let Some(info) = self.func else { return };
        match value {
            None if info.ret != VARYING_COLOR => {
                self.error(s.span, format!("`return` needs a {} value", info.ret));
            }
            None => {}
            Some(v) => {
                if info.ret == VARYING_COLOR {
                    self.fb_call = Some(v.span);
                }
                let t = self.expr(v);
                self.fb_call = None;
                if let Some(t) = t.filter(|t| !fits(*t, info.ret)) {
                    self.error(v.span, mismatch(t, info.ret));
                }
            }
        }
    }

    /// A variable declaration (`formal`: in a function's formals, where `[]` is allowed).
    pub(crate) fn decl(&mut self, d: &VarDecl, formal: bool) {
        let array = d.size.is_some();
        self.check_type_spec(d.ty, array);
        self.array_size(d, formal);
        let ty = Ty::of_spec(d.ty, array);
        if let Some(init) = &d.init {
            self.init(d, ty, init);
        }
        self.declare(
            &d.name,
            Sym::Var {
                ty,
                span: Some(d.name.span),
            },
        );
    }

    fn array_size(&mut self, d: &VarDecl, formal: bool) {
        match &d.size {
            None => {}
            Some(None) if formal => {}
            Some(None) => self.error(d.name.span, format!("array `{}` needs a size", d.name.text)),
            Some(Some(size)) => match (&size.kind, self.expr(size)) {
                (ExprKind::Num(n), _) if *n >= 1.0 && n.fract() == 0.0 => {}
                (_, None) => {}
                _ => self.error(
                    size.span,
                    "an array size must be a whole number of at least 1",
                ),
            },
        }
    }

    fn init(&mut self, d: &VarDecl, ty: Ty, init: &Expr) {
        if ty.class == Class::Varying {
            if !super::expr::is_fb(init) {
                self.error(
                    init.span,
                    "a varying variable can only be initialised with `FB`",
                );
            }
            return;
        }
        if ty.array {
            self.error(
                init.span,
                format!("array `{}` cannot be initialised", d.name.text),
            );
            return;
        }
        if let Some(t) = self.expr(init) {
            if !fits(t, ty) {
                self.error(init.span, mismatch(t, ty));
            }
        }
    }

    /// The class × type combinations of section III: varying data is a colour, never an array;
    /// strings are uniform.
    pub(crate) fn check_type_spec(&mut self, t: TypeSpec, array: bool) {
        match (t.class, t.base) {
            (Class::Varying, Base::Color) if array => {
                self.error(t.span, "there are no varying arrays")
            }
            (Class::Varying, Base::Color) => {}
            (Class::Varying, _) => self.error(t.span, "varying data can only be `varying color`"),
            (Class::Parameter, Base::String) => self.error(t.span, "strings can only be uniform"),
            _ => {}
        }
    }
}
