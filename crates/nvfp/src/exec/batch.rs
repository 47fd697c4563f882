//! The state of a batch of quads in structure-of-arrays form: every register component is an array of
//! [`LANES`] values (fragment `f` of quad `q` in lane `4q + f`), so each instruction runs as a few
//! straight loops over lanes that the compiler vectorises. Operand loading (VectorLoad / ScalarLoad of
//! 3.11.4.3) and the destination update (UpdateDestination of 3.11.4.4) live here.

use super::decode::{
    CcTest, ConstantOrigin, Decoded, Operand, Step, Target, CC_EQ, CC_GT, CC_LT, CC_UN,
};
use super::numeric::{convert, convert_slice, to_fp32};
use super::{Parameters, QuadInputs, SourceKey};
use crate::isa::{AttribReg, Precision};
use pigment_numeric::saturate as clamp01;

/// Quads per batch.
pub const QUADS: usize = 32;
/// Fragments (lanes) per batch.
pub const LANES: usize = QUADS * 4;

/// One component of one register across the batch.
pub type Lanes = [f32; LANES];
/// One register (x, y, z, w) across the batch, in one piece (scratch space for converted operands).
pub type Vector = [Lanes; 4];

pub const ZERO: Vector = [[0.0; LANES]; 4];

/// One register of the register file (or an instruction's result) across the batch, each component
/// in its own heap array: a store moves a computed component into the register file by swapping two
/// pointers instead of copying its lanes.
pub type Register = [Box<Lanes>; 4];

fn zero_register() -> Register {
    std::array::from_fn(|_| Box::new([0.0; LANES]))
}

/// Registers, condition codes and scratch space of one batch.
pub struct Batch {
    /// The register file, laid out as [`Decoded`] says.
    pub regs: Vec<Register>,
    /// The condition code, one bit per component per lane (see `decode::CC_*`).
    pub cc: [[u8; LANES]; 4],
    pub killed: [bool; LANES],
    /// Operands of the current instruction that had to be converted.
    pub operands: [Vector; 3],
    /// Result of the current instruction.
    pub result: Register,
    /// The key of the source whose lanes the attribute slots hold ([`QuadInputs::source_key`];
    /// `None`: unknown, refill them all), which nothing but [`Batch::reset`] writes (a program
    /// never writes an attribute register).
    source: Option<SourceKey>,
    /// Per entry of `Decoded::attribs`, per component: the key words its lanes depend on
    /// ([`QuadInputs::depends`]), asked at the first batch from a keyed source.
    depends: Vec<[u32; 4]>,
    /// The same for o[DEPR].z's start, f[WPOS].z.
    depth_depends: u32,
    /// Whether o[DEPR].z still holds the f[WPOS].z lanes of `source`: the batch was not cleared
    /// and the program never writes o[DEPR].
    depth_held: bool,
}

/// One component of an operand as an instruction reads it: lanes (in the register file, or converted
/// into scratch space) and the sign modifiers still to apply to them. `MODIFIED` is false when the
/// instruction has no modifiers left to apply on any operand, so that reading is a plain load.
#[derive(Clone, Copy)]
pub struct Src<'a, const MODIFIED: bool> {
    lanes: &'a Lanes,
    and_mask: u32,
    xor_mask: u32,
}

impl<const MODIFIED: bool> Src<'_, MODIFIED> {
    #[inline(always)]
    fn modify(&self, x: f32) -> f32 {
        if MODIFIED {
            f32::from_bits((x.to_bits() & self.and_mask) ^ self.xor_mask)
        } else {
            x
        }
    }

    #[inline(always)]
    pub fn at(&self, lane: usize) -> f32 {
        self.modify(self.lanes[lane])
    }

    /// The values of each quad's four fragments, in order.
    pub fn quads(&self) -> impl Iterator<Item = [f32; 4]> + '_ {
        self.lanes
            .chunks_exact(4)
            .map(|quad| std::array::from_fn(|f| self.modify(quad[f])))
    }
}

