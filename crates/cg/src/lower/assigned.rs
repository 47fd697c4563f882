//! Which variables a statement may assign: the values an IR region must carry out (and a loop
//! must carry around). The answer may include too much (a variable carried through unchanged costs
//! nothing), never too little: assignments and `++`/`--`, `out`/`inout` arguments, globals that
//! called functions assign (transitively), and an inlined function's return pseudo-variables.

use super::{Key, Lowerer};
use crate::check::stdlib::stdlib;
use crate::check::{Callee, FunctionId, Resolution, VarKind};
use crate::syntax::ast::{ExprId, ExprKind, Stmt, StmtKind, UnaryOp};
use std::collections::BTreeSet;

impl Lowerer<'_> {
    /// The keys present in the environment that `stmts` may assign, in a fixed order.
    pub(super) fn carried(&self, stmts: &[&Stmt], exprs: &[ExprId]) -> Vec<Key> {
        let mut found = BTreeSet::new();
        let mut visiting = Vec::new();
        for s in stmts {
            self.stmt_assigns(s, &mut found, &mut visiting, true);
        }
        for &e in exprs {
            self.expr_assigns(e, &mut found, &mut visiting, true);
        }
        found
            .into_iter()
            .filter(|k| self.env.contains_key(k))
            .collect()
    }

    /// `own` is true for statements of the function being lowered (whose `return`s and implicit
    /// members are this frame's); false inside a callee, where only globals matter.
    fn stmt_assigns(
        &self,
        s: &Stmt,
        out: &mut BTreeSet<Key>,
        visiting: &mut Vec<FunctionId>,
        own: bool,
    ) {
        let e = |x: ExprId, out: &mut BTreeSet<Key>, visiting: &mut Vec<FunctionId>| {
            self.expr_assigns(x, out, visiting, own)
        };
        match &s.kind {
            StmtKind::Expr(x) => e(*x, out, visiting),
            StmtKind::Decl(d) => {
                if let crate::syntax::ast::Decl::Var(v) = &**d {
                    for d in &v.declarators {
                        if let Some(init) = d.init {
                            e(init, out, visiting);
                        }
                    }
                }
            }
            StmtKind::Block(b) => {
                for s in &b.stmts {
                    self.stmt_assigns(s, out, visiting, own);
                }
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                e(*cond, out, visiting);
                self.stmt_assigns(then, out, visiting, own);
                if let Some(o) = otherwise {
                    self.stmt_assigns(o, out, visiting, own);
                }
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                e(*cond, out, visiting);
                self.stmt_assigns(body, out, visiting, own);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.stmt_assigns(i, out, visiting, own);
                }
                for x in cond.iter().chain(step.iter()) {
                    e(*x, out, visiting);
                }
                self.stmt_assigns(body, out, visiting, own);
            }
            StmtKind::Switch { selector, cases } => {
                e(*selector, out, visiting);
                for c in cases {
                    for s in &c.body {
                        self.stmt_assigns(s, out, visiting, own);
                    }
                }
            }
            StmtKind::Return(value) => {
                if let Some(v) = value {
                    e(*v, out, visiting);
                }
                if own {
                    if let Some(f) = self.frame().filter(|f| !f.is_entry) {
                        out.insert(Key::Ret(f.id));
                        out.insert(Key::Returned(f.id));
                    }
                }
            }
            StmtKind::Empty
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Discard
            | StmtKind::Error => {}
        }
    }

    fn expr_assigns(
        &self,
        x: ExprId,
        out: &mut BTreeSet<Key>,
        visiting: &mut Vec<FunctionId>,
        own: bool,
    ) {
        let unit = self.unit;
        match &unit.exprs[x].kind {
            ExprKind::Assign { lhs, rhs, .. } => {
                self.root_of(*lhs, out, own);
                self.expr_assigns(*lhs, out, visiting, own);
                self.expr_assigns(*rhs, out, visiting, own);
            }
            ExprKind::Unary { op, operand } => {
                if matches!(
                    op,
                    UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec
                ) {
                    self.root_of(*operand, out, own);
                }
                self.expr_assigns(*operand, out, visiting, own);
            }
            ExprKind::Call { callee, args } => {
                self.expr_assigns(*callee, out, visiting, own);
                for &a in args {
                    self.expr_assigns(a, out, visiting, own);
                }
                self.call_assigns(x, args, out, visiting, own);
            }
            ExprKind::Binary { lhs, rhs, .. } | ExprKind::Comma { lhs, rhs } => {
                self.expr_assigns(*lhs, out, visiting, own);
                self.expr_assigns(*rhs, out, visiting, own);
            }
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => {
                for &y in &[*cond, *then, *otherwise] {
                    self.expr_assigns(y, out, visiting, own);
                }
            }
            ExprKind::Cast { operand, .. } => self.expr_assigns(*operand, out, visiting, own),
            ExprKind::Member { base, .. } => self.expr_assigns(*base, out, visiting, own),
            ExprKind::Index { base, index } => {
                self.expr_assigns(*base, out, visiting, own);
                self.expr_assigns(*index, out, visiting, own);
            }
            ExprKind::Constructor { args, .. }
            | ExprKind::InitList(args)
            | ExprKind::ArrayConstructor { args, .. } => {
                for &a in args {
                    self.expr_assigns(a, out, visiting, own);
                }
            }
            ExprKind::Literal(_)
            | ExprKind::Name(_)
            | ExprKind::Scoped { .. }
            | ExprKind::Error => {}
        }
    }

    /// `out`/`inout` arguments, and the globals a called user function assigns.
    fn call_assigns(
        &self,
        call: ExprId,
        args: &[ExprId],
        out: &mut BTreeSet<Key>,
        visiting: &mut Vec<FunctionId>,
        own: bool,
    ) {
        let Some(Resolution::Call { callee, .. }) = self.prog.resolutions.get(&call) else {
            return;
        };
        let directions: Vec<bool> = match callee {
            Callee::Builtin(b) => stdlib()
                .get(*b)
                .params
                .iter()
                .map(|p| p.1.is_output())
                .collect(),
            Callee::User(f) => self
                .prog
                .function(*f)
                .params
                .iter()
                .map(|&p| self.prog.var(p).direction.is_output())
                .collect(),
        };
        for (&a, is_out) in args.iter().zip(directions) {
            if is_out {
                self.root_of(a, out, own);
            }
        }
        if let Callee::User(f) = callee {
            if visiting.contains(f) {
                return;
            }
            visiting.push(*f);
            if let Some(body) = &self.prog.function(*f).body {
                for s in &body.stmts {
                    self.stmt_assigns(s, out, visiting, false);
                }
            }
            visiting.pop();
        }
    }

    /// The variable an lvalue expression writes into (only globals when `own` is false).
    fn root_of(&self, e: ExprId, out: &mut BTreeSet<Key>, own: bool) {
        match &self.unit.exprs[e].kind {
            ExprKind::Name(_) => match self.prog.resolutions.get(&e) {
                Some(Resolution::Var(v)) if own || self.prog.var(*v).kind == VarKind::Global => {
                    out.insert(Key::Var(*v));
                }
                Some(Resolution::ImplicitField { .. }) if own => {
                    if let Some(f) = self.frame() {
                        out.insert(Key::This(f.id));
                    }
                }
                _ => {}
            },
            ExprKind::Member { base, .. } | ExprKind::Index { base, .. } => {
                self.root_of(*base, out, own)
            }
            _ => {}
        }
    }

    /// True when `s` contains a `return` (of the function it belongs to).
    pub(super) fn contains_return(s: &Stmt) -> bool {
        match &s.kind {
            StmtKind::Return(_) => true,
            StmtKind::Block(b) => b.stmts.iter().any(Self::contains_return),
            StmtKind::If {
                then, otherwise, ..
            } => {
                Self::contains_return(then)
                    || otherwise.as_deref().is_some_and(Self::contains_return)
            }
            StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. }
            | StmtKind::For { body, .. } => Self::contains_return(body),
            StmtKind::Switch { cases, .. } => cases
                .iter()
                .any(|c| c.body.iter().any(Self::contains_return)),
            _ => false,
        }
    }
}
