//! Statements: block scopes, conditions, loops, `switch`, `break`/`continue` placement,
//! `return` against the function's type, `discard`.
//!
//! Decision: a condition may be `bool` or a numeric scalar (converted to `bool`, as C programmers
//! expect); vectors are rejected with a hint to use `any()` or `all()` ("if, while, and for
//! require bool expressions").
//!
//! Decision, following cgc: in an `if` branch that a constant condition never takes, an
//! undeclared name is a warning, not an error (cgc removes the branch before it resolves names);
//! every other check still applies there, as it does in cgc.

use super::decl::Place;
use super::program::ConstValue;
use super::types::{is_integral, Scalar, Type};
use super::Checker;
use crate::syntax::ast::{CaseLabel, Decl, ExprId, Span, Stmt, StmtKind, SwitchCase};

impl Checker<'_> {
    pub(super) fn stmt(&mut self, stmt: &Stmt) {
        match &stmt.kind {
            StmtKind::Empty | StmtKind::Error => {}
            StmtKind::Discard => {
                if self.program.stage == pigment_ir::Stage::Vertex {
                    let profile = self.options.profile.clone();
                    self.error(
                        stmt.span,
                        format!("`discard` is not available in vertex profile `{profile}`: only fragments can be discarded"),
                    );
                }
            }
            StmtKind::Expr(e) => {
                self.expr(*e);
            }
            StmtKind::Decl(decl) => match &**decl {
                Decl::Var(v) => self.var_decl(v, Place::Local),
                Decl::Typedef(_) => self.top_level(decl),
                // The parser has reported a function inside a function.
                Decl::Function(_) => {}
            },
            StmtKind::Block(block) => {
                self.scopes.push();
                for s in &block.stmts {
                    self.stmt(s);
                }
                self.scopes.pop();
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.condition(*cond, "if");
                let taken = self.constant_condition(*cond);
                self.branch(then, taken == Some(false));
                if let Some(o) = otherwise {
                    self.branch(o, taken == Some(true));
                }
            }
            StmtKind::While { cond, body } => {
                self.condition(*cond, "while");
                self.loop_body(body);
            }
            StmtKind::DoWhile { body, cond } => {
                self.loop_body(body);
                self.condition(*cond, "do-while");
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.scopes.push();
                if let Some(init) = init {
                    self.stmt(init);
                }
                if let Some(cond) = cond {
                    self.condition(*cond, "for");
                }
                if let Some(step) = step {
                    self.expr(*step);
                }
                self.loop_body(body);
                self.scopes.pop();
            }
            StmtKind::Switch { selector, cases } => self.switch(*selector, cases),
            StmtKind::Break => {
                if self.ctx.loops == 0 && self.ctx.switches == 0 {
                    self.error(stmt.span, "`break` outside a loop or `switch`");
                }
            }
            StmtKind::Continue => {
                if self.ctx.loops == 0 {
                    self.error(stmt.span, "`continue` outside a loop");
                }
            }
            StmtKind::Return(value) => self.return_stmt(stmt.span, *value),
        }
    }

    /// A sub-statement in its own scope.
    fn scoped(&mut self, stmt: &Stmt) {
        self.scopes.push();
        self.stmt(stmt);
        self.scopes.pop();
    }

    /// An `if` branch; `dead` when its condition says it is never taken.
    fn branch(&mut self, stmt: &Stmt, dead: bool) {
        self.ctx.dead_branches += u32::from(dead);
        self.scoped(stmt);
        self.ctx.dead_branches -= u32::from(dead);
    }

    /// The value of a condition that folds to a constant (`if (false)`, a `const bool`).
    fn constant_condition(&self, cond: ExprId) -> Option<bool> {
        match self.const_value(cond)? {
            ConstValue::Bool(b) => Some(b),
            ConstValue::Int(i) => Some(i != 0),
            ConstValue::Float(f) => Some(f != 0.0),
        }
    }

    fn loop_body(&mut self, body: &Stmt) {
        self.ctx.loops += 1;
        self.scoped(body);
        self.ctx.loops -= 1;
    }

    fn condition(&mut self, cond: ExprId, what: &str) {
        let t = self.expr(cond);
        match &t {
            Type::Scalar(Scalar::Bool) | Type::Error => {}
            Type::Scalar(_) => self.record_conversion(cond, &Type::BOOL),
            Type::Vector(..) => {
                let message = format!(
                    "the `{what}` condition must be a single `bool`, not `{}` (use `any(...)` or `all(...)`)",
                    self.type_name(&t)
                );
                self.error(self.span_of(cond), message);
            }
            other => {
                let message = format!(
                    "the `{what}` condition must be `bool`, not `{}`",
                    self.type_name(other)
                );
                self.error(self.span_of(cond), message);
            }
        }
    }

    fn switch(&mut self, selector: ExprId, cases: &[SwitchCase]) {
        let t = self.expr(selector);
        if !t.is_error() && !matches!(t, Type::Scalar(s) if is_integral(s)) {
            let message = format!(
                "a `switch` selector must be an integer, not `{}`",
                self.type_name(&t)
            );
            self.error(self.span_of(selector), message);
        }
        let mut seen: Vec<(i64, Span)> = Vec::new();
        let mut default: Option<Span> = None;
        self.ctx.switches += 1;
        self.scopes.push();
        for case in cases {
            for label in &case.labels {
                match label {
                    CaseLabel::Case { value, span } => {
                        let vt = self.expr(*value);
                        if vt.is_error() {
                            continue;
                        }
                        match self.const_int(*value) {
                            Some(v) => {
                                if let Some(&(_, prev)) = seen.iter().find(|(x, _)| *x == v) {
                                    self.error_with(
                                        *span,
                                        format!("duplicate `case {v}`"),
                                        prev,
                                        "first used here",
                                    );
                                } else {
                                    seen.push((v, *span));
                                    self.program.constants.insert(*value, ConstValue::Int(v));
                                }
                            }
                            None => self.error(
                                self.span_of(*value),
                                "a `case` label must be an integer constant",
                            ),
                        }
                    }
                    CaseLabel::Default { span } => match default {
                        Some(prev) => self.error_with(
                            *span,
                            "a second `default` label",
                            prev,
                            "first `default`",
                        ),
                        None => default = Some(*span),
                    },
                }
            }
            for s in &case.body {
                self.stmt(s);
            }
        }
        self.scopes.pop();
        self.ctx.switches -= 1;
    }

    fn return_stmt(&mut self, span: Span, value: Option<ExprId>) {
        let ret = self.ctx.ret.clone().unwrap_or(Type::Error);
        let name = self
            .ctx
            .function
            .map(|f| self.program.function(f).name.clone())
            .unwrap_or_default();
        match value {
            Some(v) => {
                let t = self.expr(v);
                if ret == Type::Void {
                    if !t.is_error() {
                        self.error(
                            self.span_of(v),
                            format!("`{name}` returns `void`, so `return` cannot have a value"),
                        );
                    }
                } else {
                    self.coerce(v, &ret, "in the return value");
                }
            }
            None => {
                if ret != Type::Void && !ret.is_error() {
                    let message =
                        format!("`{name}` must return a `{}` value", self.type_name(&ret));
                    self.error(span, message);
                }
            }
        }
    }
}
