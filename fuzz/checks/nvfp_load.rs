//! Fuzz target: loads arbitrary bytes as an `!!FP1.0` program (parse + every load rule) and, when the
//! program loads, runs it on one quad. Neither the validator nor the executor may panic, and a loaded
//! program must respect the load-time limits.
//!
//! Shared by the fuzz target and the replay of its saved corpus in the crate's tests
//! (`fuzz/seeds/nvfp_load/`), so that both run the same checks.

use nvfp::exec::{Machine, Parameters, QuadInput};
use nvfp::isa::limits;
use nvfp::texture::TextureUnits;
use pigment_diag::FileId;

/// Runs one input through the target's checks; panics on a failure.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(program) = nvfp::validate::load_text(&text, FileId(0)) else {
        return;
    };
    assert!(program.instructions.len() <= limits::MAX_INSTRUCTIONS);
    assert!(program.register_units <= limits::MAX_REGISTER_UNITS);
    let machine = Machine::new(&program);
    let params = Parameters::for_program(&program);
    let mut input = QuadInput::default();
    for (a, attrib) in input.attribs.iter_mut().enumerate() {
        for (f, fragment) in attrib.iter_mut().enumerate() {
            *fragment = [a as f32 * 0.25 - 1.0, f as f32, -0.0, f32::NAN];
        }
    }
    let _ = machine.run_quad_traced(&input, &params, &TextureUnits::new());
}
