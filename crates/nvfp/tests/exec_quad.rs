//! Quads and outputs: DDX / DDY within a 2x2 quad (notes item 7), o[COLR] / o[COLH] / o[DEPR]
//! (section 3.11.6, notes item 9), texture lookups on empty units, and batches of many quads through
//! `Machine::run_quads`.

mod exec_support;
use exec_support::*;
use nvfp::exec::{Machine, Parameters, QuadInput, QuadOutput};
use nvfp::isa::AttribReg;
use nvfp::texture::TextureUnits;

/// Fragment i at (x0 + (i & 1), y0 + (i >> 1)), y up: values 1, 4 (bottom row), 10, 30 (top row).
fn distinct_quad() -> QuadInput {
    input_with(
        AttribReg::Tex(0),
        [
            [1.0, 2.0, 0.0, 1.0],
            [4.0, 2.0, 0.0, 1.0],
            [10.0, -2.0, 0.0, 1.0],
            [30.0, 6.0, 0.0, 1.0],
        ],
    )
}

#[test]
fn ddx_is_right_minus_left_of_the_same_row() {
    let text = "!!FP1.0\nDDXR R0, f[TEX0];\nMOVR o[COLR], R0;\nEND\n";
    let (out, _) = run_text(text, &[], &distinct_quad());
    // Bottom row: 4 - 1 = 3, 2 - 2 = 0; top row: 30 - 10 = 20, 6 - (-2) = 8.
    assert_eq!(
        out.color,
        [
            [3.0, 0.0, 0.0, 0.0],
            [3.0, 0.0, 0.0, 0.0],
            [20.0, 8.0, 0.0, 0.0],
            [20.0, 8.0, 0.0, 0.0]
        ]
    );
}

#[test]
fn ddy_is_top_minus_bottom_of_the_same_column() {
    let text = "!!FP1.0\nDDYR R0, f[TEX0];\nMOVR o[COLR], R0;\nEND\n";
    let (out, _) = run_text(text, &[], &distinct_quad());
    // Left column: 10 - 1 = 9, -2 - 2 = -4; right column: 30 - 4 = 26, 6 - 2 = 4.
    assert_eq!(
        out.color,
        [
            [9.0, -4.0, 0.0, 0.0],
            [26.0, 4.0, 0.0, 0.0],
            [9.0, -4.0, 0.0, 0.0],
            [26.0, 4.0, 0.0, 0.0]
        ]
    );
}

#[test]
fn derivatives_of_computed_values_and_at_fp16() {
    // d(x*x)/dx on the bottom row: 16 - 1 = 15; the top row: 900 - 100 = 800.
    let text = "!!FP1.0\nMULR R1, f[TEX0].x, f[TEX0].x;\nDDXH H0, R1;\nMOVH o[COLH], H0;\nEND\n";
    let (out, _) = run_text(text, &[], &distinct_quad());
    assert_eq!(out.color.map(|c| c[0]), [15.0, 15.0, 800.0, 800.0]);
}

#[test]
fn unwritten_color_components_read_zero_and_depth_defaults_to_the_fragment_depth() {
    let mut input = QuadInput::default();
    input.attribs[AttribReg::Wpos.index()] = [
        [0.5, 0.5, 0.25, 1.0],
        [1.5, 0.5, 0.5, 1.0],
        [0.5, 1.5, 0.75, 1.0],
        [1.5, 1.5, 1.0, 1.0],
    ];
    let (out, _) = run_text("!!FP1.0\nMOVR o[COLR].xy, {1,2,3,4};\nEND\n", &[], &input);
    assert_eq!(out.color, [[1.0, 2.0, 0.0, 0.0]; 4]);
    assert_eq!(out.depth, [0.25, 0.5, 0.75, 1.0]);
    assert_eq!(out.killed, [false; 4]);
    let (out, _) = run_text(
        "!!FP1.0\nMOVR o[COLR], {1};\nMOVR o[DEPR].z, {0.125}.x;\nEND\n",
        &[],
        &input,
    );
    assert_eq!(out.depth, [0.125; 4]);
}

