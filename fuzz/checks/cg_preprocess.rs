//! Fuzz target: arbitrary bytes (lossy UTF-8) as a Cg main file, with two fixed files to include.
//! The preprocessor must never panic, every output byte (of a long output, every 61st past the
//! first MiB) must map back into a file, and every diagnostic must render.
//!
//! Shared by the fuzz target and the replay of its saved corpus in the crate's tests
//! (`fuzz/seeds/cg_preprocess/`), so that both run the same checks.

use pigment_cg::preprocess::{preprocess, MemoryResolver, Options};
use pigment_diag::{render, SourceFiles};

/// Runs one input through the target's checks; panics on a failure.
pub fn run(data: &[u8]) {
    let mut files = SourceFiles::new();
    let main = files.add("fuzz.cg", String::from_utf8_lossy(data).into_owned());
    let resolver = MemoryResolver {
        files: vec![
            (
                "a.cgh".into(),
                "#define A(x, ...) x ## __VA_ARGS__ # x\n#include \"b.cgh\"\n".into(),
            ),
            (
                "b.cgh".into(),
                "#ifndef B\n#define B(y) A(y, y) __LINE__\nB(1)\n#endif\n".into(),
            ),
        ],
    };
    let options = Options {
        defines: vec![("FUZZ".into(), None)],
        timestamp: Some(0),
        ..Options::default()
    };
    let out = preprocess(&mut files, main, &options, &resolver);
    // Every byte of the first MiB, then every 61st and the end: outputs reach the preprocessor's
    // 64 MiB limit, where a lookup per byte took seconds an input (in the instrumented build).
    let checked = (0..out.text.len().min(1 << 20))
        .chain((1 << 20..out.text.len()).step_by(61))
        .chain([out.text.len()]);
    for offset in checked {
        let (file, at) = out.map.locate(offset).expect("every output byte maps");
        assert!(at as usize <= files.text(file).len());
    }
    for d in &out.diagnostics {
        render(&files, d);
    }
}
