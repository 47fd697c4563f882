//! If-conversion: turns a loop-free function into straight-line code, since fp30 has no branches.
//!
//! Both arms of every `if` and `switch` are evaluated; region results become `select`s on the arm's
//! condition. Effects are predicated instead of skipped:
//! * each output's value is tracked as one SSA vector; a `store` merges its components into it,
//!   through a `select` when the store is conditional; one `store` per output is emitted at the end,
//!   enabling the components some store may have written;
//! * `discard` ors its predicate into a kill condition, emitted at the end as `if %kill { discard }`
//!   (the only region left, which instruction selection turns into KIL);
//! * `return` ors its predicate into a "returned" condition that masks every later effect, and the
//!   rest of its block is dropped.
//!
//! Region results of an arm that returned are zero (as in the interpreter); no later effect can see
//! them for the fragments concerned. A `switch` becomes a chain on `eq` of its selector.

use super::emit::Emitter;
use crate::diag::error_at;
use pigment_diag::Diagnostic;
use pigment_ir::pass::Pass;
use pigment_ir::*;

/// Whether `kind` is the kill region predication leaves: `if %kill { discard }` (no else).
pub fn is_conditional_kill(kind: &InstKind) -> bool {
    match kind {
        InstKind::If {
            then_block,
            else_block,
            ..
        } => {
            else_block.insts.is_empty()
                && matches!(
                    then_block.insts.as_slice(),
                    [Inst {
                        kind: InstKind::Discard,
                        ..
                    }]
                )
        }
        _ => false,
    }
}

#[derive(Default)]
pub struct Predicate {
    pub errors: Vec<Diagnostic>,
}

impl Pass for Predicate {
    fn name(&self) -> &'static str {
        "predicate"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        let body = std::mem::take(&mut func.body);
        let outputs: Vec<Output> = func.outputs.iter().map(|(_, o)| o.clone()).collect();
        let mut state = State {
            em: Emitter::new(&mut func.values),
            outputs: vec![None; outputs.len()],
            written: vec![WriteMask(0); outputs.len()],
            output_types: outputs.iter().map(|o| o.ty).collect(),
            killed: None,
            returned: None,
            errors: Vec::new(),
        };
        state.block(&body, None);
        let insts = state.finish();
        let errors = std::mem::take(&mut self.errors);
        self.errors = errors;
        match insts {
            Ok(insts) => {
                func.body = Block { insts };
                true
            }
            Err(mut e) => {
                self.errors.append(&mut e);
                func.body = body;
                false
            }
        }
    }
}

struct State<'a> {
    em: Emitter<'a>,
    /// The current value of each output (full width), once something was stored.
    outputs: Vec<Option<Value>>,
    /// Components some store may have written.
    written: Vec<WriteMask>,
    output_types: Vec<Type>,
    /// Fragments that executed a `discard`.
    killed: Option<Value>,
    /// Fragments that executed a `return`.
    returned: Option<Value>,
    errors: Vec<Diagnostic>,
}

