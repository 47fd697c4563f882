//! The Cg compiler's differential test: every program of `tests/in/cg/compile/` is compiled by the
//! front end and lowered to the shading IR; that IR (unoptimised, straight from lowering) runs in the
//! IR's reference interpreter, and the program the fp30 back end makes of it runs on nvfp's
//! NV_fragment_program machine, on many random quads (varyings, uniforms, 2D textures bound alike on
//! both sides). Outputs and kills must agree: exactly by default, or within the relative tolerance a
//! program asks for with a `// tol: X` line (for approximated functions, computed differently by the
//! two: RCP·MUL division, RSQ·RCP square roots, EX2, SIN, ...). A `// entry: NAME` line names an
//! entry other than `main`.
//!
//! The harness (random cases, shared texture units, running both sides) is the fp30 back end's own.

#[path = "../../fp30/tests/common/mod.rs"]
mod common;

use common::{make_case, nv_output, run_ir, run_nv, Rng};
use nvfp::exec::{Machine, Parameters};
use pigment_cg::driver::{run, Options};
use pigment_diag::FileId;
use pigment_fp30::{compile, Compiled};
use pigment_ir::{Handle, Module};
use std::path::{Path, PathBuf};

const QUADS_PER_PROGRAM: u64 = 500;

fn corpus() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/cg/compile");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the Cg corpus exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cg"))
        .collect();
    files.sort();
    files
}

/// The front end, lowering and the back end; their errors, rendered, on failure.
fn compile_file(path: &Path) -> Result<(Module, Compiled, nvfp::program::Program), String> {
    let text = std::fs::read_to_string(path).expect("readable");
    let entry = setting(path, "entry").unwrap_or_else(|| "main".into());
    let options = Options {
        entry: entry.clone(),
        ..Options::default()
    };
    let front = run(&path.display().to_string(), text, &options);
    let render = |errors: &[pigment_diag::Diagnostic]| -> String {
        errors
            .iter()
            .map(|d| pigment_diag::render(&front.files, d))
            .collect()
    };
    if front.has_errors() {
        return Err(render(&front.diagnostics));
    }
    let checked = front.checked.as_ref().expect("checked");
    let module =
        pigment_cg::lower::lower(&front.unit, checked, front.expanded).map_err(|e| render(&e))?;
    let compiled =
        compile(&module, &entry, &pigment_fp30::Options::default()).map_err(|e| render(&e))?;
    let loaded = nvfp::validate::load(&compiled.program, FileId(0))
        .map_err(|e| format!("nvfp refused the program: {e:?}\n{}", compiled.text))?;
    Ok((module, compiled, loaded))
}

/// The value of a `// KEY: value` line of the program's header comment.
fn setting(path: &Path, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(path).expect("readable");
    let prefix = format!("// {key}:");
    text.lines().find_map(|l| {
        l.trim()
            .strip_prefix(prefix.as_str())
            .map(|v| v.trim().to_string())
    })
}

fn agree(ir: f32, nv: f32, tol: Option<f32>) -> bool {
    if ir.to_bits() == nv.to_bits() || (ir.is_nan() && nv.is_nan()) || ir == nv {
        return true;
    }
    tol.is_some_and(|t| (ir - nv).abs() <= t * ir.abs().max(1.0))
}

#[test]
fn the_corpus_is_large_enough() {
    assert!(corpus().len() >= 15, "at least 15 Cg programs");
}

/// How the two machines disagree on fragment `f` of a case, if they do.
fn disagreement(
    func: &pigment_ir::Function,
    compiled: &Compiled,
    machine: &Machine,
    case: &common::Case,
    tol: Option<f32>,
) -> Option<String> {
    let ir = run_ir(func, case);
    let nv = run_nv(machine, case);
    for (f, ir) in ir.iter().enumerate() {
        if ir.discarded != nv.killed[f] {
            return Some(format!(
                "fragment {f} discarded: interpreter {}, machine {}",
                ir.discarded, nv.killed[f]
            ));
        }
        if ir.discarded {
            continue;
        }
        for (o, value) in ir.outputs.iter().enumerate() {
            let expected = value.value.to_f32s();
            let got = nv_output(compiled, func, &nv, o, f);
            if !expected.iter().zip(&got).all(|(&a, &b)| agree(a, b, tol)) {
                return Some(format!(
                    "fragment {f} output {o}: interpreter {expected:?}, machine {got:?}\ninputs {:?}\nuniforms {:?}",
                    case.ir.inputs[f], case.ir.uniforms
                ));
            }
        }
    }
    None
}

#[test]
fn interpreter_and_machine_agree_on_every_cg_program() {
    let mut failures = Vec::new();
    for path in corpus() {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let (module, compiled, loaded) = match compile_file(&path) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{name} does not compile:\n{e}"));
                continue;
            }
        };
        let tol = setting(&path, "tol").and_then(|t| t.parse().ok());
        let func = &module.functions[Handle::from_index(0)];
        let machine = Machine::new(&loaded);
        let mut rng = Rng::new(0xc6 ^ name.len() as u64);
        let mut mismatches = 0;
        for q in 0..QUADS_PER_PROGRAM {
            let case = make_case(func, &compiled, &loaded, &mut rng);
            if let Some(p) = disagreement(func, &compiled, &machine, &case, tol) {
                if mismatches < 3 {
                    failures.push(format!("{name} quad {q}: {p}"));
                }
                mismatches += 1;
            }
        }
        if mismatches > 0 {
            failures.push(format!(
                "{name}: {mismatches} mismatches\n{}\n{}",
                pigment_ir::print(&module),
                compiled.text
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// With no uniform set, the interpreter reads the IR's defaults and the machine the DECLARE
/// initial values: the two must agree on every program whose uniforms have initializers.
#[test]
fn uniform_defaults_agree_when_no_uniform_is_set() {
    let mut failures = Vec::new();
    let mut with_defaults = 0;
    for path in corpus() {
        let name = path.display().to_string();
        let Ok((module, compiled, loaded)) = compile_file(&path) else {
            continue; // reported by the test above
        };
        let func = &module.functions[Handle::from_index(0)];
        if func.uniforms.iter().all(|(_, u)| u.default.is_none()) {
            continue;
        }
        with_defaults += 1;
        let tol = setting(&path, "tol").and_then(|t| t.parse().ok());
        let machine = Machine::new(&loaded);
        let mut rng = Rng::new(0xdef ^ name.len() as u64);
        for _ in 0..QUADS_PER_PROGRAM / 10 {
            let mut case = make_case(func, &compiled, &loaded, &mut rng);
            case.ir.uniforms = func.initial_uniforms();
            case.params = Parameters::for_program(&loaded);
            if let Some(p) = disagreement(func, &compiled, &machine, &case, tol) {
                failures.push(format!("{name}: {p}\n{}", compiled.text));
                break;
            }
        }
    }
    assert!(with_defaults > 0, "the corpus has uniforms with defaults");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
