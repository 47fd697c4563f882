//! Robustness: checking never panics, whatever the parser recovered. Every prefix (cut at each
//! character boundary) of every check test program is parsed and checked, and so are arbitrary
//! token soups built from Cg fragments.

use pigment_cg::check::{check, CheckOptions};
use pigment_cg::syntax::parse;
use pigment_diag::FileId;
use proptest::prelude::*;
use std::fs;
use std::path::Path;

fn check_text(text: &str) {
    let (unit, _) = parse(text, FileId(0));
    let (program, diags) = check(&unit, FileId(0), &CheckOptions::default());
    assert_eq!(program.expr_types.len(), unit.exprs.len());
    for d in &diags {
        if let Some(label) = &d.primary {
            assert!(label.span.start <= label.span.end && label.span.end as usize <= text.len());
        }
    }
}

#[test]
fn every_prefix_of_the_test_programs_checks_without_panicking() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/cg/check");
    let mut count = 0;
    for entry in fs::read_dir(dir).expect("tests/in/cg/check exists") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "cg") {
            continue;
        }
        let text = fs::read_to_string(&path).expect("readable");
        for (i, _) in text.char_indices() {
            check_text(&text[..i]);
        }
        count += 1;
    }
    assert!(count >= 10);
}

const FRAGMENTS: &[&str] = &[
    "float4",
    "half",
    "struct",
    "S",
    "{",
    "}",
    "(",
    ")",
    ";",
    ",",
    "main",
    "x",
    "=",
    "+",
    "*",
    "%",
    "1",
    "0.5",
    ".xyz",
    "._m00",
    "[",
    "]",
    "return",
    "if",
    "for",
    "break",
    "mul",
    "tex2D",
    "uniform",
    "out",
    ":",
    "COLOR",
    "interface",
    "I",
    "?",
    "<",
    "f",
    "switch",
    "case",
    "default",
    "sampler2D",
    "const",
    "float4x4",
    "lerp",
    "main(",
    ")",
    "::",
    "length",
    "typedef",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn fragment_soup_never_panics(parts in proptest::collection::vec(0..FRAGMENTS.len(), 0..60)) {
        let text: Vec<&str> = parts.iter().map(|&i| FRAGMENTS[i]).collect();
        check_text(&text.join(" "));
    }
}
