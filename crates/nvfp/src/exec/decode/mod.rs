//! The decoded program: a [`Program`] turned once into a compact list of steps whose operands and
//! destinations are resolved to register-file slots, bit masks and rule sets, so that running a batch
//! of quads never looks at the program's syntax again.

mod formats;
use crate::isa::{
    AttribReg, CcMask, CcRule, Cond, Opcode, OutputReg, Precision, TempReg, TexTarget, ATTRIB_COUNT,
};
use crate::program::{DestReg, Program, Source, SourceKind};

/// Condition-code components are stored as one bit each, so that a rule is a set of accepted bits.
pub const CC_LT: u8 = 1;
pub const CC_EQ: u8 = 2;
pub const CC_GT: u8 = 4;
pub const CC_UN: u8 = 8;

/// The condition of a CC bit (anything else reads as UN).
pub fn bit_cond(bit: u8) -> Cond {
    match bit {
        CC_LT => Cond::Lt,
        CC_EQ => Cond::Eq,
        CC_GT => Cond::Gt,
        _ => Cond::Un,
    }
}

/// The set of conditions a rule accepts (TestCC of 3.11.4.4: UN passes only NE and TR).
pub fn rule_bits(rule: CcRule) -> u8 {
    [CC_LT, CC_EQ, CC_GT, CC_UN]
        .into_iter()
        .filter(|&bit| rule.test(bit_cond(bit)))
        .fold(0, |set, bit| set | bit)
}

/// A condition-code test: rule set and the swizzle applied to the CC register first.
#[derive(Clone, Copy, Debug)]
pub struct CcTest {
    pub accepted: u8,
    pub swizzle: [usize; 4],
}

impl CcTest {
    fn new(mask: CcMask) -> CcTest {
        CcTest {
            accepted: rule_bits(mask.rule),
            swizzle: mask.swizzle.0.map(|c| c as usize & 3),
        }
    }
}

/// Where a constant operand's value comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ConstantOrigin {
    /// `p[N]`.
    Numbered(usize),
    /// A DECLAREd parameter.
    Named(usize),
    /// A constant.
    Literal([f32; 4]),
}

/// A constant operand, loaded once per run into a slot of its own (the same value in every lane):
/// sign modifiers applied, then converted to `precision` (`None` for the raw operands of UP*). Its
/// operands then read the slot directly, with no modifiers and no conversion left to do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Constant {
    pub slot: usize,
    pub origin: ConstantOrigin,
    pub and_mask: u32,
    pub xor_mask: u32,
    pub precision: Option<Precision>,
}

impl Constant {
    /// Same origin (literals compared bit for bit, so -0.0 is not +0.0), modifiers and conversion.
    fn loads_like(&self, other: &Constant) -> bool {
        let origin = match (self.origin, other.origin) {
            (ConstantOrigin::Literal(a), ConstantOrigin::Literal(b)) => {
                a.map(f32::to_bits) == b.map(f32::to_bits)
            }
            (a, b) => a == b,
        };
        origin
            && (self.and_mask, self.xor_mask, self.precision)
                == (other.and_mask, other.xor_mask, other.precision)
    }
}

/// A source operand: a register-file slot read through a swizzle. Negate / absolute value / negate of
/// VectorLoad are folded into two bit masks, `value = (bits & and_mask) ^ xor_mask` (IEEE negation and
/// abs touch only the sign bit).
#[derive(Clone, Copy, Debug)]
pub struct Operand {
    pub slot: usize,
    pub swizzle: [usize; 4],
    pub and_mask: u32,
    pub xor_mask: u32,
    /// The values must go through the conversion to the instruction's precision. When false, the slot
    /// is known to hold only values the conversion leaves alone, and the instruction reads the slot
    /// directly (see [`Decoded::new`]).
    pub convert: bool,
}

impl Operand {
    const UNUSED: Operand = Operand {
        slot: 0,
        swizzle: [0, 1, 2, 3],
        and_mask: !0,
        xor_mask: 0,
        convert: false,
    };

    /// Applies the sign modifiers to one component.
    #[inline(always)]
    pub fn modify(&self, x: f32) -> f32 {
        f32::from_bits((x.to_bits() & self.and_mask) ^ self.xor_mask)
    }
}

/// Where and how a result is written.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    pub slot: usize,
    /// The register stores fp16 (H registers, o\[COLH], HC).
    pub half: bool,
    pub write_mask: [bool; 4],
    pub cc: CcTest,
    /// The conversion the result still needs to become the destination's type: only fp32 results
    /// going to an fp16 register (every instruction rounds its results to its own precision, whose
    /// values fp32 holds exactly, and fp16 holds fx12's).
    pub conversion: Option<Precision>,
}

