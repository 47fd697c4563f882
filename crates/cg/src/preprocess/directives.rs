//! Directive lines: `#define`, `#undef`, the conditionals, `#include`, `#line`, `#error`,
//! `#warning`, `#pragma` and the null directive.

use super::driver::{Cond, CondState, Driver};
use super::expr;
use super::include::IncludeKind;
use super::macros::{check_macro_name, parse_define, BUILTINS};
use super::token::{Loc, Token, TokenKind};
use super::Pragma;
use pigment_diag::{Diagnostic, Span};
use std::path::Path;

/// `#include` nesting deeper than this is an error (it is nearly always a file including itself).
pub(crate) const MAX_INCLUDE_DEPTH: usize = 200;

/// Spells tokens back as text, one space where the source had whitespace.
fn spell(tokens: &[Token]) -> String {
    let mut text = String::new();
    for (i, t) in tokens.iter().enumerate() {
        if i > 0 && t.space_before {
            text.push(' ');
        }
        text.push_str(&t.text);
    }
    text
}

impl Driver<'_, '_> {
    fn inclusion_index(&self) -> u32 {
        self.stack.last().map_or(0, |inc| inc.index)
    }

    /// Reports a diagnostic, placing it at `fallback` when it has no location of its own.
    fn report_at(&mut self, mut d: Diagnostic, fallback: Loc) {
        if d.primary.is_none() {
            d = d.at(fallback.file, fallback.span());
        }
        let inclusion = self.inclusion_index();
        self.core.report(d, inclusion);
    }

    fn warn_extra_tokens(&mut self, tokens: &[Token], directive: &Token) {
        if let Some(extra) = tokens.first() {
            self.core.warning_at(
                format!("extra tokens at end of #{} directive", directive.text),
                extra.loc,
            );
        }
    }

    /// A line starting with `#`. In a skipped group only the conditionals matter.
    pub(crate) fn directive(&mut self, hash: Token, skipping: bool) {
        let Some(inc) = self.stack.last_mut() else {
            return;
        };
        let name = inc.stream().next(&mut self.core.diags);
        if name.ends_line() {
            return self.finish_line(name);
        }
        if !skipping && name.is_ident("include") {
            return self.include(name);
        }
        let (tokens, end) = self.read_line();
        match &*name.text {
            "if" | "ifdef" | "ifndef" => self.open_conditional(name, tokens, skipping, &end),
            "elif" => self.elif(name, tokens, &end),
            "else" | "endif" => self.else_or_endif(name, tokens),
            _ if skipping => {}
            "define" => self.define(&name, tokens),
            "undef" => self.undef(name, tokens),
            "line" => self.line(tokens, &end),
            "error" | "warning" => self.message(&hash, name, &tokens),
            "pragma" => self.pragma(&hash, name, tokens),
            _ => self.core.error_at(
                format!("invalid preprocessing directive `#{}`", name.text),
                name.loc,
            ),
        }
        self.finish_line(end);
    }

    fn open_conditional(&mut self, name: Token, tokens: Vec<Token>, skipping: bool, end: &Token) {
        let state = if skipping {
            CondState::Dead
        } else {
            let taken = match &*name.text {
                "if" => self.condition(&name, tokens, end.loc),
                _ => self.ifdef(&name, tokens),
            };
            if taken {
                CondState::Taking
            } else {
                CondState::Seeking
            }
        };
        if let Some(inc) = self.stack.last_mut() {
            inc.conds.push(Cond {
                state,
                else_seen: false,
                opened: name,
            });
        }
    }

    /// `#ifdef NAME` / `#ifndef NAME`: whether the group is taken.
    fn ifdef(&mut self, name: &Token, tokens: Vec<Token>) -> bool {
        if let Err(d) = check_macro_name(tokens.first(), &name.text) {
            self.report_at(d, name.loc);
            return false;
        }
        self.warn_extra_tokens(&tokens[1..], name);
        self.core.macros.is_defined(&tokens[0].text) == (&*name.text == "ifdef")
    }

    /// Evaluates a `#if` or `#elif` expression; errors make it false.
    fn condition(&mut self, directive: &Token, tokens: Vec<Token>, end: Loc) -> bool {
        self.core.in_if = true;
        self.core.if_failed = false;
        let expanded = self.core.expand_list(tokens, end);
        self.core.in_if = false;
        if self.core.if_failed {
            return false;
        }
        match expr::evaluate(&expanded, directive) {
            Ok(value) => value.bits != 0,
            Err(d) => {
                self.report_at(d, directive.loc);
                false
            }
        }
    }

