//! The preprocessed text being written, with a source-map segment for every token.
//!
//! Tokens are separated by one space where the source had whitespace, and also wherever writing
//! them side by side would lex differently (`-` then `-` from two macros must not become `--`).

use super::lexer::would_merge;
use super::source_map::SourceMap;
use super::token::{Token, TokenKind};
use std::rc::Rc;

/// The preprocessed text stops growing beyond this many bytes.
pub(crate) const MAX_OUTPUT_BYTES: usize = 64 << 20;

#[derive(Default)]
pub(crate) struct Output {
    pub text: String,
    /// The last token written on the current line.
    previous: Option<Rc<str>>,
}

impl Output {
    pub fn at_line_start(&self) -> bool {
        self.text.is_empty() || self.text.ends_with('\n')
    }

    pub fn newline(&mut self) {
        self.text.push('\n');
        self.previous = None;
    }

    /// Writes a token; placemarkers and end markers write nothing.
    pub fn token(&mut self, map: &mut SourceMap, t: &Token) {
        if matches!(
            t.kind,
            TokenKind::Placemarker | TokenKind::Newline | TokenKind::Eof
        ) {
            return;
        }
        if let Some(prev) = &self.previous {
            if t.space_before || would_merge(prev, &t.text) {
                self.text.push(' ');
            }
        }
        let start = self.text.len();
        self.text.push_str(&t.text);
        map.add_segment(start, self.text.len(), t.loc, t.expansion);
        self.previous = Some(t.text.clone());
    }

    pub fn over_limit(&self) -> bool {
        self.text.len() > MAX_OUTPUT_BYTES
    }
}
