//! Random IR (pigment_naga::random, the fuzz targets' generator) written as GLSL: writing never
//! panics, and every shader written passes glslangValidator for its version and stage (a sample
//! of versions per function: the fixed-function 1.20, 3.30, ES 1.00 and 3.00, Vulkan GLSL). A
//! refusal must name the version.

mod common;
#[path = "../../naga-out/tests/quad/mod.rs"]
mod quad;

use pigment_glsl::Version;
use proptest::prelude::*;

const VERSIONS: [Version; 5] = [
    Version::desktop(120),
    Version::desktop(330),
    Version::es(100),
    Version::es(300),
    Version::VULKAN,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]
    #[test]
    fn random_ir_writes_glsl_that_glslang_accepts(data in proptest::collection::vec(any::<u8>(), 0..300)) {
        let f = pigment_naga::random::function(&data);
        for version in VERSIONS {
            match pigment_glsl::write(&f, version) {
                Ok(glsl) => {
                    let verdict = common::glslang(&glsl.text, f.stage, version);
                    prop_assert!(verdict.is_ok(), "{version}: {}\n{}\n{}", verdict.unwrap_err(), glsl.text, pigment_ir::print_function(&f));
                }
                Err(d) => prop_assert!(d.message.contains(&version.to_string()), "{}", d.message),
            }
        }
    }
}
