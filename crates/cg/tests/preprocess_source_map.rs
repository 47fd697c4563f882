//! The source map: output positions back to the user's files, lines and `#line` names.

mod preprocess_support;

use pigment_cg::preprocess::{Options, UserPosition};
use pigment_diag::{Diagnostic, Span};
use preprocess_support::*;

/// The output offset of the first occurrence of `needle`.
fn offset_of(r: &Run, needle: &str) -> usize {
    r.out
        .text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in output {:?}", r.out.text))
}

/// "NAME:LINE:COL" of the file position an output offset maps to (physical, no `#line`).
fn physical(r: &Run, offset: usize) -> String {
    let (file, at) = r.out.map.locate(offset).expect("mapped");
    let lc = r.files.line_col(file, at);
    format!("{}:{}:{}", r.files.name(file), lc.line, lc.col)
}

fn user(r: &Run, offset: usize) -> String {
    let UserPosition {
        name, line, col, ..
    } = r.out.map.user_position(&r.files, offset).expect("mapped");
    format!("{name}:{line}:{col}")
}

#[test]
fn tokens_written_as_is_map_to_themselves() {
    let r = run("float a;\n  half   bee = 2;\n");
    assert_eq!(physical(&r, offset_of(&r, "bee")), "main.cg:2:10");
    assert_eq!(
        physical(&r, offset_of(&r, "bee") + 2),
        "main.cg:2:12",
        "inside a token"
    );
    assert_eq!(physical(&r, offset_of(&r, "2")), "main.cg:2:16");
}

#[test]
fn output_keeps_the_line_structure() {
    let r = run("a\n#define X 1\n\nb /* two\nlines */ c\nd\n");
    assert_eq!(r.out.text, "a\n\n\nb c\n\nd\n");
}

#[test]
fn invocation_spanning_lines_keeps_later_lines_in_place() {
    let r = run("#define f(a, b) a + b\nf(1,\n  2)\nnext\n");
    assert_eq!(r.out.text.lines().nth(3), Some("next"));
}

#[test]
fn macro_tokens_map_to_the_invocation_and_arguments_to_where_written() {
    let r = run("#define SCALE(x) ((x) * 2.0)\nfloat y =   SCALE(value);\n");
    assert_eq!(
        physical(&r, offset_of(&r, "2.0")),
        "main.cg:2:13",
        "body token: the invocation"
    );
    assert_eq!(
        physical(&r, offset_of(&r, "value")),
        "main.cg:2:19",
        "argument token: where written"
    );
    let expansion = r
        .out
        .map
        .expansion_at(offset_of(&r, "2.0"))
        .expect("from an expansion");
    assert_eq!(&*expansion.macro_name, "SCALE");
    let (file, span) = expansion.definition.expect("defined in a file");
    assert_eq!(r.files.slice(file, span), "SCALE");
    assert!(r.out.map.expansion_at(offset_of(&r, "value")).is_none());
}

#[test]
fn nested_macro_tokens_map_to_the_outermost_invocation() {
    let r = run("#define INNER 42\n#define OUTER (INNER)\nx = OUTER;\n");
    assert_eq!(physical(&r, offset_of(&r, "42")), "main.cg:3:5");
    let inner = r
        .out
        .map
        .expansion_at(offset_of(&r, "42"))
        .expect("expansion");
    assert_eq!(&*inner.macro_name, "INNER");
    let outer = r
        .out
        .map
        .expansion(inner.parent.expect("has a parent"))
        .expect("exists");
    assert_eq!(&*outer.macro_name, "OUTER");
}

#[test]
fn tokens_from_an_included_file_map_into_it() {
    let r = run_files(
        "top\n#include \"lib.cgh\"\nbottom\n",
        &[("lib.cgh", "\n  from_lib\n")],
        &Options::default(),
    );
    assert_eq!(physical(&r, offset_of(&r, "from_lib")), "lib.cgh:2:3");
    assert_eq!(physical(&r, offset_of(&r, "bottom")), "main.cg:3:1");
}

#[test]
fn line_directive_renames_and_renumbers() {
    let r = run("a\n#line 100 \"x.cg\"\nb\nc\n#line 7\nd\n");
    assert_eq!(user(&r, offset_of(&r, "a")), "main.cg:1:1");
    assert_eq!(user(&r, offset_of(&r, "b")), "x.cg:100:1");
    assert_eq!(user(&r, offset_of(&r, "c")), "x.cg:101:1");
    assert_eq!(
        user(&r, offset_of(&r, "d")),
        "x.cg:7:1",
        "#line N keeps the name"
    );
    assert_eq!(
        physical(&r, offset_of(&r, "b")),
        "main.cg:3:1",
        "locate stays physical"
    );
}

#[test]
fn line_directive_affects_line_and_file_macros() {
    assert_eq!(
        pp("#line 41 \"renamed.cg\"\n__LINE__ __FILE__\n__LINE__"),
        "41 \"renamed.cg\" 42"
    );
    assert_eq!(pp("#define BASE 9\n#line BASE\n__LINE__"), "9");
}

