//! The JIT against the interpreter (the reference), bit for bit: random programs from nvfp's
//! generator (every instruction, all precisions, CC masks and updates, KIL, derivatives, texture
//! lookups with trilinear mipmaps) on random inputs full of NaN, INF, denormals and signed zeros, over
//! several batches; every colour, depth and kill flag, and for the first quad every temporary and the
//! condition code. Also the benchmark programs, and random programs on inputs whose sums, products
//! and quotients land among the fp32 denormals (flushed lazily by compiled code on x86_64, which
//! runs with denormal operands read as zero). And the approximations (inline f32x4 steps) on the
//! values where their sequences are most fragile, in a program that calls no helper, so that compiled
//! code runs with denormal operands read as zero; and PK*/UP* words whose bits are fp32 denormals.

#[path = "../../nvfp/tests/exec_generate/mod.rs"]
mod exec_generate;

use exec_generate::{
    assemble, build, cc_mask, dest, precision, quad_input, source, texture_instruction,
    texture_units, textured_program, value, vec4,
};
use nvfp::exec::{Machine, Parameters, QuadInput, QuadOutput};
use nvfp::isa::{Opcode, OutputReg};
use nvfp::program::Program;
use nvfp::texture::TextureUnits;
use pigment_diag::FileId;
use proptest::prelude::*;

fn bits(v: [f32; 4]) -> [u32; 4] {
    v.map(f32::to_bits)
}

fn check(
    program: &Program,
    params: &Parameters,
    textures: &TextureUnits,
    inputs: &[QuadInput],
) -> Result<(), TestCaseError> {
    let interpreter = Machine::new(program);
    let (jit, compiled) = nvfp_jit::machine(program);
    prop_assert!(compiled.is_ok(), "{:?}", compiled);
    let run = |machine: &Machine| {
        let mut outputs = vec![QuadOutput::default(); inputs.len()];
        machine.run_quads(inputs, params, textures, &mut outputs);
        outputs
    };
    let (expected, actual) = (run(&interpreter), run(&jit));
    for (q, (e, a)) in expected.iter().zip(&actual).enumerate() {
        prop_assert_eq!(a.color.map(bits), e.color.map(bits), "colour, quad {}", q);
        prop_assert_eq!(bits(a.depth), bits(e.depth), "depth, quad {}", q);
        prop_assert_eq!(a.killed, e.killed, "killed, quad {}", q);
    }
    let (_, expected) = interpreter.run_quad_traced(&inputs[0], params, textures);
    let (_, actual) = jit.run_quad_traced(&inputs[0], params, textures);
    prop_assert_eq!(&actual.cc, &expected.cc, "condition code");
    prop_assert_eq!(actual.temps.len(), expected.temps.len());
    for (a, e) in actual.temps.iter().zip(&expected.temps) {
        prop_assert_eq!(
            a.values.map(bits),
            e.values.map(bits),
            "{}",
            e.register.name()
        );
    }
    Ok(())
}

/// Values near 2^-63 and near the least normal number (either sign), whose products, sums and
/// differences are often denormal, and now and then any other value.
fn tiny() -> impl Strategy<Value = f32> {
    let sign = |negative: bool, v: f32| if negative { -v } else { v };
    prop_oneof![
        3 => (any::<bool>(), 1.0f32..2.0, -66i32..-58)
            .prop_map(move |(n, m, e)| sign(n, m * 2f32.powi(e))),
        3 => (any::<bool>(), 0.5f32..4.0).prop_map(move |(n, m)| sign(n, m * f32::MIN_POSITIVE)),
        1 => value(),
    ]
}

/// Quad inputs whose every attribute component is drawn from `values`.
fn quad_of(values: impl Strategy<Value = f32>) -> impl Strategy<Value = QuadInput> {
    prop::collection::vec(values, 4 * 4 * nvfp::isa::ATTRIB_COUNT).prop_map(|values| {
        let mut input = QuadInput::default();
        for (i, v) in values.into_iter().enumerate() {
            input.attribs[i / 16][(i / 4) % 4][i % 4] = v;
        }
        input
    })
}

/// Values that PK2H packs into halves near the bottom of fp16 (denormal halves, and zeros of either
/// sign), so that a word's high half is tiny and the word's bits are an fp32 denormal; and a few
/// ordinary ones.
fn half_edge() -> impl Strategy<Value = f32> {
    prop::sample::select(vec![
        0.0, -0.0, 6e-8, -6e-8, 1e-6, -3e-7, 7e-6, 1e-5, 0.5, -2.0,
    ])
}

/// The values where MIN/MAX, FLR/FRC, the SET comparisons and `_SAT` have their edges: signed
/// zeros, denormals of either sign (which flush to the zero of their sign), normals whose sums,
/// differences and halves are denormal, NaNs of several patterns, infinities, and numbers around
/// 0 and 1.
fn edge() -> impl Strategy<Value = f32> {
    prop::sample::select(vec![
        0.0,
        -0.0,
        f32::from_bits(1),
        f32::from_bits(0x8000_0001),
        f32::from_bits(0x007F_FFFF),
        f32::from_bits(0x807F_FFFF),
        f32::from_bits(0x0040_0000),
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
        1.5 * f32::MIN_POSITIVE,
        -1.25 * f32::MIN_POSITIVE,
        f32::NAN,
        f32::from_bits(0xFFC0_0000),
        f32::from_bits(0x7F80_0001),
        f32::from_bits(0xFFA1_2345),
        f32::INFINITY,
        f32::NEG_INFINITY,
        1.0,
        -1.0,
        0.5,
        -0.25,
        1.5,
        -2.5,
    ])
}