#[test]
fn texture_lookups_on_units_without_a_texture_return_zero() {
    let text = "!!FP1.0\nMOVR R1, {5,5,5,5};\nTEX R1, f[TEX0], TEX0, 2D;\nTXP R2, f[TEX0], TEX1, 2D;\nTXD R3, f[TEX0], f[TEX0], f[TEX0], TEX2, 2D;\nADDR o[COLR], R1, R2;\nEND\n";
    let (out, trace) = run_text(text, &[], &distinct_quad());
    assert_eq!(out.color, [[0.0; 4]; 4]);
    assert_eq!(temp(&trace, "R3"), [[0.0; 4]; 4]);
}

#[test]
fn trace_lists_every_written_temporary_and_the_cc() {
    let (_, trace) = run_text(
        "!!FP1.0\nMOVR H3, {1};\nMOVRC R7, {-1}.x;\nMOVR o[COLR], R7;\nEND\n",
        &[],
        &QuadInput::default(),
    );
    let names: Vec<String> = trace.temps.iter().map(|t| t.register.name()).collect();
    assert_eq!(names, ["R7", "H3"]);
    assert_eq!(trace.cc[2], [nvfp::isa::Cond::Lt; 4]);
}

/// A program exercising attributes, derivatives, KIL and conditional writes.
const MIXED: &str = "!!FP1.0
DECLARE scale = {2, 3, 4, 5};
MULR R0, f[TEX0], scale;
DDXR R1, R0;
DDYH H0, R0;
SLTRC RC.x, f[TEX0].x, {0.5}.x;
KIL NE.x;
MADR R0 (EQ.x), R1, H0, f[TEX0];
MOVR o[COLR], R0;
END
";

/// Quad `q`: every attribute component distinct per quad and fragment.
fn quad_input(q: usize) -> QuadInput {
    let mut input = QuadInput::default();
    for (a, attrib) in input.attribs.iter_mut().enumerate() {
        for (f, fragment) in attrib.iter_mut().enumerate() {
            for (c, v) in fragment.iter_mut().enumerate() {
                *v = ((q * 7 + f * 3 + c + a) % 11) as f32 * 0.125 + (f * f) as f32 * 0.01;
            }
        }
    }
    input
}

#[test]
fn run_quads_agrees_with_single_quad_runs_across_batches_and_threads() {
    let program = load(MIXED);
    let machine = Machine::new(&program);
    let params = Parameters::for_program(&program);
    let textures = TextureUnits::new();
    // 1000 quads: several batches per task and several parallel tasks, with a partial last batch.
    let inputs: Vec<QuadInput> = (0..1000).map(quad_input).collect();
    let mut outputs = vec![QuadOutput::default(); inputs.len()];
    machine.run_quads(&inputs, &params, &textures, &mut outputs);
    let mut some_killed = false;
    for (input, output) in inputs.iter().zip(&outputs) {
        let (single, _) = machine.run_quad_traced(input, &params, &textures);
        assert_eq!(output.color.map(bits), single.color.map(bits));
        assert_eq!(output.killed, single.killed);
        some_killed |= output.killed.iter().any(|&k| k);
    }
    assert!(some_killed);
}

#[test]
fn run_quads_computes_each_quad_from_its_own_inputs() {
    let program = load("!!FP1.0\nMOVR R0, f[COL0];\nADDR o[COLR], f[TEX0], R0;\nEND\n");
    let machine = Machine::new(&program);
    let inputs: Vec<QuadInput> = (0..37).map(quad_input).collect();
    let mut outputs = vec![QuadOutput::default(); inputs.len()];
    machine.run_quads(
        &inputs,
        &Parameters::for_program(&program),
        &TextureUnits::new(),
        &mut outputs,
    );
    for (input, output) in inputs.iter().zip(&outputs) {
        for f in 0..4 {
            let expected: [f32; 4] =
                std::array::from_fn(|c| input.attribs[4][f][c] + input.attribs[1][f][c]);
            assert_eq!(output.color[f], expected);
        }
    }
}
