//! Errors and warnings: each bad input gives a clear message at the right place, and never a panic.

mod preprocess_support;

use preprocess_support::*;

/// Runs `src` and returns (error messages, "main.cg:LINE:COL" of the first diagnostic).
fn first_error(src: &str) -> (Vec<String>, String) {
    let r = run(src);
    assert!(!r.errors().is_empty(), "expected an error for {src:?}");
    (r.errors(), r.first_location())
}

#[test]
fn division_by_zero_in_if_is_an_error_at_the_operator() {
    let (errors, at) = first_error("x\n#if 1 / 0\nyes\n#endif\n");
    assert_eq!(errors, ["division by zero in #if"]);
    assert_eq!(at, "main.cg:2:7");
    assert_eq!(
        run("#if 1 % (2 - 2)\n#endif").errors(),
        ["division by zero in #if"]
    );
}

#[test]
fn a_failed_if_skips_its_group() {
    let r = run("#if 1 +\nyes\n#else\nno\n#endif\n");
    assert_eq!(r.errors().len(), 1);
    assert_eq!(r.tokens(), ["no"]);
}

#[test]
fn malformed_if_expressions() {
    assert_eq!(first_error("#if\n#endif").0, ["#if with no expression"]);
    assert_eq!(
        first_error("#if (1\n#endif").0,
        ["missing `)` in expression"]
    );
    assert_eq!(
        first_error("#if 1 2\n#endif").0,
        ["missing binary operator before `2`"]
    );
    assert_eq!(
        first_error("#if 1.0\n#endif").0,
        ["floating constant in preprocessor expression"]
    );
    assert_eq!(
        first_error("#if \"s\"\n#endif").0,
        ["a string literal is not valid in #if"]
    );
    assert_eq!(
        first_error("#if 1 = 1\n#endif").0,
        ["missing binary operator before `=`"]
    );
    assert_eq!(
        first_error("#if defined\n#endif").0,
        ["operator `defined` requires an identifier"]
    );
    assert_eq!(
        first_error("#if defined(A\n#endif").0,
        ["missing `)` after `defined`"]
    );
    assert_eq!(
        first_error("#if 1 ? 2\n#endif").0,
        ["expected `:` in conditional expression"]
    );
    assert_eq!(
        first_error("#if 09\n#endif").0,
        ["invalid digit `9` in octal constant"]
    );
}

