//! One convention for module files across the workspace (issue 27): a module with submodules is a
//! directory holding `mod.rs` (as `lib.rs` and `main.rs` hold their crate's), never `foo.rs`
//! beside a `foo/` directory of sources. A directory of data beside a module (Parasol's standard
//! library of `.p` files) is not a module directory and does not count.

use std::path::{Path, PathBuf};

/// Every `foo.rs` under `dir` that has a sibling directory `foo/` holding `.rs` files.
fn flat_parents(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            let holds_sources = std::fs::read_dir(&path).is_ok_and(|mut e| {
                e.any(|f| f.is_ok_and(|f| f.path().extension().is_some_and(|x| x == "rs")))
            });
            if holds_sources && path.with_extension("rs").is_file() {
                out.push(path.with_extension("rs"));
            }
            flat_parents(&path, out);
        }
    }
}

#[test]
fn modules_with_submodules_live_in_mod_rs() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    let mut crates_seen = 0;
    for krate in std::fs::read_dir(&crates).unwrap().flatten() {
        let src = krate.path().join("src");
        if src.is_dir() {
            crates_seen += 1;
            flat_parents(&src, &mut found);
        }
    }
    assert!(crates_seen > 10, "the walk must see the workspace's crates");
    assert!(found.is_empty(), "move these to DIR/mod.rs: {found:#?}");
}
