//! Fuzz target: the Parasol parser must never panic (nor overflow the stack) on any input, and every
//! diagnostic's span must lie inside the text so that it can be rendered.
#![no_main]

use pigment_diag::FileId;
use pigment_parasol::parse;

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
});
