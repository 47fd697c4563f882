//! Snapshot tests of the generated code: each `tests/in/fp30/NAME.ir` compiles to the text in
//! `NAME.fp` beside it (`PIGMENT_BLESS=1` rewrites them; review the diff by eye). Every program must
//! also pass nvfp's validator, and the text must parse back to the same tree.

mod common;

use common::*;
use pigment_diag::FileId;

#[test]
fn generated_code_matches_snapshots() {
    let mut failures = Vec::new();
    for path in ir_files(&corpus_dir()) {
        let module = load_module(&path);
        let (compiled, _) = compile_and_load(&module);
        // The printed text (with its comments) is a valid program that loads the same way.
        nvfp::validate::load_text(&compiled.text, FileId(0))
            .unwrap_or_else(|e| panic!("{}: the text does not load: {e:?}", path.display()));
        let expected_path = path.with_extension("fp");
        if bless() {
            std::fs::write(&expected_path, &compiled.text).expect("writable");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != compiled.text {
            failures.push(format!(
                "{}:\n--- expected\n{expected}--- got\n{}",
                path.display(),
                compiled.text
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