/// An operand's four components.
pub type SrcVector<'a, const MODIFIED: bool> = [Src<'a, MODIFIED>; 4];

impl Batch {
    /// A batch for `decoded`, with its constant slots filled from `params`.
    pub fn new(decoded: &Decoded, params: &Parameters) -> Box<Batch> {
        let mut batch = Box::new(Batch {
            regs: (0..decoded.slot_count).map(|_| zero_register()).collect(),
            cc: [[CC_EQ; LANES]; 4],
            killed: [false; LANES],
            operands: [ZERO; 3],
            result: zero_register(),
            source: None,
            depends: vec![[!0; 4]; decoded.attribs.len()],
            depth_depends: !0,
            depth_held: false,
        });
        for constant in &decoded.constants {
            let value = constant_value(constant.origin, params);
            let reg = &mut batch.regs[constant.slot];
            for (lanes, v) in reg.iter_mut().zip(value) {
                let v = f32::from_bits((v.to_bits() & constant.and_mask) ^ constant.xor_mask);
                **lanes = [constant.precision.map_or(v, |p| convert(p, v)); LANES];
            }
        }
        batch
    }

    /// Starts a batch: attributes from `quads` (at most [`QUADS`]; lanes past them keep an earlier
    /// batch's values, which are computed on but never read back), converted to fp32 unless UP*
    /// reads their bits, and o[DEPR].z from f[WPOS].z, except the lanes the batch already holds:
    /// those whose key words ([`QuadInputs::depends`]) are the same as the last source's. With
    /// `clear`, also temporaries and outputs (0,0,0,0), CC all EQ (3.11.1.2, 3.11.1.4) and nothing
    /// killed, as the interpreter needs; a kernel starts those itself (see `kernel::Kernel`).
    pub fn reset(&mut self, decoded: &Decoded, quads: &(impl QuadInputs + ?Sized), clear: bool) {
        if clear {
            for &slot in &decoded.cleared {
                for lanes in &mut self.regs[slot] {
                    **lanes = [0.0; LANES];
                }
            }
            self.cc = [[CC_EQ; LANES]; 4];
            self.killed = [false; LANES];
        }
        let count = 4 * quads.len().min(QUADS);
        let exact = quads.fp32_exact();
        let key = quads.source_key();
        let changed = changed_words(key, self.source);
        let all = key.is_none() || self.source.is_none();
        if key.is_some() && self.source.is_none() {
            self.learn_depends(decoded, quads);
        }
        self.source = key;
        for (&(attrib, slot, raw), depends) in decoded.attribs.iter().zip(&self.depends) {
            for (c, lanes) in self.regs[slot].iter_mut().enumerate() {
                if !all && depends[c] & changed == 0 {
                    continue;
                }
                let lanes = &mut lanes[..count];
                quads.fill(attrib, c, lanes);
                if !raw && !exact {
                    lanes.iter_mut().for_each(|v| *v = to_fp32(*v));
                }
            }
        }
        // The interpreter's clear and a program's depth writes overwrite o[DEPR].z's start.
        if all || clear || !self.depth_held || self.depth_depends & changed != 0 {
            let wpos = AttribReg::Wpos.index();
            quads.fill(wpos, 2, &mut self.regs[decoded.depth_slot][2][..count]);
        }
        self.depth_held = !clear && !decoded.writes_depth;
    }

    /// Asks a keyed source which key words each attribute component and o[DEPR].z's start depend on.
    fn learn_depends(&mut self, decoded: &Decoded, quads: &(impl QuadInputs + ?Sized)) {
        for (&(attrib, _, _), depends) in decoded.attribs.iter().zip(&mut self.depends) {
            *depends = std::array::from_fn(|c| quads.depends(attrib, c));
        }
        self.depth_depends = quads.depends(AttribReg::Wpos.index(), 2);
    }

