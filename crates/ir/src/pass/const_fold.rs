//! Constant folding: an operation whose operands are all constants becomes a constant, computed by
//! [`crate::eval::eval`] (the interpreter's own semantics, so folding never changes a result).
//! Derivatives are left alone (they depend on the quad, and ddx of an infinite constant is NaN).

use super::Pass;
use crate::eval::eval;
use crate::function::*;
use crate::vector::Vector;
use std::collections::HashMap;

pub struct ConstFold;

impl Pass for ConstFold {
    fn name(&self) -> &'static str {
        "const_fold"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        let mut constants = HashMap::new();
        fold(&mut func.body, &mut constants)
    }
}

fn fold(block: &mut Block, constants: &mut HashMap<Value, Vector>) -> bool {
    let mut changed = false;
    for inst in &mut block.insts {
        for b in inst.kind.blocks_mut() {
            changed |= fold(b, constants);
        }
        if let InstKind::Op { op, args } = &inst.kind {
            let operands: Option<Vec<Vector>> =
                args.iter().map(|a| constants.get(a).copied()).collect();
            if let Some(value) = operands
                .filter(|_| !op.is_derivative())
                .and_then(|ops| eval(*op, &ops))
            {
                inst.kind = InstKind::Const(value);
                changed = true;
            }
        }
        if let (InstKind::Const(v), Some(r)) = (&inst.kind, inst.result()) {
            constants.insert(r, *v);
        }
    }
    changed
}