/// One instruction, ready to run.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub opcode: Opcode,
    pub precision: Precision,
    pub operands: [Operand; 3],
    pub operand_count: usize,
    /// `None` only for KIL.
    pub target: Option<Target>,
    pub saturate: bool,
    pub update_cc: bool,
    pub texture: Option<(u8, TexTarget)>,
    /// The condition of KIL.
    pub kill: Option<CcTest>,
    /// UP*: operands are raw words, never converted.
    pub raw: bool,
    /// Some operand read in place still has sign modifiers to apply (set by `formats`).
    pub modified: bool,
}

/// The decoded program and the layout of its register file.
#[derive(Clone, Debug)]
pub struct Decoded {
    pub steps: Vec<Step>,
    /// Number of slots in the register file.
    pub slot_count: usize,
    /// Attribute registers the program reads: (attribute index, slot, raw). A raw attribute is read
    /// by UP* and keeps its bits; the others are converted to fp32 once per batch (see [`Decoded::new`]).
    pub attribs: Vec<(usize, usize, bool)>,
    /// The constant operands, each in its own slot.
    pub constants: Vec<Constant>,
    /// Slots a batch starts at (0,0,0,0): outputs, RC/HC and temporaries.
    pub cleared: Vec<usize>,
    /// Temporaries the program uses: (register, slot), in `Program::temps_written` order first.
    pub temps: Vec<(TempReg, usize)>,
    /// How many of `temps` are the written ones (the rest are only read, and always hold zeros).
    pub temps_written: usize,
    /// o\[COLR] / o\[COLH] (a program writes at most one of them).
    pub color_slot: usize,
    /// o\[DEPR]; its z starts as f\[WPOS].z so that an unwritten depth stays the fragment's own.
    pub depth_slot: usize,
    /// Whether the program writes o\[DEPR] (`Program::writes_depr`): otherwise o\[DEPR].z keeps the
    /// f\[WPOS].z a batch starts it at.
    pub writes_depth: bool,
}

const SIGN: u32 = 0x8000_0000;

/// Slot assignment while decoding.
struct Slots {
    attribs: [Option<usize>; ATTRIB_COUNT],
    temps: Vec<(TempReg, usize)>,
    constants: Vec<Constant>,
    count: usize,
}

impl Slots {
    fn next(&mut self) -> usize {
        self.count += 1;
        self.count - 1
    }

    fn attrib(&mut self, attrib: AttribReg) -> usize {
        let index = attrib.index();
        match self.attribs[index] {
            Some(slot) => slot,
            None => {
                let slot = self.next();
                self.attribs[index] = Some(slot);
                slot
            }
        }
    }

    fn temp(&mut self, reg: TempReg) -> usize {
        if let Some(&(_, slot)) = self.temps.iter().find(|(r, _)| *r == reg) {
            return slot;
        }
        let slot = self.next();
        self.temps.push((reg, slot));
        slot
    }

    /// The slot of a constant operand; operands loading the same value the same way share one.
    fn constant(&mut self, mut constant: Constant) -> usize {
        if let Some(existing) = self.constants.iter().find(|c| c.loads_like(&constant)) {
            return existing.slot;
        }
        constant.slot = self.next();
        self.constants.push(constant);
        constant.slot
    }
}

impl Decoded {
    /// Whether some step is a KIL: otherwise no fragment is ever killed.
    pub fn kills(&self) -> bool {
        self.steps.iter().any(|step| step.kill.is_some())
    }

