//! Scheduling for register pressure: before allocation, each instruction moves down to just
//! before the first instruction that depends on it, as long as that lengthens no source's life
//! (its register sources are read again at least that late; attributes, parameters and literals
//! live anyway), or (when asked to trade) but that of one source dying at it, in exchange for the
//! result's. Neither is always better: allocation tries both and the original order. Values are then computed where they are used: `RCP`s, `RSQ`s and their `ADD` sit
//! together instead of four vectors of scalar functions all live at once.

use crate::mir::*;

/// Whether `b` (later) must stay after `a`.
fn depends(a: &MInst, b: &MInst) -> bool {
    let a_dst = a.dst_vreg();
    let reads_a = a_dst.is_some_and(|v| b.reads(v));
    let writes_a_src = b.dst_vreg().is_some_and(|v| a.reads(v));
    let same_dst = a.dst.is_some() && a.dst == b.dst && !matches!(a.dst, Some(Dst::Cc(_)));
    let cc =
        (a.update_cc && (b.cond.is_some() || b.update_cc)) || (a.cond.is_some() && b.update_cc);
    reads_a || writes_a_src || same_dst || cc
}

/// Moves instructions down towards their first dependent; `trade` lets one dying source live
/// longer in exchange for the result.
pub fn sink(mir: &mut Mir, trade: bool) {
    for i in (0..mir.insts.len()).rev() {
        let a = &mir.insts[i];
        if !matches!(a.dst, Some(Dst::V(_)) | Some(Dst::Cc(_))) {
            continue;
        }
        let first_dependent = (i + 1..mir.insts.len())
            .find(|&j| depends(a, &mir.insts[j]))
            .unwrap_or(mir.insts.len());
        // The last later reader of each register source bounds the move; one source that dies
        // here may live longer instead of the result (no worse, and its writer may follow).
        let last_reads: Vec<Option<usize>> = a
            .srcs
            .iter()
            .filter_map(Src::vreg)
            .map(|v| {
                (i + 1..mir.insts.len())
                    .rev()
                    .find(|&j| mir.insts[j].reads(v))
            })
            .collect();
        let dying = last_reads.iter().filter(|r| r.is_none()).count();
        let bound = if dying > usize::from(trade) {
            i
        } else {
            last_reads
                .iter()
                .flatten()
                .copied()
                .min()
                .unwrap_or(usize::MAX)
        };
        let target = first_dependent.min(bound.saturating_add(1));
        if target > i + 1 {
            let inst = mir.insts.remove(i);
            mir.insts.insert(target - 1, inst);
        }
    }
}