    fn elif(&mut self, name: Token, tokens: Vec<Token>, end: &Token) {
        let Some(cond) = self.stack.last().and_then(|inc| inc.conds.last()).cloned() else {
            return self.core.error_at("#elif without #if", name.loc);
        };
        if cond.else_seen {
            return self.core.error_at("#elif after #else", name.loc);
        }
        let state = match cond.state {
            CondState::Taking => CondState::Done,
            CondState::Seeking if self.condition(&name, tokens, end.loc) => CondState::Taking,
            other => other,
        };
        if let Some(c) = self.stack.last_mut().and_then(|inc| inc.conds.last_mut()) {
            c.state = state;
        }
    }

    fn else_or_endif(&mut self, name: Token, tokens: Vec<Token>) {
        let is_else = &*name.text == "else";
        let Some(inc) = self.stack.last_mut() else {
            return;
        };
        let Some(cond) = inc.conds.last_mut() else {
            return self
                .core
                .error_at(format!("#{} without #if", name.text), name.loc);
        };
        let dead = cond.state == CondState::Dead;
        if !is_else {
            inc.conds.pop();
        } else if cond.else_seen {
            return self.core.error_at("#else after #else", name.loc);
        } else {
            cond.else_seen = true;
            cond.state = match cond.state {
                CondState::Taking => CondState::Done,
                CondState::Seeking => CondState::Taking,
                other => other,
            };
        }
        if !dead {
            self.warn_extra_tokens(&tokens, &name);
        }
    }

    fn define(&mut self, directive: &Token, tokens: Vec<Token>) {
        match parse_define(&tokens) {
            Err(d) => self.report_at(d, directive.loc),
            Ok(m) => {
                let at = m.def;
                if let Some(old) = self.core.macros.define(m) {
                    let d = Diagnostic::warning(format!("`{}` redefined", old.name))
                        .at(at.file, at.span())
                        .with_label(old.def.file, old.def.span(), "previous definition is here");
                    self.report_at(d, at);
                }
            }
        }
    }

    fn undef(&mut self, name: Token, tokens: Vec<Token>) {
        if let Err(d) = check_macro_name(tokens.first(), "undef") {
            return self.report_at(d, name.loc);
        }
        let target = &tokens[0];
        if BUILTINS.contains(&&*target.text) {
            return self.core.error_at(
                format!("cannot undefine the predefined macro `{}`", target.text),
                target.loc,
            );
        }
        self.core.macros.undefine(&target.text);
        self.warn_extra_tokens(&tokens[1..], &name);
    }

    /// `#line N` or `#line N "name"` (operands macro-expanded, C99 6.10.4).
    fn line(&mut self, tokens: Vec<Token>, end: &Token) {
        let directive_loc = tokens.first().map_or(end.loc, |t| t.loc);
        let tokens = self.core.expand_list(tokens, end.loc);
        let number = match tokens.first() {
            Some(t)
                if t.kind == TokenKind::Number && t.text.bytes().all(|b| b.is_ascii_digit()) =>
            {
                t
            }
            Some(t) => {
                return self.core.error_at(
                    format!("`{}` after #line is not a positive integer", t.text),
                    t.loc,
                )
            }
            None => {
                return self
                    .core
                    .error_at("#line requires a line number", directive_loc)
            }
        };
        let line = match number.text.parse::<u64>() {
            Ok(n) if n <= 2_147_483_647 => n as usize,
            _ => {
                return self.core.error_at(
                    "line number out of range (C allows 1 to 2147483647)",
                    number.loc,
                )
            }
        };
        let name = match tokens.get(1) {
            None => None,
            Some(t) if t.kind == TokenKind::StrLit && !t.text.starts_with('L') => {
                Some(unescape_string(&t.text))
            }
            Some(t) => {
                return self
                    .core
                    .error_at(format!("invalid file name `{}` in #line", t.text), t.loc)
            }
        };
        self.warn_extra_tokens(
            tokens.get(2..).unwrap_or(&[]),
            &Token::new(TokenKind::Ident, "line", directive_loc),
        );
        if end.kind != TokenKind::Newline {
            return;
        }
        let inclusion = self.inclusion_index();
        let name = name.unwrap_or_else(|| self.core.presumed_position(end.loc).0);
        let from_line = self.core.files.line_col(end.loc.file, end.loc.start).line + 1;
        self.core
            .map
            .add_line_mark(inclusion, from_line, line, name);
    }

