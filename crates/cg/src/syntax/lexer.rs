//! The Cg lexer: preprocessed text → tokens, plus the decoding of literal text into values.
//!
//! The lexer never fails: a character no token starts with becomes a [`TokenKind::Unknown`] token
//! and a diagnostic, an unterminated comment or string is reported and closed at the end of the
//! input (or line). Lines whose first non-blank character is `#` are leftovers of preprocessing
//! (`#pragma`, `#line`); they carry no syntax and are skipped like comments.

use super::ast::{Literal, NumSuffix};
use super::token::{Keyword, Punct, Token, TokenKind};
use pigment_diag::{Diagnostic, FileId, Span};

/// Splits `text` into tokens. The last token is always [`TokenKind::Eof`].
pub fn lex(text: &str, file: FileId) -> (Vec<Token>, Vec<Diagnostic>) {
    let mut lexer = Lexer {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        file,
        diagnostics: Vec::new(),
    };
    let mut tokens = Vec::new();
    let mut line_start = true;
    loop {
        line_start |= lexer.skip_trivia(line_start);
        let start = lexer.pos;
        let kind = lexer.next_kind();
        tokens.push(Token {
            kind,
            span: Span::new(start, lexer.pos),
            line_start,
        });
        line_start = false;
        if kind == TokenKind::Eof {
            break;
        }
    }
    (tokens, lexer.diagnostics)
}

struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    file: FileId,
    diagnostics: Vec<Diagnostic>,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> u8 {
        self.bytes.get(self.pos + ahead).copied().unwrap_or(0)
    }

    fn error(&mut self, start: usize, end: usize, message: String) {
        let d = Diagnostic::error(message).at(self.file, Span::new(start, end));
        pigment_diag::push_capped(&mut self.diagnostics, d);
    }

    /// Skips blanks, comments and directive lines. Returns whether a newline was crossed.
    /// `at_line_start` says whether only blanks precede the current position on its line.
    fn skip_trivia(&mut self, mut at_line_start: bool) -> bool {
        let mut crossed = false;
        loop {
            match self.peek(0) {
                b'\n' => {
                    self.pos += 1;
                    crossed = true;
                    at_line_start = true;
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c if self.pos < self.bytes.len() => self.pos += 1,
                b'/' if self.peek(1) == b'/' => self.skip_line(),
                b'/' if self.peek(1) == b'*' => {
                    crossed |= self.skip_block_comment();
                }
                b'#' if at_line_start => self.skip_line(),
                _ => return crossed,
            }
        }
    }

    /// Skips to the end of the line (not past the newline), following `\` line continuations.
    fn skip_line(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
            if self.bytes[self.pos] == b'\\' && self.peek(1) == b'\n' {
                self.pos += 1;
            }
            self.pos += 1;
        }
    }

    /// Skips a `/* ... */` comment. Returns whether it contained a newline.
    fn skip_block_comment(&mut self) -> bool {
        let start = self.pos;
        self.pos += 2;
        match self.text[self.pos..].find("*/") {
            Some(len) => {
                self.pos += len + 2;
            }
            None => {
                self.pos = self.bytes.len();
                self.error(start, start + 2, "unterminated `/*` comment".to_string());
            }
        }
        self.text[start..self.pos].contains('\n')
    }

    fn next_kind(&mut self) -> TokenKind {
        let Some(&b) = self.bytes.get(self.pos) else {
            return TokenKind::Eof;
        };
        if is_ident_start(b) {
            return self.ident();
        }
        if b.is_ascii_digit() || (b == b'.' && self.peek(1).is_ascii_digit()) {
            return self.number();
        }
        if b == b'"' {
            return self.string();
        }
        let rest = &self.text[self.pos..];
        // The first byte picks the few punctuators worth comparing (this runs for every token).
        let punct = (Punct::ALL.iter())
            .find(|p| p.as_str().as_bytes()[0] == b && rest.starts_with(p.as_str()));
        if let Some(p) = punct {
            self.pos += p.as_str().len();
            return TokenKind::Punct(*p);
        }
        let c = rest.chars().next().unwrap_or('\u{fffd}');
        let start = self.pos;
        self.pos += c.len_utf8();
        self.error(
            start,
            self.pos,
            format!("unexpected character `{}` in Cg source", c.escape_debug()),
        );
        TokenKind::Unknown
    }

    fn ident(&mut self) -> TokenKind {
        let start = self.pos;
        while is_ident_continue(self.peek(0)) {
            self.pos += 1;
        }
        match Keyword::from_text(&self.text[start..self.pos]) {
            Some(k) => TokenKind::Keyword(k),
            None => TokenKind::Ident,
        }
    }

    /// Scans a number's extent: C's pp-number shape, so that a bad suffix stays inside the token
    /// and is reported once by [`decode_number`].
    fn number(&mut self) -> TokenKind {
        let mut float = false;
        if self.peek(0) == b'0'
            && matches!(self.peek(1), b'x' | b'X')
            && self.peek(2).is_ascii_hexdigit()
        {
            self.pos += 2;
            while self.peek(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
        } else {
            while self.peek(0).is_ascii_digit() {
                self.pos += 1;
            }
            if self.peek(0) == b'.' {
                float = true;
                self.pos += 1;
                while self.peek(0).is_ascii_digit() {
                    self.pos += 1;
                }
            }
            let sign = usize::from(matches!(self.peek(1), b'+' | b'-'));
            if matches!(self.peek(0), b'e' | b'E') && self.peek(1 + sign).is_ascii_digit() {
                float = true;
                self.pos += 1 + sign;
                while self.peek(0).is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        while is_ident_continue(self.peek(0)) {
            self.pos += 1;
        }
        if float {
            TokenKind::Float
        } else {
            TokenKind::Int
        }
    }

    fn string(&mut self) -> TokenKind {
        let start = self.pos;
        self.pos += 1;
        loop {
            if self.pos >= self.bytes.len() || self.peek(0) == b'\n' {
                self.error(start, self.pos, "unterminated string literal".to_string());
                return TokenKind::String;
            }
            match self.peek(0) {
                b'"' => {
                    self.pos += 1;
                    return TokenKind::String;
                }
                // An escape: step over the backslash so that `\"` does not end the string.
                b'\\' if self.peek(1) != b'\n' && self.pos + 1 < self.bytes.len() => self.pos += 1,
                _ => {}
            }
            self.pos += self.text[self.pos..]
                .chars()
                .next()
                .map_or(1, char::len_utf8);
        }
    }
}

/// Decodes the text of an [`TokenKind::Int`] or [`TokenKind::Float`] token. The error message
/// explains what is wrong with the literal.
pub fn decode_number(text: &str, float: bool) -> Result<Literal, String> {
    let hex = !float && (text.starts_with("0x") || text.starts_with("0X"));
    let body_len = if float {
        float_body_len(text)
    } else {
        digit_run(text, hex)
    };
    let (body, suffix_text) = text.split_at(body_len);
    let suffix = if suffix_text.is_empty() {
        None
    } else {
        Some(
            NumSuffix::from_text(suffix_text)
                .ok_or_else(|| bad_suffix_message(text, body, suffix_text))?,
        )
    };
    if float {
        if let Some(s) = suffix.filter(|s| !s.is_floating()) {
            return Err(format!(
                "integer suffix `{}` on the floating-point literal `{text}`",
                s.as_str()
            ));
        }
        return Ok(Literal::Float {
            text: body.to_string(),
            suffix,
        });
    }
    let (digits, radix) = if hex {
        (&body[2..], 16)
    } else if body.len() > 1 && body.starts_with('0') {
        (&body[1..], 8)
    } else {
        (body, 10)
    };
    if let Some(bad) = digits.chars().find(|c| !c.is_digit(radix)) {
        return Err(format!(
            "invalid digit `{bad}` in the octal literal `{text}`"
        ));
    }
    match u64::from_str_radix(digits, radix) {
        Ok(value) => Ok(Literal::Int { value, suffix }),
        Err(_) => Err(format!("integer literal `{text}` is too large")),
    }
}

fn bad_suffix_message(text: &str, body: &str, suffix: &str) -> String {
    let mut message = format!(
        "invalid suffix `{suffix}` on numeric literal `{text}` (Cg's suffixes are d, f, h, x, i, l, s, t, u, us, ut, ui, ul)"
    );
    let swizzle = suffix.chars().all(|c| "xyzwrgbastpq".contains(c));
    if swizzle && body.ends_with('.') {
        // The spec ("Vector swizzle operator") warns about exactly this ambiguity.
        let number = body.trim_end_matches('.');
        message.push_str(&format!(
            "; to swizzle a number write `{number}..{suffix}` or `({number}).{suffix}`"
        ));
    }
    message
}

/// Length of the leading digits of an integer literal (hex digits after `0x` when `hex`).
fn digit_run(text: &str, hex: bool) -> usize {
    if hex {
        2 + text[2..].bytes().take_while(u8::is_ascii_hexdigit).count()
    } else {
        text.bytes().take_while(u8::is_ascii_digit).count()
    }
}

/// Length of `digits [. digits] [e [+-] digits]` at the start of a floating literal.
fn float_body_len(text: &str) -> usize {
    let b = text.as_bytes();
    let mut i = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if b.get(i) == Some(&b'.') {
        i += 1;
        i += b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(b.get(i + 1), Some(b'+' | b'-')));
        if b.get(i + 1 + sign).is_some_and(u8::is_ascii_digit) {
            i += 1 + sign;
            i += b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        }
    }
    i
}

/// Decodes a string token's text (with its quotes) into its value, resolving C escapes.
pub fn decode_string(text: &str) -> Result<String, String> {
    let inner = text.strip_prefix('"').unwrap_or(text);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next() {
            Some('n') => '\n',
            Some('t') => '\t',
            Some('r') => '\r',
            Some('0') => '\0',
            Some(c @ ('\\' | '"' | '\'' | '?')) => c,
            Some(other) => {
                return Err(format!(
                    "unknown escape sequence `\\{other}` in string literal"
                ))
            }
            None => '\\',
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(TokenKind, &str)> {
        let (tokens, diags) = lex(text, FileId(0));
        assert!(diags.is_empty(), "{diags:?}");
        tokens
            .iter()
            .map(|t| (t.kind, &text[t.span.range()]))
            .collect()
    }

    #[test]
    fn swizzled_number_forms_from_the_spec() {
        // "(1).xxx or 1..xxx or 1.0.xxx or 1.0f.xxx"
        use TokenKind::*;
        assert_eq!(
            kinds("1..xxx 1.0.xxx 1.0f.xxx"),
            vec![
                (Float, "1."),
                (Punct(super::Punct::Dot), "."),
                (Ident, "xxx"),
                (Float, "1.0"),
                (Punct(super::Punct::Dot), "."),
                (Ident, "xxx"),
                (Float, "1.0f"),
                (Punct(super::Punct::Dot), "."),
                (Ident, "xxx"),
                (Eof, ""),
            ]
        );
    }

    #[test]
    fn longest_punctuator_wins() {
        use super::Punct::*;
        let got: Vec<_> = kinds("a<<=b>>c&&d").into_iter().map(|(k, _)| k).collect();
        use TokenKind::{Eof, Ident, Punct as P};
        assert_eq!(
            got,
            vec![Ident, P(ShlEq), Ident, P(Shr), Ident, P(AmpAmp), Ident, Eof]
        );
    }

    #[test]
    fn comments_and_directive_lines_are_trivia() {
        let got = kinds("#pragma x\n a // c\n /* b\n */ b # c");
        let texts: Vec<_> = got.iter().map(|(_, t)| *t).collect();
        assert_eq!(texts, vec!["a", "b", "#", "c", ""]);
        let (tokens, _) = lex("a /* \n */ b c", FileId(0));
        assert_eq!(
            tokens.iter().map(|t| t.line_start).collect::<Vec<_>>(),
            [true, true, false, false]
        );
    }

    #[test]
    fn number_suffixes_and_radixes() {
        assert_eq!(
            decode_number("0x1F", false),
            Ok(Literal::Int {
                value: 31,
                suffix: None
            })
        );
        assert_eq!(
            decode_number("017", false),
            Ok(Literal::Int {
                value: 15,
                suffix: None
            })
        );
        assert_eq!(
            decode_number("0", false),
            Ok(Literal::Int {
                value: 0,
                suffix: None
            })
        );
        assert_eq!(
            decode_number("3us", false),
            Ok(Literal::Int {
                value: 3,
                suffix: Some(NumSuffix::UnsignedShort)
            })
        );
        assert_eq!(
            decode_number("1.5h", true),
            Ok(Literal::Float {
                text: "1.5".into(),
                suffix: Some(NumSuffix::Half)
            })
        );
        assert_eq!(
            decode_number("2e-3x", true),
            Ok(Literal::Float {
                text: "2e-3".into(),
                suffix: Some(NumSuffix::Fixed)
            })
        );
        assert_eq!(
            decode_number("1f", false),
            Ok(Literal::Int {
                value: 1,
                suffix: Some(NumSuffix::Float)
            })
        );
        assert!(decode_number("09", false)
            .unwrap_err()
            .contains("invalid digit `9`"));
        assert!(decode_number("1.5i", true)
            .unwrap_err()
            .contains("integer suffix `i`"));
        assert!(decode_number("1.xy", true)
            .unwrap_err()
            .contains("invalid suffix `xy`"));
        assert!(decode_number("99999999999999999999", false)
            .unwrap_err()
            .contains("too large"));
    }

    #[test]
    fn bad_input_is_reported_not_fatal() {
        let (tokens, diags) = lex("a @ \"open\n/* never", FileId(0));
        let messages: Vec<_> = diags.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "unexpected character `@` in Cg source",
                "unterminated string literal",
                "unterminated `/*` comment"
            ]
        );
        assert_eq!(tokens.last().map(|t| t.kind), Some(TokenKind::Eof));
    }

    #[test]
    fn strings_decode_escapes() {
        assert_eq!(decode_string(r#""a\"b\n""#), Ok("a\"b\n".to_string()));
        assert!(decode_string(r#""\q""#).is_err());
    }
}
