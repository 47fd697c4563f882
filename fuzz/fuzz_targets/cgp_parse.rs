//! Fuzz target: the `.cgp` preset parser must never panic on any input, and every error it reports
//! must render (its span inside the file). A `#reference` reads the same bytes again, so nesting and
//! cycles are exercised too.
#![no_main]

#[path = "../checks/cgp_parse.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::run(data));
