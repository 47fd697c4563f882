//! Full loop unrolling (fp30 has no branches). The pass walks the function with constant propagation:
//! every loop runs symbolically, one copy of its body per iteration, with the parameters bound to the
//! values of the previous iteration; conditions that constant propagation decides (`if`, `switch`) are
//! replaced by the arm taken. A loop whose exit is decided only at run time (a `break` or `continue`
//! under a condition that is not a constant) or that does not end within the iteration limit is an
//! error, like cgc's C5013, at the loop's location.
//!
//! Side effects: operations on constants are folded (with the interpreter's [`eval`]); run-time
//! uniform indices that become constants become constant indices (clamped as the IR says).
//! `if`/`switch` regions with run-time conditions are kept for the predication pass; a `return` stays
//! where it is, and what follows an unconditional `return` is dropped.

use crate::diag::not_unrollable;
use pigment_diag::Diagnostic;
use pigment_ir::eval::eval;
use pigment_ir::pass::Pass;
use pigment_ir::*;
use std::collections::{HashMap, HashSet};

/// The unrolling pass; errors are collected in `errors` (the function is then left unchanged).
pub struct Unroll {
    pub errors: Vec<Diagnostic>,
    /// Iterations one loop may take before it counts as not unrollable.
    pub max_iterations: u32,
}

impl Default for Unroll {
    fn default() -> Self {
        Unroll {
            errors: Vec::new(),
            max_iterations: 1024,
        }
    }
}

impl Pass for Unroll {
    fn name(&self) -> &'static str {
        "unroll"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        let original = func.body.clone();
        let mut walk = Walk {
            values: &mut func.values,
            uniforms: &func.uniforms,
            subst: HashMap::new(),
            consts: HashMap::new(),
            defined: HashSet::new(),
            loops: Vec::new(),
            max_iterations: self.max_iterations,
        };
        let mut out = Vec::new();
        match walk.block(&original, &mut out) {
            Ok(_) => {
                let body = Block { insts: out };
                let changed = body != original;
                func.body = body;
                changed
            }
            Err(e) => {
                self.errors.push(e);
                false
            }
        }
    }
}

/// How a block ended.
enum Flow {
    /// Fell off its end.
    Next,
    Yield(Vec<Value>),
    Break(Vec<Value>),
    Continue(Vec<Value>),
    /// An unconditional `return` (already emitted).
    Return,
}

struct Walk<'a> {
    values: &'a mut Arena<ValueInfo>,
    uniforms: &'a Arena<Uniform>,
    /// Original value → the value standing for it in the output.
    subst: HashMap<Value, Value>,
    /// Output values known to be constants.
    consts: HashMap<Value, Vector>,
    /// Values already defined in the output (a second definition gets a fresh value).
    defined: HashSet<Value>,
    /// Locations of the loops being unrolled, innermost last.
    loops: Vec<Option<SourceLoc>>,
    max_iterations: u32,
}

type Walked<T> = Result<T, Diagnostic>;