/// Every approximation at every precision; RCP, RSQ, EX2 and LG2 also of products of the inputs
/// (often denormal: lazily flushed operands), SIN and COS also of multiples of π/2 plus a little
/// (tiny reduced arguments); the results go to temporaries (compared in the first quad) and, mixed
/// by MOVs under write masks, to o[COLR] (compared in every quad).
const APPROXIMATIONS: &str = "!!FP1.0
MOVR R7, f[TEX1];
MULR R0, f[TEX0], R7;
RCPR R1.x, R0.x;
RSQR R1.y, R0.y;
EX2R R1.z, R0.z;
LG2R R1.w, R0.w;
SINR R2.x, f[TEX2].x;
COSR R2.y, f[TEX2].y;
EX2R R2.z, f[TEX2].z;
LG2R R2.w, f[TEX2].w;
POWR R3.x, f[TEX3].x, f[TEX3].y;
RCPR R3.y, f[TEX3].z;
RSQR R3.z, f[TEX3].w;
SINR R3.w, R0.x;
LITR R4, f[TEX4];
MOVR R8, f[TEX6];
MADR R5, f[TEX5], 1.5707963, R8;
SINR R6.x, R5.x;
COSR R6.y, R5.y;
SINR R6.z, R5.z;
COSR R6.w, R0.w;
SINH H0.x, f[TEX7].x;
COSH H0.y, f[TEX7].y;
EX2H H0.z, f[TEX7].z;
LG2H H0.w, f[TEX7].w;
POWH H1.x, f[TEX7].x, f[TEX7].y;
RCPH H1.y, f[TEX7].z;
RSQH H1.z, f[TEX7].w;
LITH H2, f[TEX4].yxwz;
MOVR o[COLR], R1;
MOVR o[COLR].xz, R2;
MOVR o[COLR].yw, R6;
END";

/// The values the approximations' sequences must get right: zeros, infinities, NaN, denormals and
/// numbers near 2^-63 and the least normal (whose products are denormal), huge numbers, integers and
/// halves (EX2's rounding ties, down into its denormal results), numbers near 1 (LG2), multiples of
/// π/2 and large angles (SIN, COS), and now and then any other value.
fn special() -> impl Strategy<Value = f32> {
    let specials = [
        0.0,
        -0.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        f32::from_bits(1),
        -f32::from_bits(0x7F_FFFF),
        f32::MIN_POSITIVE,
        f32::MAX,
        -f32::MAX,
        1.0,
        -1.0,
    ];
    prop_oneof![
        2 => prop::sample::select(specials.to_vec()),
        2 => tiny(),
        2 => (-320i32..320).prop_map(|n| n as f32 / 2.0),
        1 => -152.0f32..-124.0,
        1 => 0.99f32..1.01,
        1 => (-40i32..40, -1e-3f32..1e-3)
            .prop_map(|(k, d)| k as f32 * std::f32::consts::FRAC_PI_2 + d),
        1 => -1e5f32..1e5,
        1 => -1e30f32..1e30,
        1 => value(),
    ]
}

