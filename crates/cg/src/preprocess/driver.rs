//! The preprocessor's main loop: reads each inclusion's tokens, expands macros in text lines,
//! hands directive lines to [`super::directives`], and writes the output so that it keeps the
//! input's line structure (each source line starts a new output line; the lines of an included
//! file are inserted where its `#include` was).

use super::core::{Core, Stream};
use super::include::IncludeResolver;
use super::lexer::Lexer;
use super::output::{Output, MAX_OUTPUT_BYTES};
use super::token::{Loc, Token, TokenKind};
use super::Pragma;
use pigment_diag::FileId;
use std::collections::HashMap;

/// State of one `#if` … `#endif` in the inclusion that opened it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CondState {
    /// The current group is being processed.
    Taking,
    /// No group has been taken yet; a later `#elif` or `#else` may be.
    Seeking,
    /// A group was taken; the rest are skipped.
    Done,
    /// The whole conditional is inside a skipped group.
    Dead,
}

#[derive(Clone, Debug)]
pub(crate) struct Cond {
    pub state: CondState,
    pub else_seen: bool,
    /// The opening directive's name (`if`, `ifdef`, `ifndef`), for "unterminated" errors.
    pub opened: Token,
}

/// One file being read.
pub(crate) struct Inclusion {
    pub lexer: Lexer,
    /// Tokens pushed back for rescanning or after looking ahead.
    pub pending: Vec<Token>,
    pub index: u32,
    pub file: FileId,
    pub conds: Vec<Cond>,
    /// The physical line of this file that the current output line corresponds to.
    pub out_line: usize,
    /// False for the `-D`/`-U` prelude, which writes no lines.
    pub emits: bool,
}

impl Inclusion {
    pub fn skipping(&self) -> bool {
        self.conds
            .last()
            .is_some_and(|c| c.state != CondState::Taking)
    }

    pub fn stream(&mut self) -> Stream<'_> {
        Stream::file(&mut self.pending, &mut self.lexer)
    }
}

pub(crate) struct Driver<'f, 'r> {
    pub core: Core<'f>,
    pub stack: Vec<Inclusion>,
    pub out: Output,
    pub resolver: &'r dyn IncludeResolver,
    pub pragmas: Vec<Pragma>,
    /// Files already read, by the path the resolver returned.
    pub loaded: HashMap<String, FileId>,
    stopped: bool,
}

impl<'f, 'r> Driver<'f, 'r> {
    pub fn new(core: Core<'f>, resolver: &'r dyn IncludeResolver) -> Driver<'f, 'r> {
        Driver {
            core,
            stack: Vec::new(),
            out: Output::default(),
            resolver,
            pragmas: Vec::new(),
            loaded: HashMap::new(),
            stopped: false,
        }
    }

    /// Starts reading a file; `included_at` is the `#include`'s header name.
    pub fn push_inclusion(&mut self, file: FileId, included_at: Option<Loc>, emits: bool) {
        let index = self.core.map.add_inclusion(file, included_at);
        let lexer = Lexer::new(file, index, self.core.files.text(file));
        let conds = Vec::new();
        self.stack.push(Inclusion {
            lexer,
            pending: Vec::new(),
            index,
            file,
            conds,
            out_line: 1,
            emits,
        });
    }

    pub fn run(&mut self) {
        while !self.stopped {
            let Some(inc) = self.stack.last_mut() else {
                break;
            };
            let skipping = inc.skipping();
            let t = if skipping {
                inc.stream().next(&mut self.core.diags)
            } else {
                self.core.expand_next(&mut inc.stream())
            };
            match t.kind {
                TokenKind::Eof => self.end_inclusion(),
                TokenKind::Newline => self.end_line(&t),
                _ if t.line_start && t.is_punct("#") && t.expansion.is_none() => {
                    self.directive(t, skipping)
                }
                _ if skipping => {}
                _ => self.emit(&t),
            }
        }
    }

    /// Reads the rest of a directive line without expansion; returns its tokens and the newline
    /// (or end of file) that ends it.
    pub fn read_line(&mut self) -> (Vec<Token>, Token) {
        let mut tokens = Vec::new();
        let Some(inc) = self.stack.last_mut() else {
            return (tokens, Token::new(TokenKind::Eof, "", Loc::default()));
        };
        let mut stream = inc.stream();
        loop {
            let t = stream.next(&mut self.core.diags);
            if t.ends_line() {
                return (tokens, t);
            }
            tokens.push(t);
        }
    }

    /// Handles the token that ended a directive line: the line ends (or the file does).
    pub fn finish_line(&mut self, end: Token) {
        match end.kind {
            TokenKind::Newline => self.end_line(&end),
            _ => {
                if let Some(inc) = self.stack.last_mut() {
                    inc.pending.push(end);
                }
            }
        }
    }

    /// A newline in the current file: the output catches up to the next source line.
    fn end_line(&mut self, newline: &Token) {
        let line = self
            .core
            .files
            .line_col(newline.loc.file, newline.loc.start)
            .line;
        let Some(inc) = self.stack.last_mut() else {
            return;
        };
        if !inc.emits {
            return;
        }
        while inc.out_line <= line {
            self.out.newline();
            inc.out_line += 1;
        }
    }

    pub fn emit(&mut self, t: &Token) {
        if t.kind == TokenKind::Unterminated {
            let quote = if t.text.contains('"') { '"' } else { '\'' };
            self.core
                .error_at(format!("missing terminating {quote} character"), t.loc);
        }
        self.out.token(&mut self.core.map, t);
        if self.out.over_limit() {
            let message = format!(
                "preprocessed output exceeds {MAX_OUTPUT_BYTES} bytes; preprocessing stopped"
            );
            self.core.error_at(message, t.loc);
            self.stopped = true;
        }
    }

    /// The end of a file: its conditionals must all be closed.
    fn end_inclusion(&mut self) {
        let Some(inc) = self.stack.pop() else { return };
        for cond in &inc.conds {
            let message = format!("unterminated #{}", cond.opened.text);
            self.core.error_at(message, cond.opened.loc);
        }
        if inc.emits && !self.out.at_line_start() {
            self.out.newline();
        }
    }
}
