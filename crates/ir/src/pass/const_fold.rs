//! Constant folding: an operation whose operands are all constants becomes a constant, computed by
//! [`crate::eval::eval`] (the interpreter's own semantics, so folding never changes a result).
//! Derivatives are left alone (they depend on the quad, and ddx of an infinite constant is NaN).
//!
//! The boolean operations also fold with one constant operand, exactly (a boolean is only true or
//! false): `or` with an all-true constant is all-true and with an all-false one the other operand;
//! `and` the reverse; `select` on an all-true or all-false condition is the operand it picks. A
//! constant with mixed components is left alone (the result would be a mix of lanes).

use super::{replace_uses_dense, Pass};
use crate::eval::eval;
use crate::function::*;
use crate::op::Op;
use crate::vector::Vector;
use crate::DenseMap;

pub struct ConstFold;

impl Pass for ConstFold {
    fn name(&self) -> &'static str {
        "const_fold"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        let mut constants = DenseMap::with_capacity(func.values.len());
        let mut replaced = DenseMap::with_capacity(func.values.len());
        let changed = fold(&mut func.body, &mut constants, &mut replaced);
        replace_uses_dense(func, &replaced);
        changed
    }
}

/// What a boolean operation with a constant operand folds to.
pub enum Folded {
    Const(Vector),
    Value(Value),
}

/// Whether every component of a boolean constant is `want`.
fn all_bools(v: &Vector, want: bool) -> bool {
    (0..v.width()).all(|i| v.bool(i) == want)
}

/// The fold of `op` on `args` when a constant operand decides it (see the module's doc);
/// `constant` gives the constant an operand is, if any.
pub fn fold_boolean(
    op: Op,
    args: &[Value],
    constant: impl Fn(Value) -> Option<Vector>,
) -> Option<Folded> {
    let constant_is = |i: usize, want: bool| constant(args[i]).is_some_and(|v| all_bools(&v, want));
    // `absorbing`: the value that decides the result alone (true for `or`, false for `and`).
    let absorbing = match op {
        Op::Or => true,
        Op::And => false,
        Op::Select if constant_is(0, true) => return Some(Folded::Value(args[1])),
        Op::Select if constant_is(0, false) => return Some(Folded::Value(args[2])),
        _ => return None,
    };
    for (i, other) in [(0, 1), (1, 0)] {
        if constant_is(i, absorbing) {
            return constant(args[i]).map(Folded::Const);
        }
        if constant_is(i, !absorbing) {
            return Some(Folded::Value(args[other]));
        }
    }
    None
}

fn fold(
    block: &mut Block,
    constants: &mut DenseMap<ValueInfo, Vector>,
    replaced: &mut DenseMap<ValueInfo, Value>,
) -> bool {
    let mut changed = false;
    // In place: a second instruction list would double the pass's memory on a large unrolled body.
    block.insts.retain_mut(|inst| {
        // Operands first, so that folds of a chain see each other's results.
        inst.kind
            .map_operands(&mut |v| replaced.copied(v).unwrap_or(v));
        for b in inst.kind.blocks_mut() {
            changed |= fold(b, constants, replaced);
        }
        if let InstKind::Op { op, args } = &inst.kind {
            // Checked before the operands are gathered: most operations have a run-time operand.
            let operands: Option<Vec<Vector>> = args
                .iter()
                .all(|&a| constants.contains_key(a))
                .then(|| args.iter().filter_map(|&a| constants.copied(a)).collect());
            if let Some(value) = operands
                .filter(|_| !op.is_derivative())
                .and_then(|ops| eval(*op, &ops))
            {
                inst.kind = InstKind::Const(value);
                changed = true;
            } else if let Some(folded) = fold_boolean(*op, args, |v| constants.copied(v)) {
                changed = true;
                match (folded, inst.result()) {
                    (Folded::Const(v), _) => inst.kind = InstKind::Const(v),
                    (Folded::Value(v), Some(r)) => {
                        replaced.insert(r, v);
                        return false;
                    }
                    // Operations have exactly one result.
                    (Folded::Value(_), None) => {}
                }
            }
        }
        if let (InstKind::Const(v), Some(r)) = (&inst.kind, inst.result()) {
            constants.insert(r, *v);
        }
        true
    });
    // What was dropped gives its room back (the builder's list grew by doubling).
    block.insts.shrink_to_fit();
    changed
}
