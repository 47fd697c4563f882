//! Fuzz target: the OBJ reader of pigment-scene must never panic on any input, every diagnostic's
//! span must lie inside the text so that it can be rendered, and the mesh it returns must index
//! only vertices it has.
#![no_main]

#[path = "../checks/obj_parse.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::run(data));