impl Walk<'_> {
    fn map(&self, v: Value) -> Value {
        self.subst.get(&v).copied().unwrap_or(v)
    }

    fn map_all(&self, vs: &[Value]) -> Vec<Value> {
        vs.iter().map(|&v| self.map(v)).collect()
    }

    /// The output value for a definition of `v`: `v` itself the first time, a fresh copy afterwards.
    fn define(&mut self, v: Value) -> Value {
        let out = if self.defined.insert(v) {
            v
        } else {
            let ty = self.values[v].ty;
            let fresh = self.values.append(ValueInfo { ty });
            self.defined.insert(fresh);
            fresh
        };
        self.subst.insert(v, out);
        out
    }

    fn bind(&mut self, results: &[Value], to: &[Value]) {
        for (&r, &v) in results.iter().zip(to) {
            self.subst.insert(r, v);
        }
    }

    fn const_bool(&self, v: Value) -> Option<bool> {
        self.consts.get(&v).map(|c| c.bool(0))
    }

    fn block(&mut self, block: &Block, out: &mut Vec<Inst>) -> Walked<Flow> {
        for inst in &block.insts {
            let flow = match &inst.kind {
                InstKind::Yield(vs) => Flow::Yield(self.map_all(vs)),
                InstKind::Break(vs) => Flow::Break(self.map_all(vs)),
                InstKind::Continue(vs) => Flow::Continue(self.map_all(vs)),
                InstKind::Return => {
                    out.push(inst.clone());
                    Flow::Return
                }
                InstKind::If { .. } | InstKind::Switch { .. } => self.branch(inst, out)?,
                InstKind::Loop { params, init, body } => {
                    self.unroll(inst, params, init, body, out)?
                }
                _ => {
                    self.simple(inst, out);
                    Flow::Next
                }
            };
            if !matches!(flow, Flow::Next) {
                return Ok(flow);
            }
        }
        Ok(Flow::Next)
    }

    /// A pure instruction, store or discard: operands renamed, constants folded.
    fn simple(&mut self, inst: &Inst, out: &mut Vec<Inst>) {
        let mut kind = inst.kind.clone();
        kind.map_operands(&mut |v| self.map(v));
        match &mut kind {
            InstKind::Op { op, args } if !op.is_derivative() => {
                let operands: Option<Vec<Vector>> =
                    args.iter().map(|a| self.consts.get(a).copied()).collect();
                if let Some(v) = operands.and_then(|ops| eval(*op, &ops)) {
                    kind = InstKind::Const(v);
                }
            }
            InstKind::LoadUniform {
                uniform,
                index: Some(index @ UniformIndex::Dynamic(_)),
            } => {
                if let UniformIndex::Dynamic(v) = *index {
                    if let Some(c) = self.consts.get(&v) {
                        let len = self.uniforms[*uniform].array_len.unwrap_or(1);
                        *index = UniformIndex::Const(c.i32(0).clamp(0, len as i32 - 1) as u32);
                    }
                }
            }
            _ => {}
        }
        let results: Vec<Value> = inst.results.iter().map(|&r| self.define(r)).collect();
        if let (InstKind::Const(c), [r]) = (&kind, results.as_slice()) {
            self.consts.insert(*r, *c);
        }
        out.push(Inst {
            kind,
            results,
            loc: inst.loc,
        });
    }

    /// `if` / `switch`: the arm taken when the condition is a constant, else the region with each arm
    /// walked (no loop control may leave a run-time arm).
    fn branch(&mut self, inst: &Inst, out: &mut Vec<Inst>) -> Walked<Flow> {
        let taken: Option<&Block> = match &inst.kind {
            InstKind::If {
                cond,
                then_block,
                else_block,
            } => self
                .const_bool(self.map(*cond))
                .map(|c| if c { then_block } else { else_block }),
            InstKind::Switch {
                selector,
                cases,
                default,
            } => self.consts.get(&self.map(*selector)).map(|s| {
                cases
                    .iter()
                    .find(|c| c.values.contains(&s.i32(0)))
                    .map_or(default, |c| &c.body)
            }),
            _ => None,
        };
        if let Some(arm) = taken {
            return Ok(match self.block(arm, out)? {
                Flow::Yield(vs) => {
                    self.bind(&inst.results, &vs);
                    Flow::Next
                }
                flow => flow,
            });
        }
        let mut kind = inst.kind.clone();
        kind.map_operands(&mut |v| self.map(v));
        for arm in kind.blocks_mut() {
            let mut arm_out = Vec::new();
            match self.block(arm, &mut arm_out)? {
                Flow::Yield(vs) => arm_out.push(Inst {
                    kind: InstKind::Yield(vs),
                    results: Vec::new(),
                    loc: arm.insts.last().and_then(|i| i.loc),
                }),
                Flow::Break(_) | Flow::Continue(_) => {
                    let loop_loc = self.loops.last().copied().flatten();
                    return Err(not_unrollable(
                        loop_loc,
                        "whether it goes on is decided by a condition known only at run time",
                    ));
                }
                Flow::Next | Flow::Return => {}
            }
            arm.insts = arm_out;
        }
        let results = inst.results.iter().map(|&r| self.define(r)).collect();
        out.push(Inst {
            kind,
            results,
            loc: inst.loc,
        });
        Ok(Flow::Next)
    }

    fn unroll(
        &mut self,
        inst: &Inst,
        params: &[Value],
        init: &[Value],
        body: &Block,
        out: &mut Vec<Inst>,
    ) -> Walked<Flow> {
        let mut current = self.map_all(init);
        self.loops.push(inst.loc);
        for _ in 0..self.max_iterations {
            self.bind(params, &current);
            match self.block(body, out)? {
                Flow::Next => current = Vec::new(),
                Flow::Continue(vs) => current = vs,
                Flow::Break(vs) => {
                    self.loops.pop();
                    self.bind(&inst.results, &vs);
                    return Ok(Flow::Next);
                }
                Flow::Return => {
                    self.loops.pop();
                    return Ok(Flow::Return);
                }
                // A yield directly in a loop body is invalid IR (the verifier refuses it).
                Flow::Yield(_) => current = Vec::new(),
            }
        }
        Err(not_unrollable(
            inst.loc,
            &format!("it did not end within {} iterations", self.max_iterations),
        ))
    }
}
