//! Differential test: every program under `tests/in/fp/diff/` is rendered on the reference quad by
//! Pigment's NV_fragment_program machine and, translated to ARB_fragment_program, by Mesa's llvmpipe (a
//! real OpenGL through surfaceless EGL). The two float images must agree.
//!
//! Each program's header comments configure the comparison (size, tolerance, locals, generated textures:
//! `gl_oracle::case`, shared with the native-driver conformance run).
//!
//! The test fails, never skips, when EGL or llvmpipe is missing: `scripts/test` installs Mesa.

use gl_oracle::case::Case;
use gl_oracle::Oracle;
use nvfp::exec::Machine;
use nvfp::render::{shade_reference_quad, Framebuffer, Shader};
use pigment_arb::from_nv as arb;
use std::path::{Path, PathBuf};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/fp/diff")
}

fn load_case(path: &Path) -> Case {
    let text = std::fs::read_to_string(path).expect("readable test program");
    let name = path.file_name().unwrap().to_string_lossy();
    Case::load(&name, &text).unwrap_or_else(|why| panic!("{why}"))
}

/// Renders `case` with the JIT (the CLI's default executor), after checking that its pixels are the
/// interpreter's bit for bit.
fn render_pigment(case: &Case) -> Vec<f32> {
    let (jit, compiled) = nvfp_jit::machine(&case.program);
    compiled.unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let interpreted = render_with(case, &Machine::new(&case.program));
    let compiled = render_with(case, &jit);
    let differs = |(a, b): (&f32, &f32)| a.to_bits() != b.to_bits();
    if let Some(i) = compiled.iter().zip(&interpreted).position(differs) {
        panic!(
            "{}: JIT and interpreter differ at float {i}: {} vs {}",
            case.name, compiled[i], interpreted[i]
        );
    }
    compiled
}

fn render_with(case: &Case, machine: &Machine) -> Vec<f32> {
    let (params, textures) = (case.parameters(), case.texture_units());
    let shader = Shader {
        program: &case.program,
        machine,
        params: &params,
        textures: &textures,
    };
    let mut target = Framebuffer::new(case.width, case.height);
    shade_reference_quad(&shader, &mut target);
    target.to_floats()
}

fn render_llvmpipe(oracle: &mut Oracle, case: &Case) -> Vec<f32> {
    let translation = arb::translate(&case.program)
        .unwrap_or_else(|u| panic!("{}: ARB cannot express {}", case.name, u.what));
    let inputs = case.oracle_inputs(&translation.named_locals);
    oracle
        .draw_reference_quad(&translation.text, case.width, case.height, &inputs)
        .unwrap_or_else(|e| panic!("{}: llvmpipe failed: {e}\n{}", case.name, translation.text))
}

/// Mismatching components as readable lines (pixel, channel, both values); empty when they agree.
fn compare(case: &Case, ours: &[f32], theirs: &[f32]) -> Vec<String> {
    let mut problems = Vec::new();
    for (i, (&a, &b)) in ours.iter().zip(theirs).enumerate() {
        let same = (a.is_nan() && b.is_nan()) || a == b || (a - b).abs() <= case.tolerance;
        if !same {
            let (pixel, channel) = (i / 4, i % 4);
            let (x, y) = (pixel as u32 % case.width, pixel as u32 / case.width);
            problems.push(format!(
                "pixel ({x},{y}) channel {channel}: pigment {a:e} llvmpipe {b:e}"
            ));
        }
    }
    problems
}

#[test]
fn pigment_matches_llvmpipe_on_every_program_of_the_corpus() {
    let mut oracle =
        Oracle::new().expect("Mesa llvmpipe through surfaceless EGL (installed by scripts/test)");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/in/fp/diff exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "fp"))
        .collect();
    paths.sort();
    assert!(
        paths.len() >= 10,
        "the differential corpus is unexpectedly small"
    );
    let mut cases: Vec<Case> = paths.iter().map(|p| load_case(p)).collect();
    // The bundled example and the benchmark programs are checked too (approximations inside).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (path, tolerance) in [
        ("../../examples/fp/sphere.fp", 2e-5),
        ("benches/programs/lighting.fp", 2e-5),
        ("benches/programs/arith.fp", 1e-5),
    ] {
        let mut case = load_case(&root.join(path));
        case.tolerance = tolerance;
        cases.push(case);
    }
    let mut failures = Vec::new();
    for case in &cases {
        let (ours, theirs) = (render_pigment(case), render_llvmpipe(&mut oracle, case));
        assert_eq!(ours.len(), theirs.len());
        let problems = compare(case, &ours, &theirs);
        if !problems.is_empty() {
            failures.push(format!(
                "{}: {} components differ (tolerance {}), first: {}",
                case.name,
                problems.len(),
                case.tolerance,
                problems[..problems.len().min(4)].join("; ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
