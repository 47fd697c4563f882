//! The state of a batch of quads in structure-of-arrays form: every register component is an array of
//! [`LANES`] values (fragment `f` of quad `q` in lane `4q + f`), so each instruction runs as a few
//! straight loops over lanes that the compiler vectorises. Operand loading (VectorLoad / ScalarLoad of
//! 3.11.4.3) and the destination update (UpdateDestination of 3.11.4.4) live here.

use super::decode::{CcTest, Decoded, Operand, Origin, Target, CC_EQ, CC_GT, CC_LT, CC_UN};
use super::numeric::{convert, convert_slice};
use super::{Parameters, QuadInput};
use crate::isa::{AttribReg, Precision};

/// Quads per batch.
pub const QUADS: usize = 16;
/// Fragments (lanes) per batch.
pub const LANES: usize = QUADS * 4;

/// One component of one register across the batch.
pub type Lanes = [f32; LANES];
/// One register (x, y, z, w) across the batch.
pub type Vector = [Lanes; 4];

pub const ZERO: Vector = [[0.0; LANES]; 4];

/// Registers, condition codes and scratch space of one batch.
pub struct Batch {
    /// The register file, laid out as [`Decoded`] says.
    pub regs: Vec<Vector>,
    /// The condition code, one bit per component per lane (see `decode::CC_*`).
    pub cc: [[u8; LANES]; 4],
    pub killed: [bool; LANES],
    /// Loaded operands of the current instruction.
    pub operands: [Vector; 3],
    /// Result of the current instruction.
    pub result: Vector,
}

impl Batch {
    pub fn new(decoded: &Decoded) -> Box<Batch> {
        Box::new(Batch {
            regs: vec![ZERO; decoded.slot_count],
            cc: [[CC_EQ; LANES]; 4],
            killed: [false; LANES],
            operands: [ZERO; 3],
            result: ZERO,
        })
    }

    /// Starts a batch: temporaries and outputs (0,0,0,0), CC all EQ (3.11.1.2, 3.11.1.4), attributes
    /// from `quads` (at most [`QUADS`]; lanes past them hold zeros and their results are ignored).
    pub fn reset(&mut self, decoded: &Decoded, quads: &[QuadInput]) {
        // Attribute slots are overwritten below (lanes past `quads` may keep an earlier batch's
        // values: they are computed but never read back).
        for (slot, reg) in self.regs.iter_mut().enumerate() {
            if !decoded.attribs.iter().any(|&(_, s)| s == slot) {
                *reg = ZERO;
            }
        }
        self.cc = [[CC_EQ; LANES]; 4];
        self.killed = [false; LANES];
        for &(attrib, slot) in &decoded.attribs {
            let reg = &mut self.regs[slot];
            for (q, quad) in quads.iter().enumerate().take(QUADS) {
                for (f, fragment) in quad.attribs[attrib].iter().enumerate() {
                    for c in 0..4 {
                        reg[c][4 * q + f] = fragment[c];
                    }
                }
            }
        }
        let wpos = AttribReg::Wpos.index();
        for (q, quad) in quads.iter().enumerate().take(QUADS) {
            for f in 0..4 {
                self.regs[decoded.depth_slot][2][4 * q + f] = quad.attribs[wpos][f][2];
            }
        }
    }

    /// VectorLoad / ScalarLoad into operand `index`: swizzle, sign modifiers, then conversion to the
    /// instruction's precision — unless `raw`, for UP2H/UP2US/UP4B/UP4UB, which read the bits of a
    /// packed word untouched (notes item 3). Scalar operands carry a replicated swizzle.
    pub fn load(
        &mut self,
        index: usize,
        operand: &Operand,
        precision: Precision,
        params: &Parameters,
        raw: bool,
    ) {
        let dst = &mut self.operands[index];
        match operand.origin {
            Origin::Slot(slot) => {
                let src = &self.regs[slot];
                for (c, lanes) in dst.iter_mut().enumerate() {
                    let from = &src[operand.swizzle[c]];
                    for (d, &s) in lanes.iter_mut().zip(from.iter()) {
                        *d = operand.modify(s);
                    }
                    if !raw {
                        convert_slice(precision, lanes);
                    }
                }
            }
            origin => {
                let value = constant_value(origin, params);
                for (c, lanes) in dst.iter_mut().enumerate() {
                    let v = operand.modify(value[operand.swizzle[c]]);
                    *lanes = [if raw { v } else { convert(precision, v) }; LANES];
                }
            }
        }
    }

