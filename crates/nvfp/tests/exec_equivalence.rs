//! Differential tests of the batched executor against the per-fragment reference evaluator
//! (tests/exec_reference): random programs over the arithmetic, pack and KIL instructions, with random
//! swizzles, sign modifiers, write masks, CC masks, saturation and precisions, on inputs full of NaN,
//! INF, denormals and signed zeros, must give the same bits in every output, temporary and CC
//! component. Also the benchmark programs on random inputs.

mod exec_generate;
mod exec_reference;
mod exec_support;

use exec_generate::{program, quad_input, vec4};
use exec_reference::run_quad_reference;
use nvfp::exec::{Machine, Parameters, QuadInput, QuadOutput};
use nvfp::program::Program;
use nvfp::texture::TextureUnits;
use proptest::prelude::*;

fn bits(v: [f32; 4]) -> [u32; 4] {
    v.map(f32::to_bits)
}

/// Runs `program` through `Machine::run_quads` (all quads at once, so several batches and partial ones)
/// and through `Machine::run_quad_traced` (first quad), and compares everything with the reference.
fn check(
    program: &Program,
    params: &Parameters,
    inputs: &[QuadInput],
) -> Result<(), TestCaseError> {
    let machine = Machine::new(program);
    let textures = TextureUnits::new();
    let mut outputs = vec![QuadOutput::default(); inputs.len()];
    machine.run_quads(inputs, params, &textures, &mut outputs);
    for (q, (input, output)) in inputs.iter().zip(&outputs).enumerate() {
        let (expected, trace) = run_quad_reference(program, input, params, &textures);
        prop_assert_eq!(
            output.color.map(bits),
            expected.color.map(bits),
            "colour, quad {}",
            q
        );
        prop_assert_eq!(
            bits(output.depth),
            bits(expected.depth),
            "depth, quad {}",
            q
        );
        prop_assert_eq!(output.killed, expected.killed, "killed, quad {}", q);
        if q == 0 {
            let (_, actual) = machine.run_quad_traced(input, params, &textures);
            prop_assert_eq!(actual.cc, trace.cc, "condition code");
            for (a, e) in actual.temps.iter().zip(&trace.temps) {
                prop_assert_eq!(a.register, e.register);
                prop_assert_eq!(
                    a.values.map(bits),
                    e.values.map(bits),
                    "{}",
                    e.register.name()
                );
            }
            prop_assert_eq!(actual.temps.len(), trace.temps.len());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_programs_match_the_reference(
        program in program(),
        numbered in prop::array::uniform3(vec4()),
        inputs in prop::collection::vec(quad_input(), 1..40),
    ) {
        let mut params = Parameters::for_program(&program);
        params.numbered[..3].copy_from_slice(&numbered);
        check(&program, &params, &inputs)?;
    }

    #[test]
    fn benchmark_programs_match_the_reference(
        which in 0usize..3,
        inputs in prop::collection::vec(quad_input(), 1..40),
    ) {
        let text = [
            include_str!("../../pigment/benches/programs/lighting.fp"),
            include_str!("../../pigment/benches/programs/arith.fp"),
            LIGHTING_FP16,
        ][which];
        let program = exec_support::load(text);
        check(&program, &Parameters::for_program(&program), &inputs)?;
    }
}

/// The executor micro-benchmark's program: fp16 arithmetic, LIT, derivatives, KIL, EX2.
const LIGHTING_FP16: &str = include_str!("../benches/programs/lighting_fp16.fp");
