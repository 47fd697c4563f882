//! Component maps for register allocation: which components each virtual register uses, whether
//! they may move to other components of the physical register, and the rewrite that moves them
//! (write masks, the sources and condition swizzles of its writers, and the swizzles of its
//! readers).

use crate::mir::*;
use nvfp::isa::{CcMask, Swizzle};

/// Where each used component of a virtual register goes: `to[c]` for component `c`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LaneMap {
    used: u8,
    to: [u8; 4],
}

impl LaneMap {
    fn identity(used: u8) -> LaneMap {
        LaneMap {
            used,
            to: [0, 1, 2, 3],
        }
    }

    /// The physical components occupied.
    pub fn target_mask(&self) -> u8 {
        (0..4)
            .filter(|&c| self.used & (1 << c) != 0)
            .fold(0, |m, c| m | 1 << self.to[c])
    }

    fn is_identity(&self) -> bool {
        (0..4).all(|c| self.used & (1 << c) == 0 || self.to[c] == c as u8)
    }

    /// Where component `c` goes (components not used go where the first used one does: they are
    /// never read).
    fn map(&self, c: u8) -> u8 {
        if self.used & (1 << c) != 0 {
            self.to[c as usize]
        } else {
            let first = (0..4).find(|&k| self.used & (1 << k) != 0).unwrap_or(0);
            self.to[first]
        }
    }
}

/// The components each virtual register is written or read in.
pub fn used(mir: &Mir) -> Vec<u8> {
    let mut used = vec![0u8; mir.vregs.len()];
    for inst in &mir.insts {
        if let Some(v) = inst.dst_vreg() {
            used[v.0 as usize] |= inst.mask;
        }
        for s in 0..inst.srcs.len() {
            if let Base::V(v) = inst.srcs[s].base {
                used[v.0 as usize] |= inst.read_components(s);
            }
        }
    }
    used
}

/// Whether each virtual register's components may move: every writer computes its lanes
/// independently of their position (componentwise or one replicated scalar) and sets no
/// condition code (which would move with them).
pub fn movable(mir: &Mir) -> Vec<bool> {
    let mut movable = vec![true; mir.vregs.len()];
    for inst in &mir.insts {
        if let Some(v) = inst.dst_vreg() {
            if inst.lanes() == Lanes::Fixed || inst.update_cc {
                movable[v.0 as usize] = false;
            }
        }
    }
    movable
}

/// A placement of the components `need` into the `free` components of one register: in place if
/// they are free, else (when `movable`) into the lowest free ones, in order.
pub fn place(need: u8, free: u8, movable: bool) -> Option<LaneMap> {
    if need & free == need {
        return Some(LaneMap::identity(need));
    }
    if !movable || free.count_ones() < need.count_ones() {
        return None;
    }
    let mut targets = (0..4u8).filter(|&c| free & (1 << c) != 0);
    let mut to = [0, 1, 2, 3];
    for (c, t) in to.iter_mut().enumerate() {
        if need & (1 << c) != 0 {
            *t = targets.next()?;
        }
    }
    Some(LaneMap { used: need, to })
}

/// Applies the component maps to every instruction.
pub fn rewrite(mir: &mut Mir, maps: &[Option<LaneMap>]) {
    let get = |v: VReg| maps.get(v.0 as usize).copied().flatten();
    for inst in &mut mir.insts {
        if let Some(map) = inst.dst_vreg().and_then(get).filter(|m| !m.is_identity()) {
            move_lanes(inst, &map);
        }
        for s in &mut inst.srcs {
            if let Some(map) = s.vreg().and_then(get).filter(|m| !m.is_identity()) {
                s.swizzle = s.swizzle.map(|c| map.map(c));
            }
        }
    }
}

/// Moves the lanes an instruction writes: lane `c` becomes lane `map(c)`, with the source
/// components and condition-code component it used.
fn move_lanes(inst: &mut MInst, map: &LaneMap) {
    let lanes: Vec<u8> = (0..4).filter(|&c| inst.mask & (1 << c) != 0).collect();
    let moved = |old: [u8; 4]| {
        let mut new = old;
        for &c in &lanes {
            new[map.map(c) as usize] = old[c as usize];
        }
        new
    };
    if inst.lanes() == Lanes::Componentwise {
        for s in &mut inst.srcs {
            s.swizzle = moved(s.swizzle);
        }
    }
    if let Some(cond) = inst.cond {
        inst.cond = Some(CcMask {
            swizzle: Swizzle(moved(cond.swizzle.0)),
            ..cond
        });
    }
    inst.mask = lanes.iter().fold(0, |m, &c| m | 1 << map.map(c));
}
