//! Statements, and SSA construction on structured control flow.
//!
//! The environment holds every variable's current value. A structured statement becomes an IR
//! region that carries the variables it may assign (`assigned.rs`), as region results:
//! * `if`: each branch starts from the values before it and yields the carried variables' values;
//! * `for`/`while`/`do`: a `loop` whose parameters are the carried variables; the condition breaks
//!   out with their values, `continue` runs the `for` step (or the `do` condition) and continues
//!   with them, and the loop's results are their values afterwards;
//! * `switch`: one arm per case group (fall-through copies the next groups' statements, up to a
//!   `break`); a missing `default` yields the values unchanged.
//!
//! `return` in the entry stores the outputs and ends the program with the IR's `return`. In an
//! inlined function it records the value in the call's `Ret` pseudo-variable; when it is not the
//! function's last statement, a `Returned` flag is set too, and everything after a statement that
//! may have returned runs under `if (!returned)` (loops keep iterating, their bodies guarded), so
//! no data-dependent exit is needed.

use super::val::Val;
use super::{Frame, Key, Lowerer, Target, R};
use crate::check::ConstValue;
use crate::syntax::ast::{CaseLabel, Decl, ExprId, Span, Stmt, StmtKind, SwitchCase};
use pigment_ir::{Op, ScalarKind, Type, Value};

/// How a statement list ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// It fell off its end.
    Normal,
    /// An IR terminator (`break`, `continue`, `return`) ended the block: nothing may follow.
    Terminated,
    /// An inlined function returned: what follows in the block is dead, but the block still ends
    /// normally.
    Returned,
}

/// The loop a `break` or `continue` refers to.
#[derive(Clone, Debug)]
pub(crate) struct LoopCtx {
    /// The carried variables (the loop's parameters and results).
    pub keys: Vec<Key>,
    /// What `continue` evaluates before the next iteration.
    pub next: LoopNext,
}

#[derive(Clone, Debug)]
pub(crate) enum LoopNext {
    Nothing,
    /// A `for` step.
    Step(Option<ExprId>),
    /// A `do`-`while` condition.
    Condition(ExprId),
}

