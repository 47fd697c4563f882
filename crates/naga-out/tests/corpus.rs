//! Every program of the project's corpus (the IR files under tests/in, the Cg programs under
//! examples/cg and tests/in/cg/compile lowered through crates/cg) through every naga target: each
//! module passes naga's validator, each SPIR-V binary passes `spirv-val` (an independent oracle,
//! Khronos' SPIRV-Tools), each WGSL output parses back through naga's WGSL front end and
//! validates, and MSL, HLSL and naga's GLSL are written without error.

#[path = "quad/mod.rs"]
mod quad;

use pigment_naga::{emit, Target};

mod validators;

use validators::{spirv_val, wgsl_round_trip};

/// The corpus programs that use what naga cannot express, and the error each gives.
const EXPECTED_ERRORS: &[(&str, &str)] = &[(
    // One sampler read both with and without a shadow compare: naga needs a depth texture and
    // a comparison sampler for the one, a colour texture for the other.
    "texture_dims.cg",
    "both with and without a depth comparison",
)];

#[test]
fn every_corpus_program_passes_spirv_val_and_wgsl_round_trip() {
    let targets = validators::every_target();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (file, f) in quad::corpus(&[]) {
        let what = format!("{file}:{}", f.name);
        for target in targets {
            let expected = EXPECTED_ERRORS
                .iter()
                .find(|(file_end, _)| file.ends_with(file_end));
            let out = match (emit(&f, target), expected) {
                (Err(d), Some((_, message))) if d.message.contains(message) => {
                    // A located error, at the lookup.
                    assert!(d.primary.is_some(), "{what}: {} has no location", d.message);
                    continue;
                }
                (Ok(out), None) => out,
                (Err(d), _) => {
                    failures.push(format!("{what} {target:?}: {}", d.message));
                    continue;
                }
                (Ok(_), Some((_, message))) => {
                    failures.push(format!("{what} {target:?}: expected the error `{message}`"));
                    continue;
                }
            };
            let result = match target {
                Target::SpirV => spirv_val(out.spirv.as_deref().unwrap(), &what),
                Target::Wgsl => wgsl_round_trip(out.text.as_deref().unwrap()),
                _ => Ok(()),
            };
            if let Err(e) = result {
                failures.push(format!("{what} {target:?}: {e}"));
            }
            checked += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
