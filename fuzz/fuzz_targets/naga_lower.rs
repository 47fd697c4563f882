//! Fuzz target: random IR (built from the bytes by `pigment_naga::random`) lowered to naga. The
//! lowering must never panic and must succeed on these functions (they use only what naga can
//! express), with a module naga's validator accepts (`lower` validates every module it returns);
//! the SPIR-V and WGSL writers must not fail on it either.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let f = pigment_naga::random::function(data);
    assert!(pigment_ir::verify_function(&f).is_empty(), "the generator made invalid IR");
    for target in [pigment_naga::Target::SpirV, pigment_naga::Target::Wgsl] {
        if let Err(e) = pigment_naga::emit(&f, target) {
            panic!("{target:?}: {}\n{}", e.message, pigment_ir::print_function(&f));
        }
    }
});
