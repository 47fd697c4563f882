//! The lexer of the text form: identifiers, `%values`, `$entities` (bare, or quoted as `$"IN.uv"`),
//! numbers and punctuation, with `;` comments to the end of the line. Never fails: a stray
//! character becomes an `Error` token.

use pigment_diag::Span;

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Ident(String),
    /// `%name` (the name without `%`).
    Value(String),
    /// `$name` (the name without `$`).
    Entity(String),
    /// A numeric literal as written: `12`, `-0.5`, `1e-45`, `0x7fc00001`, `-inf`.
    Number(String),
    Punct(&'static str),
    Error(char),
    Eof,
}

#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub tok: Tok,
    pub span: Span,
    /// First token on its line (used to end operand lists of terminators and to resynchronise).
    pub line_start: bool,
}

const PUNCT: [&str; 13] = [
    "..", "(", ")", "{", "}", "[", "]", ",", ":", "=", ".", "@", "!",
];

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

pub(crate) fn lex(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    while i < text.len() {
        let c = text[i..].chars().next().unwrap_or(' ');
        if c == '\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += c.len_utf8();
            continue;
        }
        if c == ';' {
            while i < text.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        // Entity names may contain `$` (front ends join the parts of a split struct or array
        // with it: `$IN$video_size`); value names may not.
        let take_name = |from: usize, dollar: bool| {
            let mut j = from;
            while j < text.len() && (is_name_char(bytes[j] as char) || (dollar && bytes[j] == b'$'))
            {
                j += 1;
            }
            j
        };
        let tok = if c == '$' && text[i + 1..].starts_with('"') {
            match quoted_name(text, i + 2) {
                Some((name, end)) => {
                    i = end;
                    Tok::Entity(name)
                }
                None => {
                    // Unterminated on its line: report the quote, go on after the line.
                    i = text[i..].find('\n').map_or(text.len(), |n| i + n);
                    Tok::Error('"')
                }
            }
        } else if c == '%' || c == '$' {
            i = take_name(i + 1, c == '$');
            let name = text[start + 1..i].to_string();
            if c == '%' {
                Tok::Value(name)
            } else {
                Tok::Entity(name)
            }
        } else if c.is_ascii_digit()
            || (c == '-' && text[i + 1..].starts_with(|d: char| d.is_ascii_digit()))
        {
            i = number_end(text, i);
            Tok::Number(text[start..i].to_string())
        } else if c == '-' && text[i + 1..].starts_with("inf") {
            i += 4;
            Tok::Number("-inf".into())
        } else if c.is_ascii_alphabetic() || c == '_' {
            i = take_name(i, false);
            Tok::Ident(text[start..i].to_string())
        } else if let Some(p) = PUNCT.iter().find(|p| text[i..].starts_with(**p)) {
            i += p.len();
            Tok::Punct(p)
        } else {
            i += c.len_utf8();
            Tok::Error(c)
        };
        tokens.push(Token {
            tok,
            span: Span::new(start, i),
            line_start,
        });
        line_start = false;
    }
    tokens.push(Token {
        tok: Tok::Eof,
        span: Span::new(text.len(), text.len()),
        line_start: true,
    });
    tokens
}

/// A quoted entity name whose text starts at `i` (after `$"`): the name with `\"`, `\\` and `\n`
/// unescaped (a backslash before any other character stands for that character), and the index
/// after the closing quote; `None` when the line or the text ends first.
fn quoted_name(text: &str, i: usize) -> Option<(String, usize)> {
    let mut name = String::new();
    let mut chars = text[i..].char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '"' => return Some((name, i + k + 1)),
            '\n' => return None,
            '\\' => match chars.next()?.1 {
                'n' => name.push('\n'),
                other => name.push(other),
            },
            _ => name.push(c),
        }
    }
    None
}

/// The end of a number starting at `i`: `-`? digits (`.` digits)? (`e` [+-]? digits)?, or hex `0x...`.
fn number_end(text: &str, mut i: usize) -> usize {
    let b = text.as_bytes();
    let digits = |mut j: usize, hex: bool| {
        while j < b.len() && (b[j].is_ascii_digit() || (hex && b[j].is_ascii_hexdigit())) {
            j += 1;
        }
        j
    };
    if b[i] == b'-' {
        i += 1;
    }
    if text[i..].starts_with("0x") {
        return digits(i + 2, true);
    }
    i = digits(i, false);
    if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
        i = digits(i + 1, false);
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            i = digits(j, false);
        }
    }
    i
}
