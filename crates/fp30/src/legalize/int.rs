//! Run-time `int` arithmetic in float registers, as `cgc -profile fp30` compiles it.
//!
//! NV_fragment_program has no integer registers or instructions. cgc holds every `int` value in an
//! fp32 register as a float with an integral value, and computes on it with the float instructions.
//! What cgc emits, observed on small probes (cgc 3.1.0013):
//!
//! | Cg | cgc's fp30 code |
//! |---|---|
//! | `(int)x` (float, half or fixed `x`) | `FLR t, \|x\|`, then `-t` where `x < 0` (a CC-predicated `MOV`): truncation toward zero |
//! | an `int` varying | read as a float and truncated like `(int)x` |
//! | an `int` uniform | read as it is (the application gives integral values) |
//! | `(float)i`, `(half)i` | no instruction |
//! | `(bool)i` | `SNE i, 0` |
//! | `-i`, `i + j`, `i - j`, `i * j` | `MOV -i`, `ADD`, `ADD -j`, `MUL` on the floats |
//! | `i < j`, `i == j`, ... | `SLT`, `SEQ`, ... on the floats |
//! | `i / j` | `RCP r, j; MUL q, i, r` (a constant `j` folds to one `MUL` by 1/j), then truncated like `(int)q` |
//! | `i % j` | `f = FRC(i · RCP j)`, then `round(\|f · j\|)` with the sign of `f · j` |
//! | `&`, `\|`, `^`, `~`, `<<`, `>>` | refused (C5508: not supported by this profile) |
//!
//! This pass rewrites the IR the same way: every int value becomes a float value holding the same
//! integer (its handle is kept and retyped, so its uses stay valid), and the operations become float
//! ones with the same result:
//!
//! - constants become float constants; int loads keep an int load and convert it (varyings
//!   truncated as cgc does: an integral attribute is unchanged, so the IR's meaning is too);
//! - real → int conversions become `select(x ≤ −1, −floor|x|, floor|x|)`: cgc's pattern with the
//!   test moved from `x < 0` to `x ≤ −1` (the same instruction count: a compare against a literal
//!   sets the condition code either way) so that −0.5 gives +0 as the IR's int 0 does, not −0;
//! - bool → int is bool → float (0 or 1); int → real and int → bool read the float as they would
//!   any float, which computes what the IR defines (the nearest value of the kind, or ≠ 0);
//! - `neg`, `abs`, `add`, `sub`, `mul`, `mad`, `min`, `max`, `clamp`, `select`, comparisons,
//!   swizzles and constructs are the same operations on floats;
//! - `div` is `trunc(a · (rcp(b) · (1 + 2⁻²²)))`. cgc's `trunc(a · rcp(b))` is not exact: with
//!   the correctly rounded RCP, 41 · rcp(41) rounds to 0.99999994, so 41 / 41 gives 0. Scaling the
//!   reciprocal up by 2⁻²² puts the product above the true quotient, and below the next integer
//!   while |a| ≤ 2²¹ (the product's relative error is under 7·2⁻²⁴, and a non-integral quotient is
//!   at least 1/|b| below the next integer). A constant `b` gets the smallest float ≥ 1/|b| instead
//!   (exact while |a| < 2²⁴/3), which is cgc's own constant whenever 1/b rounded up (1/3 →
//!   0.33333334) or is exact (1/4), so the code is cgc's `MUL` and truncation. The Cg front end
//!   builds `%` from `div`, `mul` and
//!   `sub` (C's remainder, as the Cg specification requires), which is then exact too; cgc's
//!   FRC-based `%` gives the floored remainder (`-7 % 3` is 2 there, −1 here) and inherits the
//!   RCP error.
//!
//! Where this differs from the IR's int semantics (32-bit wrapping integers), for values fp30 cannot
//! hold as integers: results beyond ±2²⁴ are rounded floats, not wrapped integers; float → int of a
//! value beyond the i32 range, INF or NaN keeps that value (the IR saturates, NaN → 0); `x / 0` is
//! ±INF or NaN (the IR defines 0); a quotient with |a| > 2²¹
//! (2²⁴/3 for a constant divisor) may be one too large.
//!
//! Values that must stay int (a store to an int output, a run-time uniform index, which fp30 then
//! refuses) read a `cvt` of the float back to int, which instruction selection takes as it is. The
//! pass runs on straight-line code (after predication, whose `if %kill { discard }` it passes
//! through); a function that still has other regions is left unchanged.