    pub fn new(program: &Program) -> Decoded {
        let mut slots = Slots {
            attribs: [None; ATTRIB_COUNT],
            temps: Vec::new(),
            constants: Vec::new(),
            count: 0,
        };
        let color_slot = slots.next();
        let depth_slot = slots.next();
        // RC and HC: written for their condition codes, never read.
        let scratch_slot = slots.next();
        for &reg in &program.temps_written {
            slots.temp(reg);
        }
        let temps_written = slots.temps.len();
        let mut steps: Vec<Step> = program
            .instructions
            .iter()
            .map(|inst| {
                let raw = is_unpack(inst.opcode);
                let conversion = (!raw).then_some(inst.precision);
                let mut operands = [Operand::UNUSED; 3];
                for (operand, source) in operands.iter_mut().zip(&inst.srcs) {
                    *operand = decode_operand(source, conversion, &mut slots);
                }
                let target = inst.dst.map(|dst| Target {
                    slot: match dst.register {
                        DestReg::Temp(reg) => slots.temp(reg),
                        DestReg::Output(OutputReg::Depr) => depth_slot,
                        DestReg::Output(_) => color_slot,
                        DestReg::Rc | DestReg::Hc => scratch_slot,
                    },
                    half: dst.register.is_half(),
                    write_mask: [0, 1, 2, 3].map(|c| dst.write_mask.enabled(c)),
                    cc: CcTest::new(dst.cc_mask),
                    conversion: (dst.register.is_half()
                        && inst.precision == Precision::R
                        && !is_pack(inst.opcode))
                    .then_some(Precision::H),
                });
                Step {
                    opcode: inst.opcode,
                    precision: inst.precision,
                    operands,
                    operand_count: inst.srcs.len().min(3),
                    target,
                    saturate: inst.saturate,
                    update_cc: inst.update_cc,
                    texture: inst.texture,
                    kill: inst.kil_condition.map(CcTest::new),
                    raw,
                    modified: true,
                }
            })
            .collect();
        let raw_slots: Vec<usize> = steps
            .iter()
            .filter(|step| step.raw)
            .flat_map(|step| step.operands[..step.operand_count].iter().map(|o| o.slot))
            .collect();
        let attribs: Vec<(usize, usize, bool)> = (0..ATTRIB_COUNT)
            .filter_map(|a| slots.attribs[a].map(|s| (a, s, raw_slots.contains(&s))))
            .collect();
        let mut cleared = vec![color_slot, depth_slot, scratch_slot];
        cleared.extend(slots.temps.iter().map(|&(_, slot)| slot));
        let raw_attribs: Vec<usize> = attribs
            .iter()
            .filter(|a| a.2)
            .map(|&(_, slot, _)| slot)
            .collect();
        let constant_slots: Vec<usize> = slots.constants.iter().map(|c| c.slot).collect();
        formats::mark_direct_operands(
            &mut steps,
            slots.count,
            &raw_attribs,
            &constant_slots,
            &attribs.iter().map(|a| a.1).collect::<Vec<_>>(),
        );
        Decoded {
            steps,
            slot_count: slots.count,
            attribs,
            constants: slots.constants,
            cleared,
            temps: slots.temps,
            temps_written,
            color_slot,
            depth_slot,
            writes_depth: program.writes_depr,
        }
    }
}

pub fn is_pack(opcode: Opcode) -> bool {
    matches!(
        opcode,
        Opcode::Pk2h | Opcode::Pk2us | Opcode::Pk4b | Opcode::Pk4ub
    )
}

pub fn is_unpack(opcode: Opcode) -> bool {
    matches!(
        opcode,
        Opcode::Up2h | Opcode::Up2us | Opcode::Up4b | Opcode::Up4ub
    )
}

/// `conversion`: the instruction's precision, `None` for UP*'s raw operands.
fn decode_operand(source: &Source, conversion: Option<Precision>, slots: &mut Slots) -> Operand {
    // VectorLoad: negate, then abs, then negate again. With abs the first negation is lost.
    let negate = |on: bool| if on { SIGN } else { 0 };
    let (and_mask, xor_mask) = if source.absolute {
        (!SIGN, negate(source.negate_abs))
    } else {
        (!0, negate(source.negate_base ^ source.negate_abs))
    };
    let swizzle = source.swizzle.0.map(|c| c as usize & 3);
    let slot = |slot| Operand {
        slot,
        swizzle,
        and_mask,
        xor_mask,
        convert: true,
    };
    let constant = |origin| Constant {
        slot: 0,
        origin,
        and_mask,
        xor_mask,
        precision: conversion,
    };
    let origin = match source.kind {
        SourceKind::Attrib(attrib) => return slot(slots.attrib(attrib)),
        SourceKind::Temp(reg) => return slot(slots.temp(reg)),
        SourceKind::NumberedLocal(n) => ConstantOrigin::Numbered(n as usize),
        SourceKind::NamedLocal(n) => ConstantOrigin::Named(n as usize),
        SourceKind::Literal(v) => ConstantOrigin::Literal(v),
    };
    // Modifiers and conversion are applied when the constant's slot is filled.
    Operand {
        slot: slots.constant(constant(origin)),
        swizzle,
        and_mask: !0,
        xor_mask: 0,
        convert: false,
    }
}
