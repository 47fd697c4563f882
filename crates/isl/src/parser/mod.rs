//! The ISL parser: tokens to a [`Unit`] by recursive descent over the grammar of `isl.txt`.
//!
//! It never panics: a syntax error is reported at the offending token and the parser skips to the
//! next `;` or `}`, so that one file can report several errors. Nesting is bounded so that deep
//! input cannot overflow the stack.

mod expr;
mod items;
mod stmt;

use crate::ast::*;
use crate::lexer::{lex, Kw, Tok};
use pigment_diag::cursor::Cursor;
use pigment_diag::{Diagnostic, FileId, Span};

/// How deeply expressions and statements may nest before the parser gives up.
const MAX_DEPTH: u32 = 200;

/// Parses one file.
pub fn parse(file: FileId, text: &str) -> (Unit, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let tokens = lex(text, file, &mut diags);
    let mut p = Parser {
        cur: Cursor::new(tokens),
        file,
        depth: 0,
        diags,
    };
    let items = p.unit();
    if items.is_empty() && p.diags.is_empty() {
        // Nothing but blanks and comments: say so rather than accept a file with nothing to run.
        let message = "no shader: the file holds no declarations";
        p.diags
            .push(Diagnostic::error(message).at(file, Span::new(0, 0)));
    }
    (Unit { file, items }, p.diags)
}

/// A syntax error was reported; the caller recovers.
pub(crate) struct Failed;

pub(crate) type PResult<T> = Result<T, Failed>;

pub(crate) struct Parser {
    cur: Cursor<Tok>,
    file: FileId,
    depth: u32,
    diags: Vec<Diagnostic>,
}

impl Parser {
    fn is(&self, p: &str) -> bool {
        matches!(self.cur.peek(), Tok::Punct(q) if *q == p)
    }

    fn is_kw(&self, k: Kw) -> bool {
        *self.cur.peek() == Tok::Kw(k)
    }

    fn eat(&mut self, p: &str) -> bool {
        let yes = self.is(p);
        if yes {
            self.cur.bump();
        }
        yes
    }

    fn error<T>(&mut self, expected: &str) -> PResult<T> {
        if !pigment_diag::is_full(&self.diags) {
            let found = self.cur.peek().describe();
            let message = format!("expected {expected}, found {found}");
            let d = Diagnostic::error(message).at(self.file, self.cur.span());
            pigment_diag::push_capped(&mut self.diags, d);
        }
        Err(Failed)
    }

    fn expect(&mut self, p: &str) -> PResult<Span> {
        if self.is(p) {
            Ok(self.cur.bump().span)
        } else {
            self.error(&format!("`{p}`"))
        }
    }

    fn name(&mut self, what: &str) -> PResult<Name> {
        match self.cur.peek().clone() {
            Tok::Ident(text) => Ok(Name {
                text,
                span: self.cur.bump().span,
            }),
            _ => self.error(what),
        }
    }

    /// Enters one level of nesting; fails (reported) past [`MAX_DEPTH`].
    fn enter(&mut self) -> PResult<()> {
        if self.depth >= MAX_DEPTH {
            let span = self.cur.span();
            let d = Diagnostic::error("nesting too deep").at(self.file, span);
            pigment_diag::push_capped(&mut self.diags, d);
            return Err(Failed);
        }
        self.depth += 1;
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn leave_n(&mut self, n: u32) {
        self.depth = self.depth.saturating_sub(n);
    }

    /// Skips to just after the next `;`, or to the next `}` (left for the enclosing block; then
    /// it returns true).
    fn sync(&mut self) -> bool {
        loop {
            match self.cur.peek() {
                Tok::Eof => return false,
                Tok::Punct("}") => return true,
                Tok::Punct(";") => {
                    self.cur.bump();
                    return false;
                }
                _ => {
                    self.cur.bump();
                }
            }
        }
    }
}
