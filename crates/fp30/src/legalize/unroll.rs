//! Full loop unrolling (fp30 has no branches). The pass walks the function with constant propagation:
//! every loop runs symbolically, one copy of its body per iteration, with the parameters bound to the
//! values of the previous iteration; conditions that constant propagation decides (`if`, `switch`) are
//! replaced by the arm taken. A loop whose exit is decided only at run time (a `break` or `continue`
//! under a condition that is not a constant) or that does not end within the iteration limit is an
//! error, like cgc's C5013, at the loop's location.
//!
//! Side effects: operations on constants are folded (with the interpreter's `eval`); run-time
//! uniform indices that become constants become constant indices (clamped as the IR says).
//! `if`/`switch` regions with run-time conditions are kept for the predication pass; a `return` stays
//! where it is, and what follows an unconditional `return` is dropped.
//!
//! Constants are not written where they are computed (loop counters and the indices they feed fold
//! by the hundred thousand in large programs): a `const` is written, under a fresh value, just
//! before each instruction that reads one, and CSE merges the copies afterwards.
//!
//! The work is bounded: every instruction the walk visits (written or folded) counts against
//! [`Unroll::max_steps`], so nested loops whose unrolled form could never fit in a program (fp30
//! holds 1024 instructions) are refused at the outermost loop as soon as the count passes the
//! budget, rather than after the whole product of their trip counts has been walked.

use crate::diag::not_unrollable;
use pigment_diag::Diagnostic;
use pigment_ir::eval::eval;
use pigment_ir::pass::{fold_boolean, Folded, Pass};
use pigment_ir::*;
use std::collections::HashMap;

/// The unrolling pass; errors are collected in `errors` (the function is then left unchanged).
pub struct Unroll {
    pub errors: Vec<Diagnostic>,
    /// Iterations one loop may take before it counts as not unrollable.
    pub max_iterations: u32,
    /// Instructions the walk may visit before the loop being unrolled is refused.
    pub max_steps: usize,
    /// Instructions visited by the last run (for tests: the work done before a refusal).
    pub steps: usize,
}

/// The default [`Unroll::max_steps`]: a thousand times what an fp30 program holds, room for the
/// constant arithmetic of loop counters and array indices that folds away (the largest program of
/// libretro's collection takes about 300,000), and a bound of well under a second of work.
pub const MAX_UNROLL_STEPS: usize = 1024 * 1024;

impl Default for Unroll {
    fn default() -> Self {
        Unroll {
            errors: Vec::new(),
            max_iterations: 1024,
            max_steps: MAX_UNROLL_STEPS,
            steps: 0,
        }
    }
}

