//! Copy coalescing: a value computed into a temporary only to be moved somewhere is computed
//! there directly. Two shapes, both with the temporary written by one instruction and read by the
//! move alone:
//!
//! * `OP t.x, ...; MOV d.c, t.x` (a vector put together from scalars) → `OP d.c, ...`, the
//!   sources of a componentwise `OP` replicated from their first component so that component `c`
//!   computes what `x` did;
//! * `OP t.m, ...; MOV d.m, t` (a value stored to a result) → `OP d.m, ...`.

use super::operand::{is_scalar_opcode, Base, Dest, Instruction};
use std::collections::HashMap;

/// Whether `opcode` computes each component from the same component of its sources.
pub(crate) fn is_componentwise(opcode: &str) -> bool {
    matches!(
        opcode,
        "ABS"
            | "ADD"
            | "FLR"
            | "FRC"
            | "MAD"
            | "MAX"
            | "MIN"
            | "MOV"
            | "MUL"
            | "SGE"
            | "SLT"
            | "SUB"
    )
}

/// Whether `opcode` writes one value to every enabled component.
fn replicates(opcode: &str) -> bool {
    is_scalar_opcode(opcode) || matches!(opcode, "DP3" | "DP4" | "DPH")
}

pub(crate) fn coalesce(instructions: &mut Vec<Instruction>) {
    let mut reads: HashMap<u32, usize> = HashMap::new();
    let mut writes: HashMap<u32, Vec<usize>> = HashMap::new();
    for (i, ins) in instructions.iter().enumerate() {
        for s in &ins.sources {
            if let Base::Temp(t) = s.base {
                *reads.entry(t).or_default() += 1;
            }
        }
        if let Dest::Temp(t) = ins.dest {
            writes.entry(t).or_default().push(i);
        }
    }
    let mut removed = vec![false; instructions.len()];
    for i in 0..instructions.len() {
        let mov = &instructions[i];
        if mov.opcode != "MOV" || mov.sources[0].negate {
            continue;
        }
        let Base::Temp(t) = mov.sources[0].base else {
            continue;
        };
        let ([def], Some(1)) = (writes.get(&t).map_or(&[][..], |w| &w[..]), reads.get(&t)) else {
            continue;
        };
        let def = *def;
        let (mask, swizzle, dest) = (mov.mask, mov.sources[0].swizzle, mov.dest.clone());
        // The destination must not be read, or its components written, between the definition
        // and the move.
        if dest_touched_between(instructions, &dest, mask, def, i) {
            continue;
        }
        let producer = &mut instructions[def];
        let single = mask.count_ones() == 1 && producer.mask == 1;
        let same =
            producer.mask == mask && (0..4).all(|c| mask & (1 << c) == 0 || swizzle[c] == c as u8);
        if single && swizzle[mask.trailing_zeros() as usize] == 0 {
            if is_componentwise(producer.opcode) {
                for s in &mut producer.sources {
                    *s = s.component(0);
                }
            } else if !replicates(producer.opcode) {
                continue;
            }
        } else if !same {
            continue;
        }
        producer.dest = dest;
        producer.mask = mask;
        removed[i] = true;
    }
    let mut k = 0;
    instructions.retain(|_| {
        k += 1;
        !removed[k - 1]
    });
}

/// Whether an instruction strictly between `from` and `to` reads `dest` or writes its `mask`.
fn dest_touched_between(
    instructions: &[Instruction],
    dest: &Dest,
    mask: u8,
    from: usize,
    to: usize,
) -> bool {
    instructions[from + 1..to].iter().any(|ins| {
        (&ins.dest == dest && ins.mask & mask != 0)
            || ins.sources.iter().any(|s| match (&s.base, dest) {
                (Base::Temp(a), Dest::Temp(b)) => a == b,
                _ => false,
            })
    })
}