#[test]
fn line_directive_in_an_include_does_not_leak_out() {
    let r = run_files(
        "#include \"a.cgh\"\nmain_tok\n",
        &[("a.cgh", "#line 50 \"gen.cg\"\ninc_tok\n")],
        &Options::default(),
    );
    assert_eq!(user(&r, offset_of(&r, "inc_tok")), "gen.cg:50:1");
    assert_eq!(user(&r, offset_of(&r, "main_tok")), "main.cg:2:1");
}

#[test]
fn preprocessor_diagnostic_after_line_notes_the_presumed_position() {
    let r = run("#line 100 \"x.cg\"\n#error here\n");
    let d = &r.out.diagnostics[0];
    assert_eq!(d.notes, ["`#line` gives this position as x.cg:100"]);
}

#[test]
fn locate_span_covers_the_tokens() {
    let r = run("int   longname = 1;\n");
    let start = offset_of(&r, "longname");
    let (file, span) = r
        .out
        .map
        .locate_span(Span::new(start, start + 8))
        .expect("mapped");
    assert_eq!(r.files.slice(file, span), "longname");
}

/// A span from tokens written as they stand into a macro's expansion covers its first token
/// only, also where that token sits inside a run of tokens the map keeps as one segment.
#[test]
fn a_span_running_into_a_macro_covers_its_first_token() {
    let r = run("#define ONE 1.0\nfloat4 c = float4(x,y, z) * ONE;\n");
    let text = &r.out.text;
    let end = text.find("1.0").expect("the expansion") + 3;
    for (token, expected) in [("float4", "float4"), ("c =", "c"), ("(x", "("), ("y,", "y")] {
        let start = offset_of(&r, token);
        let (file, span) = r
            .out
            .map
            .locate_span(Span::new(start, end))
            .expect("mapped");
        assert_eq!(
            (file, r.files.slice(file, span)),
            (r.main, expected),
            "{token}"
        );
    }
}

/// Each byte of a run of tokens copied as written maps to its own byte in the file, also where
/// the file's spacing differs from the output's (which then starts a new run).
#[test]
fn every_byte_of_plain_text_maps_to_its_own_byte() {
    let source = "float4 a=b+c;\nfloat  d = e (f);\n\tg  h i;\n";
    let r = run(source);
    for (offset, byte) in r.out.text.bytes().enumerate() {
        if byte.is_ascii_alphanumeric() || b"=+;()".contains(&byte) {
            let (file, at) = r.out.map.locate(offset).expect("mapped");
            let found = source.as_bytes()[at as usize];
            assert_eq!(
                (file, found),
                (r.main, byte),
                "output byte {offset} of {:?}",
                r.out.text
            );
        }
    }
}

#[test]
fn whitespace_and_end_of_text_map_to_the_token_before() {
    let r = run("abc\n");
    assert_eq!(
        r.out.map.locate(3),
        Some((r.main, 3)),
        "the newline after abc"
    );
    assert_eq!(
        r.out.map.locate(r.out.text.len()),
        Some((r.main, 3)),
        "the end of the text"
    );
}

#[test]
fn remapping_a_later_diagnostic() {
    // A later phase reports an error in the preprocessed text; the map moves it to the user's
    // file and explains the macro expansion and the include.
    let mut r = run_files(
        "#include \"m.cgh\"\nfloat v = BAD;\n",
        &[("m.cgh", "#define BAD (1 +)\n")],
        &Options::default(),
    );
    let expanded = r.files.add("<preprocessed>", r.out.text.clone());
    let at = r.out.text.find(')').expect("expanded text");
    let d = Diagnostic::error("expected an expression").at(expanded, Span::new(at, at + 1));
    let mapped = r.out.map.remap_diagnostic(&r.files, expanded, d);
    let label = mapped.primary.as_ref().expect("primary");
    let lc = r.files.line_col(label.file, label.span.start);
    assert_eq!(
        (r.files.name(label.file), lc.line, lc.col),
        ("main.cg", 2, 11)
    );
    assert_eq!(mapped.secondary.len(), 1);
    assert_eq!(r.files.name(mapped.secondary[0].file), "m.cgh");
    assert_eq!(
        mapped.secondary[0].message,
        "in expansion of macro `BAD` defined here"
    );
}

#[test]
fn pragmas_are_recorded_and_passed_through() {
    let r = run("a\n#pragma position_invariant  main\nb\n");
    assert_eq!(r.out.pragmas.len(), 1);
    let p = &r.out.pragmas[0];
    assert_eq!(p.text, "position_invariant main");
    assert_eq!(
        r.files.slice(p.file, p.span),
        "#pragma position_invariant  main"
    );
    assert!(r.out.text[p.output_offset..].starts_with("#pragma position_invariant main\n"));
    assert_eq!(
        r.out.text.lines().nth(1),
        Some("#pragma position_invariant main")
    );
}

#[test]
fn pragma_in_a_skipped_group_is_ignored() {
    let r = run("#if 0\n#pragma nope\n#endif\n");
    assert!(r.out.pragmas.is_empty());
    assert!(!r.out.text.contains("pragma"));
}

#[test]
fn splices_map_to_the_physical_line() {
    let r = run("#define X \\\n  1\nfoo\\\nbar baz\n");
    assert_eq!(physical(&r, offset_of(&r, "baz")), "main.cg:4:5");
    assert_eq!(r.tokens(), ["foobar", "baz"]);
}
