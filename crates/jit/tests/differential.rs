//! The JIT against the interpreter (the reference), bit for bit: random programs from nvfp's
//! generator (every instruction, all precisions, CC masks and updates, KIL, derivatives, texture
//! lookups with trilinear mipmaps) on random inputs full of NaN, INF, denormals and signed zeros, over
//! several batches; every colour, depth and kill flag, and for the first quad every temporary and the
//! condition code. Also the benchmark programs, and random programs on inputs whose sums, products
//! and quotients land among the fp32 denormals (flushed lazily by compiled code on x86_64, which
//! runs with denormal operands read as zero). And the approximations (inline f32x4 steps) on the
//! values where their sequences are most fragile, in a program that calls no helper, so that compiled
//! code runs with denormal operands read as zero.

#[path = "../../nvfp/tests/exec_generate/mod.rs"]
mod exec_generate;

use exec_generate::{quad_input, texture_units, textured_program, value, vec4};
use nvfp::exec::{Machine, Parameters, QuadInput, QuadOutput};
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

fn tiny_quad() -> impl Strategy<Value = QuadInput> {
    prop::collection::vec(tiny(), 4 * 4 * nvfp::isa::ATTRIB_COUNT).prop_map(|values| {
        let mut input = QuadInput::default();
        for (i, v) in values.into_iter().enumerate() {
            input.attribs[i / 16][(i / 4) % 4][i % 4] = v;
        }
        input
    })
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
        1 => (-152.0f32..-124.0),
        1 => (0.99f32..1.01),
        1 => (-40i32..40, -1e-3f32..1e-3)
            .prop_map(|(k, d)| k as f32 * std::f32::consts::FRAC_PI_2 + d),
        1 => (-1e5f32..1e5),
        1 => (-1e30f32..1e30),
        1 => value(),
    ]
}

fn special_quad() -> impl Strategy<Value = QuadInput> {
    prop::collection::vec(special(), 4 * 4 * nvfp::isa::ATTRIB_COUNT).prop_map(|values| {
        let mut input = QuadInput::default();
        for (i, v) in values.into_iter().enumerate() {
            input.attribs[i / 16][(i / 4) % 4][i % 4] = v;
        }
        input
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn approximations_match_the_interpreter(inputs in prop::collection::vec(special_quad(), 1..8)) {
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
        inputs in prop::collection::vec(tiny_quad(), 1..40),
    ) {
        let mut params = Parameters::for_program(&program);
        params.numbered[..3].copy_from_slice(&numbered);
        check(&program, &params, &texture_units(), &inputs)?;
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
