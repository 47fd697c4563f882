//! The Cg parser: a hand-written recursive-descent parser that never fails.
//!
//! It always returns a tree; what it cannot read becomes an `Error` node and a diagnostic pointing
//! at the offending token. After an error it resynchronises at `;`, at `}`, or at a token that
//! starts a declaration or statement at the beginning of a line, so one run reports several errors.
//! Nesting (blocks, parentheses, unary operators, initializer lists, structs) is limited to
//! [`MAX_DEPTH`] levels so that hostile input cannot overflow the stack.
//!
//! Cg, like C, needs to know which names are types (`(T)x` is a cast only when `T` is a type), so
//! the parser keeps scopes of the typedef, struct and interface names declared so far.
//!
//! The grammar is split by area: [`decls`] (declarations, functions, structs, semantics,
//! annotations), [`types`] (type specifiers), [`stmts`] and [`exprs`] (precedence climbing).

mod decls;
mod exprs;
mod stmts;
mod types;

use super::ast::{Decl, Exprs, TranslationUnit};
use super::token::{Keyword, Punct, Token, TokenKind};
use pigment_diag::{Diagnostic, FileId, Span};
use std::collections::HashMap;

/// The deepest nesting the parser follows before reporting an error. Real shaders nest a few dozen
/// levels at most; the limit keeps recursion far from the end of a 2 MiB thread stack.
pub const MAX_DEPTH: u32 = 128;

/// Struct names the Cg compiler predefines (cg-stdlib.md §8): the parser must know they are types.
const PREDEFINED_TYPE_NAMES: &[&str] = &["fragout", "fragout_float", "vf30"];

pub(super) struct Parser<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    file: FileId,
    diagnostics: Vec<Diagnostic>,
    exprs: Exprs,
    /// Innermost last. `true`: the name is a type here; `false`: a variable hides an outer type.
    scopes: Vec<HashMap<String, bool>>,
    depth: u32,
    too_deep_reported: bool,
    /// Start of the token the last error pointed at: a second error there adds nothing.
    last_error_at: Option<u32>,
}

impl<'a> Parser<'a> {
    pub(super) fn new(text: &'a str, tokens: Vec<Token>, file: FileId) -> Parser<'a> {
        Parser {
            text,
            tokens,
            pos: 0,
            file,
            diagnostics: Vec::new(),
            exprs: Exprs::default(),
            scopes: vec![HashMap::new()],
            depth: 0,
            too_deep_reported: false,
            last_error_at: None,
        }
    }

    pub(super) fn parse_translation_unit(mut self) -> (TranslationUnit, Vec<Diagnostic>) {
        let mut decls: Vec<Decl> = Vec::new();
        while !self.at_eof() {
            let before = self.pos;
            self.parse_top_level_item(&mut decls);
            self.ensure_progress(before);
        }
        // The tree lives through checking and lowering: the room its lists grew by is given
        // back before they allocate.
        decls.shrink_to_fit();
        self.exprs.shrink_to_fit();
        (
            TranslationUnit {
                decls,
                exprs: self.exprs,
            },
            self.diagnostics,
        )
    }

    // ---- cursor ----

    fn peek(&self) -> Token {
        self.nth(0)
    }

    fn nth(&self, n: usize) -> Token {
        let last = self.tokens.len() - 1;
        self.tokens[(self.pos + n).min(last)]
    }

    fn at_eof(&self) -> bool {
        self.peek().kind == TokenKind::Eof
    }

    fn text_of(&self, token: Token) -> &'a str {
        &self.text[token.span.range()]
    }

    fn bump(&mut self) -> Token {
        let token = self.peek();
        if token.kind != TokenKind::Eof {
            self.pos += 1;
        }
        token
    }

    fn at_punct(&self, p: Punct) -> bool {
        self.peek().kind == TokenKind::Punct(p)
    }

    fn nth_is_punct(&self, n: usize, p: Punct) -> bool {
        self.nth(n).kind == TokenKind::Punct(p)
    }

