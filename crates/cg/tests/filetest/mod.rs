//! The file-test runner shared by the Cg corpus tests: every `NAME.cg` of a corpus directory is
//! turned into one output, either the "clean" expectation (`NAME.<clean>`, e.g. a tree dump) or
//! rendered diagnostics (`NAME.err`), and compared with the file beside it. `PIGMENT_BLESS=1`
//! rewrites the expectations; review the diff by eye against the spec before committing.

use std::fs;
use std::path::{Path, PathBuf};

/// A corpus directory under `tests/in/` at the repository root.
pub fn corpus_dir(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/in")
        .join(relative)
}

fn blessing() -> bool {
    std::env::var_os("PIGMENT_BLESS").is_some_and(|v| v == "1")
}

/// Runs every `.cg` file of `dir` (at least `min_files` of them) through `actual_output`, which
/// returns the expectation's extension (`clean` or `"err"`) and the text, and fails with every
/// difference at once.
pub fn run_corpus(
    dir: &Path,
    min_files: usize,
    clean: &str,
    actual_output: impl Fn(&str, &str) -> (&'static str, String),
) {
    let mut sources: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{} is readable: {e}", dir.display()))
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cg"))
        .collect();
    sources.sort();
    assert!(
        sources.len() >= min_files,
        "expected the test corpus in {}, found {} files",
        dir.display(),
        sources.len()
    );
    let mut failures = Vec::new();
    for source in &sources {
        let name = source
            .file_name()
            .and_then(|n| n.to_str())
            .expect("UTF-8 file name");
        let text = fs::read_to_string(source).expect("readable source");
        let (ext, actual) = actual_output(name, &text);
        let expected_path = source.with_extension(ext);
        let other_ext = if ext == clean { "err" } else { clean };
        let other_path = source.with_extension(other_ext);
        if blessing() {
            fs::write(&expected_path, &actual).expect("write expectation");
            let _ = fs::remove_file(&other_path);
            continue;
        }
        if other_path.exists() {
            failures.push(format!(
                "{name}: expected a .{other_ext} result, but got .{ext}:\n{actual}"
            ));
            continue;
        }
        match fs::read_to_string(&expected_path) {
            Ok(expected) if expected == actual => {}
            Ok(expected) => failures.push(format!(
                "{name}: .{ext} differs\n--- expected\n{expected}\n--- actual\n{actual}"
            )),
            Err(_) => failures.push(format!("{name}: missing {}", expected_path.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
