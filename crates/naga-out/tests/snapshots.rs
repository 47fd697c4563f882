//! Snapshots of the text targets for three programs (flow.ir: control flow, built-ins, rect and bias
//! lookups; vertex_pair.ir: a vertex stage with a uniform buffer; depth/shadow.ir: shadow-compare
//! lookups on depth textures), so that a change in what naga is
//! given shows in review. Correctness is proven elsewhere (spirv-val, the WGSL round trip, lavapipe);
//! MSL and HLSL have no compiler here, so these and naga's validator are their checks.
//! `PIGMENT_UPDATE_SNAPSHOTS=1 cargo test -p pigment-naga --test snapshots` rewrites them.

use pigment_naga::{emit, Target};
use std::path::Path;

/// Snapshots of function `name` of `file` (under tests/), named after the file.
fn check(file: &str, name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let text = std::fs::read_to_string(dir.join(file)).unwrap();
    let module = pigment_ir::parse(&text).unwrap();
    let f = &module
        .functions
        .iter()
        .find(|(_, f)| f.name == name)
        .unwrap()
        .1;
    let stem = Path::new(file).file_stem().unwrap().to_str().unwrap();
    for (target, ext) in [
        (Target::Wgsl, "wgsl"),
        (Target::Msl, "metal"),
        (Target::Hlsl, "hlsl"),
        (Target::parse("glsl-naga:450").unwrap(), "glsl"),
    ] {
        let got = emit(f, target).unwrap().text.unwrap();
        let path = dir.join("snapshots").join(format!("{stem}.{ext}"));
        if std::env::var_os("PIGMENT_UPDATE_SNAPSHOTS").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (PIGMENT_UPDATE_SNAPSHOTS=1 writes it)",
                path.display()
            )
        });
        assert!(got == want, "{} changed; got:\n{got}", path.display());
    }
}

#[test]
fn fragment_snapshots() {
    check("in/flow.ir", "main");
}

#[test]
fn vertex_snapshots() {
    check("in/vertex_pair.ir", "vs");
}

#[test]
fn shadow_snapshots() {
    check("depth/shadow.ir", "main");
}
