//! Programs fp30 cannot compile: each `tests/in/fp30/errors/NAME.ir` must fail with the diagnostics
//! in `NAME.err` beside it (one per line: the message, then ` @ start..end` when located; notes
//! indented). `PIGMENT_BLESS=1` rewrites them.

mod common;

use common::*;
use pigment_fp30::{compile, Options};

fn describe(d: &pigment_diag::Diagnostic) -> String {
    let mut s = d.message.clone();
    if let Some(l) = &d.primary {
        s.push_str(&format!(" @ {}..{}", l.span.start, l.span.end));
    }
    for n in &d.notes {
        s.push_str(&format!("\n  note: {n}"));
    }
    s
}

#[test]
fn refused_programs_report_located_errors() {
    let mut failures = Vec::new();
    let files = ir_files(&corpus_dir().join("errors"));
    assert!(!files.is_empty());
    for path in files {
        let module = load_module(&path);
        let errors = match compile(&module, "main", &Options::default()) {
            Ok(c) => {
                failures.push(format!("{}: compiled\n{}", path.display(), c.text));
                continue;
            }
            Err(e) => e,
        };
        let got: String = errors.iter().map(|d| describe(d) + "\n").collect();
        let expected_path = path.with_extension("err");
        if bless() {
            std::fs::write(&expected_path, &got).expect("writable");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if got != expected {
            failures.push(format!(
                "{}:\n--- expected\n{expected}--- got\n{got}",
                path.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn unknown_entry_is_an_error() {
    let module = pigment_ir::parse("fn main() {\n}\n").expect("parses");
    let errors = compile(&module, "other", &Options::default()).expect_err("no such function");
    assert!(errors[0].message.contains("no function `other`"));
}

/// The refusal of `errors/loop_budget.ir` (a billion unrolled additions) comes once the budget is
/// spent: the walk visits no more instructions than the budget allows, not the product of the
/// trip counts.
#[test]
fn unrolling_stops_at_the_instruction_budget() {
    use pigment_fp30::legalize::unroll::{Unroll, MAX_UNROLL_STEPS};
    use pigment_ir::pass::run_pass;
    let mut module = load_module(&corpus_dir().join("errors/loop_budget.ir"));
    let mut unroll = Unroll::default();
    run_pass(&mut module, &mut unroll).expect("the function is left valid");
    assert_eq!(unroll.errors.len(), 1);
    // Refused on the first instruction past the budget: far fewer than the 10^9 the loops make.
    assert!(
        unroll.steps > MAX_UNROLL_STEPS && unroll.steps <= MAX_UNROLL_STEPS + 1,
        "{} instructions visited",
        unroll.steps
    );
}
