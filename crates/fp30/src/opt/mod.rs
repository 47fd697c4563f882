//! Optimisations on [`Mir`], run to a fixed point:
//!
//! * `identity`: operations returning an operand (×1, −(+0), +(−0)) become copies;
//! * `live`: dead components and dead instructions (write masks shrink to what is read);
//! * `fold`: copy folding into the instructions that compute the copied value (outputs, `_SAT`,
//!   condition codes, swizzled components, predicated select arms);
//! * `cc`: condition-code sets made redundant by an earlier one or by the comparison itself;
//! * `lanes`: MOV components that write the value already there;
//! * `forward`: exact copies, and conversions read by instructions that convert anyway, read
//!   through by their readers;
//! * `coalesce`: copies whose source dies where the destination is born;
//! * `pack`: independent instructions of one shape packed into one vector instruction, once
//!   nothing else applies (packing first would hide copies from folding).

mod cc;
mod coalesce;
mod fold;
mod forward;
mod identity;
mod lanes;
mod live;
mod pack;

use crate::mir::*;

/// Tries a rewrite at every instruction once; returns whether one applied. A rewrite that applies
/// at `m` removes the instruction there, so the next one to try has moved into `m`.
fn sweep(mir: &mut Mir, rewrite: fn(&mut Mir, usize) -> bool) -> bool {
    let mut changed = false;
    let mut m = 0;
    while m < mir.insts.len() {
        if rewrite(mir, m) {
            changed = true;
        } else {
            m += 1;
        }
    }
    changed
}

pub fn optimize(mir: &mut Mir) {
    loop {
        let mut changed = sweep(mir, identity::try_drop_identity);
        changed |= live::trim(mir);
        changed |= sweep(mir, fold::try_fold);
        changed |= sweep(mir, cc::try_remove_set);
        changed |= lanes::drop_redundant(mir);
        changed |= sweep(mir, forward::try_forward);
        changed |= sweep(mir, coalesce::try_coalesce);
        if !changed && !sweep(mir, pack::try_pack) {
            return;
        }
    }
}
