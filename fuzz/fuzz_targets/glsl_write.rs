//! Fuzz target: random IR (built from the bytes by `pigment_naga::random`) written as GLSL of
//! every version. Writing must never panic; a refusal must name the version. (Whether the text
//! compiles is tests/random.rs's job, with glslangValidator.)
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let f = pigment_naga::random::function(data);
    for version in pigment_glsl::Version::all() {
        if let Err(d) = pigment_glsl::write(&f, version) {
            assert!(d.message.contains(&version.to_string()), "{}", d.message);
        }
    }
});
