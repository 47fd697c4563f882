//! File tests for passes: each `tests/in/ir/passes/NAME.ir` holds an input module, a `; run: PASS, ...`
//! line naming the passes to run in order, and, after the line `; ---- expected ----`, the module as it
//! must print afterwards. `PIGMENT_BLESS=1` rewrites the expected parts (review them before committing).
//! Every pass run also keeps the module valid (run_pass verifies in test builds) and keeps what the
//! interpreter computes for a sample fragment.

use pigment_ir::interp::{run_fragment, FragmentResult, NoTextures};
use pigment_ir::pass::file::{blessing, PassFile};
use pigment_ir::pass::{pass_by_name, run_pass};
use pigment_ir::*;
use std::path::PathBuf;

fn pass_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/ir/passes")
}

/// Every input and uniform set to 0.75 (or 1 / true for int / bool) in every component.
fn sample_values(ty: Type) -> Vector {
    match ty.kind {
        ScalarKind::Int => Vector::ints(&vec![1; ty.width as usize]),
        ScalarKind::Bool => Vector::bools(&vec![true; ty.width as usize]),
        kind => Vector::reals(kind, &vec![0.75; ty.width as usize]),
    }
}

fn run_sample(f: &Function) -> FragmentResult {
    let inputs: Vec<Vector> = f.inputs.iter().map(|(_, i)| sample_values(i.ty)).collect();
    let uniforms: Vec<Vec<Vector>> = f
        .uniforms
        .iter()
        .map(|(_, u)| vec![sample_values(u.ty); u.array_len.unwrap_or(1) as usize])
        .collect();
    run_fragment(f, &inputs, &uniforms, &mut NoTextures).expect("sample run")
}

#[test]
fn pass_files() {
    let mut failures = Vec::new();
    let mut count = 0;
    for entry in std::fs::read_dir(pass_dir()).expect("tests/in/ir/passes exists") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "ir") {
            continue;
        }
        count += 1;
        let text = std::fs::read_to_string(&path).expect("readable");
        let file = PassFile::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (input, passes) = (file.input, &file.passes);
        let mut module = parse(input).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        verify(&module).unwrap_or_else(|e| panic!("{}: input invalid: {e:?}", path.display()));
        let before: Vec<FragmentResult> = module
            .functions
            .iter()
            .map(|(_, f)| run_sample(f))
            .collect();
        for name in passes {
            let mut pass = pass_by_name(name).unwrap_or_else(|| panic!("unknown pass {name}"));
            run_pass(&mut module, pass.as_mut())
                .unwrap_or_else(|e| panic!("{}: {name} broke the IR: {e:?}", path.display()));
        }
        let after: Vec<FragmentResult> = module
            .functions
            .iter()
            .map(|(_, f)| run_sample(f))
            .collect();
        assert_eq!(before, after, "{}: results changed", path.display());
        let printed = print(&module);
        if blessing() {
            std::fs::write(&path, file.with_expected(&printed)).expect("writable");
        } else if let Some(report) = file.mismatch(&printed) {
            failures.push(format!("{}:\n{report}", path.display()));
        }
    }
    assert!(count > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
