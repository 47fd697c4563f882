//! The preprocessing lexer: C translation phases 2 and 3 for one file.
//!
//! Phase 2 (line splicing) runs first over the whole file and keeps a table of where splices were, so
//! token positions can still be reported as byte offsets in the file as written. Phase 3 splits the
//! spliced text into preprocessing tokens, replacing each comment by whitespace (a comment spanning
//! lines does not end a directive, as in C).

use super::token::{Loc, Token, TokenKind};
use pigment_diag::{Diagnostic, FileId};

/// C's punctuators, longest first so that the first prefix match is the longest one.
const PUNCTUATORS: &[&str] = &[
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=",
    "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "[", "]", "(", ")", "{", "}", ".", "&", "*",
    "+", "-", "~", "!", "/", "%", "<", ">", "^", "|", "?", ":", ";", "=", ",", "#",
];

/// Whitespace that does not end a line.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Scans one token starting at `pos`, which must not be whitespace, a newline or a comment start.
/// Returns its kind and end offset. Pure, so that `##` and the output writer can re-lex text.
pub(crate) fn scan_token(text: &str, pos: usize) -> (TokenKind, usize) {
    let bytes = text.as_bytes();
    let b = bytes[pos];
    let at = |i: usize| bytes.get(i).copied().unwrap_or(0);
    if b == b'L' && matches!(at(pos + 1), b'\'' | b'"') {
        return scan_quoted(bytes, pos + 1);
    }
    if is_ident_start(b) {
        let end = (pos..bytes.len())
            .find(|&i| !is_ident_continue(bytes[i]))
            .unwrap_or(bytes.len());
        return (TokenKind::Ident, end);
    }
    if b.is_ascii_digit() || (b == b'.' && at(pos + 1).is_ascii_digit()) {
        return (TokenKind::Number, scan_pp_number(bytes, pos));
    }
    if b == b'\'' || b == b'"' {
        return scan_quoted(bytes, pos);
    }
    // The first byte picks the few punctuators worth comparing (this runs for every token).
    let punct = PUNCTUATORS
        .iter()
        .find(|p| p.as_bytes()[0] == b && text[pos..].starts_with(**p));
    if let Some(p) = punct {
        return (TokenKind::Punct, pos + p.len());
    }
    let len = text[pos..].chars().next().map_or(1, char::len_utf8);
    (TokenKind::Other, pos + len)
}

/// pp-number: `.`? digit (digit | identifier-nondigit | `e±` | `E±` | `p±` | `P±` | `.`)*
fn scan_pp_number(bytes: &[u8], pos: usize) -> usize {
    let mut i = pos + 1;
    while i < bytes.len() {
        let c = bytes[i];
        if matches!(c, b'e' | b'E' | b'p' | b'P') && matches!(bytes.get(i + 1), Some(b'+' | b'-')) {
            i += 2;
        } else if is_ident_continue(c) || c == b'.' {
            i += 1;
        } else {
            break;
        }
    }
    i
}

/// A character constant or string literal starting at the quote at `pos`; stops at the line's end.
fn scan_quoted(bytes: &[u8], pos: usize) -> (TokenKind, usize) {
    let quote = bytes[pos];
    let mut i = pos + 1;
    while i < bytes.len() && bytes[i] != b'\n' {
        match bytes[i] {
            b'\\' if i + 1 < bytes.len() && bytes[i + 1] != b'\n' => i += 2,
            c if c == quote => {
                let kind = if quote == b'"' {
                    TokenKind::StrLit
                } else {
                    TokenKind::CharLit
                };
                return (kind, i + 1);
            }
            _ => i += 1,
        }
    }
    // Back off a trailing `\r` so the token ends where the line's text does.
    let end = if i > pos + 1 && bytes[i - 1] == b'\r' {
        i - 1
    } else {
        i
    };
    (TokenKind::Unterminated, end.max(pos + 1))
}

/// True when `text` is exactly one preprocessing token (the test `##` must pass).
pub(crate) fn is_single_token(text: &str) -> Option<TokenKind> {
    if text.is_empty() || text.starts_with("//") || text.starts_with("/*") {
        return None;
    }
    let first = text.as_bytes()[0];
    if is_space(first) || first == b'\n' {
        return None;
    }
    let (kind, end) = scan_token(text, 0);
    (end == text.len() && kind != TokenKind::Unterminated).then_some(kind)
}