    fn at_keyword(&self, k: Keyword) -> bool {
        self.peek().kind == TokenKind::Keyword(k)
    }

    fn eat_punct(&mut self, p: Punct) -> Option<Span> {
        self.at_punct(p).then(|| self.bump().span)
    }

    fn eat_keyword(&mut self, k: Keyword) -> Option<Span> {
        self.at_keyword(k).then(|| self.bump().span)
    }

    /// The span of the last token consumed (or an empty span at the start).
    fn prev_span(&self) -> Span {
        match self.pos {
            0 => Span::new(0, 0),
            n => self.tokens[n - 1].span,
        }
    }

    /// From `start` to the end of the last token consumed.
    fn span_from(&self, start: Span) -> Span {
        let end = self.prev_span();
        if end.end < start.start {
            start
        } else {
            start.to(end)
        }
    }

    /// Makes sure a loop that calls a parsing function advances: a token nothing could use is
    /// skipped (it has been reported, or is reported now).
    fn ensure_progress(&mut self, before: usize) {
        if self.pos == before && !self.at_eof() {
            let token = self.peek();
            let found = self.describe(token);
            self.error(token.span, format!("unexpected {found}"));
            self.bump();
        }
    }

    // ---- diagnostics ----

    /// How a token is named in messages: its text in backticks, or "end of input".
    fn describe(&self, token: Token) -> String {
        match token.kind {
            TokenKind::Eof => "end of input".to_string(),
            _ => format!("`{}`", self.text_of(token)),
        }
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.push_error(Diagnostic::error(message).at(self.file, span));
    }

    fn push_error(&mut self, diagnostic: Diagnostic) {
        let at = diagnostic.primary.as_ref().map(|l| l.span.start);
        if at.is_some() && at == self.last_error_at {
            return;
        }
        self.last_error_at = at;
        pigment_diag::push_capped(&mut self.diagnostics, diagnostic);
    }

    /// Reports "expected WHAT CONTEXT, found TOKEN" at the current token.
    fn expected(&mut self, what: &str, context: &str) {
        let token = self.peek();
        if token.kind == TokenKind::Unknown {
            return; // The lexer has reported the stray character.
        }
        let found = self.describe(token);
        let sep = if context.is_empty() { "" } else { " " };
        self.error(
            token.span,
            format!("expected {what}{sep}{context}, found {found}"),
        );
    }

    /// Consumes `p` or reports it missing.
    fn expect_punct(&mut self, p: Punct, context: &str) -> Option<Span> {
        let found = self.eat_punct(p);
        if found.is_none() {
            self.expected(&format!("`{}`", p.as_str()), context);
        }
        found
    }

    /// Consumes the closing `close` of a bracket opened at `open`, or reports it missing with a
    /// note pointing at the opener.
    fn expect_closing(&mut self, close: Punct, open: Span, context: &str) -> bool {
        if self.eat_punct(close).is_some() {
            return true;
        }
        let token = self.peek();
        let found = self.describe(token);
        let diagnostic = Diagnostic::error(format!(
            "expected `{}` {context}, found {found}",
            close.as_str()
        ))
        .at(self.file, token.span)
        .with_label(self.file, open, "opened here");
        self.push_error(diagnostic);
        false
    }

    // ---- recovery ----

