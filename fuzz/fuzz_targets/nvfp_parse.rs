//! Fuzz target: parses arbitrary bytes (decoded as lossy UTF-8) as an `!!FP1.0` program. The parser
//! must never panic; whenever it reports no error, the canonical printer's text must parse back,
//! without errors, to the same tree (spans aside).
#![no_main]

#[path = "../checks/nvfp_parse.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::run(data));
