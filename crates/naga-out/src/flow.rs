//! The body: instructions in order, structured control flow (if / loop / switch), stores to
//! outputs, `discard` and `return`.

use crate::lower::{LResult, LoopCtx, Lowerer};
use naga::{Block as NBlock, Expression, Handle, Literal, LocalVariable, Span, Statement};
use pigment_ir::{Block, Inst, InstKind, SwitchCase, Type, Value, WriteMask};

impl Lowerer<'_> {
    pub(crate) fn block(&mut self, block: &Block, b: &mut NBlock) -> LResult<()> {
        for inst in &block.insts {
            self.inst(inst, b)?;
        }
        Ok(())
    }

    fn set_span(&mut self, inst: &Inst) {
        self.span = match inst.loc {
            Some(loc) => {
                self.locs.push(loc);
                let i = self.locs.len() as u32;
                Span::new(i, i + 1)
            }
            None => Span::UNDEFINED,
        };
    }

    fn define(&mut self, v: Value, e: Handle<Expression>) {
        self.values[v.index()] = Some(e);
    }

    fn inst(&mut self, inst: &Inst, b: &mut NBlock) -> LResult<()> {
        self.set_span(inst);
        let one = |s: &Self| {
            inst.result()
                .ok_or_else(|| s.error("instruction without its result"))
        };
        match &inst.kind {
            InstKind::Const(v) => {
                let r = one(self)?;
                let e = self.constant(v, b);
                self.define(r, e);
            }
            InstKind::Op { op, args } => {
                let r = one(self)?;
                let e = self.op_in_kind(*op, args, self.ir.ty(r), b)?;
                self.define(r, e);
            }
            InstKind::LoadInput(i) => {
                let r = one(self)?;
                let e = self.inputs[i.index()].ok_or_else(|| self.error("input not declared"))?;
                self.define(r, e);
            }
            InstKind::LoadUniform { uniform, index } => {
                let r = one(self)?;
                let e = self.load_uniform(*uniform, *index, b)?;
                self.define(r, e);
            }
            InstKind::Sample {
                sampler,
                form,
                coord,
            } => {
                let r = one(self)?;
                let e = self.sample(*sampler, *form, *coord, b)?;
                self.define(r, e);
            }
            InstKind::Store {
                output,
                mask,
                value,
            } => self.store(output.index(), *mask, *value, b)?,
            InstKind::Discard => {
                let flag = self
                    .discarded
                    .ok_or_else(|| self.error("`discard` in a vertex function"))?;
                let t = self.push(Expression::Literal(Literal::Bool(true)), b);
                self.store_local(flag, t, b);
            }
            InstKind::If {
                cond,
                then_block,
                else_block,
            } => {
                let c = self.value(*cond)?;
                let results = self.region_results(&inst.results, b);
                self.regions.push(results.clone());
                let accept = self.sub_block(then_block)?;
                let reject = self.sub_block(else_block)?;
                self.regions.pop();
                b.push(
                    Statement::If {
                        condition: c,
                        accept,
                        reject,
                    },
                    self.span,
                );
                self.load_results(&inst.results, &results, b);
            }
            InstKind::Switch {
                selector,
                cases,
                default,
            } => self.switch(inst, *selector, cases, default, b)?,
            InstKind::Loop { params, init, body } => {
                self.lower_loop(inst, params, init, body, b)?
            }
            InstKind::Yield(vs) => {
                let targets = self
                    .regions
                    .last()
                    .cloned()
                    .ok_or_else(|| self.error("`yield` outside a region"))?;
                self.store_all(&targets, vs, b)?;
            }
            InstKind::Break(vs) => self.leave(vs, true, b)?,
            InstKind::Continue(vs) => self.leave(vs, false, b)?,
            InstKind::Return => self.finish(b),
        }
        Ok(())
    }

    fn sub_block(&mut self, block: &Block) -> LResult<NBlock> {
        let mut nb = NBlock::new();
        self.block(block, &mut nb)?;
        Ok(nb)
    }

    /// One local variable per region result.
    fn region_results(&mut self, results: &[Value], b: &mut NBlock) -> Vec<Handle<LocalVariable>> {
        results
            .iter()
            .map(|&r| self.local("result", self.ir.ty(r), b))
            .collect()
    }

    fn load_results(&mut self, results: &[Value], vars: &[Handle<LocalVariable>], b: &mut NBlock) {
        for (&r, &v) in results.iter().zip(vars) {
            let e = self.load_local(v, b);
            self.define(r, e);
        }
    }

    fn store_all(
        &mut self,
        vars: &[Handle<LocalVariable>],
        vs: &[Value],
        b: &mut NBlock,
    ) -> LResult<()> {
        for (&var, &v) in vars.iter().zip(vs) {
            let e = self.value(v)?;
            self.store_local(var, e, b);
        }
        Ok(())
    }

    /// `store $out.mask, %v`: component by component into the output's variable.
    fn store(&mut self, out: usize, mask: WriteMask, value: Value, b: &mut NBlock) -> LResult<()> {
        let var = self.outputs[out];
        let width = self
            .ir
            .outputs
            .iter()
            .nth(out)
            .map_or(1, |(_, o)| o.ty.width);
        let vw = self.ir.ty(value).width;
        let v = self.value(value)?;
        let base = self.push(Expression::LocalVariable(var), b);
        if mask == WriteMask::all(width) && vw == width {
            b.push(
                Statement::Store {
                    pointer: base,
                    value: v,
                },
                self.span,
            );
            return Ok(());
        }
        for (k, c) in mask.components().enumerate() {
            let pointer = if width == 1 {
                base
            } else {
                self.push(
                    Expression::AccessIndex {
                        base,
                        index: c as u32,
                    },
                    b,
                )
            };
            let value = self.component(v, vw, k as u32, b);
            b.push(Statement::Store { pointer, value }, self.span);
        }
        Ok(())
    }

    /// The end of the program: a discarded fragment is killed, else the outputs are returned.
    pub(crate) fn finish(&mut self, b: &mut NBlock) {
        if let Some(flag) = self.discarded {
            let d = self.load_local(flag, b);
            let mut kill = NBlock::new();
            kill.push(Statement::Kill, self.span);
            b.push(
                Statement::If {
                    condition: d,
                    accept: kill,
                    reject: NBlock::new(),
                },
                self.span,
            );
        }
        let value = self.result.clone().map(|(ty, members)| {
            let components = members.iter().map(|m| self.member_value(m, b)).collect();
            self.push(Expression::Compose { ty, components }, b)
        });
        b.push(Statement::Return { value }, self.span);
    }

    fn switch(
        &mut self,
        inst: &Inst,
        selector: Value,
        cases: &[SwitchCase],
        default: &Block,
        b: &mut NBlock,
    ) -> LResult<()> {
        let sel = self.value(selector)?;
        let results = self.region_results(&inst.results, b);
        if let Some(l) = self.loops.last_mut() {
            l.switch_depth += 1;
        }
        self.regions.push(results.clone());
        let mut ncases = Vec::new();
        for case in cases {
            let body = self.sub_block(&case.body)?;
            let last = case.values.len() - 1;
            for (i, &v) in case.values.iter().enumerate() {
                ncases.push(naga::SwitchCase {
                    value: naga::SwitchValue::I32(v),
                    body: if i == last {
                        body.clone()
                    } else {
                        NBlock::new()
                    },
                    fall_through: i != last,
                });
            }
        }
        let body = self.sub_block(default)?;
        ncases.push(naga::SwitchCase {
            value: naga::SwitchValue::Default,
            body,
            fall_through: false,
        });
        self.regions.pop();
        b.push(
            Statement::Switch {
                selector: sel,
                cases: ncases,
            },
            self.span,
        );
        let depth = self.loops.last_mut().map(|l| {
            l.switch_depth -= 1;
            l.switch_depth
        });
        if let (Some(depth), Some(pending)) = (depth, self.pending) {
            self.after_switch(pending, depth, b);
        }
        self.load_results(&inst.results, &results, b);
        Ok(())
    }

    /// Acts on a `break` / `continue` that left the switch just ended: passes it out of an
    /// enclosing switch, or performs it on the loop.
    fn after_switch(&mut self, pending: Handle<LocalVariable>, depth: u32, b: &mut NBlock) {
        let code = self.load_local(pending, b);
        if depth > 0 {
            let zero = self.push(Expression::Literal(Literal::I32(0)), b);
            let set = self.binary(naga::BinaryOperator::NotEqual, code, zero, b);
            let mut out = NBlock::new();
            out.push(Statement::Break, self.span);
            b.push(
                Statement::If {
                    condition: set,
                    accept: out,
                    reject: NBlock::new(),
                },
                self.span,
            );
            return;
        }
        for (k, stmt) in [(1, Statement::Break), (2, Statement::Continue)] {
            let lit = self.push(Expression::Literal(Literal::I32(k)), b);
            let is = self.binary(naga::BinaryOperator::Equal, code, lit, b);
            let mut act = NBlock::new();
            let zero = self.push(Expression::Literal(Literal::I32(0)), &mut act);
            self.store_local(pending, zero, &mut act);
            act.push(stmt, self.span);
            b.push(
                Statement::If {
                    condition: is,
                    accept: act,
                    reject: NBlock::new(),
                },
                self.span,
            );
        }
    }

    fn lower_loop(
        &mut self,
        inst: &Inst,
        params: &[Value],
        init: &[Value],
        body: &Block,
        b: &mut NBlock,
    ) -> LResult<()> {
        let pvars: Vec<_> = params
            .iter()
            .map(|&p| self.local("param", self.ir.ty(p), b))
            .collect();
        self.store_all(&pvars, init, b)?;
        let results = self.region_results(&inst.results, b);
        self.loops.push(LoopCtx {
            params: pvars.clone(),
            results: results.clone(),
            switch_depth: 0,
        });
        let mut nb = NBlock::new();
        self.load_results(params, &pvars, &mut nb);
        self.block(body, &mut nb)?;
        self.loops.pop();
        b.push(
            Statement::Loop {
                body: nb,
                continuing: NBlock::new(),
                break_if: None,
            },
            self.span,
        );
        self.load_results(&inst.results, &results, b);
        Ok(())
    }

    /// `break` (`is_break`) or `continue` with its operands.
    fn leave(&mut self, vs: &[Value], is_break: bool, b: &mut NBlock) -> LResult<()> {
        let ctx = self
            .loops
            .last()
            .ok_or_else(|| self.error("`break`/`continue` outside a loop"))?;
        let vars = if is_break {
            ctx.results.clone()
        } else {
            ctx.params.clone()
        };
        let in_switch = ctx.switch_depth > 0;
        // Operands are read before any is stored: a `continue %b, %a` swaps.
        let values = self.value_list(vs)?;
        for (&var, e) in vars.iter().zip(values) {
            self.store_local(var, e, b);
        }
        if in_switch {
            let pending = match self.pending {
                Some(p) => p,
                None => self.pending_var(),
            };
            let code = self.push(
                Expression::Literal(Literal::I32(if is_break { 1 } else { 2 })),
                b,
            );
            self.store_local(pending, code, b);
            b.push(Statement::Break, self.span);
        } else {
            b.push(
                if is_break {
                    Statement::Break
                } else {
                    Statement::Continue
                },
                self.span,
            );
        }
        Ok(())
    }

    /// The `pending` variable, declared (zero) at the top of the function body on first use.
    fn pending_var(&mut self) -> Handle<LocalVariable> {
        let mut top = NBlock::new();
        let v = self.local("pending", Type::INT, &mut top);
        self.prologue.extend_block(top);
        self.pending = Some(v);
        v
    }
}
