//! Calls. User functions are inlined (fp30 has no calls, and the checker has rejected recursion):
//! arguments are copied into the parameters, `out` and `inout` parameters are copied back into
//! their arguments after the body (evaluated as places before it), default arguments come from the
//! declaration. A member function sees its object as `this`, a copy. Standard-library calls go to
//! `stdlib/`.

use super::stmt::Flow;
use super::val::Val;
use super::{Frame, Key, Lowerer, R};
use crate::check::types::Type as CgType;
use crate::check::{Callee, FunctionId, Resolution};
use crate::syntax::ast::{ExprId, ExprKind, Span, Stmt, StmtKind};

impl Lowerer<'_> {
    pub(super) fn call(
        &mut self,
        e: ExprId,
        callee: ExprId,
        args: &[ExprId],
        span: Span,
    ) -> R<Val> {
        let Some(Resolution::Call { callee: target, .. }) = self.prog.resolutions.get(&e).cloned()
        else {
            return self.error(span, "internal: unresolved call");
        };
        match target {
            Callee::User(f) => {
                let this = match &self.unit.exprs[callee].kind {
                    ExprKind::Member { base, .. } => Some(self.expr(*base)?),
                    // A sibling member function called by name shares the object.
                    _ if self.prog.function(f).owner.is_some() => {
                        let key = self.frame().map(|fr| Key::This(fr.id));
                        key.and_then(|k| self.env.get(&k).cloned())
                    }
                    _ => None,
                };
                self.inline(f, args, this, span)
            }
            Callee::Builtin(b) => self.builtin(b, args, span),
        }
    }

    fn inline(&mut self, f: FunctionId, args: &[ExprId], this: Option<Val>, span: Span) -> R<Val> {
        let prog = self.prog;
        let func = prog.function(f);
        let Some(body) = func.body.as_ref() else {
            return self.error(
                span,
                format!("`{}` is declared but never defined", func.name),
            );
        };
        let mut params = Vec::new();
        let mut copy_back = Vec::new();
        for (i, &p) in func.params.iter().enumerate() {
            let var = prog.var(p);
            let value = match args.get(i) {
                Some(&a) => {
                    if var.direction.is_output() {
                        let place = self.place(a)?;
                        copy_back.push((p, place, self.type_of(a)));
                    }
                    if var.direction.is_input() {
                        self.rvalue(a)?
                    } else {
                        self.zero_of(&var.ty, span)?
                    }
                }
                None => match var.init {
                    Some(default) => self.initializer(default, &var.ty)?,
                    None => return self.error(span, "internal: a missing argument"),
                },
            };
            params.push((p, value));
        }
        let id = self.new_frame_id();
        let flagged = needs_flag(&body.stmts);
        let saved_targets = std::mem::take(&mut self.targets);
        self.frames.push(Frame {
            id,
            is_entry: false,
            flagged,
        });
        self.push_scope();
        let result = self.inline_body(id, &func.ret, flagged, params, this, &body.stmts, span);
        let outs: Vec<Option<Val>> = copy_back
            .iter()
            .map(|(p, _, _)| self.env.get(&Key::Var(*p)).cloned())
            .collect();
        self.pop_scope();
        self.frames.pop();
        self.targets = saved_targets;
        let result = result?;
        for ((p, place, arg_ty), value) in copy_back.into_iter().zip(outs) {
            let Some(value) = value else {
                return self.error(span, "internal: an `out` parameter lost its value");
            };
            let param_ty = prog.var(p).ty.clone();
            let value = self.convert(value, &param_ty, &arg_ty, span)?;
            self.write_place(&place, value, span)?;
        }
        Ok(result)
    }

    #[allow(clippy::too_many_arguments)]
    fn inline_body(
        &mut self,
        id: u32,
        ret: &CgType,
        flagged: bool,
        params: Vec<(crate::check::VarId, Val)>,
        this: Option<Val>,
        body: &[Stmt],
        span: Span,
    ) -> R<Val> {
        for (p, v) in params {
            self.declare(Key::Var(p), v);
        }
        if *ret != CgType::Void {
            let zero = self.zero_of(ret, span)?;
            self.declare(Key::Ret(id), zero);
        }
        if flagged {
            let no = self.em.bool(false);
            self.declare(Key::Returned(id), Val::Vec(no));
        }
        if let Some(t) = this {
            self.declare(Key::This(id), t);
        }
        let flow = self.block(body)?;
        debug_assert!(
            flow != Flow::Terminated,
            "break/continue cannot leave a function"
        );
        Ok(self
            .env
            .get(&Key::Ret(id))
            .cloned()
            .unwrap_or(Val::Struct(Vec::new())))
    }
}

/// True unless every `return` of the body is its last top-level statement.
fn needs_flag(body: &[Stmt]) -> bool {
    let total: usize = body.iter().map(count_returns).sum();
    let tail = matches!(body.last().map(|s| &s.kind), Some(StmtKind::Return(_)));
    total > usize::from(tail)
}

fn count_returns(s: &Stmt) -> usize {
    match &s.kind {
        StmtKind::Return(_) => 1,
        StmtKind::Block(b) => b.stmts.iter().map(count_returns).sum(),
        StmtKind::If {
            then, otherwise, ..
        } => count_returns(then) + otherwise.as_deref().map_or(0, count_returns),
        StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::For { body, .. } => count_returns(body),
        StmtKind::Switch { cases, .. } => cases
            .iter()
            .flat_map(|c| c.body.iter())
            .map(count_returns)
            .sum(),
        _ => 0,
    }
}
