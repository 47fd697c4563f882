//! Random NV_fragment_program programs and inputs for the differential tests (the executor against
//! the reference evaluator here, the JIT against the interpreter in crates/jit): the arithmetic, pack
//! and KIL instructions, with random swizzles, sign modifiers, write masks, CC masks, saturation and
//! precisions, on inputs full of NaN, INF, denormals and signed zeros.
#![allow(dead_code)]

use nvfp::exec::QuadInput;
use nvfp::isa::{
    AttribReg, CcMask, CcRule, Opcode, OutputReg, Precision, Swizzle, TempReg, WriteMask,
    ATTRIB_COUNT,
};
use nvfp::program::{Dest, DestReg, Instruction, NamedLocal, Program, Source, SourceKind};
use pigment_diag::Span;
use proptest::prelude::*;

/// (opcode, number of operands, operands are scalars)
pub const OPCODES: &[(Opcode, usize, bool)] = &[
    (Opcode::Add, 2, false),
    (Opcode::Sub, 2, false),
    (Opcode::Mul, 2, false),
    (Opcode::Mad, 3, false),
    (Opcode::Lrp, 3, false),
    (Opcode::Min, 2, false),
    (Opcode::Max, 2, false),
    (Opcode::Seq, 2, false),
    (Opcode::Sne, 2, false),
    (Opcode::Sge, 2, false),
    (Opcode::Sgt, 2, false),
    (Opcode::Sle, 2, false),
    (Opcode::Slt, 2, false),
    (Opcode::Sfl, 0, false),
    (Opcode::Str, 0, false),
    (Opcode::Mov, 1, false),
    (Opcode::Flr, 1, false),
    (Opcode::Frc, 1, false),
    (Opcode::Ddx, 1, false),
    (Opcode::Ddy, 1, false),
    (Opcode::Dp3, 2, false),
    (Opcode::Dp4, 2, false),
    (Opcode::Dst, 2, false),
    (Opcode::Lit, 1, false),
    (Opcode::Rfl, 2, false),
    (Opcode::X2d, 3, false),
    (Opcode::Rcp, 1, true),
    (Opcode::Rsq, 1, true),
    (Opcode::Ex2, 1, true),
    (Opcode::Lg2, 1, true),
    (Opcode::Sin, 1, true),
    (Opcode::Cos, 1, true),
    (Opcode::Pow, 2, true),
    (Opcode::Pk2h, 1, false),
    (Opcode::Pk2us, 1, false),
    (Opcode::Pk4b, 1, false),
    (Opcode::Pk4ub, 1, false),
    (Opcode::Up2h, 1, true),
    (Opcode::Up2us, 1, true),
    (Opcode::Up4b, 1, true),
    (Opcode::Up4ub, 1, true),
    (Opcode::Kil, 0, false),
];

pub const TEMPS: [TempReg; 6] = [
    TempReg::R(0),
    TempReg::R(1),
    TempReg::R(2),
    TempReg::H(0),
    TempReg::H(1),
    TempReg::H(2),
];

pub const ATTRIBS: [AttribReg; 4] = [
    AttribReg::Wpos,
    AttribReg::Col0,
    AttribReg::Tex(0),
    AttribReg::Tex(3),
];

/// Interesting f32 values: specials, the fp32 and fp16 edges, and arbitrary bit patterns.
pub fn value() -> impl Strategy<Value = f32> {
    prop_oneof![
        3 => prop::sample::select(vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            -0.5,
            2.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            f32::from_bits(0xFFC0_0000),
            f32::from_bits(0x7F80_0001),
            f32::from_bits(0xFFA1_2345),
            f32::from_bits(1),
            f32::from_bits(0x8000_0001),
            f32::from_bits(0x007F_FFFF),
            f32::from_bits(0x807F_FFFF),
            f32::MIN_POSITIVE,
            -f32::MIN_POSITIVE,
            1.5 * f32::MIN_POSITIVE,
            65504.0,
            65520.0,
            -65520.0,
            2f32.powi(-24),
            2f32.powi(-14),
            8_388_608.0,
            -8_388_607.5,
            1e30,
            -1e-30,
        ]),
        3 => -4.0f32..4.0,
        1 => -1e6f32..1e6,
        2 => any::<u32>().prop_map(f32::from_bits),
    ]
}

pub fn vec4() -> impl Strategy<Value = [f32; 4]> {
    prop::array::uniform4(value())
}

