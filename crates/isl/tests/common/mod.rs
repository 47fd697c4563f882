//! Helpers shared by the ISL tests: run the front end on a text and render diagnostics as
//! `LINE:COL: message`.
#![allow(dead_code)]

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
