//! Register allocation for straight-line [`Mir`]: linear scan over live intervals.
//!
//! A virtual register lives from its first write to its last read (a partial or conditional write
//! keeps the earlier components alive, which the interval covers). Each gets the lowest-numbered
//! physical register of its file free at its first write; a register whose last read is the
//! instruction that writes the next value can be reused by it, as every instruction reads all its
//! operands before writing. Low numbers first keeps the highest index, which is what the register
//! budget (64 units: R counts 2, H counts 1) and cgc's trailer count, small. A register read but
//! never written (the zero register) gets a physical register nothing writes before its last read.

use crate::mir::*;
use nvfp::isa::{TempReg, H_REGISTERS, R_REGISTERS};

/// Physical registers by virtual register number; `Err` names the file that ran out.
pub fn allocate(mir: &Mir) -> Result<Vec<Option<TempReg>>, File> {
    let n = mir.vregs.len();
    let mut start = vec![usize::MAX; n];
    let mut end = vec![0usize; n];
    for (i, inst) in mir.insts.iter().enumerate() {
        if let Some(v) = inst.dst_vreg() {
            let s = &mut start[v.0 as usize];
            *s = (*s).min(i);
            end[v.0 as usize] = end[v.0 as usize].max(i);
        }
        for src in &inst.srcs {
            if let Base::V(v) = src.base {
                end[v.0 as usize] = end[v.0 as usize].max(i);
            }
        }
    }
    // The zero register (read, never written) lives from the start.
    let zero = mir
        .zero
        .map(|z| z.0 as usize)
        .filter(|&z| mir.insts.iter().any(|i| i.reads(VReg(z as u32))));
    if let Some(z) = zero {
        start[z] = 0;
    }
    let mut order: Vec<usize> = (0..n).filter(|&v| start[v] != usize::MAX).collect();
    order.sort_by_key(|&v| (start[v], v));
    let mut assigned: Vec<Option<TempReg>> = vec![None; n];
    // Per file: the interval end of the value occupying each physical register.
    let mut busy_r: Vec<Option<usize>> = vec![None; R_REGISTERS as usize];
    let mut busy_h: Vec<Option<usize>> = vec![None; H_REGISTERS as usize];
    for v in order {
        let file = mir.vregs[v];
        let busy = match file {
            File::R => &mut busy_r,
            File::H => &mut busy_h,
        };
        // The zero register needs one never written at all.
        let free = busy
            .iter()
            .position(|b| match b {
                None => true,
                Some(e) => zero != Some(v) && *e <= start[v],
            })
            .ok_or(file)?;
        busy[free] = Some(end[v]);
        assigned[v] = Some(match file {
            File::R => TempReg::R(free as u8),
            File::H => TempReg::H(free as u8),
        });
    }
    Ok(assigned)
}
