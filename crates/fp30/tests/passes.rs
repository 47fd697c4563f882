//! File tests for the IR → IR legalisation passes: each `tests/in/fp30/passes/NAME.ir` holds a module,
//! a `; run: PASS, ...` line (fp30's `unroll`, `predicate`, `int`, `lower`, `fast_math`, or
//! pigment_ir's `dce`, `const_fold`, `cse`, `identities`) and, after `; ---- expected ----`, the module as it prints afterwards
//! (`PIGMENT_BLESS=1` rewrites it). Each pass must keep the module valid (run_pass verifies) and keep
//! what the interpreter computes, checked on random quads, unless the file has an `; inexact:` line
//! saying why not.

mod common;

use common::*;
use pigment_ir::interp::{run_quad, Bindings, FragmentResult, Limits, NoTextures};
use pigment_ir::pass::file::{blessing, PassFile};
use pigment_ir::pass::{pass_by_name, run_pass, Pass};
use pigment_ir::*;

fn pass_named(name: &str) -> Box<dyn Pass> {
    match name {
        "unroll" => Box::new(pigment_fp30::legalize::Unroll::default()),
        "predicate" => Box::new(pigment_fp30::legalize::Predicate::default()),
        "lower" => Box::new(pigment_fp30::legalize::Lower),
        "fast_math" => Box::new(pigment_fp30::fast_math::FastMath),
        "int" => Box::new(pigment_fp30::legalize::IntToFloat),
        other => pass_by_name(other).unwrap_or_else(|| panic!("unknown pass {other}")),
    }
}

fn random_bindings(f: &Function, rng: &mut Rng) -> Bindings {
    let mut b = Bindings::default();
    for (_, i) in f.inputs.iter() {
        for inputs in &mut b.inputs {
            inputs.push(rng.vector(i.ty));
        }
    }
    for (_, u) in f.uniforms.iter() {
        b.uniforms.push(
            (0..u.array_len.unwrap_or(1))
                .map(|_| rng.vector(u.ty))
                .collect(),
        );
    }
    b
}

fn results(m: &Module, b: &[Bindings]) -> Vec<[FragmentResult; 4]> {
    let f = &m.functions[Handle::from_index(0)];
    b.iter()
        .map(|b| run_quad(f, b, &mut NoTextures, Limits::default()).expect("runs"))
        .collect()
}

/// Outputs by value (a predicated program writes whole outputs where the original wrote parts, so
/// the `written` masks may differ; unwritten components are 0 either way).
fn values(r: &[[FragmentResult; 4]]) -> Vec<(bool, Vec<Vec<u32>>)> {
    r.iter()
        .flat_map(|q| q.iter())
        .map(|f| {
            let outs = f.outputs.iter().map(|o| o.value.bits.to_vec()).collect();
            (f.discarded, if f.discarded { Vec::new() } else { outs })
        })
        .collect()
}

#[test]
fn pass_files() {
    let mut failures = Vec::new();
    let files = ir_files(&corpus_dir().join("passes"));
    assert!(files.len() >= 5);
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let file = PassFile::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (input, passes) = (file.input, &file.passes);
        let mut module = parse(input).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        verify(&module).unwrap_or_else(|e| panic!("{}: invalid input {e:?}", path.display()));
        let mut rng = Rng::new(7);
        let f = &module.functions[Handle::from_index(0)];
        let bindings: Vec<Bindings> = (0..50).map(|_| random_bindings(f, &mut rng)).collect();
        let before = values(&results(&module, &bindings));
        for name in passes {
            let mut pass = pass_named(name);
            run_pass(&mut module, pass.as_mut())
                .unwrap_or_else(|e| panic!("{}: {name} broke the IR: {e:?}", path.display()));
        }
        let after = values(&results(&module, &bindings));
        // `; inexact:` marks passes that change results on purpose (and says why).
        let exact = !input.lines().any(|l| l.starts_with("; inexact:"));
        if exact && before != after {
            failures.push(format!("{}: results changed", path.display()));
        }
        let printed = print(&module);
        if blessing() {
            std::fs::write(&path, file.with_expected(&printed)).expect("writable");
        } else if let Some(report) = file.mismatch(&printed) {
            failures.push(format!("{}:\n{report}", path.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
