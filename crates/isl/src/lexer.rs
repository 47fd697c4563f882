//! The ISL lexer: UTF-8 text to tokens with byte spans.
//!
//! C and C++ comments are skipped. Numbers follow the spec's float-constant patterns (hex `0x..`,
//! octal with a leading `0`, decimals with optional fraction and exponent, case-insensitive); strings
//! take the spec's escapes. It never panics: a bad character, an unterminated string or comment, or a
//! malformed number is reported as a located diagnostic and lexing goes on.

use pigment_diag::{Diagnostic, FileId, Span};

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Ident(String),
    Num(f64),
    Str(String),
    Kw(Kw),
    /// Operators and punctuation, as written (`+=`, `&&`, `(`, ...).
    Punct(&'static str),
    Eof,
}

/// Keywords: the class and type names, the statement words and the shader kinds (notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kw {
    Uniform,
    Parameter,
    Varying,
    Float,
    Color,
    Matrix,
    String,
    If,
    Else,
    Repeat,
    Return,
    Surface,
    Atmosphere,
    AmbientLight,
    DistantLight,
    PointLight,
}

const KEYWORDS: &[(&str, Kw)] = &[
    ("uniform", Kw::Uniform),
    ("parameter", Kw::Parameter),
    ("varying", Kw::Varying),
    ("float", Kw::Float),
    ("color", Kw::Color),
    ("matrix", Kw::Matrix),
    ("string", Kw::String),
    ("if", Kw::If),
    ("else", Kw::Else),
    ("repeat", Kw::Repeat),
    ("return", Kw::Return),
    ("surface", Kw::Surface),
    ("atmosphere", Kw::Atmosphere),
    ("ambientlight", Kw::AmbientLight),
    ("distantlight", Kw::DistantLight),
    ("pointlight", Kw::PointLight),
];

/// Operators, longest first so that `+=` wins over `+`.
const PUNCTS: &[&str] = &[
    "+=", "-=", "*=", "/=", "==", "!=", "<=", ">=", "&&", "||", "+", "-", "*", "/", "=", "<", ">",
    "!", "(", ")", "[", "]", "{", "}", ";", ",", ".",
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
            Tok::Ident(s) => format!("name `{s}`"),
            Tok::Num(_) => "number".to_string(),
            Tok::Str(_) => "string".to_string(),
            Tok::Kw(k) => format!("`{}`", k.text()),
            Tok::Punct(p) => format!("`{p}`"),
            Tok::Eof => "end of file".to_string(),
        }
    }
}

/// A token of this language (the cursor's token with this lexer's kinds).
pub type Token = pigment_diag::cursor::Token<Tok>;

struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    i: usize,
    file: FileId,
    out: Vec<Token>,
    diags: &'a mut Vec<Diagnostic>,
}

/// Splits `text` into tokens (always ending with [`Tok::Eof`]); problems are reported in `diags`.
pub fn lex(text: &str, file: FileId, diags: &mut Vec<Diagnostic>) -> Vec<Token> {
    let mut lx = Lexer {
        text,
        bytes: text.as_bytes(),
        i: 0,
        file,
        out: Vec::new(),
        diags,
    };
    while lx.i < lx.bytes.len() {
        lx.step();
    }
    lx.out.push(Token {
        tok: Tok::Eof,
        span: Span::new(text.len(), text.len()),
    });
    lx.out
}

impl Lexer<'_> {
    fn at(&self, k: usize) -> u8 {
        self.bytes.get(self.i + k).copied().unwrap_or(0)
    }

    fn error(&mut self, msg: impl Into<String>, start: usize, end: usize) {
        let d = Diagnostic::error(msg).at(self.file, Span::new(start, end));
        pigment_diag::push_capped(self.diags, d);
    }

    fn push(&mut self, tok: Tok, start: usize) {
        self.out.push(Token {
            tok,
            span: Span::new(start, self.i),
        });
    }

    fn step(&mut self) {
        let c = self.at(0);
        let start = self.i;
        if c.is_ascii_whitespace() {
            self.i += 1;
        } else if c == b'/' && self.at(1) == b'/' {
            while self.i < self.bytes.len() && self.at(0) != b'\n' {
                self.i += 1;
            }
        } else if c == b'/' && self.at(1) == b'*' {
            self.block_comment();
        } else if c.is_ascii_digit() || (c == b'.' && self.at(1).is_ascii_digit()) {
            self.number();
        } else if c.is_ascii_alphabetic() {
            self.word();
        } else if c == b'"' {
            self.string();
        } else if let Some(p) = PUNCTS
            .iter()
            .find(|p| self.bytes[start..].starts_with(p.as_bytes()))
        {
            self.i += p.len();
            self.push(Tok::Punct(p), start);
        } else {
            let ch = self.text[start..].chars().next().unwrap_or('?');
            self.i += ch.len_utf8().max(1);
            let msg = format!("unexpected character `{}`", ch.escape_default());
            self.error(msg, start, self.i);
        }
    }

    fn block_comment(&mut self) {
        let start = self.i;
        match self.text[start + 2..].find("*/") {
            Some(k) => self.i = start + 2 + k + 2,
            None => {
                self.i = self.bytes.len();
                self.error("unterminated comment", start, start + 2);
            }
        }
    }

    fn word(&mut self) {
        let start = self.i;
        while self.at(0).is_ascii_alphanumeric() || self.at(0) == b'_' {
            self.i += 1;
        }
        let w = &self.text[start..self.i];
        let tok = match KEYWORDS.iter().find(|(t, _)| *t == w) {
            Some((_, k)) => Tok::Kw(*k),
            None => Tok::Ident(w.to_string()),
        };
        self.push(tok, start);
    }

    fn number(&mut self) {
        let start = self.i;
        let value = crate::number::scan(self.bytes, &mut self.i);
        // Letters or digits glued to a number (`1x`, `09`) make it malformed.
        let mut bad = value.is_none();
        while self.at(0).is_ascii_alphanumeric() || self.at(0) == b'_' || self.at(0) == b'.' {
            self.i += 1;
            bad = true;
        }
        if bad {
            let msg = format!("malformed number `{}`", &self.text[start..self.i]);
            self.error(msg, start, self.i);
        }
        self.push(Tok::Num(value.unwrap_or(0.0)), start);
    }

    fn string(&mut self) {
        let start = self.i;
        self.i += 1;
        let mut s = String::new();
        loop {
            if self.i >= self.bytes.len() || self.at(0) == b'\n' {
                self.error("unterminated string", start, start + 1);
                break;
            }
            match self.at(0) {
                b'"' => {
                    self.i += 1;
                    break;
                }
                b'\\' => self.escape(&mut s),
                _ => {
                    let ch = self.text[self.i..].chars().next().unwrap_or('\0');
                    self.i += ch.len_utf8();
                    s.push(ch);
                }
            }
        }
        self.push(Tok::Str(s), start);
    }

    /// One escape sequence (at `\`), appended to `s`.
    fn escape(&mut self, s: &mut String) {
        let start = self.i;
        self.i += 1;
        match crate::number::escape(self.bytes, &mut self.i) {
            Some(c) => s.push(c),
            None => {
                if self.i < self.bytes.len() && !self.text.is_char_boundary(self.i) {
                    self.i += 1;
                    while !self.text.is_char_boundary(self.i) {
                        self.i += 1;
                    }
                }
                let msg = format!("unknown escape `{}`", &self.text[start..self.i]);
                self.error(msg, start, self.i);
            }
        }
    }
}
