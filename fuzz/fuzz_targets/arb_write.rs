//! Fuzz target: random IR (built from the bytes by `pigment_naga::random`) compiled for arbfp1
//! (fragment functions) or arbvp1 (vertex functions, their texture lookups replaced by constants).
//! Compiling must never panic: a function gives a program or located diagnostics (what ARB lacks,
//! the profiles' limits). (Whether llvmpipe loads the text is tests/random.rs's job.)
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut f = pigment_naga::random::function(data);
    let name = f.name.clone();
    let vertex = f.stage == pigment_ir::Stage::Vertex;
    if vertex {
        pigment_naga::random::without_lookups(&mut f);
    }
    let mut module = pigment_ir::Module::new();
    module.functions.append(f);
    let _ = match vertex {
        true => pigment_arb::arbvp1(&module, &name).map(|p| p.text),
        false => pigment_arb::arbfp1(&module, &name, &Default::default()).map(|p| p.text),
    };
});
