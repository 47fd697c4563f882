//! Fuzz target: the Cg parser must never panic (nor overflow the stack) on any input. Bytes are
//! decoded lossily, since the parser takes the preprocessor's text, which is always UTF-8.
#![no_main]

#[path = "../checks/cg_parse.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::run(data));
