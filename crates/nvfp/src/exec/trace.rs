//! What `pigment eval --dump` shows of one quad: the final value of every temporary the program
//! writes and the final condition code, per fragment.

use super::batch::Batch;
use super::decode::{bit_cond, Decoded};
use crate::isa::{Cond, TempReg};

/// The final state of one quad.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// In `Program::temps_written` order.
    pub temps: Vec<TempTrace>,
    /// `cc[fragment][component]`.
    pub cc: [[Cond; 4]; 4],
}

/// One temporary register of the four fragments: `values[fragment][component]`, as stored (raw bits;
/// an H register's values are fp16 values).
#[derive(Clone, Debug, PartialEq)]
pub struct TempTrace {
    pub register: TempReg,
    pub values: [[f32; 4]; 4],
}

/// Reads quad 0 of `batch`.
pub fn capture(batch: &Batch, decoded: &Decoded) -> Trace {
    let temps = decoded
        .temps
        .iter()
        .take(decoded.temps_written)
        .map(|&(register, slot)| {
            let reg = &batch.regs[slot];
            TempTrace {
                register,
                values: [0, 1, 2, 3].map(|f| [0, 1, 2, 3].map(|c| reg[c][f])),
            }
        })
        .collect();
    let cc = [0, 1, 2, 3].map(|f| [0, 1, 2, 3].map(|c| bit_cond(batch.cc[c][f])));
    Trace { temps, cc }
}