pub fn swizzle() -> impl Strategy<Value = Swizzle> {
    prop_oneof![
        2 => Just(Swizzle::IDENTITY),
        1 => prop::array::uniform4(0u8..4).prop_map(Swizzle),
    ]
}

pub fn scalar_swizzle() -> impl Strategy<Value = Swizzle> {
    (0u8..4).prop_map(|c| Swizzle([c; 4]))
}

pub fn source(scalar: bool) -> impl Strategy<Value = Source> {
    let kind = prop_oneof![
        4 => prop::sample::select(TEMPS.to_vec()).prop_map(SourceKind::Temp),
        2 => prop::sample::select(ATTRIBS.to_vec()).prop_map(SourceKind::Attrib),
        1 => (0u32..3).prop_map(SourceKind::NumberedLocal),
        1 => (0u32..2).prop_map(SourceKind::NamedLocal),
        1 => vec4().prop_map(SourceKind::Literal),
    ];
    let swizzle = if scalar {
        scalar_swizzle().boxed()
    } else {
        swizzle().boxed()
    };
    (kind, swizzle, any::<[bool; 3]>()).prop_map(|(kind, swizzle, [n, a, m])| Source {
        kind,
        swizzle,
        negate_base: n,
        absolute: a,
        negate_abs: m,
    })
}

pub fn cc_mask() -> impl Strategy<Value = CcMask> {
    prop_oneof![
        2 => Just(CcMask::ALWAYS),
        1 => (prop::sample::select(CcRule::ALL.to_vec()), swizzle())
            .prop_map(|(rule, swizzle)| CcMask { rule, swizzle }),
    ]
}

pub fn precision() -> impl Strategy<Value = Precision> {
    prop_oneof![3 => Just(Precision::R), 1 => Just(Precision::H), 1 => Just(Precision::X)]
}

/// A destination; `colour` is the one colour output this program writes.
pub fn dest(colour: OutputReg) -> impl Strategy<Value = DestReg> {
    prop_oneof![
        6 => prop::sample::select(TEMPS.to_vec()).prop_map(DestReg::Temp),
        1 => Just(DestReg::Output(colour)),
        1 => Just(DestReg::Output(OutputReg::Depr)),
        1 => Just(DestReg::Rc),
        1 => Just(DestReg::Hc),
    ]
}

