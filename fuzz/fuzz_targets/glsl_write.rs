//! Fuzz target: random IR (built by `pigment_naga::random` from all bytes but the first) written as
//! GLSL of one version, the one the first byte picks (every version is reached across inputs;
//! writing them all for each input made an execution cost ~8 ms). Writing must never panic; a
//! refusal must name the version. (Whether the text compiles is tests/random.rs's job, with
//! glslangValidator.)
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let versions = pigment_glsl::Version::all();
    let version = versions[pick as usize % versions.len()];
    let f = pigment_naga::random::function(rest);
    if let Err(d) = pigment_glsl::write(&f, version) {
        assert!(d.message.contains(&version.to_string()), "{}", d.message);
    }
});
