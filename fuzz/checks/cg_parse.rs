//! Fuzz target: the Cg parser must never panic (nor overflow the stack) on any input. Bytes are
//! decoded lossily, since the parser takes the preprocessor's text, which is always UTF-8.
//!
//! Shared by the fuzz target and the replay of its saved corpus in the crate's tests
//! (`fuzz/seeds/cg_parse/`), so that both run the same checks.

use pigment_cg::syntax::{dump::dump, parse};
use pigment_diag::FileId;

/// Runs one input through the target's checks; panics on a failure.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (unit, diagnostics) = parse(&text, FileId(0));
    // Every span must lie inside the text, so diagnostics can always be rendered.
    for d in &diagnostics {
        if let Some(label) = &d.primary {
            assert!(label.span.start <= label.span.end && label.span.end as usize <= text.len());
        }
    }
    // The tree must be walkable: the dump visits every node.
    let _ = dump(&unit);
}
