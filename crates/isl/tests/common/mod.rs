//! Helpers shared by the ISL tests: run the front end on a text and render diagnostics as
//! `LINE:COL: message`.
#![allow(dead_code)]

pub mod programs;

use pigment_diag::{Diagnostic, FileId, SourceFiles};

/// `LINE:COL: message` for every diagnostic, in order.
pub fn located(text: &str, diags: &[Diagnostic]) -> Vec<String> {
    let mut files = SourceFiles::new();
    let id = files.add("t.isl", text);
    diags
        .iter()
        .map(|d| match &d.primary {
            Some(l) => {
                let lc = files.line_col(id, l.span.start);
                format!("{}:{}: {}", lc.line, lc.col, d.message)
            }
            None => format!("?: {}", d.message),
        })
        .collect()
}

/// Parse diagnostics only.
pub fn parse_errors(text: &str) -> Vec<String> {
    let (_, diags) = pigment_isl::parse(FileId(0), text);
    located(text, &diags)
}

/// Parse and check diagnostics.
pub fn check_errors(text: &str) -> Vec<String> {
    let (_, diags) = pigment_isl::parse_and_check(FileId(0), text);
    located(text, &diags)
}

/// Wraps statements in a surface shader's body (the body starts on line 2).
pub fn in_surface(body: &str) -> String {
    format!("surface s(uniform float u = 1; parameter float p = 2) {{\n{body}\n}}\n")
}
