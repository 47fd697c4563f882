//! `include/pigment.h` is what cbindgen generates from this crate today: the test generates it
//! and fails when the committed header differs (run with `PIGMENT_BLESS=1` to rewrite it).

use std::path::Path;

#[test]
fn the_committed_header_is_current() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("crates/capi/cbindgen.toml reads");
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header")
        .write(&mut generated);
    let generated = String::from_utf8(generated).expect("the header is UTF-8");
    let committed_path = crate_dir.join("../../include/pigment.h");
    if std::env::var_os("PIGMENT_BLESS").is_some() {
        std::fs::write(&committed_path, &generated).expect("include/pigment.h is writable");
    }
    let committed = std::fs::read_to_string(&committed_path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/pigment.h is stale: regenerate it with \
         `PIGMENT_BLESS=1 cargo test -p pigment-capi --test header`"
    );
}
