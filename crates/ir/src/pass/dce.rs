//! Dead code elimination: removes pure instructions whose results are unused, `if`/`switch` results
//! nobody reads (with the matching `yield` operands), and `if`/`switch` regions left with nothing in
//! them.

use super::Pass;
use crate::function::*;

pub struct Dce;

impl Pass for Dce {
    fn name(&self) -> &'static str {
        "dce"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        let mut changed = false;
        loop {
            let used = uses(func);
            if !sweep(&mut func.body, &used) {
                return changed;
            }
            changed = true;
        }
    }
}

/// Which values are read anywhere.
fn uses(func: &Function) -> Vec<bool> {
    let mut used = vec![false; func.values.len()];
    walk(&func.body, &mut |inst| {
        for v in inst.kind.operands() {
            if let Some(u) = used.get_mut(v.index()) {
                *u = true;
            }
        }
    });
    used
}

fn is_used(used: &[bool], v: Value) -> bool {
    used.get(v.index()).copied().unwrap_or(true)
}

/// One round of removals in `block` and below; returns whether anything was removed.
fn sweep(block: &mut Block, used: &[bool]) -> bool {
    let mut changed = false;
    for inst in &mut block.insts {
        for b in inst.kind.blocks_mut() {
            changed |= sweep(b, used);
        }
        if matches!(inst.kind, InstKind::If { .. } | InstKind::Switch { .. }) {
            changed |= drop_unused_results(inst, used);
        }
    }
    let before = block.insts.len();
    block.insts.retain(|inst| !removable(inst, used));
    changed | (block.insts.len() != before)
}

fn removable(inst: &Inst, used: &[bool]) -> bool {
    let dead_results = inst.results.iter().all(|&r| !is_used(used, r));
    if inst.kind.is_pure() {
        return dead_results;
    }
    // A branching region with no results and nothing inside does nothing.
    matches!(inst.kind, InstKind::If { .. } | InstKind::Switch { .. })
        && inst.results.is_empty()
        && inst.kind.blocks().iter().all(|b| b.insts.is_empty())
}

/// Removes the unused results of an `if` or `switch` and the matching operands of its arms' yields.
fn drop_unused_results(inst: &mut Inst, used: &[bool]) -> bool {
    let keep: Vec<bool> = inst.results.iter().map(|&r| is_used(used, r)).collect();
    if keep.iter().all(|&k| k) {
        return false;
    }
    let mut i = 0;
    inst.results.retain(|_| {
        i += 1;
        keep[i - 1]
    });
    for arm in inst.kind.blocks_mut() {
        if let Some(Inst {
            kind: InstKind::Yield(values),
            ..
        }) = arm.insts.last_mut()
        {
            let mut i = 0;
            values.retain(|_| {
                i += 1;
                keep.get(i - 1).copied().unwrap_or(true)
            });
            // An arm that now yields nothing needs no explicit yield.
            if values.is_empty() {
                arm.insts.pop();
            }
        }
    }
    true
}
