//! The command line stays a thin layer over the library (issue 27): its sources — `main.rs` and
//! every module it declares, with their submodules — total at most 1,500 lines. Logic that would
//! take it over the bar belongs in the library.

use std::path::{Path, PathBuf};

const BAR: usize = 1_500;

/// `mod NAME;` declarations of a file.
fn declared_modules(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            l.trim()
                .strip_prefix("mod ")
                .or(l.trim().strip_prefix("pub mod "))
        })
        .filter_map(|rest| rest.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

/// The file of module `name` declared in `parent_dir`, and the directory its own modules are in.
fn module_file(parent_dir: &Path, name: &str) -> (PathBuf, PathBuf) {
    let flat = parent_dir.join(format!("{name}.rs"));
    if flat.exists() {
        return (flat, parent_dir.join(name));
    }
    (parent_dir.join(name).join("mod.rs"), parent_dir.join(name))
}

fn count(file: &Path, dir: &Path, files: &mut Vec<(PathBuf, usize)>) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    files.push((file.to_path_buf(), text.lines().count()));
    for name in declared_modules(&text) {
        let (child, child_dir) = module_file(dir, &name);
        count(&child, &child_dir, files);
    }
}

#[test]
fn the_command_line_sources_total_at_most_1500_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    count(&src.join("main.rs"), &src, &mut files);
    assert!(
        files
            .iter()
            .any(|(f, _)| f.ends_with("commands/compile.rs")),
        "the walk must reach the verb modules: {files:?}"
    );
    let total: usize = files.iter().map(|(_, n)| n).sum();
    assert!(
        total <= BAR,
        "the CLI has {total} lines (bar {BAR}): {files:#?}"
    );
}