    /// `#error` (an error) and `#warning` (a warning, as gcc's cpp accepts it).
    fn message(&mut self, hash: &Token, name: Token, tokens: &[Token]) {
        let text = format!("#{} {}", name.text, spell(tokens));
        let end = tokens.last().map_or(name.loc.end, |t| t.loc.end);
        let span = Span {
            start: hash.loc.start,
            end: end.max(hash.loc.end),
        };
        let d = if &*name.text == "error" {
            Diagnostic::error(text)
        } else {
            Diagnostic::warning(text)
        };
        self.report_at(d.at(hash.loc.file, span), hash.loc);
    }

    /// `#pragma`: recorded, and written to the output unexpanded for the compiler to act on.
    fn pragma(&mut self, hash: &Token, name: Token, tokens: Vec<Token>) {
        let end = tokens.last().map_or(name.loc.end, |t| t.loc.end);
        let output_offset = self.out.text.len();
        self.pragmas.push(Pragma {
            file: hash.loc.file,
            span: Span {
                start: hash.loc.start,
                end,
            },
            text: spell(&tokens),
            output_offset,
        });
        for t in std::iter::once(hash)
            .chain(std::iter::once(&name))
            .chain(&tokens)
        {
            self.emit(t);
        }
    }

    /// `#include "name"` / `#include <name>` (or a macro-expanded form of either).
    fn include(&mut self, directive: Token) {
        let Some(inc) = self.stack.last_mut() else {
            return;
        };
        let header = inc.lexer.header_name(&mut self.core.diags);
        let (tokens, end) = self.read_line();
        let target = match header {
            Some((angled, name, loc)) => {
                self.warn_extra_tokens(&tokens, &directive);
                Some((angled, name, loc))
            }
            None => self.computed_header(&directive, tokens, end.loc),
        };
        self.finish_line(end);
        let Some((angled, name, loc)) = target else {
            return;
        };
        if name.is_empty() {
            return self.core.error_at("empty file name in #include", loc);
        }
        if self.stack.len() >= MAX_INCLUDE_DEPTH {
            return self.core.error_at(
                format!("#include nested more than {MAX_INCLUDE_DEPTH} deep"),
                loc,
            );
        }
        let kind = if angled {
            IncludeKind::Angled
        } else {
            IncludeKind::Quoted
        };
        let Some(current) = self.stack.last().map(|inc| inc.file) else {
            return;
        };
        let includer = self.core.files.name(current).to_string();
        let (path, text) = match self
            .resolver
            .resolve(&name, kind, Some(Path::new(&includer)))
        {
            Ok(Some(found)) => found,
            Ok(None) => {
                return self
                    .core
                    .error_at(format!("cannot find include file `{name}`"), loc)
            }
            Err(message) => return self.core.error_at(message, loc),
        };
        let key = path.to_string_lossy().into_owned();
        let file = match self.loaded.get(&key) {
            Some(&file) => file,
            None => {
                let file = self.core.files.add(key.clone(), text);
                self.loaded.insert(key, file);
                file
            }
        };
        self.push_inclusion(file, Some(loc), true);
    }

    /// `#include` followed by something other than a header name: macro-expand, then expect a
    /// string literal or `<` … `>` (C99 6.10.2p4).
    fn computed_header(
        &mut self,
        directive: &Token,
        tokens: Vec<Token>,
        end: Loc,
    ) -> Option<(bool, String, Loc)> {
        let tokens = self.core.expand_list(tokens, end);
        let expected = "#include expects \"FILENAME\" or <FILENAME>";
        match tokens.first() {
            Some(t) if t.kind == TokenKind::StrLit && !t.text.starts_with('L') => {
                self.warn_extra_tokens(&tokens[1..], directive);
                Some((false, t.text[1..t.text.len() - 1].to_string(), t.loc))
            }
            Some(t) if t.is_punct("<") => {
                let Some(close) = tokens.iter().position(|t| t.is_punct(">")) else {
                    self.core
                        .error_at("missing terminating `>` character", t.loc);
                    return None;
                };
                self.warn_extra_tokens(&tokens[close + 1..], directive);
                let name = spell(&tokens[1..close]);
                Some((true, name, t.loc))
            }
            Some(t) => {
                self.core.error_at(expected, t.loc);
                None
            }
            None => {
                self.core.error_at(expected, directive.loc);
                None
            }
        }
    }
}

/// The text of a string literal with `\\` and `\"` unescaped (for `#line` file names).
fn unescape_string(literal: &str) -> String {
    let inner = &literal[1..literal.len() - 1];
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}
