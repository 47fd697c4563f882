//! The independent checks of naga's outputs shared by the tests: Khronos' `spirv-val` for SPIR-V,
//! and naga's WGSL front end and validator reading a WGSL output back.
#![allow(dead_code)] // each test crate uses its own part

use pigment_naga::Target;
use std::process::Command;

/// Every naga target the tests write: SPIR-V, WGSL, MSL, HLSL and naga's GLSL (4.50 and ES 3.10 at
/// least: `pack_*` needs packUnorm4x8 and its kin).
pub fn every_target() -> [Target; 6] {
    [
        Target::SpirV,
        Target::Wgsl,
        Target::Msl,
        Target::Hlsl,
        Target::parse("glsl-naga:450").unwrap(),
        Target::parse("glsl-naga:310es").unwrap(),
    ]
}

pub fn spirv_val(words: &[u32], what: &str) -> Result<(), String> {
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

pub fn wgsl_round_trip(text: &str) -> Result<(), String> {
    let module = naga::front::wgsl::parse_str(text).map_err(|e| e.emit_to_string(text))?;
    pigment_naga::validate(&module)
        .map(|_| ())
        .map_err(|(m, _)| m)
}
