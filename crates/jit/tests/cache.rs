//! One compiled function per program: a second machine for the same program reuses the cached code
//! (no compile time), a different program gets its own, and the code runs on several threads at once.

use nvfp::exec::{Machine, Parameters, QuadInput, QuadOutput};
use nvfp::texture::TextureUnits;
use pigment_diag::FileId;

fn load(text: &str) -> nvfp::program::Program {
    nvfp::validate::load_text(text, FileId(0)).expect("program loads")
}

#[test]
fn programs_compile_once_and_run_on_many_threads() {
    let a = load("!!FP1.0\nADDR o[COLR], f[TEX0], {0.25, 0.5, 0.75, 1};\nEND\n");
    let b = load("!!FP1.0\nMULR o[COLR], f[TEX0], {0.25, 0.5, 0.75, 1};\nEND\n");
    let machine = Machine::new(&a);
    let (first, _) = nvfp_jit::compile(machine.decoded()).expect("compiles");
    let (again, time) = nvfp_jit::compile(machine.decoded()).expect("cached");
    assert!(std::sync::Arc::ptr_eq(&first, &again));
    assert_eq!(time, std::time::Duration::ZERO);
    let (other, _) = nvfp_jit::compile(Machine::new(&b).decoded()).expect("compiles");
    assert!(!std::sync::Arc::ptr_eq(&first, &other));

    let (jit, _) = nvfp_jit::machine(&a);
    let params = Parameters::for_program(&a);
    let textures = TextureUnits::new();
    std::thread::scope(|s| {
        for t in 0..4 {
            let (jit, params, textures) = (&jit, &params, &textures);
            s.spawn(move || {
                let mut input = QuadInput::default();
                input.attribs[nvfp::isa::AttribReg::Tex(0).index()] =
                    [[t as f32, 1.0, 2.0, 3.0]; 4];
                let mut out = [QuadOutput::default()];
                jit.run_quads(&[input], params, textures, &mut out);
                // (t, 1, 2, 3) + (0.25, 0.5, 0.75, 1), exact in fp32.
                assert_eq!(out[0].color[3], [t as f32 + 0.25, 1.5, 2.75, 4.0]);
            });
        }
    });
}