use super::emit::Emitter;
use super::predicate::is_conditional_kill;
use pigment_ir::pass::{replace_uses, Pass};
use pigment_ir::*;
use std::collections::{HashMap, HashSet};

/// Makes every int value a float value holding the same integer.
pub struct IntToFloat;

impl Pass for IntToFloat {
    fn name(&self) -> &'static str {
        "int"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        // Predication's final kill region reads a bool and holds no int value: straight-line enough.
        if func
            .body
            .insts
            .iter()
            .any(|i| i.kind.is_region() && !is_conditional_kill(&i.kind))
        {
            return false;
        }
        let inputs: Vec<Type> = func.inputs.iter().map(|(_, i)| i.ty).collect();
        let insts = std::mem::take(&mut func.body.insts);
        let mut rewriter = Rewriter {
            em: Emitter::new(&mut func.values),
            retyped: HashSet::new(),
            constants: HashMap::new(),
            renamed: HashMap::new(),
        };
        for inst in insts {
            rewriter.inst(inst, &inputs);
        }
        let changed = !rewriter.retyped.is_empty();
        let renamed = rewriter.renamed;
        func.body.insts = rewriter.em.out;
        replace_uses(func, &renamed);
        changed
    }
}

/// The factor that lifts a reciprocal just above 1/b (see the module documentation).
const RECIPROCAL_LIFT: f32 = 1.0 + 1.0 / (1u32 << 22) as f32;

struct Rewriter<'a> {
    em: Emitter<'a>,
    /// The int values now defined as floats.
    retyped: HashSet<Value>,
    /// The values of the int constants among them.
    constants: HashMap<Value, Vec<f32>>,
    /// Int → float conversions dropped (the int is a float already): their results and the floats.
    renamed: HashMap<Value, Value>,
}

/// The smallest float of `b`'s sign whose magnitude is at least 1/|b|: 1/b itself when its rounding
/// went up (as for 3: 0.33333334, cgc's constant) or is exact, else the next float. Then a · r lies
/// in [a/b, (a/b)(1 + 3·2⁻²⁴)], so its truncation is a/b's while |a| < 2²⁴/3.
fn reciprocal_at_least(b: f32) -> f32 {
    let magnitude = b.abs();
    // The f32 next to 1/|b| on one side or the other.
    let r = (1.0 / f64::from(magnitude)) as f32;
    // r · |b| is exact in f64 (24-bit by 24-bit significands).
    let r = if !r.is_finite() || f64::from(r) * f64::from(magnitude) >= 1.0 {
        r
    } else {
        f32::from_bits(r.to_bits() + 1)
    };
    r.copysign(b)
}