impl Lowerer<'_> {
    /// Lowers a statement list in its own scope.
    pub(super) fn block(&mut self, stmts: &[Stmt]) -> R<Flow> {
        self.push_scope();
        let flow = self.stmts(stmts);
        self.pop_scope();
        flow
    }

    fn stmts(&mut self, stmts: &[Stmt]) -> R<Flow> {
        for (i, s) in stmts.iter().enumerate() {
            let flow = self.stmt(s)?;
            if flow != Flow::Normal {
                return Ok(flow);
            }
            let flagged = self.frame().is_some_and(|f| f.flagged);
            let rest = &stmts[i + 1..];
            if flagged && !rest.is_empty() && Self::contains_return(s) {
                let span = rest[0].span.to(rest[rest.len() - 1].span);
                return self.unless_returned(span, |l| l.stmts(rest).map(|_| ()), rest);
            }
        }
        Ok(Flow::Normal)
    }

    /// Runs `body` (the statements `guarded`) under `if (!returned)`.
    fn unless_returned(
        &mut self,
        span: Span,
        body: impl FnOnce(&mut Self) -> R<()>,
        guarded: &[Stmt],
    ) -> R<Flow> {
        let Some(id) = self.frame().map(|f| f.id) else {
            return Ok(Flow::Normal);
        };
        let returned = match self.env.get(&Key::Returned(id)) {
            Some(Val::Vec(v)) => *v,
            _ => return self.error(span, "internal: no return flag"),
        };
        let go_on = self.at(span, |l| l.em.unary(Op::Not, returned));
        let refs: Vec<&Stmt> = guarded.iter().collect();
        let keys = self.carried(&refs, &[]);
        self.region_if(
            span,
            go_on,
            &keys,
            |l| {
                body(l)?;
                Ok(Flow::Normal)
            },
            |_| Ok(Flow::Normal),
        )
    }

    fn stmt(&mut self, s: &Stmt) -> R<Flow> {
        self.at(s.span, |l| l.stmt_here(s))
    }

    fn stmt_here(&mut self, s: &Stmt) -> R<Flow> {
        match &s.kind {
            StmtKind::Empty | StmtKind::Error => Ok(Flow::Normal),
            StmtKind::Expr(e) => {
                self.expr(*e)?;
                Ok(Flow::Normal)
            }
            StmtKind::Decl(decl) => {
                if let Decl::Var(v) = &**decl {
                    for d in &v.declarators {
                        let Some(&var) = self.prog.declarators.get(&d.name.span) else {
                            return self.error(d.name.span, "internal: undeclared variable");
                        };
                        let ty = self.prog.var(var).ty.clone();
                        let value = match d.init {
                            Some(init) => self.initializer(init, &ty)?,
                            None => self.zero_of(&ty, d.name.span)?,
                        };
                        self.declare(Key::Var(var), value);
                    }
                }
                Ok(Flow::Normal)
            }
            StmtKind::Block(b) => self.block(&b.stmts),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => self.if_stmt(s.span, *cond, then, otherwise.as_deref()),
            StmtKind::While { cond, body } => {
                self.loop_stmt(s.span, Some(*cond), LoopNext::Nothing, body, false)
            }
            StmtKind::DoWhile { body, cond } => {
                self.loop_stmt(s.span, Some(*cond), LoopNext::Condition(*cond), body, true)
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.push_scope();
                let flow = match init {
                    Some(i) => self.stmt(i),
                    None => Ok(Flow::Normal),
                }
                .and_then(|_| {
                    self.loop_stmt(s.span, *cond, LoopNext::Step(*step), body, false)
                });
                self.pop_scope();
                flow
            }
            StmtKind::Switch { selector, cases } => self.switch_stmt(s.span, *selector, cases),
            StmtKind::Break => match self.targets.last().cloned() {
                Some(Target::Loop(ctx)) => {
                    let values = self.carried_values(&ctx.keys, s.span)?;
                    self.em.b.break_(&values);
                    Ok(Flow::Terminated)
                }
                _ => self.error(
                    s.span,
                    "`break` inside a nested statement of a `switch` case is not supported; end the case with it",
                ),
            },
            StmtKind::Continue => {
                let ctx = self.targets.iter().rev().find_map(|t| match t {
                    Target::Loop(ctx) => Some(ctx.clone()),
                    Target::Switch => None,
                });
                match ctx {
                    Some(ctx) => self.continue_loop(&ctx, s.span),
                    None => self.error(s.span, "internal: `continue` outside a loop"),
                }
            }
            StmtKind::Return(value) => self.return_stmt(s.span, *value),
            StmtKind::Discard => {
                self.em.b.discard();
                Ok(Flow::Normal)
            }
        }
    }

    /// The current values of `keys`, flattened.
    pub(super) fn carried_values(&mut self, keys: &[Key], span: Span) -> R<Vec<Value>> {
        let mut out = Vec::new();
        for k in keys {
            match self.env.get(k) {
                Some(v) => out.extend(v.leaves()),
                None => return self.error(span, "internal: a carried variable went out of scope"),
            }
        }
        Ok(out)
    }

    /// Replaces the values of `keys` by `values` (flattened as [`Self::carried_values`] gives them).
    fn set_carried(&mut self, keys: &[Key], values: &[Value]) {
        let mut it = values.iter().copied();
        for k in keys {
            if let Some(v) = self.env.get(k) {
                let rebuilt = v.rebuild(&mut it);
                self.env.insert(*k, rebuilt);
            }
        }
    }

    fn types_of(&self, values: &[Value]) -> Vec<Type> {
        values.iter().map(|&v| self.em.ty(v)).collect()
    }

    /// An `if` region on `cond` carrying `keys`, with the branches lowered by `then` and `other`.
    fn region_if(
        &mut self,
        span: Span,
        cond: Value,
        keys: &[Key],
        then: impl FnOnce(&mut Self) -> R<Flow>,
        other: impl FnOnce(&mut Self) -> R<Flow>,
    ) -> R<Flow> {
        let before = self.carried_values(keys, span)?;
        let types = self.types_of(&before);
        let saved = self.env.clone();
        self.at(span, |l| l.em.b.begin_if(cond, &types));
        self.branch(keys, span, then)?;
        self.env = saved.clone();
        self.em.b.begin_else();
        self.branch(keys, span, other)?;
        let results = self.em.b.end_if();
        self.env = saved;
        self.set_carried(keys, &results);
        // Even when both branches end in a terminator, the region itself does not: what follows
        // is unreachable but must still end its block properly, so the flow goes on.
        Ok(Flow::Normal)
    }

    /// One arm of a region: its statements, then a `yield` of the carried values unless a
    /// terminator ended it.
    fn branch(
        &mut self,
        keys: &[Key],
        span: Span,
        body: impl FnOnce(&mut Self) -> R<Flow>,
    ) -> R<Flow> {
        self.push_scope();
        let flow = body(self);
        self.pop_scope();
        let flow = flow?;
        if flow != Flow::Terminated {
            let values = self.carried_values(keys, span)?;
            self.em.b.yield_(&values);
        }
        Ok(flow)
    }

    fn if_stmt(
        &mut self,
        span: Span,
        cond: ExprId,
        then: &Stmt,
        otherwise: Option<&Stmt>,
    ) -> R<Flow> {
        let c = self.rvalue_vec(cond)?;
        // A constant condition lowers only the branch taken, as cgc drops the other first (the
        // checker lets a never-taken branch name things that do not exist).
        if let Some(known) = self.em.known(c) {
            return match (known.bits[0] != 0, otherwise) {
                (true, _) => self.stmt(then),
                (false, Some(o)) => self.stmt(o),
                (false, None) => Ok(Flow::Normal),
            };
        }
        let mut stmts = vec![then];
        stmts.extend(otherwise);
        let keys = self.carried(&stmts, &[]);
        self.region_if(
            span,
            c,
            &keys,
            |l| l.stmt(then),
            |l| match otherwise {
                Some(o) => l.stmt(o),
                None => Ok(Flow::Normal),
            },
        )
    }

    /// `for`, `while` and `do`-`while` as one IR loop.
    fn loop_stmt(
        &mut self,
        span: Span,
        cond: Option<ExprId>,
        next: LoopNext,
        body: &Stmt,
        test_at_end: bool,
    ) -> R<Flow> {
        let mut exprs: Vec<ExprId> = cond.into_iter().collect();
        if let LoopNext::Step(Some(step)) = next {
            exprs.push(step);
        }
        let keys = self.carried(&[body], &exprs);
        let init_values = self.carried_values(&keys, span)?;
        let types = self.types_of(&init_values);
        let params = self.at(span, |l| l.em.b.begin_loop(&init_values, &types));
        self.set_carried(&keys, &params);
        let ctx = LoopCtx {
            keys: keys.clone(),
            next,
        };
        if !test_at_end {
            if let Some(c) = cond {
                self.break_unless(c, &keys, span)?;
            }
        }
        self.targets.push(Target::Loop(ctx.clone()));
        let guard = self.frame().is_some_and(|f| f.flagged) && Self::contains_return(body);
        let flow = if guard {
            self.unless_returned(
                body.span,
                |l| l.block(std::slice::from_ref(body)).map(|_| ()),
                std::slice::from_ref(body),
            )
        } else {
            self.block(std::slice::from_ref(body))
        };
        self.targets.pop();
        let flow = flow?;
        if flow != Flow::Terminated {
            self.continue_loop(&ctx, span)?;
        }
        let results = self.em.b.end_loop();
        self.set_carried(&keys, &results);
        Ok(Flow::Normal)
    }

    /// `if (!cond) break` with the carried values.
    fn break_unless(&mut self, cond: ExprId, keys: &[Key], span: Span) -> R<()> {
        let c = self.rvalue_vec(cond)?;
        let stop = self.em.unary(Op::Not, c);
        let values = self.carried_values(keys, span)?;
        self.em.b.begin_if(stop, &[]);
        self.em.b.break_(&values);
        self.em.b.end_if();
        Ok(())
    }

    /// What `continue` (or the end of the body) does: the step or the `do` condition, then the
    /// next iteration.
    fn continue_loop(&mut self, ctx: &LoopCtx, span: Span) -> R<Flow> {
        match &ctx.next {
            LoopNext::Nothing | LoopNext::Step(None) => {}
            LoopNext::Step(Some(step)) => {
                self.expr(*step)?;
            }
            LoopNext::Condition(c) => self.break_unless(*c, &ctx.keys, span)?,
        }
        let values = self.carried_values(&ctx.keys, span)?;
        self.em.b.continue_(&values);
        Ok(Flow::Terminated)
    }

    fn switch_stmt(&mut self, span: Span, selector: ExprId, cases: &[SwitchCase]) -> R<Flow> {
        let sel = self.rvalue_vec(selector)?;
        let sel = self.em.cvt(sel, ScalarKind::Int);
        let all: Vec<&Stmt> = cases.iter().flat_map(|c| c.body.iter()).collect();
        let keys = self.carried(&all, &[]);
        let before = self.carried_values(&keys, span)?;
        let types = self.types_of(&before);
        let saved = self.env.clone();
        self.em.b.begin_switch(sel, &types);
        self.targets.push(Target::Switch);
        let mut has_default = false;
        let mut result = Ok(());
        for (i, case) in cases.iter().enumerate() {
            let is_default = case
                .labels
                .iter()
                .any(|l| matches!(l, CaseLabel::Default { .. }));
            if is_default {
                has_default = true;
                self.em.b.begin_default();
            } else {
                let values = self.case_values(case)?;
                self.em.b.begin_case(&values);
            }
            self.env = saved.clone();
            result = self
                .branch(&keys, case.span, |l| l.case_body(&cases[i..]))
                .map(|_| ());
            if result.is_err() {
                break;
            }
        }
        if result.is_ok() && !has_default {
            self.em.b.begin_default();
            self.env = saved.clone();
            result = self.branch(&keys, span, |_| Ok(Flow::Normal)).map(|_| ());
        }
        self.targets.pop();
        let results = self.em.b.end_switch();
        self.env = saved;
        result?;
        self.set_carried(&keys, &results);
        Ok(Flow::Normal)
    }

    fn case_values(&mut self, case: &SwitchCase) -> R<Vec<i32>> {
        let mut out = Vec::new();
        for label in &case.labels {
            if let CaseLabel::Case { value, span } = label {
                match self.prog.constants.get(value) {
                    Some(ConstValue::Int(v)) => out.push(*v as i32),
                    _ => return self.error(*span, "internal: a case label without a value"),
                }
            }
        }
        Ok(out)
    }

    /// A case group's statements, falling through into the next groups up to a `break`.
    fn case_body(&mut self, groups: &[SwitchCase]) -> R<Flow> {
        for group in groups {
            for s in &group.body {
                if matches!(s.kind, StmtKind::Break) {
                    return Ok(Flow::Normal);
                }
                let flow = self.stmt(s)?;
                if flow != Flow::Normal {
                    return Ok(flow);
                }
            }
        }
        Ok(Flow::Normal)
    }

    fn return_stmt(&mut self, span: Span, value: Option<ExprId>) -> R<Flow> {
        let Some(frame) = self.frame().cloned() else {
            return self.error(span, "internal: `return` outside a function");
        };
        let v = match value {
            Some(e) => Some(self.rvalue(e)?),
            None => None,
        };
        if frame.is_entry {
            self.store_outputs(v)?;
            self.em.b.ret();
            return Ok(Flow::Terminated);
        }
        self.inline_return(&frame, v)
    }

    fn inline_return(&mut self, frame: &Frame, v: Option<Val>) -> R<Flow> {
        if let Some(v) = v {
            self.env.insert(Key::Ret(frame.id), v);
        }
        if frame.flagged {
            let t = self.em.bool(true);
            self.env.insert(Key::Returned(frame.id), Val::Vec(t));
        }
        Ok(Flow::Returned)
    }
}
