//! cgc's fast-math identities with a constant operand, as NVIDIA's cgc applies them to Cg: `x·1`, `x/1`,
//! `x + 0`, `x − 0` and `mad` by one become `x` (or an `add`); `x·0` and `dot(x, 0)` become 0 and `mad` by zero
//! its addend; `0 − x` becomes `−x`. A constant counts when every component is 0 (either sign) or 1.
//!
//! Not every rewrite keeps IEEE results: `x·0` is NaN for an infinite or NaN `x` and −0 for a
//! negative one, and `−0 + 0` is +0. cgc ignores that (`a * 0.0 + b` compiles to `MOV b`), and a
//! shader ported from it expects the terms of a zero-weighted sum to vanish even when the other
//! factor is not finite, and the shorter program. So this pass changes the meaning of a program: a
//! front end that wants cgc's semantics runs it while lowering, before the IR counts as the
//! program's own (back ends must not run it: their passes keep results exactly).
//! [`super::ConstFold`] first exposes constants made by operations.

use super::{replace_uses, Pass};
use crate::function::*;
use crate::op::Op;
use crate::types::{ScalarKind, Type};
use crate::vector::Vector;
use std::collections::HashMap;

pub struct Identities;

impl Pass for Identities {
    fn name(&self) -> &'static str {
        "identities"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        let mut constants = HashMap::new();
        let mut replaced = HashMap::new();
        let types: Vec<Type> = func.values.iter().map(|(_, v)| v.ty).collect();
        let changed = rewrite_block(&mut func.body, &mut constants, &mut replaced, &types);
        replace_uses(func, &replaced);
        changed
    }
}

/// What a constant operand is, for the identities.
#[derive(Clone, Copy, PartialEq)]
enum Special {
    Zero,
    One,
}

fn special(v: &Vector) -> Option<Special> {
    let all = |want: f32, int: i32| {
        (0..v.width()).all(|i| match v.ty.kind {
            ScalarKind::Int => v.i32(i) == int,
            ScalarKind::Bool => false,
            _ => v.f32(i) == want,
        })
    };
    if all(0.0, 0) {
        Some(Special::Zero)
    } else if all(1.0, 1) {
        Some(Special::One)
    } else {
        None
    }
}

/// The new form of an operation: another value, a constant, or another operation.
enum Rewrite {
    Value(Value),
    Zero,
    Op(Op, Vec<Value>),
}

fn rewrite(op: Op, args: &[Value], constants: &HashMap<Value, Vector>) -> Option<Rewrite> {
    use Special::*;
    let is = |i: usize, s: Special| constants.get(&args[i]).and_then(special) == Some(s);
    Some(match op {
        Op::Mul | Op::Dot if is(0, Zero) || is(1, Zero) => Rewrite::Zero,
        Op::Mul if is(1, One) => Rewrite::Value(args[0]),
        Op::Mul if is(0, One) => Rewrite::Value(args[1]),
        Op::Div if is(1, One) => Rewrite::Value(args[0]),
        Op::Add if is(1, Zero) => Rewrite::Value(args[0]),
        Op::Add if is(0, Zero) => Rewrite::Value(args[1]),
        Op::Sub if is(1, Zero) => Rewrite::Value(args[0]),
        Op::Sub if is(0, Zero) => Rewrite::Op(Op::Neg, vec![args[1]]),
        Op::Mad if is(0, Zero) || is(1, Zero) => Rewrite::Value(args[2]),
        Op::Mad if is(1, One) => Rewrite::Op(Op::Add, vec![args[0], args[2]]),
        Op::Mad if is(0, One) => Rewrite::Op(Op::Add, vec![args[1], args[2]]),
        Op::Mad if is(2, Zero) => Rewrite::Op(Op::Mul, vec![args[0], args[1]]),
        _ => return None,
    })
}

fn rewrite_block(
    block: &mut Block,
    constants: &mut HashMap<Value, Vector>,
    replaced: &mut HashMap<Value, Value>,
    types: &[Type],
) -> bool {
    let mut changed = false;
    // In place, keeping the instructions not replaced by an operand.
    block.insts.retain_mut(|inst| {
        // Operands first, so that the rewrites of a chain see each other's results.
        inst.kind
            .map_operands(&mut |v| *replaced.get(&v).unwrap_or(&v));
        for b in inst.kind.blocks_mut() {
            changed |= rewrite_block(b, constants, replaced, types);
        }
        // A rewritten operation may simplify again (`mad 1, x, 0` → `add x, 0` → `x`).
        while let InstKind::Op { op, args } = &inst.kind {
            let Some(new) = rewrite(*op, args, constants) else {
                break;
            };
            changed = true;
            match (new, inst.result()) {
                (Rewrite::Op(op, args), _) => inst.kind = InstKind::Op { op, args },
                (Rewrite::Zero, Some(r)) => {
                    inst.kind = InstKind::Const(Vector::zero(types[r.index()]))
                }
                (Rewrite::Value(v), Some(r)) => {
                    replaced.insert(r, v);
                    break;
                }
                // Operations have exactly one result.
                (_, None) => break,
            }
        }
        if let Some(r) = inst.result() {
            if replaced.contains_key(&r) {
                return false;
            }
            if let InstKind::Const(v) = &inst.kind {
                constants.insert(r, *v);
            }
        }
        true
    });
    // What was dropped gives its room back (the builder's list grew by doubling).
    block.insts.shrink_to_fit();
    changed
}
