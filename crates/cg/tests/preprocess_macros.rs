//! Macro definition and expansion, with expectations from C99 6.10.3 and its examples.

mod preprocess_support;

use pigment_cg::preprocess::Options;
use preprocess_support::*;

#[test]
fn object_like_macros_are_replaced_and_rescanned() {
    assert_eq!(pp("#define A B + 1\n#define B 2\nA"), "2 + 1");
}

#[test]
fn a_macro_is_not_replaced_inside_its_own_expansion() {
    assert_eq!(pp("#define x x + 1\nx"), "x + 1");
    assert_eq!(pp("#define a b\n#define b a\na b"), "a b");
}

#[test]
fn function_like_macro_without_parenthesis_is_left_alone() {
    assert_eq!(pp("#define f(x) [x]\nf + f(1)"), "f + [ 1 ]");
}

#[test]
fn invocation_may_span_lines() {
    assert_eq!(pp("#define f(x, y) x - y\nf(1,\n  2)\nnext"), "1 - 2 next");
    assert_eq!(pp("#define f(x) <x>\nf\n\n(3)"), "< 3 >");
}

#[test]
fn arguments_are_fully_expanded_before_substitution() {
    assert_eq!(pp("#define TWO 2\n#define f(x) x * x\nf(TWO)"), "2 * 2");
}

#[test]
fn commas_inside_parentheses_do_not_split_arguments() {
    assert_eq!(pp("#define first(a, b) a\nfirst((1, 2), 3)"), "( 1 , 2 )");
}

#[test]
fn empty_arguments_are_allowed() {
    assert_eq!(
        pp("#define f(a, b) [a|b]\nf(,) f(1,) f(,2)"),
        "[ | ] [ 1 | ] [ | 2 ]"
    );
    assert_eq!(pp("#define g(a) (a)\ng()"), "( )");
    assert_eq!(pp("#define none() N\nnone()"), "N");
}

