//! Fuzz target: the ISL parser and checker must never panic (nor overflow the stack) on any input,
//! and every diagnostic's span must lie inside the text so that it can be rendered.
//!
//! Shared by the fuzz target and the replay of its saved corpus in the crate's tests
//! (`fuzz/seeds/isl_parse/`), so that both run the same checks.

use pigment_diag::{render, FileId, SourceFiles};

/// Runs one input through the target's checks; panics on a failure.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (unit, mut diagnostics) = pigment_isl::parse(FileId(0), &text);
    // The checker runs on whatever the recovering parser produced, errors or not.
    diagnostics.extend(pigment_isl::check(&unit));
    let mut files = SourceFiles::new();
    let id = files.add("f.isl", text.as_ref());
    assert_eq!(id, FileId(0));
    for d in &diagnostics {
        if let Some(label) = &d.primary {
            assert!(label.span.start <= label.span.end && label.span.end as usize <= text.len());
        }
        let _ = render(&files, d);
    }
}
