//! Temporaries: the virtual temporaries of [`super::select`] mapped onto as few ARB `TEMP`s as
//! their live ranges allow (straight-line code: a temporary is live from its first write to its
//! last read; one whose range has ended is free for the next write).

use super::operand::{Base, Dest, Instruction};
use std::collections::HashMap;

/// Physical register per virtual temporary, and how many physical ones there are.
pub(crate) fn allocate(instructions: &[Instruction]) -> (HashMap<u32, u32>, u32) {
    let mut last_read: HashMap<u32, usize> = HashMap::new();
    for (i, ins) in instructions.iter().enumerate() {
        for src in &ins.sources {
            if let Base::Temp(t) = src.base {
                last_read.insert(t, i);
            }
        }
    }
    let mut assigned: HashMap<u32, u32> = HashMap::new();
    let mut free: Vec<u32> = Vec::new();
    let mut count = 0;
    for (i, ins) in instructions.iter().enumerate() {
        // Sources are read before the destination is written: what dies here is free for it.
        for src in &ins.sources {
            if let Base::Temp(t) = src.base {
                // A temporary read and written by one instruction lives on.
                if last_read.get(&t) == Some(&i) && ins.dest != Dest::Temp(t) {
                    if let Some(r) = assigned.get(&t) {
                        if !free.contains(r) {
                            free.push(*r);
                        }
                    }
                }
            }
        }
        if let Dest::Temp(t) = ins.dest {
            if let std::collections::hash_map::Entry::Vacant(e) = assigned.entry(t) {
                let r = free.pop().unwrap_or_else(|| {
                    count += 1;
                    count - 1
                });
                e.insert(r);
                if last_read.get(&t).is_none_or(|&l| l <= i) {
                    // Never read later: its register is free again after this instruction.
                    free.push(r);
                }
            }
        }
    }
    (assigned, count)
}
