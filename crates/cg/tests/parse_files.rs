//! File tests: every `tests/in/cg/parse/NAME.cg` is parsed. A program that parses cleanly is
//! compared with its tree dump `NAME.ast`; a program with errors is compared with its rendered
//! diagnostics `NAME.err` (and must have errors). `PIGMENT_BLESS=1` rewrites the expectations;
//! review the diff by eye against the spec before committing.

use pigment_cg::syntax::{dump::dump, parse};
use pigment_diag::{render, SourceFiles};
use std::fs;
use std::path::{Path, PathBuf};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/cg/parse")
}

fn blessing() -> bool {
    std::env::var_os("PIGMENT_BLESS").is_some_and(|v| v == "1")
}

/// What the test compares for one source: the expectation file's extension and the text.
fn actual_output(name: &str, text: &str) -> (&'static str, String) {
    let mut files = SourceFiles::new();
    let id = files.add(name, text);
    let (unit, diagnostics) = parse(text, id);
    if diagnostics.is_empty() {
        return ("ast", dump(&unit));
    }
    let rendered: String = diagnostics.iter().map(|d| render(&files, d)).collect();
    ("err", rendered)
}

#[test]
fn parse_file_tests() {
    let mut sources: Vec<PathBuf> = fs::read_dir(cases_dir())
        .expect("tests/in/cg/parse exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cg"))
        .collect();
    sources.sort();
    assert!(
        sources.len() >= 10,
        "expected the parse test corpus, found {} files",
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
        let other_ext = if ext == "ast" { "err" } else { "ast" };
        let other_path = source.with_extension(other_ext);
        if blessing() {
            fs::write(&expected_path, &actual).expect("write expectation");
            let _ = fs::remove_file(&other_path);
            continue;
        }
        if other_path.exists() {
            failures.push(format!(
                "{name}: expected a .{other_ext} result, but the parser gave .{ext}:\n{actual}"
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