/// True when writing `left` and `right` with nothing between would lex differently.
pub(crate) fn would_merge(left: &str, right: &str) -> bool {
    const NEVER_JOIN: &[u8] = b"()[]{};,?~";
    match (left.as_bytes().last(), right.as_bytes().first()) {
        (Some(l), Some(r)) if !NEVER_JOIN.contains(l) && !NEVER_JOIN.contains(r) => {}
        _ => return false,
    }
    if left.ends_with('/') && (right.starts_with('/') || right.starts_with('*')) {
        return true;
    }
    let joined = format!("{left}{right}");
    let first = joined.as_bytes()[0];
    if is_space(first) || first == b'\n' {
        return false;
    }
    scan_token(&joined, 0).1 != left.len()
}

/// Phase 2: removes every backslash-newline. Returns the spliced text and, for each splice, the
/// spliced offset where it was and the total number of bytes removed up to and including it.
fn splice_lines(text: &str) -> (String, Vec<(u32, u32)>) {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut splices = Vec::new();
    let mut removed = 0u32;
    let mut copied_from = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            let len = match (bytes.get(i + 1), bytes.get(i + 2)) {
                (Some(b'\n'), _) => 2,
                (Some(b'\r'), Some(b'\n')) => 3,
                _ => 0,
            };
            if len > 0 {
                out.push_str(&text[copied_from..i]);
                removed += len as u32;
                splices.push((out.len() as u32, removed));
                i += len;
                copied_from = i;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(&text[copied_from..]);
    (out, splices)
}

/// The pp lexer for one inclusion of one file.
pub(crate) struct Lexer {
    file: FileId,
    inclusion: u32,
    text: String,
    splices: Vec<(u32, u32)>,
    pos: usize,
    at_line_start: bool,
}

impl Lexer {
    pub fn new(file: FileId, inclusion: u32, source: &str) -> Lexer {
        let (text, splices) = splice_lines(source);
        // A byte order mark, which editors on Windows write at the start of UTF-8 files, is not
        // part of the program (Unicode 15, 23.8: U+FEFF at the start is a signature).
        let pos = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Lexer {
            file,
            inclusion,
            text,
            splices,
            pos,
            at_line_start: true,
        }
    }

    /// Offset in the file as written of a position in the spliced text.
    fn original(&self, spliced: usize) -> u32 {
        let k = self
            .splices
            .partition_point(|&(at, _)| at as usize <= spliced);
        let removed = if k == 0 { 0 } else { self.splices[k - 1].1 };
        spliced as u32 + removed
    }

    fn loc(&self, start: usize, end: usize) -> Loc {
        let start_orig = self.original(start);
        // An end just before a splice must not jump over the removed backslash-newline.
        let end_orig = if end > start {
            self.original(end - 1) + 1
        } else {
            start_orig
        };
        Loc {
            file: self.file,
            inclusion: self.inclusion,
            start: start_orig,
            end: end_orig,
        }
    }

    /// Skips whitespace and comments on the current line; true if any were skipped.
    fn skip_blanks(&mut self, diags: &mut Vec<Diagnostic>) -> bool {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        loop {
            match (bytes.get(self.pos), bytes.get(self.pos + 1)) {
                (Some(&b), _) if is_space(b) => self.pos += 1,
                (Some(b'/'), Some(b'*')) => match self.text[self.pos + 2..].find("*/") {
                    Some(k) => self.pos += k + 4,
                    None => {
                        let loc = self.loc(self.pos, self.pos + 2);
                        diags.push(
                            Diagnostic::error("unterminated comment").at(loc.file, loc.span()),
                        );
                        self.pos = bytes.len();
                    }
                },
                (Some(b'/'), Some(b'/')) => {
                    self.pos = self.text[self.pos..]
                        .find('\n')
                        .map_or(bytes.len(), |k| self.pos + k);
                }
                _ => return self.pos > start,
            }
        }
    }

    /// The next token; `Newline` at each line end and `Eof` (repeatedly) at the end.
    pub fn next(&mut self, diags: &mut Vec<Diagnostic>) -> Token {
        let space_before = self.skip_blanks(diags);
        let start = self.pos;
        let (kind, end) = match self.text.as_bytes().get(start) {
            None => (TokenKind::Eof, start),
            Some(b'\n') => (TokenKind::Newline, start + 1),
            Some(_) => scan_token(&self.text, start),
        };
        self.pos = end;
        let text = if kind == TokenKind::Newline {
            "\n"
        } else {
            &self.text[start..end]
        };
        let mut token = Token::new(kind, text, self.loc(start, end));
        token.space_before = space_before;
        token.line_start = self.at_line_start;
        self.at_line_start = kind == TokenKind::Newline;
        token
    }

    /// After `#include`: reads a `<name>` or `"name"` header name if one comes next on this line.
    /// Inside it backslashes are not escapes, which is why a string-literal token will not do.
    pub fn header_name(&mut self, diags: &mut Vec<Diagnostic>) -> Option<(bool, String, Loc)> {
        let saved = self.pos;
        self.skip_blanks(diags);
        let bytes = self.text.as_bytes();
        let close = match bytes.get(self.pos) {
            Some(b'<') => b'>',
            Some(b'"') => b'"',
            _ => {
                self.pos = saved;
                return None;
            }
        };
        let start = self.pos;
        let found = bytes[start + 1..]
            .iter()
            .position(|&b| b == close || b == b'\n');
        match found {
            Some(k) if bytes[start + 1 + k] == close => {
                let end = start + 1 + k + 1;
                self.pos = end;
                self.at_line_start = false;
                let name = self.text[start + 1..end - 1].to_string();
                Some((close == b'>', name, self.loc(start, end)))
            }
            _ => {
                self.pos = saved;
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex(src: &str) -> Vec<(TokenKind, String, u32)> {
        let mut lexer = Lexer::new(FileId(0), 0, src);
        let mut diags = Vec::new();
        let mut out = Vec::new();
        loop {
            let t = lexer.next(&mut diags);
            if t.kind == TokenKind::Eof {
                return out;
            }
            out.push((t.kind, t.text.to_string(), t.loc.start));
        }
    }

    #[test]
    fn pp_numbers_take_signed_exponents_and_letters() {
        let toks = lex("1.5e+3f 0x1p-2 .5 1..2 12abc");
        let texts: Vec<_> = toks.iter().map(|t| t.1.as_str()).collect();
        assert_eq!(texts, ["1.5e+3f", "0x1p-2", ".5", "1..2", "12abc"]);
        assert!(toks.iter().all(|t| t.0 == TokenKind::Number));
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped_and_offsets_stay_in_the_file() {
        // U+FEFF is 3 bytes in UTF-8, so `float` starts at byte 3 of the file as written.
        let toks = lex("\u{feff}float x;");
        assert_eq!(toks[0], (TokenKind::Ident, "float".to_string(), 3));
        assert_eq!(toks.len(), 3);
    }

    #[test]
    fn longest_punctuator_wins() {
        let texts: Vec<_> = lex("a<<=b...->##").into_iter().map(|t| t.1).collect();
        assert_eq!(texts, ["a", "<<=", "b", "...", "->", "##"]);
    }

    #[test]
    fn comments_are_whitespace_and_keep_the_line_going() {
        let toks = lex("a/* x\n y */b // c\nd");
        let texts: Vec<_> = toks.iter().map(|t| t.1.as_str()).collect();
        assert_eq!(texts, ["a", "b", "\n", "d"]);
    }

    #[test]
    fn splices_vanish_but_offsets_point_into_the_file_as_written() {
        let toks = lex("ab\\\ncd ef");
        assert_eq!(toks[0].1, "abcd");
        assert_eq!(toks[1], (TokenKind::Ident, "ef".to_string(), 7));
    }

    #[test]
    fn unterminated_quote_stops_at_line_end() {
        let toks = lex("'abc\nx");
        assert_eq!(toks[0].0, TokenKind::Unterminated);
        assert_eq!(toks[0].1, "'abc");
        assert_eq!(toks[1].0, TokenKind::Newline);
    }

    #[test]
    fn unterminated_comment_is_an_error() {
        let mut lexer = Lexer::new(FileId(0), 0, "a /* b");
        let mut diags = Vec::new();
        while lexer.next(&mut diags).kind != TokenKind::Eof {}
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].message, "unterminated comment");
    }

    #[test]
    fn merging_check_catches_new_tokens_and_comment_starts() {
        assert!(would_merge("-", "-"));
        assert!(would_merge("a", "b"));
        assert!(would_merge("/", "*"));
        assert!(would_merge("1", ".5"));
        assert!(!would_merge("a", "+"));
        assert!(!would_merge("(", ")"));
    }

    #[test]
    fn single_token_check() {
        assert_eq!(is_single_token("ab12"), Some(TokenKind::Ident));
        assert_eq!(is_single_token("+="), Some(TokenKind::Punct));
        assert_eq!(is_single_token("+-"), None);
        assert_eq!(is_single_token("//"), None);
        assert_eq!(is_single_token(""), None);
    }
}
