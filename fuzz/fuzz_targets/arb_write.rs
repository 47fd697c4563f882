//! Fuzz target: random IR (built from the bytes by `pigment_naga::random`) compiled for arbfp1.
//! Compiling must never panic: a fragment function gives a program or located diagnostics
//! (what ARB lacks, fp30's limits). (Whether llvmpipe loads the text is tests/random.rs's job.)
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let f = pigment_naga::random::function(data);
    if f.stage != pigment_ir::Stage::Fragment {
        return;
    }
    let name = f.name.clone();
    let mut module = pigment_ir::Module::new();
    module.functions.append(f);
    let _ = pigment_arb::arbfp1(&module, &name, &Default::default());
});
