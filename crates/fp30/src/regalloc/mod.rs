//! Register allocation for straight-line [`Mir`]: linear scan over live intervals, by component,
//! in the instructions' order or after `schedule` moved them next to their uses, whichever needs
//! fewer register units.
//!
//! A virtual register lives from its first write to its last read (a partial or conditional write
//! keeps the earlier components alive, which the interval covers) and occupies the components it
//! uses. Each gets the lowest-numbered physical register of its file whose components it needs are
//! free at its first write: its own components if they are, else (when its writers allow moving
//! their lanes, see `lanes`) any free components, so four scalars share one register. A
//! component whose last read is the instruction that writes the next value can be reused by it, as
//! every instruction reads all its operands before writing. Low numbers first keeps the highest
//! index, which is what the register budget (64 units: R counts 2, H counts 1) and cgc's trailer
//! count, small. The zero register (read, never written) gets components nothing writes before its
//! last read.

mod lanes;
mod schedule;

use crate::mir::*;
use lanes::LaneMap;
use nvfp::isa::{TempReg, H_REGISTERS, R_REGISTERS};
use schedule::Trade;
use std::collections::HashSet;

/// Assigns physical registers (moving virtual registers' components where that packs them);
/// returns them by virtual register number, or the file that ran out.
pub fn allocate(mir: &mut Mir) -> Result<Vec<Option<TempReg>>, File> {
    let mut best: Option<(u32, Mir, Vec<Option<TempReg>>)> = None;
    let mut error = None;
    // A later order is kept only where it needs fewer units: ties keep the earlier.
    let orders = [
        None,
        Some(Trade::Never),
        Some(Trade::Always),
        Some(Trade::NotWider),
    ];
    for schedule in orders {
        let mut candidate = mir.clone();
        if let Some(trade) = schedule {
            schedule::sink(&mut candidate, trade);
        }
        match allocate_in_order(&mut candidate) {
            Ok(regs) => {
                let units = register_units(&regs, &candidate);
                if best.as_ref().is_none_or(|(b, _, _)| units < *b) {
                    best = Some((units, candidate, regs));
                }
            }
            Err(file) => error = Some(file),
        }
    }
    match (best, error) {
        (Some((_, allocated, regs)), _) => {
            *mir = allocated;
            Ok(regs)
        }
        (None, file) => Err(file.unwrap_or(File::R)),
    }
}

/// The register budget used: R registers count two units, H registers one (section 3.11.3).
fn register_units(regs: &[Option<TempReg>], mir: &Mir) -> u32 {
    let (mut r, mut h) = (0, 0);
    for v in mir
        .insts
        .iter()
        .flat_map(|i| i.srcs.iter().filter_map(Src::vreg).chain(i.dst_vreg()))
    {
        match regs.get(v.0 as usize).copied().flatten() {
            Some(TempReg::R(n)) => r = r.max(n as u32 + 1),
            Some(TempReg::H(n)) => h = h.max(n as u32 + 1),
            None => {}
        }
    }
    2 * r + h
}

/// The units of the 64-unit register budget (section 3.11.3) the allocated program uses, counted
/// as nvfp's loader counts them: every distinct R register, `o[COLR]` and `o[DEPR]` two units,
/// every H register and `o[COLH]` one. Each file can fit on its own and the sum still not fit.
pub fn budget_units(regs: &[Option<TempReg>], mir: &Mir) -> usize {
    let mut temps = HashSet::new();
    let mut outputs = HashSet::new();
    for inst in &mir.insts {
        for v in inst
            .srcs
            .iter()
            .filter_map(Src::vreg)
            .chain(inst.dst_vreg())
        {
            if let Some(reg) = regs.get(v.0 as usize).copied().flatten() {
                temps.insert(reg);
            }
        }
        if let Some(Dst::Out(o)) = inst.dst {
            outputs.insert(o);
        }
    }
    let temp_units = temps.iter().map(|t| match t {
        TempReg::R(_) => 2,
        TempReg::H(_) => 1,
    });
    let output_units = outputs.iter().map(|o| if o.is_half() { 1 } else { 2 });
    temp_units.chain(output_units).sum()
}

/// Allocation for the instructions in their current order.
fn allocate_in_order(mir: &mut Mir) -> Result<Vec<Option<TempReg>>, File> {
    let n = mir.vregs.len();
    let (start, end) = intervals(mir);
    let used = lanes::used(mir);
    let movable = lanes::movable(mir);
    let mut order: Vec<usize> = (0..n).filter(|&v| start[v] != usize::MAX).collect();
    order.sort_by_key(|&v| (start[v], v));
    let mut assigned: Vec<Option<TempReg>> = vec![None; n];
    let mut maps: Vec<Option<LaneMap>> = vec![None; n];
    // Per file, per register, per component: the interval end of its occupant.
    let mut busy_r = vec![[None::<usize>; 4]; R_REGISTERS as usize];
    let mut busy_h = vec![[None::<usize>; 4]; H_REGISTERS as usize];
    for v in order {
        let file = mir.vregs[v];
        let busy = match file {
            File::R => &mut busy_r,
            File::H => &mut busy_h,
        };
        let zero = mir.zero == Some(VReg(v as u32));
        let free = |b: &Option<usize>| match b {
            None => true,
            Some(e) => !zero && *e <= start[v],
        };
        let need = used[v].max(1);
        let (reg, map) = busy
            .iter()
            .enumerate()
            .find_map(|(r, lanes)| {
                let free_mask = (0..4)
                    .filter(|&c| free(&lanes[c]))
                    .fold(0u8, |m, c| m | 1 << c);
                lanes::place(need, free_mask, movable[v]).map(|map| (r, map))
            })
            .ok_or(file)?;
        for (c, lane) in busy[reg].iter_mut().enumerate() {
            if map.target_mask() & (1 << c) != 0 {
                *lane = Some(end[v]);
            }
        }
        assigned[v] = Some(match file {
            File::R => TempReg::R(reg as u8),
            File::H => TempReg::H(reg as u8),
        });
        maps[v] = Some(map);
    }
    lanes::rewrite(mir, &maps);
    for inst in &mut mir.insts {
        inst.tidy_swizzles();
    }
    Ok(assigned)
}

/// First write and last read of every virtual register (`usize::MAX` start: never appears). The
/// zero register lives from the start.
fn intervals(mir: &Mir) -> (Vec<usize>, Vec<usize>) {
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
                let v = v.0 as usize;
                end[v] = end[v].max(i);
                if mir.zero == Some(VReg(v as u32)) {
                    start[v] = 0;
                }
            }
        }
    }
    (start, end)
}