#[test]
fn stringizing_spells_the_argument_with_escapes() {
    assert_eq!(pp("#define s(x) #x\ns(  a   +  b )"), "\"a + b\"");
    assert_eq!(
        pp(r#"#define s(x) #x
s("a\n" '\'')"#),
        r#""\"a\\n\" '\\''""#
    );
    assert_eq!(pp("#define s(x) #x\ns()"), "\"\"");
}

#[test]
fn stringized_argument_is_not_expanded_first() {
    assert_eq!(
        pp("#define V 3\n#define s(x) #x\n#define xs(x) s(x)\ns(V) xs(V)"),
        "\"V\" \"3\""
    );
}

#[test]
fn pasting_makes_one_token_and_the_result_is_rescanned() {
    assert_eq!(
        pp("#define cat(a, b) a ## b\ncat(float, 4) cat(1, .5e+2)"),
        "float4 1.5e+2"
    );
    assert_eq!(
        pp("#define AB done\n#define cat(a, b) a ## b\ncat(A, B)"),
        "done"
    );
}

#[test]
fn pasting_uses_unexpanded_arguments() {
    assert_eq!(pp("#define V 3\n#define cat(a, b) a ## b\ncat(x, V)"), "xV");
}

#[test]
fn placemarkers_make_empty_arguments_vanish_in_pastes() {
    // C99 6.10.3.5 EXAMPLE 5 style: empty arguments next to ## contribute nothing.
    assert_eq!(
        pp("#define t(x, y, z) x ## y ## z\nt(1, 2, 3) t(, 4, 5) t(6, , 7) t(, , 8) t(, , )"),
        "123 45 67 8"
    );
}

#[test]
fn hash_hash_from_pasting_is_not_an_operator() {
    // C99 6.10.3.3 EXAMPLE: `# ## #` makes a `##` token that is not pasted again.
    let src = "#define hash_hash # ## #\n#define mkstr(a) # a\n#define in_between(a) mkstr(a)\n#define join(c, d) in_between(c hash_hash d)\njoin(x, y)";
    assert_eq!(pp(src), "\"x ## y\"");
}

#[test]
fn the_c_standard_rescanning_example() {
    // C99 6.10.3.5 EXAMPLE 3, with the results the standard gives.
    let defs = "#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n#define z z[0]\n\
                #define h g(~\n#define m(a) a(w)\n#define w 0,1\n#define t(a) a\n";
    let first = pp(&format!("{defs}f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);"));
    assert_eq!(
        first,
        tokens("f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);").join(" ")
    );
    let second = pp(&format!("{defs}g(x+(3,4)-w) | h 5) & m\n(f)^m(m);"));
    assert_eq!(
        second,
        tokens("f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);").join(" ")
    );
}

#[test]
fn variadic_macros() {
    assert_eq!(
        pp("#define call(f, ...) f(__VA_ARGS__)\ncall(g, 1, (2, 3), 4)"),
        "g ( 1 , ( 2 , 3 ) , 4 )"
    );
    assert_eq!(pp("#define call(f, ...) f(__VA_ARGS__)\ncall(g)"), "g ( )");
    assert_eq!(
        pp("#define show(...) #__VA_ARGS__\nshow(a,b,  c)"),
        "\"a,b, c\""
    );
}

#[test]
fn identical_redefinition_is_silent_and_a_different_one_warns() {
    let r = run("#define A 1 + 2\n#define A 1 +  2\n#define A 1+2\nA");
    assert!(r.errors().is_empty());
    assert_eq!(r.warnings(), ["`A` redefined"]);
    assert_eq!(r.tokens(), ["1", "+", "2"]);
    let d = &r.out.diagnostics[0];
    assert_eq!(d.secondary.len(), 1, "points at the previous definition");
}

#[test]
fn undef_removes_a_macro() {
    assert_eq!(pp("#define A 1\n#undef A\nA"), "A");
}

#[test]
fn tokens_from_different_macros_do_not_merge_in_the_output() {
    let r = run("#define M -\n-M\nM-1\n#define P +\nP+");
    let lines: Vec<&str> = r
        .out
        .text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert_eq!(lines, ["- -", "- -1", "+ +"]);
}

#[test]
fn line_and_file_builtins() {
    assert_eq!(pp("a\n__LINE__\n#define L __LINE__\nL"), "a 2 4");
    assert_eq!(pp("__FILE__"), "\"main.cg\"");
}

#[test]
fn date_and_time_use_the_given_timestamp() {
    // 1_000_000_000 s after the epoch is 2001-09-09 01:46:40 UTC.
    let options = Options {
        timestamp: Some(1_000_000_000),
        ..Options::default()
    };
    let r = run_files("__DATE__ __TIME__", &[], &options);
    assert_eq!(r.tokens(), ["\"Sep  9 2001\"", "\"01:46:40\""]);
}

#[test]
fn command_line_defines_and_undefines() {
    let options = Options {
        defines: vec![
            ("A".into(), None),
            ("B".into(), Some("2 + 3".into())),
            ("SQ(x)".into(), Some("x*x".into())),
            ("C".into(), None),
        ],
        undefines: vec!["C".into()],
        ..Options::default()
    };
    let r = run_files("A B SQ(4) C", &[], &options);
    assert!(r.out.diagnostics.is_empty(), "{}", r.rendered());
    assert_eq!(r.tokens().join(" "), "1 2 + 3 4 * 4 C");
    assert_eq!(
        r.out.text.lines().next(),
        Some("1 2 + 3 4*4 C"),
        "the prelude writes no lines"
    );
}

#[test]
fn bad_command_line_define_points_into_the_command_line() {
    let options = Options {
        defines: vec![("1bad".into(), None)],
        ..Options::default()
    };
    let r = run_files("x", &[], &options);
    assert_eq!(r.errors(), ["macro names must be identifiers"]);
    assert!(r.first_location().starts_with("<command line>:1:"));
}