impl State<'_> {
    fn and(&mut self, a: Option<Value>, b: Option<Value>) -> Option<Value> {
        match (a, b) {
            (Some(a), Some(b)) => Some(self.em.op(Op::And, &[a, b])),
            (x, None) | (None, x) => x,
        }
    }

    /// `a or b` where `None` means false for both (an empty set of fragments).
    fn or_set(&mut self, set: Option<Value>, add: Value) -> Value {
        match set {
            Some(s) => self.em.op(Op::Or, &[s, add]),
            None => add,
        }
    }

    fn not(&mut self, a: Value) -> Value {
        self.em.op(Op::Not, &[a])
    }

    /// The condition under which an effect at `pred` happens: `pred` and not returned.
    fn effective(&mut self, pred: Option<Value>) -> Option<Value> {
        let alive = self.returned.map(|r| self.not(r));
        self.and(pred, alive)
    }

    fn truth(&mut self, cond: Option<Value>) -> Value {
        match cond {
            Some(c) => c,
            None => self.em.bool(true),
        }
    }

    /// Walks `block` executed under `pred` (None: always); returns its yield operands, if it yields.
    fn block(&mut self, block: &Block, pred: Option<Value>) -> Option<Vec<Value>> {
        for inst in &block.insts {
            self.em.loc = inst.loc;
            match &inst.kind {
                InstKind::Yield(vs) => return Some(vs.clone()),
                InstKind::Return => {
                    let eff = self.effective(pred);
                    let t = self.truth(eff);
                    self.returned = Some(self.or_set(self.returned, t));
                    return None;
                }
                InstKind::Discard => {
                    let eff = self.effective(pred);
                    let t = self.truth(eff);
                    self.killed = Some(self.or_set(self.killed, t));
                }
                InstKind::Store {
                    output,
                    mask,
                    value,
                } => self.store(output.index(), *mask, *value, pred),
                InstKind::If {
                    cond,
                    then_block,
                    else_block,
                } => {
                    let not_cond = self.not(*cond);
                    let arms = [(Some(*cond), then_block), (Some(not_cond), else_block)];
                    self.arms(inst, &arms, pred);
                }
                InstKind::Switch {
                    selector,
                    cases,
                    default,
                } => self.switch(inst, *selector, cases, default, pred),
                InstKind::Loop { .. } | InstKind::Break(_) | InstKind::Continue(_) => {
                    self.errors.push(error_at(
                        inst.loc,
                        "internal: a loop is left after unrolling",
                    ));
                }
                _ => self.em.out.push(inst.clone()),
            }
        }
        None
    }

    fn switch(
        &mut self,
        inst: &Inst,
        selector: Value,
        cases: &[SwitchCase],
        default: &Block,
        pred: Option<Value>,
    ) {
        let mut arms = Vec::new();
        let mut any: Option<Value> = None;
        for case in cases {
            let mut cond: Option<Value> = None;
            for &v in &case.values {
                let k = self.em.constant(Vector::ints(&[v]));
                let eq = self.em.op(Op::Eq, &[selector, k]);
                cond = Some(self.or_set(cond, eq));
            }
            if let Some(c) = cond {
                any = Some(self.or_set(any, c));
            }
            arms.push((cond, &case.body));
        }
        let none = any.map(|a| self.not(a));
        arms.push((none, default));
        self.arms(inst, &arms, pred);
    }

    /// Runs mutually exclusive arms (each with its condition) and merges their results.
    fn arms(&mut self, inst: &Inst, arms: &[(Option<Value>, &Block)], pred: Option<Value>) {
        let mut yields = Vec::new();
        for &(cond, block) in arms {
            let arm_pred = self.and(pred, cond);
            yields.push((cond, self.block(block, arm_pred)));
        }
        self.em.loc = inst.loc;
        for (i, &result) in inst.results.iter().enumerate() {
            let ty = self.em.ty(result);
            let mut merged: Option<Value> = None;
            // The last arm (else / default) is the base; earlier arms select over it.
            for (cond, yielded) in yields.iter().rev() {
                let v = match yielded {
                    Some(vs) => vs[i],
                    None => self.em.constant(Vector::zero(ty)),
                };
                merged = Some(match (merged, cond) {
                    (None, _) | (_, None) => v,
                    (Some(base), Some(c)) if base != v => {
                        let c = self.em.splat(*c, ty.width);
                        self.em.op(Op::Select, &[c, v, base])
                    }
                    (Some(base), Some(_)) => base,
                });
            }
            // Keep the region result's own handle so its uses need no renaming.
            let swizzle = Swizzle::prefix(ty.width).unwrap_or(Swizzle::X);
            let value = merged.unwrap_or_else(|| self.em.constant(Vector::zero(ty)));
            self.em.op_into(Op::Swizzle(swizzle), &[value], result);
        }
    }

    fn store(&mut self, output: usize, mask: WriteMask, value: Value, pred: Option<Value>) {
        let ty = self.output_types[output];
        let old = match self.outputs[output] {
            Some(v) => v,
            None => self.em.constant(Vector::zero(ty)),
        };
        let merged = self.merge(old, value, mask, ty.width);
        let eff = self.effective(pred);
        let new = match eff {
            None => merged,
            Some(c) => {
                let c = self.em.splat(c, ty.width);
                self.em.op(Op::Select, &[c, merged, old])
            }
        };
        self.outputs[output] = Some(new);
        self.written[output].0 |= mask.0;
    }

    /// `old` with the components enabled by `mask` replaced by `value`'s, in order.
    fn merge(&mut self, old: Value, value: Value, mask: WriteMask, width: u8) -> Value {
        if mask == WriteMask::all(width) {
            return value;
        }
        let mut sources = Vec::new();
        let mut next = 0u8;
        for c in 0..width {
            if mask.enabled(c as usize) {
                sources.push((value, next));
                next += 1;
            } else {
                sources.push((old, c));
            }
        }
        let mut parts = Vec::new();
        for run in sources.chunk_by(|a, b| a.0 == b.0) {
            let comps: Vec<u8> = run.iter().map(|s| s.1).collect();
            parts.push(self.em.swizzle(run[0].0, &comps));
        }
        if parts.len() == 1 {
            parts[0]
        } else {
            self.em.op(Op::Construct, &parts)
        }
    }

    /// The final stores and kill.
    fn finish(mut self) -> Result<Vec<Inst>, Vec<Diagnostic>> {
        self.em.loc = None;
        for o in 0..self.outputs.len() {
            let Some(v) = self.outputs[o] else { continue };
            let mask = self.written[o];
            let comps: Vec<u8> = mask.components().map(|c| c as u8).collect();
            let width = self.output_types[o].width;
            let value = if mask == WriteMask::all(width) {
                v
            } else {
                self.em.swizzle(v, &comps)
            };
            self.em.push(InstKind::Store {
                output: Handle::from_index(o),
                mask,
                value,
            });
        }
        if let Some(k) = self.killed {
            let discard = Inst {
                kind: InstKind::Discard,
                results: Vec::new(),
                loc: None,
            };
            self.em.push(InstKind::If {
                cond: k,
                then_block: Block {
                    insts: vec![discard],
                },
                else_block: Block::new(),
            });
        }
        if self.errors.is_empty() {
            Ok(self.em.out)
        } else {
            Err(self.errors)
        }
    }
}
