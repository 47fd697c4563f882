//! Fuzz target: the Parasol parser and checker must never panic (nor overflow the stack) on any
//! input, and every diagnostic's span must lie inside the text so that it can be rendered.
#![no_main]

use pigment_diag::{render, FileId, SourceFiles};
use pigment_parasol::{check_sources, parse};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for internal in [false, true] {
        let (_unit, diagnostics) = parse(&text, FileId(0), internal);
        for d in &diagnostics {
            if let Some(label) = &d.primary {
                assert!(label.span.start <= label.span.end && label.span.end as usize <= text.len());
            }
        }
    }
    // The whole front end, with the standard library: every diagnostic renders.
    let mut files = SourceFiles::new();
    let (_units, diagnostics) = check_sources(&mut files, &[("f.p".into(), text.into_owned())], false);
    for d in &diagnostics {
        let _ = render(&files, d);
    }
});