impl Rewriter<'_> {
    fn is_int(&self, v: Value) -> bool {
        self.em.ty(v).kind == ScalarKind::Int
    }

    /// Gives `v` (an int value) the float type of the same width.
    fn retype(&mut self, v: Value) {
        let ty = self.em.ty(v);
        self.em.values[v].ty = ty.with_kind(ScalarKind::Float);
        self.retyped.insert(v);
    }

    fn inst(&mut self, mut inst: Inst, inputs: &[Type]) {
        self.em.loc = inst.loc;
        let result = match inst.result() {
            Some(r) if self.is_int(r) => r,
            other => {
                if let (Some(r), Some(float)) = (other, self.int_to_float(&inst.kind)) {
                    self.renamed.insert(r, float);
                } else {
                    self.keep_int_operands(&mut inst);
                    self.em.out.push(inst);
                }
                return;
            }
        };
        self.retype(result);
        match inst.kind {
            InstKind::Const(v) => {
                let values: Vec<f32> = (0..v.width()).map(|i| v.i32(i) as f32).collect();
                inst.kind = InstKind::Const(Vector::reals(ScalarKind::Float, &values));
                self.constants.insert(result, values);
                self.em.out.push(inst);
            }
            InstKind::LoadInput(i) => {
                let load = self.reload(inst.kind.clone(), inputs[i.index()]);
                let x = self.em.cvt(load, ScalarKind::Float);
                self.truncate(x, result);
            }
            InstKind::LoadUniform { uniform, index } => {
                let ty = self.em.ty(result).with_kind(ScalarKind::Int);
                let mut kind = InstKind::LoadUniform { uniform, index };
                self.keep_int_operands_of(&mut kind);
                let load = self.reload(kind, ty);
                self.em.op_into(Op::Cvt(ScalarKind::Float), &[load], result);
            }
            InstKind::Op { op, args } => self.op(op, &args, result),
            // Samples give float4; no other instruction has an int result.
            kind => {
                inst.kind = kind;
                self.em.out.push(inst);
            }
        }
    }

    /// The float a `cvt` of a retyped int to float reads (which is the conversion's value).
    fn int_to_float(&self, kind: &InstKind) -> Option<Value> {
        match kind {
            InstKind::Op {
                op: Op::Cvt(ScalarKind::Float),
                args,
            } if self.retyped.contains(&args[0]) => Some(args[0]),
            _ => None,
        }
    }

    /// `kind` (a load) again, with a fresh int result of type `ty`.
    fn reload(&mut self, kind: InstKind, ty: Type) -> Value {
        let v = self.em.fresh(ty);
        self.em.push_def(kind, v)
    }

    /// An operation whose int result `result` (already retyped) it now defines as a float.
    fn op(&mut self, op: Op, args: &[Value], result: Value) {
        match op {
            Op::Cvt(_) => {
                let from = self.em.ty(args[0]).kind;
                if self.retyped.contains(&args[0]) {
                    // int → int: the float already.
                    self.renamed.insert(result, args[0]);
                } else if from == ScalarKind::Bool {
                    self.em
                        .op_into(Op::Cvt(ScalarKind::Float), &[args[0]], result);
                } else {
                    let x = self.em.cvt(args[0], ScalarKind::Float);
                    self.truncate(x, result);
                }
            }
            Op::Div => {
                let r = match self.constants.get(&args[1]) {
                    Some(b) => {
                        let r: Vec<f32> = b.iter().map(|&b| reciprocal_at_least(b)).collect();
                        self.em.constant(Vector::reals(ScalarKind::Float, &r))
                    }
                    None => {
                        let width = self.em.ty(result).width;
                        let r = self.em.op(Op::Rcp, &[args[1]]);
                        let lift = self
                            .em
                            .splat_real(ScalarKind::Float, RECIPROCAL_LIFT, width);
                        self.em.op(Op::Mul, &[r, lift])
                    }
                };
                let q = self.em.op(Op::Mul, &[args[0], r]);
                self.truncate(q, result);
            }
            // The same operation on floats: its operands are retyped already.
            _ => {
                self.em.op_into(op, args, result);
            }
        }
    }

    /// Defines `result` as the float `x` truncated toward zero.
    fn truncate(&mut self, x: Value, result: Value) {
        let width = self.em.ty(x).width;
        let magnitude = self.em.op(Op::Abs, &[x]);
        let down = self.em.op(Op::Floor, &[magnitude]);
        let up = self.em.op(Op::Neg, &[down]);
        let minus_one = self.em.splat_real(ScalarKind::Float, -1.0, width);
        let negative = self.em.op(Op::Le, &[x, minus_one]);
        self.em.op_into(Op::Select, &[negative, up, down], result);
    }

    /// Gives an instruction that needs int operands (a store to an int output, a run-time uniform
    /// index) the int values of the retyped floats it reads.
    fn keep_int_operands(&mut self, inst: &mut Inst) {
        let mut kind = std::mem::replace(&mut inst.kind, InstKind::Return);
        self.keep_int_operands_of(&mut kind);
        inst.kind = kind;
    }

    fn keep_int_operands_of(&mut self, kind: &mut InstKind) {
        if matches!(kind, InstKind::Op { .. }) {
            return;
        }
        kind.map_operands(&mut |v| {
            if self.retyped.contains(&v) {
                self.em.op(Op::Cvt(ScalarKind::Int), &[v])
            } else {
                v
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::reciprocal_at_least;

    #[test]
    fn constant_reciprocals_are_the_smallest_floats_at_least_one_over_b() {
        // 1/3 rounds up to 0.33333334 (11184811 · 2^-25): kept, as cgc writes it.
        assert_eq!(reciprocal_at_least(3.0), 11184811.0 / 33554432.0);
        assert_eq!(reciprocal_at_least(4.0), 0.25);
        assert_eq!(reciprocal_at_least(-4.0), -0.25);
        // 1/41 lies in [2^-6, 2^-5), where floats are 2^-29 apart. The nearest, 13094412 · 2^-29, is
        // below it (13094412 · 41 = 2^29 − 20): the next one, 13094413 · 2^-29 (· 41 = 2^29 + 21).
        assert_eq!(reciprocal_at_least(41.0), 13094413.0 / 536870912.0);
        assert_eq!(reciprocal_at_least(-41.0), -13094413.0 / 536870912.0);
    }
}