    /// UpdateDestination of 3.11.4.4 for `self.result`: optional [0,1] clamp, conversion to the
    /// destination's type where it is not already ([`Target::conversion`]; never for the raw words of
    /// PK*), then the merge under the write mask and the CC mask, and the CC update from the converted
    /// value (notes item 1). Every enable is computed from the CC as it was before this instruction.
    pub fn store(&mut self, target: &Target, saturate: bool, update_cc: bool) {
        let enabled = self.enables(&target.cc);
        let dst = &mut self.regs[target.slot];
        for c in (0..4).filter(|&c| target.write_mask[c]) {
            let result = &mut self.result[c];
            if saturate {
                result.iter_mut().for_each(|v| *v = clamp01(*v));
            }
            if let Some(precision) = target.conversion {
                convert_slice(precision, &mut result[..]);
            }
            let cc = &mut self.cc[c];
            match &enabled {
                Some(enabled) => {
                    let enabled = &enabled[c];
                    for l in 0..LANES {
                        dst[c][l] = if enabled[l] { result[l] } else { dst[c][l] };
                    }
                    if update_cc {
                        for l in 0..LANES {
                            cc[l] = if enabled[l] {
                                cond_of(result[l])
                            } else {
                                cc[l]
                            };
                        }
                    }
                }
                None => {
                    if update_cc {
                        for (cc, &v) in cc.iter_mut().zip(result.iter()) {
                            *cc = cond_of(v);
                        }
                    }
                    // Every lane is written: the result's lanes become the register's (the old ones
                    // are scratch space for the next result).
                    std::mem::swap(&mut dst[c], result);
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

/// Bit `i` set: word `i` of the two keys differs (every bit when either is missing).
fn changed_words(new: Option<SourceKey>, old: Option<SourceKey>) -> u32 {
    match (new, old) {
        (Some(new), Some(old)) => (0..new.len())
            .filter(|&i| new[i] != old[i])
            .fold(0, |mask, i| mask | 1 << i),
        _ => !0,
    }
}

/// VectorLoad / ScalarLoad of the step's operands (3.11.4.3): each component is the swizzled lanes of
/// its slot plus the sign modifiers, read in place; an operand that needs its conversion to the
/// instruction's precision ([`Operand::convert`]) is first converted into `scratch`.
pub fn load<'a, const MODIFIED: bool>(
    regs: &'a [Register],
    scratch: &'a mut [Vector; 3],
    step: &Step,
) -> [SrcVector<'a, MODIFIED>; 3] {
    for (operand, converted) in step.operands.iter().zip(scratch.iter_mut()) {
        if operand.convert {
            convert_operand(&regs[operand.slot], operand, step.precision, converted);
        }
    }
    let scratch: &'a [Vector; 3] = scratch;
    std::array::from_fn(|i| {
        let operand = &step.operands[i];
        std::array::from_fn(|c| {
            if operand.convert {
                Src {
                    lanes: &scratch[i][c],
                    and_mask: !0,
                    xor_mask: 0,
                }
            } else {
                Src {
                    lanes: &regs[operand.slot][operand.swizzle[c]],
                    and_mask: operand.and_mask,
                    xor_mask: operand.xor_mask,
                }
            }
        })
    })
}

/// Swizzle, sign modifiers and conversion into `out`.
fn convert_operand(reg: &Register, operand: &Operand, precision: Precision, out: &mut Vector) {
    for (c, lanes) in out.iter_mut().enumerate() {
        for (d, &s) in lanes.iter_mut().zip(reg[operand.swizzle[c]].iter()) {
            *d = operand.modify(s);
        }
        convert_slice(precision, lanes);
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
fn constant_value(origin: ConstantOrigin, params: &Parameters) -> [f32; 4] {
    match origin {
        ConstantOrigin::Numbered(n) => params.numbered.get(n).copied().unwrap_or([0.0; 4]),
        ConstantOrigin::Named(n) => params.named.get(n).copied().unwrap_or([0.0; 4]),
        ConstantOrigin::Literal(v) => v,
    }
}
