//! The differential test: every program of `tests/in/fp30/` runs, on many random quads, in the IR's
//! reference interpreter (unoptimised, straight from the file) and, compiled by the back end, on
//! nvfp's NV_fragment_program machine. Outputs and kills must agree: bit for bit by default, or
//! within the relative tolerance a file asks for with a `; tol: X` line (for programs whose
//! approximated functions — RCP·MUL division, EX2, SIN, ... — are computed differently by the two).

mod common;

use common::*;
use nvfp::exec::Machine;
use pigment_ir::Handle;

const QUADS_PER_FILE: u64 = 300;

fn tolerance(text: &str) -> Option<f32> {
    text.lines()
        .find_map(|l| l.strip_prefix("; tol:"))
        .and_then(|t| t.trim().parse().ok())
}

fn agree(ir: f32, nv: f32, tol: Option<f32>) -> bool {
    if ir.to_bits() == nv.to_bits() || (ir.is_nan() && nv.is_nan()) {
        return true;
    }
    match tol {
        Some(t) => (ir - nv).abs() <= t * ir.abs().max(1.0) || (ir.is_infinite() && ir == nv),
        None => false,
    }
}

#[test]
fn interpreter_and_machine_agree() {
    let mut failures = Vec::new();
    let files = ir_files(&corpus_dir());
    assert!(files.len() >= 15, "the corpus has its programs");
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let tol = tolerance(&text);
        let module = load_module(&path);
        let func = &module.functions[Handle::from_index(0)];
        let (compiled, loaded) = compile_and_load(&module);
        let machine = Machine::new(&loaded);
        // Seeded by the file's name alone, so every checkout draws the same inputs.
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let seed = std::env::var("PIGMENT_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0x5eed);
        let mut rng = Rng::new(
            name.bytes()
                .fold(seed, |h, b| (h ^ b as u64).wrapping_mul(0x100000001b3)),
        );
        let mut mismatches = 0;
        for q in 0..QUADS_PER_FILE {
            let case = make_case(func, &compiled, &loaded, &mut rng);
            let ir = run_ir(func, &case);
            let nv = run_nv(&machine, &case);
            for (f, ir) in ir.iter().enumerate() {
                let mut report = |what: String| {
                    if mismatches < 3 {
                        failures.push(format!(
                            "{} quad {q} fragment {f}: {what}\ninputs: {:?}\nuniforms: {:?}",
                            path.file_name().unwrap_or_default().to_string_lossy(),
                            case.ir.inputs[f],
                            case.ir.uniforms
                        ));
                    }
                    mismatches += 1;
                };
                if ir.discarded != nv.killed[f] {
                    report(format!(
                        "discarded: interpreter {}, machine {}",
                        ir.discarded, nv.killed[f]
                    ));
                    continue;
                }
                if ir.discarded {
                    continue;
                }
                for (o, value) in ir.outputs.iter().enumerate() {
                    let expected = value.value.to_f32s();
                    let got = nv_output(&compiled, func, &nv, o, f);
                    if !expected.iter().zip(&got).all(|(&a, &b)| agree(a, b, tol)) {
                        report(format!(
                            "output {o}: interpreter {expected:?}, machine {got:?}"
                        ));
                    }
                }
            }
        }
        if mismatches > 0 {
            failures.push(format!(
                "{}: {mismatches} mismatches\n{}",
                path.display(),
                compiled.text
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
