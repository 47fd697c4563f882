//! Fuzz target: preprocess (with an in-memory include resolver), parse and check any input; none
//! of the stages may panic, and every checker diagnostic must point inside the text.
#![no_main]

#[path = "../checks/cg_check.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::run(data));
