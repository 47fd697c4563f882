//! The Parasol lexer: UTF-8 text to tokens, with `--` comments skipped and bad characters reported.
//!
//! Lexical rules follow the notes' corrections to the spec: names are `[a-z][a-zA-Z0-9_]*` (upper names
//! start with `[A-Z]`), integers are `0` or `-?[1-9][0-9]*` wrapped to 32 bits, reals `-?[0-9]+.[0-9]+`.

use pigment_diag::{Diagnostic, FileId, Span};

/// The error name lexical errors carry (the reference compiler's `LexerError` class).
pub const LEXER_ERROR: &str = "LEXER_ERROR";

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Lower(String),
    Upper(String),
    Int(i32),
    Real(f64),
    Bool(bool),
    Kw(Kw),
    Punct(char),
    Eof,
}

/// Keywords: the spec's list plus `external` and `restrict` (notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kw {
    As,
    Column,
    Depth,
    Discard,
    Else,
    End,
    External,
    Fragment,
    Function,
    If,
    Import,
    In,
    Is,
    Let,
    Module,
    New,
    Out,
    Package,
    Parameter,
    Program,
    Record,
    Restrict,
    Shader,
    Then,
    Type,
    Value,
    Vertex,
    With,
}

const KEYWORDS: &[(&str, Kw)] = &[
    ("as", Kw::As),
    ("column", Kw::Column),
    ("depth", Kw::Depth),
    ("discard", Kw::Discard),
    ("else", Kw::Else),
    ("end", Kw::End),
    ("external", Kw::External),
    ("fragment", Kw::Fragment),
    ("function", Kw::Function),
    ("if", Kw::If),
    ("import", Kw::Import),
    ("in", Kw::In),
    ("is", Kw::Is),
    ("let", Kw::Let),
    ("module", Kw::Module),
    ("new", Kw::New),
    ("out", Kw::Out),
    ("package", Kw::Package),
    ("parameter", Kw::Parameter),
    ("program", Kw::Program),
    ("record", Kw::Record),
    ("restrict", Kw::Restrict),
    ("shader", Kw::Shader),
    ("then", Kw::Then),
    ("type", Kw::Type),
    ("value", Kw::Value),
    ("vertex", Kw::Vertex),
    ("with", Kw::With),
];

impl Kw {
    pub fn text(self) -> &'static str {
        KEYWORDS
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("?", |(t, _)| t)
    }
}

impl Tok {
    /// How the token is named in "expected X, found Y" messages.
    pub fn describe(&self) -> String {
        match self {
            Tok::Lower(s) | Tok::Upper(s) => format!("name `{s}`"),
            Tok::Int(i) => format!("integer `{i}`"),
            Tok::Real(r) => format!("real `{r}`"),
            Tok::Bool(b) => format!("`{b}`"),
            Tok::Kw(k) => format!("`{}`", k.text()),
            Tok::Punct(c) => format!("`{c}`"),
            Tok::Eof => "end of file".to_string(),
        }
    }
}

/// A token of this language (the cursor's token with this lexer's kinds).
pub type Token = pigment_diag::cursor::Token<Tok>;

const PUNCT: &str = ":,{}.=();[]";

/// Splits `text` into tokens (always ending with [`Tok::Eof`]); bad characters are reported and skipped.
pub fn lex(text: &str, file: FileId, diags: &mut Vec<Diagnostic>) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        if matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0c) {
            i += 1;
        } else if c == b'-' && bytes.get(i + 1) == Some(&b'-') {
            while i < bytes.len() && bytes[i] != b'\n' && bytes[i] != b'\r' {
                i += 1;
            }
        } else if c.is_ascii_digit()
            || (c == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            i = number(text, i, file, &mut out, diags);
        } else if c.is_ascii_alphabetic() {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            out.push(Token {
                tok: word(&text[start..i]),
                span: Span::new(start, i),
            });
        } else if PUNCT.as_bytes().contains(&c) {
            i += 1;
            out.push(Token {
                tok: Tok::Punct(c as char),
                span: Span::new(start, i),
            });
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            i += ch.len_utf8();
            diags.push(
                Diagnostic::error(format!("unexpected character `{}`", ch.escape_default()))
                    .with_code(LEXER_ERROR)
                    .at(file, Span::new(start, i)),
            );
        }
    }
    out.push(Token {
        tok: Tok::Eof,
        span: Span::new(text.len(), text.len()),
    });
    out
}

fn word(w: &str) -> Tok {
    if let Some((_, k)) = KEYWORDS.iter().find(|(t, _)| *t == w) {
        return Tok::Kw(*k);
    }
    match w {
        "true" => Tok::Bool(true),
        "false" => Tok::Bool(false),
        _ if w.as_bytes()[0].is_ascii_uppercase() => Tok::Upper(w.to_string()),
        _ => Tok::Lower(w.to_string()),
    }
}

/// Lexes an integer or real literal starting at `i`; returns the offset after it.
fn number(
    text: &str,
    start: usize,
    file: FileId,
    out: &mut Vec<Token>,
    diags: &mut Vec<Diagnostic>,
) -> usize {
    let bytes = text.as_bytes();
    let digits = |mut j: usize| {
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
        j
    };
    let neg = bytes[start] == b'-';
    let int_start = start + neg as usize;
    let mut i = digits(int_start);
    let is_real = bytes.get(i) == Some(&b'.') && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
    if is_real {
        i = digits(i + 1);
    }
    let lit = &text[start..i];
    let span = Span::new(start, i);
    let tok = if is_real {
        Tok::Real(lit.parse().unwrap_or(0.0))
    } else if lit == "0" || bytes[int_start] != b'0' {
        Tok::Int(wrap_i32(&text[int_start..i], neg))
    } else {
        diags.push(
            Diagnostic::error(format!(
                "`{lit}` is not an integer literal: only `0` may start with a zero"
            ))
            .with_code(LEXER_ERROR)
            .at(file, span),
        );
        Tok::Int(0)
    };
    out.push(Token { tok, span });
    i
}

/// A decimal digit string's value modulo 2^32, as Parasol integers wrap (two's complement).
fn wrap_i32(digits: &str, neg: bool) -> i32 {
    let mut v: u32 = 0;
    for d in digits.bytes() {
        v = v.wrapping_mul(10).wrapping_add((d - b'0') as u32);
    }
    let v = if neg { v.wrapping_neg() } else { v };
    v as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> (Vec<Tok>, usize) {
        let mut d = Vec::new();
        let t = lex(s, FileId(0), &mut d);
        (t.into_iter().map(|t| t.tok).collect(), d.len())
    }

    #[test]
    fn literals_and_comments() {
        let (t, e) = toks("-12 0 1.5 -0.25 x -- comment\nY true");
        assert_eq!(e, 0);
        assert_eq!(
            t,
            vec![
                Tok::Int(-12),
                Tok::Int(0),
                Tok::Real(1.5),
                Tok::Real(-0.25),
                Tok::Lower("x".into()),
                Tok::Upper("Y".into()),
                Tok::Bool(true),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn integers_wrap_to_32_bits() {
        // 2^31 wraps to -2^31; 2^32 + 5 wraps to 5 (hand computation).
        assert_eq!(toks("2147483648").0[0], Tok::Int(i32::MIN));
        assert_eq!(toks("4294967301").0[0], Tok::Int(5));
    }

    #[test]
    fn leading_zeros_and_stray_characters_are_errors() {
        assert_eq!(toks("007").1, 1);
        assert_eq!(toks("x - y").1, 1);
        assert_eq!(toks("é").1, 1);
    }
}
