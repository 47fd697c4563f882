//! The decoded program: a [`Program`] turned once into a compact list of steps whose operands and
//! destinations are resolved to register-file slots, bit masks and rule sets, so that running a batch
//! of quads never looks at the program's syntax again.

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

/// Where an operand's four components come from.
#[derive(Clone, Copy, Debug)]
pub enum Origin {
    /// A register-file slot (attribute or temporary), different in every lane.
    Slot(usize),
    /// `p[N]`, the same in every lane.
    Numbered(usize),
    /// A DECLAREd parameter, the same in every lane.
    Named(usize),
    /// A constant.
    Literal([f32; 4]),
}

/// A source operand. Negate / absolute value / negate of VectorLoad are folded into two bit masks:
/// `value = (bits & and_mask) ^ xor_mask` (IEEE negation and abs touch only the sign bit).
#[derive(Clone, Copy, Debug)]
pub struct Operand {
    pub origin: Origin,
    pub swizzle: [usize; 4],
    pub and_mask: u32,
    pub xor_mask: u32,
}

impl Operand {
    const UNUSED: Operand = Operand {
        origin: Origin::Literal([0.0; 4]),
        swizzle: [0, 1, 2, 3],
        and_mask: !0,
        xor_mask: 0,
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
    /// The register stores fp16 (H registers, o[COLH], HC).
    pub half: bool,
    pub write_mask: [bool; 4],
    pub cc: CcTest,
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
}

/// The decoded program and the layout of its register file.
#[derive(Clone, Debug)]
pub struct Decoded {
    pub steps: Vec<Step>,
    /// Number of slots in the register file.
    pub slot_count: usize,
    /// Attribute registers the program reads: (attribute index, slot).
    pub attribs: Vec<(usize, usize)>,
    /// Temporaries the program uses: (register, slot), in `Program::temps_written` order first.
    pub temps: Vec<(TempReg, usize)>,
    /// How many of `temps` are the written ones (the rest are only read, and always hold zeros).
    pub temps_written: usize,
    /// o[COLR] / o[COLH] (a program writes at most one of them).
    pub color_slot: usize,
    /// o[DEPR]; its z starts as f[WPOS].z so that an unwritten depth stays the fragment's own.
    pub depth_slot: usize,
}

const SIGN: u32 = 0x8000_0000;

/// Slot assignment while decoding.
struct Slots {
    attribs: [Option<usize>; ATTRIB_COUNT],
    temps: Vec<(TempReg, usize)>,
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
}

impl Decoded {
    pub fn new(program: &Program) -> Decoded {
        let mut slots = Slots {
            attribs: [None; ATTRIB_COUNT],
            temps: Vec::new(),
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
        let steps = program
            .instructions
            .iter()
            .map(|inst| {
                let mut operands = [Operand::UNUSED; 3];
                for (operand, source) in operands.iter_mut().zip(&inst.srcs) {
                    *operand = decode_operand(source, &mut slots);
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
                }
            })
            .collect();
        let attribs = (0..ATTRIB_COUNT)
            .filter_map(|a| slots.attribs[a].map(|s| (a, s)))
            .collect();
        Decoded {
            steps,
            slot_count: slots.count,
            attribs,
            temps: slots.temps,
            temps_written,
            color_slot,
            depth_slot,
        }
    }
}

fn decode_operand(source: &Source, slots: &mut Slots) -> Operand {
    let origin = match source.kind {
        SourceKind::Attrib(attrib) => Origin::Slot(slots.attrib(attrib)),
        SourceKind::Temp(reg) => Origin::Slot(slots.temp(reg)),
        SourceKind::NumberedLocal(n) => Origin::Numbered(n as usize),
        SourceKind::NamedLocal(n) => Origin::Named(n as usize),
        SourceKind::Literal(v) => Origin::Literal(v),
    };
    // VectorLoad: negate, then abs, then negate again. With abs the first negation is lost.
    let negate = |on: bool| if on { SIGN } else { 0 };
    let (and_mask, xor_mask) = if source.absolute {
        (!SIGN, negate(source.negate_abs))
    } else {
        (!0, negate(source.negate_base ^ source.negate_abs))
    };
    Operand {
        origin,
        swizzle: source.swizzle.0.map(|c| c as usize & 3),
        and_mask,
        xor_mask,
    }
}
