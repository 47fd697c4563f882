//! The JIT against the interpreter (the reference), bit for bit: random programs from nvfp's
//! generator (every instruction, all precisions, CC masks and updates, KIL, derivatives, texture
//! lookups with trilinear mipmaps) on random inputs full of NaN, INF, denormals and signed zeros, over
//! several batches; every colour, depth and kill flag, and for the first quad every temporary and the
//! condition code. Also the benchmark programs.

#[path = "../../nvfp/tests/exec_generate/mod.rs"]
mod exec_generate;

use exec_generate::{quad_input, texture_units, textured_program, vec4};
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

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
