//! Fuzz target: preprocess (with an in-memory include resolver), parse and check any input; none
//! of the stages may panic, and every checker diagnostic must point inside the text.
//!
//! Shared by the fuzz target and the replay of its saved corpus in the crate's tests
//! (`fuzz/seeds/cg_check/`), so that both run the same checks.

use pigment_cg::check::{check, CheckOptions};
use pigment_cg::preprocess::{preprocess, MemoryResolver, Options};
use pigment_cg::syntax::parse;
use pigment_diag::SourceFiles;

/// Runs one input through the target's checks; panics on a failure.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut files = SourceFiles::new();
    let main = files.add("fuzz.cg", text.as_ref());
    let resolver = MemoryResolver { files: Vec::new() };
    let pre = preprocess(&mut files, main, &Options::default(), &resolver);
    let expanded = files.add("<expanded>", pre.text.as_str());
    let (unit, _) = parse(&pre.text, expanded);
    let (_, diagnostics) = check(&unit, expanded, &CheckOptions::default());
    for d in &diagnostics {
        if let Some(label) = &d.primary {
            assert!(
                label.span.start <= label.span.end && label.span.end as usize <= pre.text.len()
            );
        }
        let _ = pre.map.remap_diagnostic(&files, expanded, d.clone());
    }
}
