//! The crates stand on floors, and no crate depends on one above it or beside it (issue 27):
//! ground (diagnostics, numerics) → the machine and the IR → front ends and the tools over the
//! machine → back ends → what builds on a back end → the library → its front doors. Each crate's
//! `[dependencies]` (not its dev-dependencies: tests may use an oracle or a front end to make
//! inputs) must sit on lower floors. A crate missing from the table fails the test, so a new crate
//! is placed on purpose; docs/architecture.md draws the same floors.

use std::path::Path;

const FLOORS: &[(&str, u8)] = &[
    ("pigment-diag", 0),
    ("pigment-numeric", 0),
    ("nvfp", 1),
    ("pigment-ir", 1),
    ("pigment-cg", 2),
    ("pigment-isl", 2),
    ("pigment-parasol", 2),
    ("nvfp-jit", 2),
    ("pigment-scene", 2),
    ("gl-oracle", 2),
    ("vk-oracle", 2),
    ("pigment-test-support", 2),
    ("pigment-fp30", 3),
    ("pigment-glsl", 3),
    ("pigment-naga", 3),
    ("librashader-oracle", 3),
    ("pigment-arb", 4),
    ("pigment-multipass", 4),
    ("pigment-preset", 4),
    ("pigment", 5),
    ("pigment-capi", 6),
    ("pigment-serve", 6),
];

fn floor(name: &str) -> Option<u8> {
    FLOORS.iter().find(|(n, _)| *n == name).map(|&(_, f)| f)
}

/// The package name and the `[dependencies]` entries of a manifest.
fn manifest(text: &str) -> (String, Vec<String>) {
    let mut name = String::new();
    let mut deps = Vec::new();
    let mut section = String::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_string();
        } else if section == "[package]" && line.starts_with("name") {
            name = line.split('"').nth(1).unwrap_or_default().to_string();
        } else if section == "[dependencies]" && !line.is_empty() && !line.starts_with('#') {
            let dep = line.split(['.', '=', ' ']).next().unwrap_or_default();
            deps.push(dep.to_string());
        }
    }
    (name, deps)
}

#[test]
fn no_crate_depends_on_one_above_or_beside_it() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut problems = Vec::new();
    let mut seen = 0;
    for entry in std::fs::read_dir(&crates).unwrap().flatten() {
        let Ok(text) = std::fs::read_to_string(entry.path().join("Cargo.toml")) else {
            continue;
        };
        let (name, deps) = manifest(&text);
        seen += 1;
        let Some(own) = floor(&name) else {
            problems.push(format!("{name}: not on any floor of the table"));
            continue;
        };
        for dep in deps.iter().filter(|d| floor(d).is_some()) {
            let theirs = floor(dep).unwrap();
            if theirs >= own {
                problems.push(format!(
                    "{name} (floor {own}) depends on {dep} (floor {theirs})"
                ));
            }
        }
    }
    assert_eq!(
        seen,
        FLOORS.len(),
        "every crate of the workspace is in the table"
    );
    assert!(problems.is_empty(), "{problems:#?}");
}
