//! Fuzz target: parses arbitrary bytes as shading-IR text. The parser must never panic; a module that
//! parses without errors is verified (which must not panic either) and, when valid, must print back to
//! text that parses to the same printed form.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(module) = pigment_ir::parse(&text) else {
        return;
    };
    if pigment_ir::verify(&module).is_err() {
        return;
    }
    let printed = pigment_ir::print(&module);
    let reparsed = pigment_ir::parse(&printed).expect("printed IR parses");
    assert_eq!(pigment_ir::print(&reparsed), printed);
});
