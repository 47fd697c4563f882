//! State shared by macro expansion and directive handling: the files, the macro table, the source
//! map being built, diagnostics and the limits that keep hostile input from exhausting memory.

use super::date::DateTime;
use super::lexer::Lexer;
use super::macros::MacroTable;
use super::source_map::SourceMap;
use super::token::{Loc, Token, TokenKind};
use pigment_diag::{Diagnostic, SourceFiles};

/// Most tokens all macro replacements together may produce before expansion stops.
pub(crate) const MAX_EXPANSION_TOKENS: usize = 1_000_000;
/// Most bytes the `#` and `##` operators together may write before expansion stops. They are
/// counted apart from tokens because one token can hold any number of bytes: a string made by `#`
/// of an argument holding such strings escapes every quote again, and `x ## x` through a second
/// macro doubles an identifier, so nesting them grows bytes exponentially with few tokens.
pub(crate) const MAX_EXPANSION_BYTES: usize = 64 << 20;
/// Deepest nesting of macro invocations inside macro arguments.
pub(crate) const MAX_ARGUMENT_NESTING: usize = 64;

pub(crate) struct Core<'f> {
    pub files: &'f mut SourceFiles,
    pub macros: MacroTable,
    pub diags: Vec<Diagnostic>,
    pub map: SourceMap,
    /// Inside a `#if` expression: `defined` is an operator.
    pub in_if: bool,
    /// A `defined` operator was malformed; the `#if` is false and already reported.
    pub if_failed: bool,
    pub argument_nesting: usize,
    /// Tokens produced by replacement lists so far.
    pub expansion_work: usize,
    /// Bytes written by `#` and `##` so far.
    pub expansion_bytes: usize,
    /// The expansion limit was hit: no more macros are expanded.
    pub expansion_stopped: bool,
    pub date_time: DateTime,
}

impl Core<'_> {
    /// Records a diagnostic raised in an inclusion, adding the `#line` position and the
    /// "included from" chain so that the user can find it.
    pub fn report(&mut self, mut d: Diagnostic, inclusion: u32) {
        if pigment_diag::is_full(&self.diags) {
            return;
        }
        if let Some(label) = &d.primary {
            let line = self.files.line_col(label.file, label.span.start).line;
            if self.map.has_line_mark(inclusion, line) {
                let (name, presumed) = self.map.presumed(self.files, inclusion, line);
                d.notes
                    .push(format!("`#line` gives this position as {name}:{presumed}"));
            }
        }
        d.notes
            .extend(self.map.include_chain(self.files, inclusion));
        pigment_diag::push_capped(&mut self.diags, d);
    }

    pub fn error_at(&mut self, message: impl Into<String>, loc: Loc) {
        self.report(
            Diagnostic::error(message).at(loc.file, loc.span()),
            loc.inclusion,
        );
    }

    pub fn warning_at(&mut self, message: impl Into<String>, loc: Loc) {
        self.report(
            Diagnostic::warning(message).at(loc.file, loc.span()),
            loc.inclusion,
        );
    }

    /// The `#line`-adjusted line and file name of a token's position.
    pub fn presumed_position(&self, loc: Loc) -> (String, usize) {
        let line = self.files.line_col(loc.file, loc.start).line;
        self.map.presumed(self.files, loc.inclusion, line)
    }
}

/// Where tokens come from while expanding: tokens pushed back for rescanning first, then (for the
/// text of a file) the lexer, else the end.
pub(crate) struct Stream<'a> {
    pending: &'a mut Vec<Token>,
    lexer: Option<&'a mut Lexer>,
    end: Loc,
}

impl<'a> Stream<'a> {
    pub fn file(pending: &'a mut Vec<Token>, lexer: &'a mut Lexer) -> Stream<'a> {
        Stream {
            pending,
            lexer: Some(lexer),
            end: Loc::default(),
        }
    }

    /// A stream over a list (stored reversed in `pending`) that ends with an `Eof` at `end`.
    pub fn list(pending: &'a mut Vec<Token>, end: Loc) -> Stream<'a> {
        Stream {
            pending,
            lexer: None,
            end,
        }
    }

    pub fn next(&mut self, diags: &mut Vec<Diagnostic>) -> Token {
        if let Some(t) = self.pending.pop() {
            return t;
        }
        match &mut self.lexer {
            Some(lexer) => lexer.next(diags),
            None => Token::new(TokenKind::Eof, "", self.end),
        }
    }

    /// Puts tokens back so that the first of them comes next.
    pub fn unread(&mut self, tokens: Vec<Token>) {
        self.pending.extend(tokens.into_iter().rev());
    }
}
