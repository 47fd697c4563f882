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

/// Unrolling 200 iterations whose arithmetic on constants (the counter's compare and increment, a
/// product and its conversion, the same in every iteration) folds, around one run-time addition
/// each: a folded result makes a value only the first time its constant is seen (one value stands
/// for every copy), so the function's values grow by what is written, not by what folded.
#[test]
fn folded_iterations_make_no_values() {
    use pigment_fp30::legalize::unroll::Unroll;
    use pigment_ir::pass::run_pass;
    let text = "fn main(
    in $a: float4 @TEXCOORD0,
    out $color: float4 @COLOR,
) {
  %0: float4 = input $a
  %1: float = swizzle %0.x
  %2: int = const 0
  %3: int = const 200
  %4: int = const 1
  %5: float = loop (%6: int = %2, %7: float = %1) {
    %8: bool = lt %6, %3
    if %8 {
    } else {
      break %7
    }
    %9: int = mul %4, %3
    %10: float = cvt %9
    %11: float = add %7, %10
    %12: int = add %6, %4
    continue %12, %11
  }
  %13: float4 = swizzle %5.xxxx
  store $color, %13
}
";
    let mut module = pigment_ir::text::parse(text).expect("parses");
    let value_count = |m: &pigment_ir::Module| {
        m.functions
            .iter()
            .map(|(_, f)| f.values.len())
            .sum::<usize>()
    };
    let before = value_count(&module);
    let mut unroll = Unroll::default();
    run_pass(&mut module, &mut unroll).expect("the function is left valid");
    assert!(unroll.errors.is_empty(), "{:?}", unroll.errors);
    let after = value_count(&module);
    // The addition's result and the const written before it, per iteration (400); one value
    // per distinct constant: the 201 counters, the product, its conversion, true and false. The
    // 800 folded copies add nothing (each made a value before: 1,200 in all).
    assert!(
        after - before <= 2 * 200 + 201 + 4,
        "{} values made by unrolling",
        after - before
    );
}
