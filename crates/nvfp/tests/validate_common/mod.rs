//! Helpers shared by the validator's tests (`validate_*.rs`): wrap a program body, load it, and look at
//! diagnostics.
#![allow(dead_code)]

use nvfp::program::Program;
use nvfp::validate::load_text;
use pigment_diag::{Diagnostic, FileId};

/// `!!FP1.0`, the body, `END`.
pub fn fp(body: &str) -> String {
    format!("!!FP1.0\n{body}\nEND\n")
}

/// Loads a program body (wrapped by [`fp`]) that must load.
pub fn loads(body: &str) -> Program {
    match load_text(&fp(body), FileId(0)) {
        Ok(program) => program,
        Err(diagnostics) => panic!("expected to load:\n{body}\ngot {diagnostics:#?}"),
    }
}

/// Loads a program body that must fail to load, and returns its errors.
pub fn fails(body: &str) -> Vec<Diagnostic> {
    match load_text(&fp(body), FileId(0)) {
        Ok(_) => panic!("expected to fail to load:\n{body}"),
        Err(diagnostics) => {
            assert!(
                diagnostics.iter().any(Diagnostic::is_error),
                "no error in {diagnostics:#?}"
            );
            diagnostics
        }
    }
}

/// Loads a program body that must fail with exactly one error, and returns it.
pub fn fails_once(body: &str) -> Diagnostic {
    let diagnostics = fails(body);
    assert_eq!(
        diagnostics.len(),
        1,
        "expected one error for:\n{body}\ngot {diagnostics:#?}"
    );
    diagnostics.into_iter().next().unwrap()
}

/// The text of `body` (wrapped) that the diagnostic's primary label covers.
pub fn primary_text(body: &str, diagnostic: &Diagnostic) -> String {
    let label = diagnostic
        .primary
        .as_ref()
        .expect("diagnostic has a location");
    fp(body)[label.span.range()].to_string()
}

/// The texts the diagnostic's secondary labels cover.
pub fn secondary_texts(body: &str, diagnostic: &Diagnostic) -> Vec<String> {
    let text = fp(body);
    diagnostic
        .secondary
        .iter()
        .map(|l| text[l.span.range()].to_string())
        .collect()
}

/// Byte offset in the wrapped program of the `n`th (0-based) occurrence of `needle` in `body`.
pub fn offset_of(body: &str, needle: &str, n: usize) -> usize {
    let prefix = "!!FP1.0\n".len();
    body.match_indices(needle)
        .nth(n)
        .map(|(i, _)| i + prefix)
        .expect("needle occurs")
}
