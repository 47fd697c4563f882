//! Fuzz target: the `.cgp` preset parser must never panic on any input, and every error it reports
//! must render (its span inside the file). A `#reference` reads the same bytes again, so nesting and
//! cycles are exercised too.
//!
//! Shared by the fuzz target and the replay of its saved corpus in the crate's tests
//! (`fuzz/seeds/cgp_parse/`), so that both run the same checks.

use pigment_diag::{render, SourceFiles};
use std::path::Path;

/// Runs one input through the target's checks; panics on a failure.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    let again = text.clone();
    let mut files = SourceFiles::new();
    let mut read = |_: &Path| Ok(again.clone());
    if let Err(errors) = pigment_preset::parse_text(&mut files, "fuzz.cgp", text, &mut read) {
        for d in &errors {
            let _ = render(&files, d);
        }
    }
}
