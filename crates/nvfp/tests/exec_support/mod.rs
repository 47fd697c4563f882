//! Shared helpers of the executor tests: build a machine from program text (through the real parser and
//! validator), run one quad, read registers back.
#![allow(dead_code)]

use nvfp::exec::{Machine, Parameters, QuadInput, QuadOutput, Trace};
use nvfp::isa::{AttribReg, Cond};
use nvfp::texture::TextureUnits;
use pigment_diag::{FileId, Severity};

/// Parses and loads `text`, failing the test with the diagnostics if it does not load.
pub fn load(text: &str) -> nvfp::program::Program {
    let (ast, diagnostics) = nvfp::syntax::parse(text, FileId(0));
    let errors: Vec<_> = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert!(errors.is_empty(), "parse errors in {text}: {errors:?}");
    match nvfp::validate::load(&ast, FileId(0)) {
        Ok(program) => program,
        Err(diagnostics) => panic!("load errors in {text}: {diagnostics:?}"),
    }
}

/// `body` as a whole program that also writes o[COLR] (every program must write an output).
pub fn program(body: &str) -> String {
    format!("!!FP1.0\n{body}\nMOVR o[COLR], {{0,0,0,0}};\nEND\n")
}

/// Runs `body` on one quad with numbered parameters `p[0..]` = `params` and the given input.
pub fn run_text(text: &str, params: &[[f32; 4]], input: &QuadInput) -> (QuadOutput, Trace) {
    let program = load(text);
    let machine = Machine::new(&program);
    let mut parameters = Parameters::for_program(&program);
    parameters.numbered[..params.len()].copy_from_slice(params);
    let textures = TextureUnits::new();
    let interpreted = machine.run_quad_traced(input, &parameters, &textures);
    // The same program compiled by the JIT must give the same bits (the interpreter is the reference).
    let (jit, compiled) = nvfp_jit::machine(&program);
    assert!(compiled.is_ok(), "JIT: {compiled:?}");
    let (output, trace) = jit.run_quad_traced(input, &parameters, &textures);
    let out_bits = |o: &QuadOutput| (o.color.map(bits), bits(o.depth), o.killed);
    assert_eq!(
        out_bits(&output),
        out_bits(&interpreted.0),
        "JIT output of {text}"
    );
    assert_eq!(trace.cc, interpreted.1.cc, "JIT condition code of {text}");
    for (a, e) in trace.temps.iter().zip(&interpreted.1.temps) {
        assert_eq!(
            a.values.map(bits),
            e.values.map(bits),
            "JIT {} of {text}",
            e.register.name()
        );
    }
    interpreted
}

/// Runs `body` (plus a write of o[COLR]) with parameters and a zero input; returns the trace.
pub fn run(body: &str, params: &[[f32; 4]]) -> Trace {
    run_text(&program(body), params, &QuadInput::default()).1
}

/// The value of temporary `name` (e.g. "R0", "H3") in fragment 0 after running `body`.
pub fn reg(body: &str, params: &[[f32; 4]], name: &str) -> [f32; 4] {
    temp(&run(body, params), name)[0]
}

/// The values of temporary `name` per fragment.
pub fn temp(trace: &Trace, name: &str) -> [[f32; 4]; 4] {
    trace
        .temps
        .iter()
        .find(|t| t.register.name() == name)
        .unwrap_or_else(|| panic!("{name} was not written"))
        .values
}

/// The condition code of fragment 0 after running `body`.
pub fn cc(body: &str, params: &[[f32; 4]]) -> [Cond; 4] {
    run(body, params).cc[0]
}

pub fn bits(v: [f32; 4]) -> [u32; 4] {
    v.map(f32::to_bits)
}

/// Asserts bit-exact equality (so -0.0 differs from +0.0); NaN expected means any NaN.
#[track_caller]
pub fn assert_bits(actual: [f32; 4], expected: [f32; 4]) {
    for c in 0..4 {
        let ok = if expected[c].is_nan() {
            actual[c].is_nan()
        } else {
            actual[c].to_bits() == expected[c].to_bits()
        };
        assert!(ok, "component {c}: got {actual:?}, expected {expected:?}");
    }
}

/// A quad whose attribute `attrib` holds `values[fragment]`, everything else zero.
pub fn input_with(attrib: AttribReg, values: [[f32; 4]; 4]) -> QuadInput {
    let mut input = QuadInput::default();
    input.attribs[attrib.index()] = values;
    input
}

pub const NAN: f32 = f32::NAN;
pub const INF: f32 = f32::INFINITY;
