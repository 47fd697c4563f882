//! Replaying a fuzz target's saved corpus (`fuzz/seeds/TARGET/`, committed: the seeds and every
//! input that once found a bug; `cargo fuzz run TARGET fuzz/seeds/TARGET` starts from it) through
//! the target's checks, for the crates' tests, so that CI runs them without a fuzzer.

use std::path::PathBuf;

/// Runs every file of `fuzz/seeds/TARGET/` through `run`; returns how many there were. The
/// corpus must exist and hold at least one input, so a moved directory fails rather than passes.
pub fn replay(target: &str, run: fn(&[u8])) -> usize {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/seeds")
        .join(target);
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "{} is empty", dir.display());
    for path in &inputs {
        let data = std::fs::read(path).unwrap();
        let outcome = std::panic::catch_unwind(|| run(&data));
        assert!(outcome.is_ok(), "{target}: {} fails", path.display());
    }
    inputs.len()
}