pub fn instruction(colour: OutputReg) -> impl Strategy<Value = Instruction> {
    prop::sample::select(OPCODES.to_vec()).prop_flat_map(move |(opcode, count, scalar)| {
        (
            prop::collection::vec(source(scalar), count),
            precision(),
            dest(colour),
            1u8..16,
            cc_mask(),
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(
                move |(srcs, precision, register, mask, cc, saturate, update_cc)| {
                    build(
                        opcode, srcs, precision, register, mask, cc, saturate, update_cc,
                    )
                },
            )
    })
}

/// Assembles an instruction, keeping to the load-time rules the executor may rely on: RFL never writes
/// w, PK* writes only 32-bit registers, UP* reads no H register, KIL has no destination.
#[allow(clippy::too_many_arguments)]
pub fn build(
    opcode: Opcode,
    mut srcs: Vec<Source>,
    precision: Precision,
    mut register: DestReg,
    mut mask: u8,
    cc: CcMask,
    saturate: bool,
    update_cc: bool,
) -> Instruction {
    let packs = matches!(
        opcode,
        Opcode::Pk2h | Opcode::Pk2us | Opcode::Pk4b | Opcode::Pk4ub
    );
    if packs && register.is_half() {
        register = DestReg::Temp(TempReg::R(1));
    }
    if matches!(
        opcode,
        Opcode::Up2h | Opcode::Up2us | Opcode::Up4b | Opcode::Up4ub
    ) {
        for src in &mut srcs {
            if let SourceKind::Temp(TempReg::H(n)) = src.kind {
                src.kind = SourceKind::Temp(TempReg::R(n));
            }
        }
    }
    if opcode == Opcode::Rfl {
        mask &= 0b0111;
        if mask == 0 {
            mask = 1;
        }
    }
    let (dst, kil_condition) = if opcode == Opcode::Kil {
        (None, Some(cc))
    } else {
        let dst = Dest {
            register,
            write_mask: WriteMask(mask),
            cc_mask: cc,
        };
        (Some(dst), None)
    };
    Instruction {
        opcode,
        precision,
        explicit_precision: Some(precision),
        update_cc: update_cc && dst.is_some(),
        saturate: saturate && dst.is_some(),
        dst,
        srcs,
        texture: None,
        kil_condition,
        span: Span::default(),
    }
}

pub fn program() -> impl Strategy<Value = Program> {
    prop::sample::select(vec![OutputReg::Colr, OutputReg::Colh]).prop_flat_map(|colour| {
        (
            prop::collection::vec(instruction(colour), 1..12),
            prop::array::uniform2(vec4()),
        )
            .prop_map(move |(instructions, named)| assemble(instructions, named, colour))
    })
}

pub fn assemble(
    instructions: Vec<Instruction>,
    named: [[f32; 4]; 2],
    colour: OutputReg,
) -> Program {
    let mut temps_written: Vec<TempReg> = instructions
        .iter()
        .filter_map(|i| match i.dst?.register {
            DestReg::Temp(t) => Some(t),
            _ => None,
        })
        .collect();
    temps_written.sort();
    temps_written.dedup();
    let writes = |o: OutputReg| {
        instructions
            .iter()
            .any(|i| i.dst.is_some_and(|d| d.register == DestReg::Output(o)))
    };
    Program {
        named_locals: named
            .iter()
            .enumerate()
            .map(|(i, &initial)| NamedLocal {
                name: format!("n{i}"),
                initial,
            })
            .collect(),
        texture_targets: [None; 16],
        writes_colr: colour == OutputReg::Colr,
        writes_colh: colour == OutputReg::Colh,
        writes_depr: writes(OutputReg::Depr),
        temps_written,
        register_units: 0,
        instructions,
    }
}

pub fn quad_input() -> impl Strategy<Value = QuadInput> {
    prop::collection::vec(vec4(), 4 * ATTRIB_COUNT).prop_map(|values| {
        let mut input = QuadInput::default();
        for (i, value) in values.into_iter().enumerate() {
            input.attribs[i / 4][i % 4] = value;
        }
        input
    })
}

/// A TEX, TXP or TXD on a 2D unit: 0 (trilinear mipmaps), 1 (linear) or 2 (nothing bound).
pub fn texture_instruction(colour: OutputReg) -> impl Strategy<Value = Instruction> {
    let opcode = prop::sample::select(vec![Opcode::Tex, Opcode::Txp, Opcode::Txd]);
    (
        opcode,
        prop::collection::vec(source(false), 3),
        precision(),
        dest(colour),
        1u8..16,
        cc_mask(),
        any::<bool>(),
        any::<bool>(),
        0u8..3,
    )
        .prop_map(
            move |(opcode, mut srcs, precision, register, mask, cc, saturate, update_cc, unit)| {
                srcs.truncate(if opcode == Opcode::Txd { 3 } else { 1 });
                let mut inst = build(
                    opcode, srcs, precision, register, mask, cc, saturate, update_cc,
                );
                inst.texture = Some((unit, nvfp::isa::TexTarget::D2));
                inst
            },
        )
}

/// Like [`program`], with texture lookups among the instructions (run with [`texture_units`]).
pub fn textured_program() -> impl Strategy<Value = Program> {
    prop::sample::select(vec![OutputReg::Colr, OutputReg::Colh]).prop_flat_map(|colour| {
        let inst = prop_oneof![4 => instruction(colour), 1 => texture_instruction(colour)];
        (
            prop::collection::vec(inst, 1..12),
            prop::array::uniform2(vec4()),
        )
            .prop_map(move |(instructions, named)| {
                let mut program = assemble(instructions, named, colour);
                for unit in 0..3 {
                    program.texture_targets[unit] = Some(nvfp::isa::TexTarget::D2);
                }
                program
            })
    })
}

/// The units [`textured_program`] samples: 0 an 8x8 RGBA float texture with trilinear mipmaps, 1 a
/// 4x2 one with LINEAR filtering, 2 nothing.
pub fn texture_units() -> nvfp::texture::TextureUnits {
    use nvfp::texture::{Filter, TexFormat, Texture, TextureUnits};
    let texels = |w: usize, h: usize| -> Vec<[f32; 4]> {
        (0..w * h)
            .map(|i| {
                let v = i as f32;
                [v / 7.0, (v * 0.37).fract(), -v, 1.0 / (v + 1.0)]
            })
            .collect()
    };
    let texture = |w, h| {
        Texture::from_rgba_f32(
            nvfp::isa::TexTarget::D2,
            w,
            h,
            1,
            TexFormat::FloatRgba,
            &texels(w, h),
        )
        .expect("texture")
    };
    let mut units = TextureUnits::new();
    units.bind(0, texture(8, 8).with_filter(Filter::Mipmap));
    units.bind(1, texture(4, 2));
    units
}
