//! Fuzz target: loads arbitrary bytes as an `!!FP1.0` program (parse + every load rule) and, when the
//! program loads, runs it on one quad. Neither the validator nor the executor may panic, and a loaded
//! program must respect the load-time limits.
#![no_main]

#[path = "../checks/nvfp_load.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::run(data));
