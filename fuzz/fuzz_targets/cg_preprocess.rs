//! Fuzz target: arbitrary bytes (lossy UTF-8) as a Cg main file, with two fixed files to include.
//! The preprocessor must never panic, every output byte (of a long output, every 61st past the
//! first MiB) must map back into a file, and every diagnostic must render.
#![no_main]

#[path = "../checks/cg_preprocess.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::run(data));
