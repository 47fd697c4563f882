//! Every program of the project's corpus (the IR files under tests/in, the Cg programs under
//! examples/cg and tests/in/cg/compile lowered through crates/cg) through every naga target: each
//! module passes naga's validator, each SPIR-V binary passes `spirv-val` (an independent oracle,
//! Khronos' SPIRV-Tools), each WGSL output parses back through naga's WGSL front end and
//! validates, and MSL, HLSL and naga's GLSL are written without error.

#[path = "quad/mod.rs"]
mod quad;

use pigment_naga::{emit, Target};

use std::process::Command;

fn spirv_val(words: &[u32], what: &str) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("pigment-naga-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{}.spv", what.replace(['/', ' ', ':'], "_")));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new("spirv-val")
        .arg("--target-env")
        .arg("vulkan1.0")
        .arg(&path)
        .output()
        .unwrap_or_else(|e| {
            panic!("spirv-val not found ({e}): run scripts/test, which installs spirv-tools")
        });
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

fn wgsl_round_trip(text: &str) -> Result<(), String> {
    let module = naga::front::wgsl::parse_str(text).map_err(|e| e.emit_to_string(text))?;
    pigment_naga::validate(&module)
        .map(|_| ())
        .map_err(|(m, _)| m)
}

/// The corpus programs that use what naga cannot express, and the error each gives.
const EXPECTED_ERRORS: &[(&str, &str)] = &[(
    // One sampler read both with and without a shadow compare: naga needs a depth texture and
    // a comparison sampler for the one, a colour texture for the other.
    "texture_dims.cg",
    "shadow-compare lookup",
)];

#[test]
fn every_corpus_program_passes_spirv_val_and_wgsl_round_trip() {
    let targets = [
        Target::SpirV,
        Target::Wgsl,
        Target::Msl,
        Target::Hlsl,
        // GLSL 4.00 / ES 3.10 at least: `pack_*` needs packUnorm4x8 and its kin.
        Target::parse("glsl-naga:450").unwrap(),
        Target::parse("glsl-naga:310es").unwrap(),
    ];
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
