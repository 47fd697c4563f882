//! The parser never panics and never recurses without bound: every prefix of every valid test
//! program parses (truncated input is the commonest broken input an editor produces), and nesting
//! far beyond the limit is reported, not followed.

use pigment_cg::syntax::{parse, MAX_DEPTH};
use pigment_diag::FileId;
use std::fs;
use std::path::Path;

fn valid_programs() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/cg/parse");
    let mut programs = Vec::new();
    for entry in fs::read_dir(dir).expect("test corpus directory") {
        let path = entry.expect("directory entry").path();
        if path.extension().is_some_and(|e| e == "cg") && path.with_extension("ast").exists() {
            let text = fs::read_to_string(&path).expect("readable program");
            programs.push((path.display().to_string(), text));
        }
    }
    assert!(
        programs.len() >= 8,
        "expected the valid programs of the corpus"
    );
    programs
}

#[test]
fn every_prefix_of_every_valid_program_parses_without_panicking() {
    for (name, text) in valid_programs() {
        let (_, full) = parse(&text, FileId(0));
        assert!(full.is_empty(), "{name} should parse cleanly: {full:?}");
        for end in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
            let (_, diagnostics) = parse(&text[..end], FileId(0));
            for d in &diagnostics {
                let span = d
                    .primary
                    .as_ref()
                    .expect("parser diagnostics have a location")
                    .span;
                assert!(
                    span.start <= span.end && span.end as usize <= end,
                    "{name}[..{end}]: span {span:?} is outside the text"
                );
            }
        }
    }
}

/// Runs `f` on a thread with a 2 MiB stack (Rust's default for spawned threads), so a recursion
/// that outgrows ordinary threads fails here too.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("spawn test thread")
        .join()
        .expect("parsing must not overflow the stack or panic");
}

fn assert_depth_error(text: String) {
    on_small_stack(move || {
        let (_, diagnostics) = parse(&text, FileId(0));
        let too_deep: Vec<_> = diagnostics
            .iter()
            .filter(|d| d.message.contains("nested too deeply"))
            .collect();
        assert_eq!(
            too_deep.len(),
            1,
            "one nesting error expected, got {diagnostics:?}"
        );
    });
}

#[test]
fn deep_parentheses_are_an_error_not_a_stack_overflow() {
    let n = 100_000;
    assert_depth_error(format!("float f = {}1{};", "(".repeat(n), ")".repeat(n)));
}

#[test]
fn deep_unary_chains_and_blocks_and_initializers_are_limited() {
    let n = 50_000;
    assert_depth_error(format!("float f = {}1;", "-".repeat(n)));
    assert_depth_error(format!("void f() {}{} }}", "{".repeat(n), "}".repeat(n)));
    assert_depth_error(format!("float f[1] = {}1{};", "{".repeat(n), "}".repeat(n)));
    assert_depth_error(format!("float f = {}1;", "a = ".repeat(n)));
    assert_depth_error(format!("float f = {}1;", "a ? b : ".repeat(n)));
    assert_depth_error(format!("float f = {}1;", "(float)".repeat(n)));
    assert_depth_error(format!(
        "{}float x;{}",
        "struct S {".repeat(n),
        "};".repeat(n)
    ));
    assert_depth_error(format!("void f() {{ {} x = 1; }}", "if (a) ".repeat(n)));
}

#[test]
fn nesting_up_to_the_limit_is_accepted() {
    // Each parenthesis level costs one unary level; leave a few levels for the statement.
    let n = MAX_DEPTH as usize - 4;
    let text = format!("void f() {{ x = {}1{}; }}", "(".repeat(n), ")".repeat(n));
    on_small_stack(move || {
        let (_, diagnostics) = parse(&text, FileId(0));
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
    });
}

#[test]
fn arbitrary_bytes_never_panic() {
    // A deterministic sweep over short token soups built from Cg's own vocabulary.
    let words = [
        "struct",
        "{",
        "}",
        "(",
        ")",
        "[",
        "]",
        ";",
        ",",
        "float4",
        "x",
        "=",
        "1",
        ".",
        ":",
        "?",
        "<",
        ">",
        "if",
        "else",
        "for",
        "switch",
        "case",
        "default",
        "typedef",
        "T",
        "interface",
        "::",
        "-",
        "\"s",
        "/*",
        "#",
        "1.",
        "0x",
        "register",
        "sampler_state",
        "asm",
        "technique",
        "uniform",
        "fp30",
    ];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..4000 {
        let mut text = String::new();
        for _ in 0..24 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            text.push_str(words[(state % words.len() as u64) as usize]);
            text.push(if state & 0x100 == 0 { ' ' } else { '\n' });
        }
        let _ = parse(&text, FileId(0));
    }
}
