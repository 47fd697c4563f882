//! Compares the preprocessor with gcc's `cpp` on the inputs in `tests/in/cg/pp/`.
//!
//! Each `NAME.cg` there has `NAME.expected`, the output of `cpp -P -undef -I include NAME.cg` run
//! in that directory. The test compares token sequences, ignoring whitespace (the two
//! preprocessors space tokens differently). Set `PIGMENT_BLESS=1` to regenerate the expected files
//! with the `cpp` on this machine; without it the test needs no `cpp`.

mod preprocess_support;

use pigment_cg::preprocess::{preprocess, FileSystemResolver, Options};
use pigment_diag::SourceFiles;
use preprocess_support::tokens;
use std::path::{Path, PathBuf};
use std::process::Command;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/cg/pp")
}

fn inputs() -> Vec<PathBuf> {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/in/cg/pp exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cg"))
        .collect();
    inputs.sort();
    inputs
}

/// Runs gcc's preprocessor the way the expected files were made.
fn run_cpp(input: &Path) -> String {
    let output = Command::new("cpp")
        .args(["-P", "-undef", "-I", "include"])
        .arg(input.file_name().expect("file name"))
        .current_dir(corpus_dir())
        .output()
        .expect("PIGMENT_BLESS needs gcc's `cpp` on the PATH");
    assert!(
        output.status.success(),
        "cpp failed on {}: {}",
        input.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("cpp output is UTF-8")
}

#[test]
fn corpus_matches_cpp() {
    let bless = std::env::var_os("PIGMENT_BLESS").is_some();
    let inputs = inputs();
    assert!(inputs.len() >= 10, "the corpus has gone missing");
    let mut failures = Vec::new();
    for input in &inputs {
        let expected_path = input.with_extension("expected");
        if bless {
            std::fs::write(&expected_path, run_cpp(input)).expect("write expected file");
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_else(|_| {
            panic!(
                "{} is missing; run with PIGMENT_BLESS=1",
                expected_path.display()
            )
        });

        let mut files = SourceFiles::new();
        let text = std::fs::read_to_string(input).expect("readable input");
        let main = files.add(input.to_string_lossy(), text);
        let resolver = FileSystemResolver::new(vec![corpus_dir().join("include")]);
        let out = preprocess(&mut files, main, &Options::default(), &resolver);
        let errors: Vec<String> = out
            .diagnostics
            .iter()
            .map(|d| pigment_diag::render(&files, d))
            .collect();
        if !errors.is_empty() {
            failures.push(format!(
                "{}: unexpected diagnostics:\n{}",
                input.display(),
                errors.concat()
            ));
            continue;
        }
        let (ours, theirs) = (tokens(&out.text), tokens(&expected));
        if ours != theirs {
            let at = ours
                .iter()
                .zip(&theirs)
                .position(|(a, b)| a != b)
                .unwrap_or(ours.len().min(theirs.len()));
            let lo = at.saturating_sub(8);
            failures.push(format!(
                "{}: output differs from cpp at token {at}\n  ours: {:?}\n  cpp:  {:?}",
                input.display(),
                &ours[lo..ours.len().min(at + 8)],
                &theirs[lo..theirs.len().min(at + 8)],
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
