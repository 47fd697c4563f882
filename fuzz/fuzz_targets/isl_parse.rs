//! Fuzz target: the ISL parser and checker must never panic (nor overflow the stack) on any input,
//! and every diagnostic's span must lie inside the text so that it can be rendered.
#![no_main]

#[path = "../checks/isl_parse.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::run(data));
