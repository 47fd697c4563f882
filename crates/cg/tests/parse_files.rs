//! File tests: every `tests/in/cg/parse/NAME.cg` is parsed. A program that parses cleanly is
//! compared with its tree dump `NAME.ast`; a program with errors is compared with its rendered
//! diagnostics `NAME.err` (and must have errors). `PIGMENT_BLESS=1` rewrites the expectations;
//! review the diff by eye against the spec before committing.

mod filetest;

use pigment_cg::syntax::{dump::dump, parse};
use pigment_diag::{render, SourceFiles};

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
    filetest::run_corpus(&filetest::corpus_dir("cg/parse"), 10, "ast", actual_output);
}