    /// Skips to a place where parsing can resume: past a `;`, before a `}` that closes the enclosing
    /// construct, or before a declaration or statement keyword (or type name) that starts a line.
    /// Brackets opened while skipping are skipped whole.
    fn recover(&mut self) {
        let mut level = 0usize;
        loop {
            let token = self.peek();
            match token.kind {
                TokenKind::Eof => return,
                TokenKind::Punct(Punct::Semi) if level == 0 => {
                    self.bump();
                    return;
                }
                TokenKind::Punct(Punct::RBrace) if level == 0 => return,
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => level += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    level = level.saturating_sub(1);
                }
                _ if level == 0 && token.line_start && self.starts_line_item() => {
                    return;
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// Skips tokens (whole bracket groups at a time) until one of `stops`, `;`, `{` or `}` at the
    /// current level, which is not consumed.
    fn skip_until(&mut self, stops: &[Punct]) {
        let mut level = 0usize;
        loop {
            match self.peek().kind {
                TokenKind::Eof => return,
                TokenKind::Punct(p)
                    if level == 0
                        && (stops.contains(&p)
                            || matches!(p, Punct::Semi | Punct::LBrace | Punct::RBrace)) =>
                {
                    return;
                }
                TokenKind::Punct(Punct::LParen | Punct::LBracket) => level += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket) => {
                    level = level.saturating_sub(1)
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// Skips a balanced `{ ... }` group starting at the current `{` (if there is one).
    fn skip_braces(&mut self) {
        if !self.at_punct(Punct::LBrace) {
            return;
        }
        let mut level = 0usize;
        loop {
            match self.bump().kind {
                TokenKind::Eof => return,
                TokenKind::Punct(Punct::LBrace) => level += 1,
                TokenKind::Punct(Punct::RBrace) => {
                    level -= 1;
                    if level == 0 {
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether the current token is a good place to resume after an error when it starts a line.
    fn starts_line_item(&self) -> bool {
        match self.peek().kind {
            TokenKind::Keyword(k) => !matches!(k, Keyword::True | Keyword::False | Keyword::Else),
            TokenKind::Ident => self.is_type_name(self.text_of(self.peek())),
            _ => false,
        }
    }

    // ---- nesting limit ----

    /// Runs `f` one nesting level deeper, or reports that the input nests too deeply (once per
    /// parse: one report is enough), skips the over-deep part up to the closing bracket of the
    /// enclosing level (or, inside expressions, a `;`), and returns `too_deep`.
    fn descend<T>(
        &mut self,
        in_expression: bool,
        too_deep: impl FnOnce(&mut Self, Span) -> T,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        if self.depth >= MAX_DEPTH {
            let start = self.peek().span;
            if !self.too_deep_reported {
                self.too_deep_reported = true;
                self.error(
                    start,
                    format!("this is nested too deeply (more than {MAX_DEPTH} levels)"),
                );
            }
            self.skip_to_enclosing_close(in_expression);
            let span = self.span_from(start);
            return too_deep(self, span);
        }
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }

    /// Skips up to (not past) the closing bracket of the enclosing level, or to a `;` at this level
    /// when `stop_at_semicolon` (an expression ends there; a block or struct body does not).
    fn skip_to_enclosing_close(&mut self, stop_at_semicolon: bool) {
        let mut level = 0usize;
        loop {
            match self.peek().kind {
                TokenKind::Eof => return,
                TokenKind::Punct(Punct::Semi) if level == 0 && stop_at_semicolon => return,
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => level += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    if level == 0 {
                        return;
                    }
                    level -= 1;
                }
                _ => {}
            }
            self.bump();
        }
    }

    // ---- type names ----

    fn is_type_name(&self, name: &str) -> bool {
        for scope in self.scopes.iter().rev() {
            if let Some(&is_type) = scope.get(name) {
                return is_type;
            }
        }
        super::ast::TypeKind::builtin(name).is_some()
            || PREDEFINED_TYPE_NAMES.contains(&name)
            || super::ast::TypeKind::glsl_alias(name).is_some()
    }

    fn declare_type(&mut self, name: &str) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name.to_string(), true);
        }
    }

    /// Records a variable, parameter or function name: it hides a type of the same name.
    fn declare_value(&mut self, name: &str) {
        if self.is_type_name(name) {
            if let Some(scope) = self.scopes.last_mut() {
                scope.insert(name.to_string(), false);
            }
        }
    }

    fn push_scope(&mut self) {
        self.scopes.push(HashMap::new());
    }

    fn pop_scope(&mut self) {
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
    }
}
