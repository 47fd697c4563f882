//! Every program of the project's corpus (the IR files under tests/in, the Cg programs under
//! examples/cg and tests/in/cg/compile lowered through crates/cg) written for every GLSL version
//! and checked by glslangValidator (Khronos' reference front end, Debian `glslang-tools`) for its
//! version and stage; Vulkan GLSL is compiled to SPIR-V (`-V`). A program a version cannot
//! express must be refused with an error that names the version, never written wrong.

mod common;
#[path = "../../naga-out/tests/quad/mod.rs"]
mod quad;

use common::{corpus, glslang};
use pigment_glsl::Version;

#[test]
fn every_corpus_program_validates_in_every_version() {
    let programs = corpus();
    let mut failures = Vec::new();
    let mut written = 0;
    let mut refused = 0;
    for version in Version::all() {
        for (file, func) in &programs {
            match pigment_glsl::write(func, version) {
                Ok(glsl) => {
                    written += 1;
                    if let Err(e) = glslang(&glsl.text, func.stage, version) {
                        failures.push(format!(
                            "{file} ({}) as {version}:\n{e}\n{}",
                            func.name, glsl.text
                        ));
                    }
                }
                Err(d) => {
                    refused += 1;
                    let named = d.message.contains(&version.to_string());
                    if !named {
                        failures.push(format!(
                            "{file} as {version}: refused without naming the version: {}",
                            d.message
                        ));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
    // Refusals are the exception (packing in old versions, 1D/rectangle samplers in ES).
    assert!(
        refused * 20 < written,
        "{refused} refused, {written} written"
    );
}