#[test]
fn deeply_nested_if_expression_is_refused_not_overflowed() {
    let src = format!(
        "#if {}1{}\n#endif\n",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    assert_eq!(first_error(&src).0, ["expression nested too deeply"]);
    let src = format!("#if {}1\n#endif\n", "- ".repeat(100_000));
    assert_eq!(first_error(&src).0, ["expression nested too deeply"]);
}

#[test]
fn unbalanced_conditionals() {
    let (errors, at) = first_error("a\n#ifdef X\nb\n");
    assert_eq!(errors, ["unterminated #ifdef"]);
    assert_eq!(at, "main.cg:2:2");
    assert_eq!(first_error("#endif\n").0, ["#endif without #if"]);
    assert_eq!(first_error("#else\n").0, ["#else without #if"]);
    assert_eq!(first_error("#elif 1\n").0, ["#elif without #if"]);
    assert_eq!(
        first_error("#if 1\n#else\n#else\n#endif\n").0,
        ["#else after #else"]
    );
    assert_eq!(
        first_error("#if 1\n#else\n#elif 1\n#endif\n").0,
        ["#elif after #else"]
    );
}

#[test]
fn conditionals_do_not_cross_files() {
    let r = run_files(
        "#include \"open.cgh\"\n#endif\n",
        &[("open.cgh", "#if 1\n")],
        &Default::default(),
    );
    assert_eq!(r.errors(), ["unterminated #if", "#endif without #if"]);
}

#[test]
fn extra_tokens_after_directives_warn() {
    let r = run("#ifdef A B\n#else junk\n#endif junk\n");
    assert!(r.errors().is_empty());
    assert_eq!(
        r.warnings(),
        [
            "extra tokens at end of #ifdef directive",
            "extra tokens at end of #else directive",
            "extra tokens at end of #endif directive"
        ]
    );
}

#[test]
fn error_and_warning_directives() {
    let r = run("ok\n#warning  careful   here\n#error this  is \"bad\"\n");
    assert_eq!(r.warnings(), ["#warning careful here"]);
    assert_eq!(r.errors(), ["#error this is \"bad\""]);
    let text = r.rendered();
    assert!(
        text.contains("main.cg:3:1: error: #error this is \"bad\""),
        "{text}"
    );
}

#[test]
fn error_in_a_skipped_group_is_not_reported() {
    assert!(run("#if 0\n#error no\n#bogus\n'unterminated\n#endif\n")
        .out
        .diagnostics
        .is_empty());
}

#[test]
fn invalid_directive() {
    let (errors, at) = first_error("\n  #  frobnicate x\n");
    assert_eq!(errors, ["invalid preprocessing directive `#frobnicate`"]);
    assert_eq!(at, "main.cg:2:6");
}

#[test]
fn malformed_defines() {
    assert_eq!(
        first_error("#define\n").0,
        ["no macro name given in #define directive"]
    );
    assert_eq!(
        first_error("#define 3 x\n").0,
        ["macro names must be identifiers"]
    );
    assert_eq!(
        first_error("#define defined\n").0,
        ["`defined` cannot be used as a macro name"]
    );
    assert_eq!(
        first_error("#define f(a, a) a\n").0,
        ["duplicate macro parameter `a`"]
    );
    assert_eq!(
        first_error("#define f(a b) a\n").0,
        ["expected `,` or `)` in macro parameter list"]
    );
    assert_eq!(
        first_error("#define f(a\n").0,
        ["expected `,` or `)` in macro parameter list"]
    );
    assert_eq!(
        first_error("#define f(1) x\n").0,
        ["expected a parameter name"]
    );
    assert_eq!(
        first_error("#define f(a) #b\n").0,
        ["`#` is not followed by a macro parameter"]
    );
    assert_eq!(
        first_error("#define f(a) ## a\n").0,
        ["`##` cannot appear at either end of a macro replacement list"]
    );
    assert_eq!(
        first_error("#define f a ##\n").0,
        ["`##` cannot appear at either end of a macro replacement list"]
    );
    assert_eq!(
        first_error("#define f(a) __VA_ARGS__\n").0,
        ["`__VA_ARGS__` can only appear in the expansion of a variadic macro"]
    );
    assert_eq!(
        first_error("#define __LINE__ 3\n").0,
        ["cannot redefine the predefined macro `__LINE__`"]
    );
    assert_eq!(
        first_error("#undef __FILE__\n").0,
        ["cannot undefine the predefined macro `__FILE__`"]
    );
}

#[test]
fn object_like_hash_is_an_ordinary_token() {
    assert_eq!(pp("#define H # x\nH"), "# x");
}

#[test]
fn wrong_argument_counts() {
    let (errors, at) = first_error("#define f(a, b) a\nx f(1)\n");
    assert_eq!(
        errors,
        ["macro `f` requires 2 argument(s), but only 1 given"]
    );
    assert_eq!(at, "main.cg:2:3");
    assert_eq!(
        first_error("#define f(a) a\nf(1, 2)\n").0,
        ["macro `f` passed 2 arguments, but takes just 1"]
    );
    assert_eq!(
        first_error("#define f() a\nf(1)\n").0,
        ["macro `f` passed 1 arguments, but takes just 0"]
    );
    // A variadic macro may get no variable arguments at all (gcc accepts this too).
    assert!(run("#define f(a, ...) a\nf()\n").errors().is_empty());
}

#[test]
fn unterminated_invocation_at_end_of_file() {
    let (errors, at) = first_error("#define f(a) a\n\n  f(1, (2\n");
    assert_eq!(errors, ["unterminated argument list invoking macro `f`"]);
    assert_eq!(at, "main.cg:3:3");
}

#[test]
fn unterminated_invocation_does_not_run_into_the_including_file() {
    let r = run_files(
        "#include \"a.cgh\"\n)\n",
        &[("a.cgh", "#define f(x) x\nf(1\n")],
        &Default::default(),
    );
    assert_eq!(
        r.errors(),
        ["unterminated argument list invoking macro `f`"]
    );
    assert_eq!(r.first_location(), "a.cgh:2:1");
}

#[test]
fn pasting_that_makes_no_token_is_an_error() {
    let r = run("#define cat(a, b) a ## b\ncat(+, -)\n");
    assert_eq!(
        r.errors(),
        ["pasting `+` and `-` does not give a valid preprocessing token"]
    );
    assert_eq!(r.tokens(), ["+", "-"]);
    assert_eq!(
        run("#define cat(a, b) a ## b\ncat(/, /)\n").errors().len(),
        1
    );
}

#[test]
fn unterminated_literals_and_comments() {
    assert_eq!(
        first_error("x = 'a;\n").0,
        ["missing terminating ' character"]
    );
    assert_eq!(
        first_error("s = \"abc\n").0,
        ["missing terminating \" character"]
    );
    let (errors, at) = first_error("a /* never closed\n");
    assert_eq!(errors, ["unterminated comment"]);
    assert_eq!(at, "main.cg:1:3");
}

#[test]
fn missing_include_points_at_the_name() {
    let (errors, at) = first_error("\n#include \"nowhere.cgh\"\n");
    assert_eq!(errors, ["cannot find include file `nowhere.cgh`"]);
    assert_eq!(at, "main.cg:2:10");
    assert_eq!(
        first_error("#include\n").0,
        ["#include expects \"FILENAME\" or <FILENAME>"]
    );
    assert_eq!(
        first_error("#include nothing\n").0,
        ["#include expects \"FILENAME\" or <FILENAME>"]
    );
    assert_eq!(
        first_error("#include \"\"\n").0,
        ["empty file name in #include"]
    );
}

#[test]
fn recursive_include_stops_at_the_depth_limit() {
    let r = run_files(
        "#include \"self.cgh\"\n",
        &[("self.cgh", "x\n#include \"self.cgh\"\n")],
        &Default::default(),
    );
    assert_eq!(r.errors(), ["#include nested more than 200 deep"]);
    assert_eq!(
        r.tokens().len(),
        199,
        "one `x` per level below the main file"
    );
}

#[test]
fn errors_in_included_files_say_where_they_were_included_from() {
    let r = run_files(
        "\n\n#include \"a.cgh\"\n",
        &[("a.cgh", "ok\n#error inside\n")],
        &Default::default(),
    );
    let text = r.rendered();
    assert!(
        text.starts_with("a.cgh:2:1: error: #error inside"),
        "{text}"
    );
    assert!(
        text.contains("= note: in file included from main.cg:3"),
        "{text}"
    );
}

#[test]
fn line_directive_errors() {
    assert_eq!(
        first_error("#line x\n").0,
        ["`x` after #line is not a positive integer"]
    );
    assert_eq!(first_error("#line\n").0, ["#line requires a line number"]);
    assert_eq!(
        first_error("#line 99999999999\n").0,
        ["line number out of range (C allows 1 to 2147483647)"]
    );
    assert_eq!(
        first_error("#line 5 name\n").0,
        ["invalid file name `name` in #line"]
    );
}

#[test]
fn exponential_expansion_hits_the_limit() {
    let mut src = String::from("#define M0 x x\n");
    for i in 1..40 {
        src.push_str(&format!("#define M{i} M{} M{}\n", i - 1, i - 1));
    }
    src.push_str("M39\n");
    let r = run(&src);
    assert_eq!(r.errors().len(), 1, "{:?}", r.errors());
    assert!(r.errors()[0].starts_with("macro expansion produced more than"));
}

/// Found by the `cg_preprocess` fuzz target (its seed `macro-bomb`, which timed out): each level
/// repeats its argument four times, so the invocations already under way when the limit was hit
/// went on multiplying the tokens to 4^12, gigabytes and seconds later. The limit bounds what all
/// replacements together produce, so the output holds at most that many tokens past the source's.
#[test]
fn repeated_arguments_stop_at_the_expansion_limit() {
    let src = "#define A(x) x x x x\n#define B(x) A(A(A(A(x))))\nB(B(B(1)))\n";
    let r = run(src);
    assert_eq!(r.errors().len(), 1, "{:?}", r.errors());
    assert!(r.errors()[0].starts_with("macro expansion produced more than 1000000 tokens"));
    let produced = r.out.text.split_whitespace().count();
    assert!(produced <= 1_000_000 + src.len(), "{produced} tokens");
}

/// `T(x) S(x)` nested 40 deep around `a`, with `S` defined as `s_body`: stopped by the limit on
/// the bytes `#` and `##` write, the output within it.
fn stops_at_the_byte_limit(s_body: &str) {
    let nested = format!("{}a{}", "T(".repeat(40), ")".repeat(40));
    let r = run(&format!(
        "#define S(x) {s_body}\n#define T(x) S(x)\n{nested}\n"
    ));
    assert_eq!(
        r.errors(),
        ["the `#` and `##` operators produced more than 64 MiB; expansion stopped"]
    );
    assert!(r.out.text.len() <= 64 << 20, "{} bytes", r.out.text.len());
}

/// Each level makes a string of the level below twice, escaping its quotes again: the bytes grow
/// about three times a level (3^40) while the tokens stay few.
#[test]
fn nested_stringizing_stops_at_the_byte_limit() {
    stops_at_the_byte_limit("#x #x");
}

/// `x ## x` through a second macro: an identifier of 2^40 bytes.
#[test]
fn nested_pasting_stops_at_the_byte_limit() {
    stops_at_the_byte_limit("x ## x");
}

#[test]
fn deeply_nested_invocations_in_arguments_are_refused() {
    let src = format!(
        "#define f(x) x\n{}1{}\n",
        "f(".repeat(5000),
        ")".repeat(5000)
    );
    let r = run(&src);
    assert_eq!(r.errors(), ["macro invocations nested more than 64 deep"]);
}
