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
        let mut uses = use_counts(func);
        let mut changed = false;
        // One sweep removes every dead chain (it runs backwards and keeps the counts up to date);
        // the next finds nothing more and ends the loop.
        while sweep(&mut func.body, &mut uses) {
            changed = true;
        }
        changed
    }
}

/// How many times each value is read anywhere.
fn use_counts(func: &Function) -> Vec<u32> {
    let mut uses = vec![0u32; func.values.len()];
    walk(&func.body, &mut |inst| {
        for v in inst.kind.operands() {
            if let Some(u) = uses.get_mut(v.index()) {
                *u += 1;
            }
        }
    });
    uses
}

fn is_used(uses: &[u32], v: Value) -> bool {
    !matches!(uses.get(v.index()), Some(0))
}

fn forget_uses(uses: &mut [u32], values: &[Value]) {
    for v in values {
        if let Some(u) = uses.get_mut(v.index()) {
            *u = u.saturating_sub(1);
        }
    }
}

/// One round of removals in `block` and below, last instruction first so that a removal frees
/// the operands it read before their definitions are looked at; returns whether anything was
/// removed.
fn sweep(block: &mut Block, uses: &mut [u32]) -> bool {
    let mut changed = false;
    let mut dead = vec![false; block.insts.len()];
    for (i, inst) in block.insts.iter_mut().enumerate().rev() {
        if matches!(inst.kind, InstKind::If { .. } | InstKind::Switch { .. }) {
            changed |= drop_unused_results(inst, uses);
        }
        for b in inst.kind.blocks_mut() {
            changed |= sweep(b, uses);
        }
        if removable(inst, uses) {
            forget_uses(uses, &inst.kind.operands());
            dead[i] = true;
            changed = true;
        }
    }
    if changed {
        let mut i = 0;
        block.insts.retain(|_| {
            i += 1;
            !dead[i - 1]
        });
    }
    changed
}

fn removable(inst: &Inst, uses: &[u32]) -> bool {
    let dead_results = inst.results.iter().all(|&r| !is_used(uses, r));
    if inst.kind.is_pure() {
        return dead_results;
    }
    // A branching region with no results and nothing inside does nothing.
    matches!(inst.kind, InstKind::If { .. } | InstKind::Switch { .. })
        && inst.results.is_empty()
        && inst.kind.blocks().iter().all(|b| b.insts.is_empty())
}

/// Removes the unused results of an `if` or `switch` and the matching operands of its arms' yields.
fn drop_unused_results(inst: &mut Inst, uses: &mut [u32]) -> bool {
    let keep: Vec<bool> = inst.results.iter().map(|&r| is_used(uses, r)).collect();
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
            let mut dropped = Vec::new();
            values.retain(|&v| {
                i += 1;
                let kept = keep.get(i - 1).copied().unwrap_or(true);
                if !kept {
                    dropped.push(v);
                }
                kept
            });
            forget_uses(uses, &dropped);
            // An arm that now yields nothing needs no explicit yield.
            if values.is_empty() {
                arm.insts.pop();
            }
        }
    }
    true
}