    /// UpdateDestination of 3.11.4.4 for `self.result`: optional [0,1] clamp, conversion to the
    /// destination's type (skipped for the raw words of PK*), then the merge under the write mask and the
    /// CC mask, and the CC update from the converted value (notes item 1). Every enable is computed from
    /// the CC as it was before this instruction.
    pub fn store(&mut self, target: &Target, saturate: bool, update_cc: bool, packed: bool) {
        let enabled = self.enables(&target.cc);
        let dst = &mut self.regs[target.slot];
        for c in (0..4).filter(|&c| target.write_mask[c]) {
            let result = &mut self.result[c];
            if saturate {
                // NaN passes through the clamp unchanged, as in the pseudo-code.
                result.iter_mut().for_each(|v| *v = v.clamp(0.0, 1.0));
            }
            if !packed {
                // "converted to the data type corresponding to destination register": fp16 for H
                // registers, o[COLH] and HC, fp32 otherwise.
                let precision = if target.half {
                    Precision::H
                } else {
                    Precision::R
                };
                convert_slice(precision, result);
            }
            if let Some(enabled) = &enabled {
                for l in 0..LANES {
                    dst[c][l] = if enabled[c][l] { result[l] } else { dst[c][l] };
                }
                if update_cc {
                    for l in 0..LANES {
                        self.cc[c][l] = if enabled[c][l] {
                            cond_of(result[l])
                        } else {
                            self.cc[c][l]
                        };
                    }
                }
            } else {
                dst[c] = *result;
                if update_cc {
                    for (cc, &v) in self.cc[c].iter_mut().zip(result.iter()) {
                        *cc = cond_of(v);
                    }
                }
            }
        }
    }

    /// Per component and lane: does the CC test pass? `None` when it always does (TR, or no mask).
    /// Write masks are applied by the caller.
    fn enables(&self, test: &CcTest) -> Option<[[bool; LANES]; 4]> {
        if test.accepted == CC_LT | CC_EQ | CC_GT | CC_UN {
            return None;
        }
        let mut enabled = [[false; LANES]; 4];
        for (c, lanes) in enabled.iter_mut().enumerate() {
            let cc = &self.cc[test.swizzle[c]];
            for (e, &bit) in lanes.iter_mut().zip(cc.iter()) {
                *e = test.accepted & bit != 0;
            }
        }
        Some(enabled)
    }

    /// KIL (3.11.5.11): a fragment is discarded when any swizzled CC component passes the test. It keeps
    /// running as a helper so its quad's derivatives stay defined (notes item 7).
    pub fn kill(&mut self, test: &CcTest) {
        match self.enables(test) {
            None => self.killed = [true; LANES],
            Some(enabled) => {
                for l in 0..LANES {
                    self.killed[l] |= enabled.iter().any(|c| c[l]);
                }
            }
        }
    }
}

/// GenerateCC of 3.11.4.4 as a CC bit: NaN is UN, -0.0 is EQ.
#[inline(always)]
pub fn cond_of(v: f32) -> u8 {
    if v.is_nan() {
        CC_UN
    } else if v < 0.0 {
        CC_LT
    } else if v == 0.0 {
        CC_EQ
    } else {
        CC_GT
    }
}

/// The value of a parameter or constant operand. A parameter index the program has but `params`
/// lacks reads as (0,0,0,0) rather than panicking.
fn constant_value(origin: Origin, params: &Parameters) -> [f32; 4] {
    match origin {
        Origin::Numbered(n) => params.numbered.get(n).copied().unwrap_or([0.0; 4]),
        Origin::Named(n) => params.named.get(n).copied().unwrap_or([0.0; 4]),
        Origin::Literal(v) => v,
        Origin::Slot(_) => [0.0; 4],
    }
}
