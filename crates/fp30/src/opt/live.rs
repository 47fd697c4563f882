//! Dead components: a backward liveness pass over virtual-register components and condition-code
//! components. Each write mask shrinks to the components someone reads later (a select whose result
//! is used only in `.zw` computes only `.zw`); writes left with no component are removed, and an
//! instruction kept only for the condition code it sets writes `RC`/`HC` instead of a register.

use crate::mir::*;

/// Trims write masks to live components; returns whether anything changed.
pub fn trim(mir: &mut Mir) -> bool {
    let mut live = vec![0u8; mir.vregs.len()];
    let mut cc_live = 0u8;
    let mut changed = false;
    let mut keep = vec![true; mir.insts.len()];
    for i in (0..mir.insts.len()).rev() {
        let file_of = |v: VReg| mir.vregs[v.0 as usize];
        let inst = &mut mir.insts[i];
        let cc_needed = if inst.update_cc { cc_live } else { 0 };
        let dst_needed = match inst.dst {
            Some(Dst::V(v)) => live[v.0 as usize],
            Some(Dst::Out(_)) | None => 0b1111,
            Some(Dst::Cc(_)) => 0,
        };
        if inst.dst.is_some() {
            let mask = inst.mask & (dst_needed | cc_needed);
            if mask == 0 {
                keep[i] = false;
                changed = true;
                continue;
            }
            if mask != inst.mask {
                inst.mask = mask;
                changed = true;
            }
            if let Some(Dst::V(v)) = inst.dst {
                if dst_needed & mask == 0 {
                    // Only the condition code is used.
                    inst.dst = Some(Dst::Cc(file_of(v)));
                    changed = true;
                } else if inst.cond.is_none() {
                    live[v.0 as usize] &= !mask;
                }
            }
            if inst.cond.is_none() {
                cc_live &= !inst.cc_writes();
            }
        }
        cc_live |= inst.cc_reads();
        for s in 0..inst.srcs.len() {
            if let Base::V(v) = inst.srcs[s].base {
                live[v.0 as usize] |= inst.read_components(s);
            }
        }
    }
    let mut index = 0;
    mir.insts.retain(|_| {
        index += 1;
        keep[index - 1]
    });
    changed
}
