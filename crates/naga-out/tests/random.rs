//! Random IR (crate::random, the fuzz target's generator) through the lowering: every function
//! verifies, lowers without error and passes naga's validator; the SPIR-V of a sample passes
//! `spirv-val` too.

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn random_ir_lowers_to_a_valid_module(data in proptest::collection::vec(any::<u8>(), 0..400)) {
        let f = pigment_naga::random::function(&data);
        let errors = pigment_ir::verify_function(&f);
        prop_assert!(errors.is_empty(), "{errors:?}\n{}", pigment_ir::print_function(&f));
        for target in [pigment_naga::Target::SpirV, pigment_naga::Target::Wgsl] {
            let out = pigment_naga::emit(&f, target);
            prop_assert!(out.is_ok(), "{:?}\n{}", out.err(), pigment_ir::print_function(&f));
        }
    }
}
