//! Splits `!!FP1.0` program text into tokens (section 3.11.3).
//!
//! Whitespace is space, tab, newline and carriage return; a comment runs from `#` to the next newline or
//! carriage return (or the end of the text) and counts as whitespace. Any other character that cannot
//! start a token is reported here and dropped, so the parser sees the rest of the statement and can
//! report its own problems too.

use pigment_diag::{Diagnostic, FileId, Span};

/// The program header, which the grammar treats as one token (`<progPrefix>`).
pub const HEADER: &str = "!!FP1.0";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// `!!FP1.0`.
    Header,
    /// A letter (`A-Z`, `a-z`, `_`, `$`) followed by letters and digits: identifiers, keywords,
    /// opcodes, registers, swizzles.
    Word,
    /// A `<floatConstant>` (or an integer, see notes item 10), without sign.
    Number,
    /// `1D`, `2D` or `3D`: the texture targets that start with a digit.
    DimTarget,
    /// One of `; , . [ ] { } ( ) | = + -`.
    Punct(char),
    /// Text that looked like a token but is not one (`5abc`); already reported by the lexer.
    Invalid,
    /// The end of the text.
    Eof,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub kind: TokenKind,
    pub text: &'a str,
    pub span: Span,
}

impl Token<'_> {
    pub fn is_punct(&self, c: char) -> bool {
        self.kind == TokenKind::Punct(c)
    }

    pub fn is_word(&self, word: &str) -> bool {
        self.kind == TokenKind::Word && self.text == word
    }

    /// How diagnostics quote the token: `` `R0` ``, or "the end of the program".
    pub fn describe(&self) -> String {
        match self.kind {
            TokenKind::Eof => "the end of the program".to_string(),
            _ => format!("`{}`", self.text),
        }
    }
}

/// Letters of `<identifier>`: the underscore and the dollar sign count as letters.
pub fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '$'
}

fn is_word_char(c: char) -> bool {
    is_letter(c) || c.is_ascii_digit()
}

const PUNCTUATION: &str = ";,.[]{}()|=+-";

/// Tokenizes the whole text. The result always ends with one [`TokenKind::Eof`] token.
pub fn lex(text: &str, file: FileId) -> (Vec<Token<'_>>, Vec<Diagnostic>) {
    let mut lexer = Lexer {
        text,
        pos: 0,
        file,
        tokens: Vec::new(),
        diagnostics: Vec::new(),
    };
    lexer.run();
    let end = Span::new(text.len(), text.len());
    lexer.tokens.push(Token {
        kind: TokenKind::Eof,
        text: "",
        span: end,
    });
    (lexer.tokens, lexer.diagnostics)
}

struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    file: FileId,
    tokens: Vec<Token<'a>>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Lexer<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.rest().get(offset..).and_then(|s| s.chars().next())
    }

    fn run(&mut self) {
        while let Some(c) = self.peek_at(0) {
            let start = self.pos;
            match c {
                ' ' | '\t' | '\n' | '\r' => self.pos += 1,
                '#' => self.skip_comment(),
                _ if self.rest().starts_with(HEADER) => {
                    self.pos += HEADER.len();
                    self.push(TokenKind::Header, start);
                }
                _ if is_letter(c) => {
                    self.take_while(is_word_char);
                    self.push(TokenKind::Word, start);
                }
                _ if c.is_ascii_digit() || (c == '.' && self.digit_at(1)) => self.number(start),
                _ if PUNCTUATION.contains(c) => {
                    self.pos += 1;
                    self.push(TokenKind::Punct(c), start);
                }
                _ => {
                    self.pos += c.len_utf8();
                    let message = format!("unexpected character `{}`", c.escape_debug());
                    self.report(message, start);
                }
            }
        }
    }

    fn skip_comment(&mut self) {
        self.take_while(|c| c != '\n' && c != '\r');
    }

    fn digit_at(&self, offset: usize) -> bool {
        self.peek_at(offset).is_some_and(|c| c.is_ascii_digit())
    }

    fn take_while(&mut self, accept: impl Fn(char) -> bool) {
        let len = self
            .rest()
            .find(|c: char| !accept(c))
            .unwrap_or(self.rest().len());
        self.pos += len;
    }

    /// `digits [. [digits]] [(e|E) [+|-] digits]` or `. digits [...]`; a number glued to letters is
    /// either a `1D`/`2D`/`3D` target or an error.
    fn number(&mut self, start: usize) {
        self.take_while(|c| c.is_ascii_digit());
        if self.peek_at(0) == Some('.') {
            self.pos += 1;
            self.take_while(|c| c.is_ascii_digit());
        }
        if matches!(self.peek_at(0), Some('e' | 'E')) {
            let sign = usize::from(matches!(self.peek_at(1), Some('+' | '-')));
            if self.digit_at(1 + sign) {
                self.pos += 1 + sign;
                self.take_while(|c| c.is_ascii_digit());
            }
        }
        if !self.peek_at(0).is_some_and(is_word_char) {
            self.push(TokenKind::Number, start);
            return;
        }
        self.take_while(is_word_char);
        let text = &self.text[start..self.pos];
        if matches!(text, "1D" | "2D" | "3D") {
            self.push(TokenKind::DimTarget, start);
        } else {
            let message =
                format!("`{text}` is neither a number nor a name (names start with a letter)");
            self.report(message, start);
            self.push(TokenKind::Invalid, start);
        }
    }

    fn push(&mut self, kind: TokenKind, start: usize) {
        let span = Span::new(start, self.pos);
        self.tokens.push(Token {
            kind,
            text: &self.text[start..self.pos],
            span,
        });
    }

    fn report(&mut self, message: String, start: usize) {
        let span = Span::new(start, self.pos);
        self.diagnostics
            .push(Diagnostic::error(message).at(self.file, span));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(TokenKind, &str)> {
        let (tokens, diagnostics) = lex(text, FileId(0));
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        tokens.iter().map(|t| (t.kind, t.text)).collect()
    }

    #[test]
    fn words_numbers_and_punctuation() {
        use TokenKind::*;
        assert_eq!(
            kinds("MOV R0.xyzw, -f[TEX0];"),
            vec![
                (Word, "MOV"),
                (Word, "R0"),
                (Punct('.'), "."),
                (Word, "xyzw"),
                (Punct(','), ","),
                (Punct('-'), "-"),
                (Word, "f"),
                (Punct('['), "["),
                (Word, "TEX0"),
                (Punct(']'), "]"),
                (Punct(';'), ";"),
                (Eof, ""),
            ]
        );
    }

    #[test]
    fn number_forms_of_float_constant() {
        for text in [
            "2", "0.5", ".5", "5.", "1e3", "1.5E-2", "1.5e+2", "5.e3", ".5e1", "007",
        ] {
            assert_eq!(kinds(text)[0], (TokenKind::Number, text), "{text}");
        }
    }

    #[test]
    fn exponent_needs_digits_so_1e_is_invalid() {
        let (tokens, diagnostics) = lex("1e", FileId(0));
        assert_eq!(tokens[0].kind, TokenKind::Invalid);
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(
            diagnostics[0].primary.as_ref().map(|l| l.span),
            Some(Span::new(0, 2))
        );
    }

    #[test]
    fn dimension_targets_are_single_tokens() {
        assert_eq!(kinds("2D")[0], (TokenKind::DimTarget, "2D"));
        assert_eq!(kinds("3D")[0], (TokenKind::DimTarget, "3D"));
        let (tokens, diagnostics) = lex("4D", FileId(0));
        assert_eq!(tokens[0].kind, TokenKind::Invalid);
        assert!(diagnostics[0].message.contains("`4D`"));
    }

    #[test]
    fn identifiers_take_underscore_and_dollar() {
        assert_eq!(kinds("$a_1")[0], (TokenKind::Word, "$a_1"));
        assert_eq!(kinds("_x$")[0], (TokenKind::Word, "_x$"));
    }

    #[test]
    fn comments_end_at_newline_or_carriage_return() {
        let found = kinds("# one\rA # two\nB # three");
        let texts: Vec<&str> = found.iter().map(|t| t.1).collect();
        assert_eq!(texts, vec!["A", "B", ""]);
    }

    #[test]
    fn header_is_one_token() {
        assert_eq!(kinds("!!FP1.0")[0], (TokenKind::Header, "!!FP1.0"));
    }

    #[test]
    fn stray_characters_are_reported_and_dropped() {
        let (tokens, diagnostics) = lex("A @ é\u{c}B", FileId(0));
        let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
        assert_eq!(texts, vec!["A", "B", ""]);
        assert_eq!(diagnostics.len(), 3);
        assert_eq!(diagnostics[0].message, "unexpected character `@`");
        // The span of a multi-byte character covers all its bytes.
        assert_eq!(
            diagnostics[1].primary.as_ref().map(|l| l.span),
            Some(Span::new(4, 6))
        );
        assert_eq!(diagnostics[2].message, "unexpected character `\\u{c}`");
    }
}