impl Pass for Unroll {
    fn name(&self) -> &'static str {
        "unroll"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        // Taken, not copied (the walk writes a new body): a copy was the pass's largest allocation.
        let original = std::mem::take(&mut func.body);
        let n = func.values.len();
        let mut walk = Walk {
            values: &mut func.values,
            uniforms: &func.uniforms,
            subst: DenseMap::with_capacity(n),
            consts: Consts::with_capacity(n),
            defined: DenseMap::with_capacity(n),
            loops: Vec::new(),
            max_iterations: self.max_iterations,
            budget: self.max_steps,
            steps: 0,
        };
        let mut out = Vec::new();
        let walked = walk.block(&original, &mut out);
        self.steps = walk.steps;
        match walked {
            Ok(_) => {
                let body = Block { insts: out };
                let changed = body != original;
                func.body = body;
                changed
            }
            Err(e) => {
                func.body = original;
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
    subst: DenseMap<ValueInfo, Value>,
    /// Output values known to be constants, with the location of the instruction that made each
    /// (where an error about the constant points).
    consts: Consts,
    /// Values already defined in the output (a second definition gets a fresh value).
    defined: DenseMap<ValueInfo, ()>,
    /// Locations of the loops being unrolled, innermost last.
    loops: Vec<Option<SourceLoc>>,
    max_iterations: u32,
    /// Instructions the walk may visit ([`Unroll::max_steps`]).
    budget: usize,
    /// Instructions visited so far.
    steps: usize,
}

type Walked<T> = Result<T, Diagnostic>;

/// The constants the walk knows. Unrolling folds hundreds of thousands of instructions to
/// constants (crt-royale's geometry pass) but few distinct ones, so each distinct constant (with
/// the location of the instruction that made it, where an error about it points) stands for all
/// of them under one value of its own, made once ([`Consts::value`]): a folded instruction's
/// result is renamed to it rather than given a fresh value (and per-value table entries) of its
/// own. That value is never written: a reader gets a `const` of its own ([`Walk::write`]).
struct Consts {
    /// By value: its entry in `table`, `NOT_CONSTANT` for a value that is none.
    index: Vec<u32>,
    table: Vec<(Vector, Option<SourceLoc>)>,
    distinct: HashMap<(Vector, Option<SourceLoc>), Value>,
}

/// The index of a value that is not a known constant.
const NOT_CONSTANT: u32 = u32::MAX;

impl Consts {
    fn with_capacity(n: usize) -> Consts {
        Consts {
            index: vec![NOT_CONSTANT; n],
            table: Vec::new(),
            distinct: HashMap::new(),
        }
    }

    /// The value standing for `entry`, made in `values` the first time.
    fn value(
        &mut self,
        entry: (Vector, Option<SourceLoc>),
        values: &mut Arena<ValueInfo>,
    ) -> Value {
        if let Some(&v) = self.distinct.get(&entry) {
            return v;
        }
        let v = values.append(ValueInfo { ty: entry.0.ty });
        if v.index() >= self.index.len() {
            self.index.resize(v.index() + 1, NOT_CONSTANT);
        }
        self.index[v.index()] = self.table.len() as u32;
        self.table.push(entry);
        self.distinct.insert(entry, v);
        v
    }

    fn get(&self, v: Value) -> Option<(Vector, Option<SourceLoc>)> {
        match self.index.get(v.index()) {
            Some(&k) if k != NOT_CONSTANT => Some(self.table[k as usize]),
            _ => None,
        }
    }

    fn contains_key(&self, v: Value) -> bool {
        self.index
            .get(v.index())
            .is_some_and(|&k| k != NOT_CONSTANT)
    }
}

impl Walk<'_> {
    fn map(&self, v: Value) -> Value {
        self.subst.copied(v).unwrap_or(v)
    }

    fn map_all(&self, vs: &[Value]) -> Vec<Value> {
        vs.iter().map(|&v| self.map(v)).collect()
    }

    /// The output value for a definition of `v`: `v` itself the first time, a fresh copy afterwards.
    fn define(&mut self, v: Value) -> Value {
        let out = if self.defined.insert(v, ()).is_none() {
            v
        } else {
            let ty = self.values[v].ty;
            let fresh = self.values.append(ValueInfo { ty });
            self.defined.insert(fresh, ());
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

    /// Counts one visited instruction; past the budget, the outermost loop being unrolled is
    /// refused (straight-line code outside loops is never refused: it is the program as written).
    fn count(&mut self) -> Walked<()> {
        self.steps += 1;
        match self.loops.first() {
            Some(&outer) if self.steps > self.budget => Err(not_unrollable(
                outer,
                &format!(
                    "unrolling it takes more than {} instructions (fp30 programs hold 1024)",
                    self.budget
                ),
            )),
            _ => Ok(()),
        }
    }

    fn constant(&self, v: Value) -> Option<Vector> {
        self.consts.get(v).map(|(c, _)| c)
    }

    fn const_bool(&self, v: Value) -> Option<bool> {
        self.constant(v).map(|c| c.bool(0))
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
                    self.simple(inst, out)?;
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
    fn simple(&mut self, inst: &Inst, out: &mut Vec<Inst>) -> Walked<()> {
        self.count()?;
        if let (InstKind::Op { op, args }, [result]) = (&inst.kind, inst.results.as_slice()) {
            if let Some(c) = self.fold(*op, args) {
                // What the general path below does with an operation on constants, without
                // copying the instruction first: most of what loops unroll to folds here.
                self.fold_to(*result, c, inst.loc);
                return Ok(());
            }
        }
        let mut kind = inst.kind.clone();
        kind.map_operands(&mut |v| self.map(v));
        match &mut kind {
            InstKind::Op { op, args } if !op.is_derivative() => {
                let operands: Option<Vec<Vector>> = args
                    .iter()
                    .all(|&a| self.consts.contains_key(a))
                    .then(|| args.iter().filter_map(|&a| self.constant(a)).collect());
                if let Some(v) = operands.and_then(|ops| eval(*op, &ops)) {
                    kind = InstKind::Const(v);
                } else {
                    match (
                        fold_boolean(*op, args, |a| self.constant(a)),
                        inst.results.as_slice(),
                    ) {
                        (Some(Folded::Const(c)), _) => kind = InstKind::Const(c),
                        // A `select` on a constant condition (or `and`/`or` decided by a
                        // constant) is the operand it picks: nothing to write, as constant
                        // folding would do afterwards.
                        (Some(Folded::Value(v)), [r]) => {
                            self.subst.insert(*r, v);
                            return Ok(());
                        }
                        _ => {}
                    }
                }
            }
            InstKind::LoadUniform {
                uniform,
                index: Some(index @ UniformIndex::Dynamic(_)),
            } => {
                if let UniformIndex::Dynamic(v) = *index {
                    if let Some(c) = self.constant(v) {
                        let len = self.uniforms[*uniform].array_len.unwrap_or(1);
                        *index = UniformIndex::Const(c.i32(0).clamp(0, len as i32 - 1) as u32);
                    }
                }
            }
            _ => {}
        }
        if let (InstKind::Const(c), [r]) = (&kind, inst.results.as_slice()) {
            // Written where it is read (see the module's doc).
            self.fold_to(*r, *c, inst.loc);
            return Ok(());
        }
        let results: Vec<Value> = inst.results.iter().map(|&r| self.define(r)).collect();
        self.write(kind, results, inst.loc, out);
        Ok(())
    }

    /// Renames `result`, found to be the constant `c` made at `loc`, to the value standing for it.
    fn fold_to(&mut self, result: Value, c: Vector, loc: Option<SourceLoc>) {
        let v = self.consts.value((c, loc), self.values);
        self.subst.insert(result, v);
    }

    /// The value of `op` on `args` (renamed) when every one is a constant and the interpreter
    /// computes it; never for a derivative (which needs the whole quad).
    fn fold(&self, op: Op, args: &[Value]) -> Option<Vector> {
        if op.is_derivative() {
            return None;
        }
        let constant = |&a: &Value| self.constant(self.map(a));
        let mut operands = [constant(args.first()?)?; 4];
        let Some(slots) = operands.get_mut(..args.len()) else {
            let all: Option<Vec<Vector>> = args.iter().map(constant).collect();
            return eval(op, &all?);
        };
        for (slot, a) in slots.iter_mut().zip(args) {
            *slot = constant(a)?;
        }
        eval(op, slots)
    }

    /// Appends an instruction to `out`, after a `const` for each operand that is a constant.
    fn write(
        &mut self,
        mut kind: InstKind,
        results: Vec<Value>,
        loc: Option<SourceLoc>,
        out: &mut Vec<Inst>,
    ) {
        kind.map_operands(&mut |v| match self.consts.get(v) {
            Some((c, const_loc)) => {
                let fresh = self.values.append(ValueInfo {
                    ty: self.values[v].ty,
                });
                out.push(Inst {
                    kind: InstKind::Const(c),
                    results: vec![fresh],
                    loc: const_loc,
                });
                fresh
            }
            None => v,
        });
        out.push(Inst { kind, results, loc });
    }

    /// `if` / `switch`: the arm taken when the condition is a constant, else the region with each arm
    /// walked (no loop control may leave a run-time arm).
    fn branch(&mut self, inst: &Inst, out: &mut Vec<Inst>) -> Walked<Flow> {
        self.count()?;
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
            } => self.constant(self.map(*selector)).map(|s| {
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
                Flow::Yield(vs) => {
                    let loc = arm.insts.last().and_then(|i| i.loc);
                    self.write(InstKind::Yield(vs), Vec::new(), loc, &mut arm_out);
                }
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
        self.write(kind, results, inst.loc, out);
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
