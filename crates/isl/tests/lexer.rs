//! Lexer tests: token kinds, number forms (hex, octal, exponents), escapes, spans and errors.

mod common;

use pigment_diag::{FileId, Span};
use pigment_isl::lexer::{lex, Kw, Tok};

fn toks(text: &str) -> (Vec<Tok>, Vec<String>) {
    let mut diags = Vec::new();
    let t = lex(text, FileId(0), &mut diags);
    (
        t.into_iter().map(|t| t.tok).collect(),
        common::located(text, &diags),
    )
}

fn num(text: &str) -> f64 {
    match toks(text).0.as_slice() {
        [Tok::Num(v), Tok::Eof] => *v,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn numbers_follow_the_spec_patterns() {
    assert_eq!(num("0x1F"), 31.0);
    assert_eq!(num("0XfF"), 255.0);
    assert_eq!(num("010"), 8.0);
    assert_eq!(num("0"), 0.0);
    assert_eq!(num("12"), 12.0);
    assert_eq!(num("3."), 3.0);
    assert_eq!(num(".25"), 0.25);
    assert_eq!(num("1.5"), 1.5);
    assert_eq!(num("2e3"), 2000.0);
    assert_eq!(num("2E-1"), 0.2);
    assert_eq!(num("2.e+1"), 20.0);
    assert_eq!(num(".5e1"), 5.0);
    assert_eq!(num("010.5"), 10.5);
}

#[test]
fn malformed_numbers_are_located() {
    assert_eq!(toks("a = 09;").1, ["1:5: malformed number `09`"]);
    assert_eq!(toks("\n 0x;").1, ["2:2: malformed number `0x`"]);
    assert_eq!(toks("1e").1, ["1:1: malformed number `1e`"]);
}

#[test]
fn keywords_names_and_operators() {
    let (t, d) = toks("uniform float x_1 += -= || && != surface FB.rgb");
    assert!(d.is_empty());
    assert_eq!(
        t,
        [
            Tok::Kw(Kw::Uniform),
            Tok::Kw(Kw::Float),
            Tok::Ident("x_1".into()),
            Tok::Punct("+="),
            Tok::Punct("-="),
            Tok::Punct("||"),
            Tok::Punct("&&"),
            Tok::Punct("!="),
            Tok::Kw(Kw::Surface),
            Tok::Ident("FB".into()),
            Tok::Punct("."),
            Tok::Ident("rgb".into()),
            Tok::Eof,
        ]
    );
}

#[test]
fn strings_take_the_spec_escapes() {
    let (t, d) = toks(r#""a\n\t\\\"\x41\101\?""#);
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(t[0], Tok::Str("a\n\t\\\"AA?".into()));
    assert_eq!(toks(r#""\q""#).1, ["1:2: unknown escape `\\q`"]);
}

#[test]
fn comments_are_skipped_and_spans_are_bytes() {
    let mut diags = Vec::new();
    let t = lex("/* c */ x // d\n y", FileId(0), &mut diags);
    assert!(diags.is_empty());
    assert_eq!(t[0].span, Span::new(8, 9));
    assert_eq!(t[1].span, Span::new(16, 17));
    assert_eq!(t[2].tok, Tok::Eof);
}

#[test]
fn unterminated_and_unknown_are_reported() {
    assert_eq!(toks("x /* open").1, ["1:3: unterminated comment"]);
    assert_eq!(toks("\"abc\ny").1, ["1:1: unterminated string"]);
    assert_eq!(
        toks("a @ é").1,
        [
            "1:3: unexpected character `@`",
            "1:5: unexpected character `\\u{e9}`"
        ]
    );
}
