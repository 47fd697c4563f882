//! Fuzz target: parses arbitrary bytes (decoded as lossy UTF-8) as an `!!FP1.0` program. The parser
//! must never panic; whenever it reports no error, the canonical printer's text must parse back,
//! without errors, to the same tree (spans aside).
//!
//! Shared by the fuzz target and the replay of its saved corpus in the crate's tests
//! (`fuzz/seeds/nvfp_parse/`), so that both run the same checks.

use nvfp::syntax::{parse, print, strip_spans};
use pigment_diag::{has_errors, FileId};

/// Runs one input through the target's checks; panics on a failure.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (program, diagnostics) = parse(&text, FileId(0));
    if has_errors(&diagnostics) {
        return;
    }
    let printed = print(&program);
    let (reparsed, diagnostics) = parse(&printed, FileId(0));
    assert!(
        !has_errors(&diagnostics),
        "printed text does not parse:\n{printed}\n{diagnostics:#?}"
    );
    assert_eq!(
        strip_spans(&reparsed),
        strip_spans(&program),
        "round trip changed the tree:\n{printed}"
    );
}