/// Programs of MIN, MAX, FLR, FRC, the SET comparisons, pass-through MOV and ADD/SUB/MUL/MAD (whose
/// negated operands compiled code folds into the operation), with `_SAT`, CC masks and updates,
/// every precision; and when `helper` a texture lookup too, so that the code flushes
/// as it goes instead of running with denormal operands read as zero.
fn edge_program(helper: bool) -> impl Strategy<Value = nvfp::program::Program> {
    use Opcode::*;
    let colour = OutputReg::Colr;
    let opcodes = [
        (Min, 2),
        (Max, 2),
        (Flr, 1),
        (Frc, 1),
        (Sge, 2),
        (Slt, 2),
        (Seq, 2),
        (Sne, 2),
        (Sgt, 2),
        (Sle, 2),
        (Mov, 1),
        (Add, 2),
        (Sub, 2),
        (Mul, 2),
        (Mad, 3),
    ];
    let step = prop::sample::select(opcodes.to_vec()).prop_flat_map(move |(opcode, count)| {
        (
            prop::collection::vec(source(false), count),
            precision(),
            dest(colour),
            1u8..16,
            cc_mask(),
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(move |(srcs, p, register, mask, cc, sat, update)| {
                build(opcode, srcs, p, register, mask, cc, sat, update)
            })
    });
    let lookup = prop::collection::vec(texture_instruction(colour), usize::from(helper));
    (
        prop::collection::vec(step, 1..12),
        lookup,
        prop::array::uniform2(prop::array::uniform4(edge())),
    )
        .prop_map(move |(mut instructions, lookup, named)| {
            instructions.extend(lookup);
            let mut program = assemble(instructions, named, colour);
            for unit in 0..3 {
                program.texture_targets[unit] = Some(nvfp::isa::TexTarget::D2);
            }
            program
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn edge_values_through_min_max_floor_set_and_saturate_match_the_interpreter(
        program in any::<bool>().prop_flat_map(edge_program),
        numbered in prop::array::uniform3(prop::array::uniform4(edge())),
        inputs in prop::collection::vec(quad_of(edge()), 1..20),
    ) {
        let mut params = Parameters::for_program(&program);
        params.numbered[..3].copy_from_slice(&numbered);
        check(&program, &params, &texture_units(), &inputs)?;
    }

    #[test]
    fn approximations_match_the_interpreter(inputs in prop::collection::vec(quad_of(special()), 1..8)) {
        let program = nvfp::validate::load_text(APPROXIMATIONS, FileId(0)).expect("program loads");
        check(&program, &Parameters::for_program(&program), &texture_units(), &inputs)?;
    }

    #[test]
    fn random_programs_match_the_interpreter(
        program in textured_program(),
        numbered in prop::array::uniform3(vec4()),
        inputs in prop::collection::vec(quad_input(), 1..70),
    ) {
        let mut params = Parameters::for_program(&program);
        params.numbered[..3].copy_from_slice(&numbered);
        check(&program, &params, &texture_units(), &inputs)?;
    }

    #[test]
    fn denormal_results_match_the_interpreter(
        program in textured_program(),
        numbered in prop::array::uniform3(prop::array::uniform4(tiny())),
        inputs in prop::collection::vec(quad_of(tiny()), 1..40),
    ) {
        let mut params = Parameters::for_program(&program);
        params.numbered[..3].copy_from_slice(&numbered);
        check(&program, &params, &texture_units(), &inputs)?;
    }

    #[test]
    fn denormal_products_through_min_max_floor_and_saturate_match_the_interpreter(
        which in 0usize..4,
        helper in any::<bool>(),
        inputs in prop::collection::vec(quad_of(tiny()), 1..20),
    ) {
        // Halves of values near the least normal number are denormal: MIN/MAX must hand on a
        // flushable value (compiled code flushes it lazily, or as it goes with a helper).
        let body = [
            "MINR o[COLR], R0, f[COL0];",
            "MAXR o[COLR], R0, -f[COL0];",
            "MINR R1, R0, f[COL0].wzyx;\nFRCR R2, R1;\nFLRR R3, -R1;\nADDR o[COLR], R2, R3;",
            "MAXR_SAT R1, -R0, f[COL0];\nMINRC o[COLR], R1, R0;",
        ][which];
        let lookup = if helper { "TEX R4, f[TEX1], TEX0, 2D;\n" } else { "" };
        let text = format!("!!FP1.0\nMULR R0, f[TEX0], 0.5;\n{lookup}{body}\nEND\n");
        let program = nvfp::validate::load_text(&text, FileId(0)).expect("test program loads");
        check(&program, &Parameters::for_program(&program), &texture_units(), &inputs)?;
    }

    #[test]
    fn packed_words_with_denormal_bits_match_the_interpreter(
        which in 0usize..3,
        inputs in prop::collection::vec(quad_of(half_edge()), 1..12),
    ) {
        // A word of PK2H whose high half is below 2^-17 (or zero) has the bits of an fp32
        // denormal: moves of it (with CC and `_SAT`), its unpacking and a masked pass-through must
        // treat the word as the interpreter does.
        let body = [
            "PK2H R0.x, f[TEX0];\nPK2H R0.y, f[TEX0].zwxy;\nMOVRC R1, R0;\nMOVR o[COLR], R0;\nMOVR_SAT o[COLR](LT), R1;",
            "PK2H R0.x, f[TEX0];\nUP2H R1.xy, R0.x;\nPK2US R0.y, f[TEX0].zwxy;\nUP2US R1.zw, R0.y;\nADDR o[COLR], R1, R4;",
            "PK4B R0.x, f[TEX0];\nPK2H R0.y, -f[TEX0];\nMOVHC H2, R0.y;\nMOVR o[COLR](LT.y), R0;\nUP4B R2, R0.x;\nMADR_SAT o[COLR](GE.y), R2, R4, R0.yyxx;",
        ][which];
        let text = format!("!!FP1.0\nTEX R4, f[TEX1], TEX0, 2D;\n{body}\nEND\n");
        let program = nvfp::validate::load_text(&text, FileId(0)).expect("test program loads");
        check(&program, &Parameters::for_program(&program), &texture_units(), &inputs)?;
    }

    #[test]
    fn benchmark_programs_match_the_interpreter(
        which in 0usize..2,
        inputs in prop::collection::vec(quad_input(), 1..40),
    ) {
        let text = [
            include_str!("../../pigment/benches/programs/lighting.fp"),
            include_str!("../../pigment/benches/programs/arith.fp"),
        ][which];
        let program = nvfp::validate::load_text(text, FileId(0)).expect("benchmark program loads");
        check(&program, &Parameters::for_program(&program), &texture_units(), &inputs)?;
    }
}
