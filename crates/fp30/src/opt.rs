//! Optimisations on [`Mir`], run to a fixed point:
//!
//! * [`live`]: dead components and dead instructions (write masks shrink to what is read);
//! * [`fold`]: copy folding into the instructions that compute the copied value (outputs, `_SAT`,
//!   condition codes, swizzled components, predicated select arms);
//! * [`cc`]: condition-code sets made redundant by an earlier one or by the comparison itself;
//! * [`lanes`]: MOV components that write the value already there;
//! * [`forward`]: fx12 / fp16 conversions read directly by instructions that convert anyway;
//! * [`coalesce`]: copies whose source dies where the destination is born.

mod cc;
mod coalesce;
mod fold;
mod forward;
mod lanes;
mod live;

use crate::mir::*;

pub fn optimize(mir: &mut Mir) {
    loop {
        let mut changed = live::trim(mir);
        while fold::fold_one(mir) {
            changed = true;
        }
        while cc::reuse_one(mir) {
            changed = true;
        }
        changed |= lanes::drop_redundant(mir);
        while forward::forward_one(mir) {
            changed = true;
        }
        while coalesce::coalesce_one(mir) {
            changed = true;
        }
        if !changed {
            return;
        }
    }
}
