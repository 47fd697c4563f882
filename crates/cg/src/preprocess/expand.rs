//! Macro expansion by Prosser's algorithm (the one behind C89's wording): each token carries a
//! hide set; a macro name is not replaced when it is in its own hide set, and the tokens of a
//! replacement get the invocation's hide set plus the macro's name. For a function-like macro the
//! invocation's hide set is the intersection of the name's and the closing parenthesis's.
//!
//! Tokens from a replacement list take the invocation's location (the user's view of where they
//! came from); tokens from arguments keep their own.

use super::core::{Core, Stream, MAX_ARGUMENT_NESTING, MAX_EXPANSION_BYTES, MAX_EXPANSION_TOKENS};
use super::lexer::is_single_token;
use super::macros::{ItemKind, Macro};
use super::source_map::Expansion;
use super::token::{HideSet, Loc, Token, TokenKind};
use std::rc::Rc;

/// The arguments of a function-like macro invocation, if it was one.
enum Invocation {
    /// The name was not followed by `(`: not an invocation.
    NotCalled,
    /// An invocation with an error, already reported.
    Failed,
    Args(Vec<Vec<Token>>, Token),
}

impl Core<'_> {
    /// The next token of `s` after macro replacement.
    pub fn expand_next(&mut self, s: &mut Stream) -> Token {
        loop {
            let t = s.next(&mut self.diags);
            if t.kind != TokenKind::Ident || t.hide.contains(&t.text) || self.expansion_stopped {
                return t;
            }
            if self.in_if && &*t.text == "defined" {
                return self.defined_operator(t, s);
            }
            if let Some(value) = self.builtin(&t) {
                return value;
            }
            let Some(m) = self.macros.get(&t.text) else {
                return t;
            };
            let replacement = if m.params.is_none() {
                let hide = t.hide.with(&m.name);
                self.substitute(&m, &[], &hide, &t)
            } else {
                match self.invocation(&m, &t, s) {
                    Invocation::NotCalled => return t,
                    Invocation::Failed => {
                        let hide = t.hide.with(&m.name);
                        return Token { hide, ..t };
                    }
                    Invocation::Args(args, close) => {
                        let hide = t.hide.intersection(&close.hide).with(&m.name);
                        self.substitute(&m, &args, &hide, &t)
                    }
                }
            };
            s.unread(replacement);
        }
    }

    /// Fully expands a list of tokens on its own (a macro argument, a directive's operands).
    pub fn expand_list(&mut self, tokens: Vec<Token>, end: Loc) -> Vec<Token> {
        if self.argument_nesting >= MAX_ARGUMENT_NESTING {
            let at = tokens.first().map_or(end, |t| t.loc);
            self.error_at(
                format!("macro invocations nested more than {MAX_ARGUMENT_NESTING} deep"),
                at,
            );
            self.expansion_stopped = true;
            return tokens;
        }
        self.argument_nesting += 1;
        let mut pending: Vec<Token> = tokens.into_iter().rev().collect();
        let mut stream = Stream::list(&mut pending, end);
        let mut out = Vec::new();
        loop {
            let t = self.expand_next(&mut stream);
            if t.kind == TokenKind::Eof {
                break;
            }
            out.push(t);
        }
        self.argument_nesting -= 1;
        out
    }

    /// `defined X` or `defined ( X )` in a `#if`: 1 or 0.
    fn defined_operator(&mut self, op: Token, s: &mut Stream) -> Token {
        let mut name = s.next(&mut self.diags);
        let parenthesized = name.is_punct("(");
        if parenthesized {
            name = s.next(&mut self.diags);
        }
        let result = |value: bool| Token {
            kind: TokenKind::Number,
            text: if value { "1" } else { "0" }.into(),
            ..op.clone()
        };
        if name.kind != TokenKind::Ident {
            self.error_at(
                "operator `defined` requires an identifier",
                if name.ends_line() { op.loc } else { name.loc },
            );
            self.if_failed = true;
            s.unread(vec![name]);
            return result(false);
        }
        if parenthesized {
            let close = s.next(&mut self.diags);
            if !close.is_punct(")") {
                self.error_at("missing `)` after `defined`", name.loc);
                self.if_failed = true;
                s.unread(vec![close]);
            }
        }
        result(self.macros.is_defined(&name.text))
    }

    /// `__LINE__`, `__FILE__`, `__DATE__`, `__TIME__`: computed at the token's position.
    fn builtin(&self, t: &Token) -> Option<Token> {
        let (kind, text) = match &*t.text {
            "__LINE__" => (
                TokenKind::Number,
                self.presumed_position(t.loc).1.to_string(),
            ),
            "__FILE__" => (TokenKind::StrLit, quote(&self.presumed_position(t.loc).0)),
            "__DATE__" => (TokenKind::StrLit, self.date_time.date.clone()),
            "__TIME__" => (TokenKind::StrLit, self.date_time.time.clone()),
            _ => return None,
        };
        Some(Token {
            kind,
            text: text.into(),
            ..t.clone()
        })
    }

    /// After a function-like macro's name: reads `( args )`, newlines counting as spaces.
    fn invocation(&mut self, m: &Macro, name: &Token, s: &mut Stream) -> Invocation {
        let mut skipped = Vec::new();
        loop {
            let u = s.next(&mut self.diags);
            if u.kind == TokenKind::Newline {
                skipped.push(u);
            } else if u.is_punct("(") {
                break;
            } else {
                skipped.push(u);
                s.unread(skipped);
                return Invocation::NotCalled;
            }
        }
        let params = m.params.as_deref().unwrap_or(&[]);
        let mut args: Vec<Vec<Token>> = vec![Vec::new()];
        let mut depth = 0usize;
        let mut newline_seen = false;
        loop {
            let mut u = s.next(&mut self.diags);
            match u.kind {
                TokenKind::Eof => {
                    self.error_at(
                        format!("unterminated argument list invoking macro `{}`", m.name),
                        name.loc,
                    );
                    s.unread(vec![u]);
                    return Invocation::Failed;
                }
                TokenKind::Newline => {
                    newline_seen = true;
                    continue;
                }
                _ => {}
            }
            u.space_before |= std::mem::take(&mut newline_seen);
            if u.line_start && u.is_punct("#") && u.expansion.is_none() {
                self.error_at(
                    "preprocessing directives inside macro arguments are not supported",
                    u.loc,
                );
            }
            u.line_start = false;
            if u.is_punct("(") {
                depth += 1;
            } else if u.is_punct(")") {
                if depth == 0 {
                    return self.check_arg_count(m, name, args, u);
                }
                depth -= 1;
            } else if u.is_punct(",") && depth == 0 && !(m.variadic && args.len() == params.len()) {
                args.push(Vec::new());
                continue;
            }
            if let Some(last) = args.last_mut() {
                last.push(u);
            }
        }
    }

    /// Matches the arguments given to the parameters (C99 6.10.3p4, p12).
    fn check_arg_count(
        &mut self,
        m: &Macro,
        name: &Token,
        mut args: Vec<Vec<Token>>,
        close: Token,
    ) -> Invocation {
        let wanted = m.params.as_ref().map_or(0, Vec::len);
        if wanted == 0 && args.len() == 1 && args[0].is_empty() {
            args.clear();
        }
        if m.variadic && args.len() + 1 == wanted {
            // No variable arguments at all: `__VA_ARGS__` is empty.
            args.push(Vec::new());
        }
        if args.len() == wanted {
            return Invocation::Args(args, close);
        }
        let message = if args.len() < wanted {
            format!(
                "macro `{}` requires {wanted} argument(s), but only {} given",
                m.name,
                args.len()
            )
        } else {
            format!(
                "macro `{}` passed {} arguments, but takes just {wanted}",
                m.name,
                args.len()
            )
        };
        self.error_at(message, name.loc);
        Invocation::Failed
    }

    /// Builds a macro's replacement for one invocation: parameters replaced by their (expanded, or
    /// for `#` and `##` unexpanded) arguments, `#` and `##` applied, placemarkers removed.
    fn substitute(
        &mut self,
        m: &Macro,
        args: &[Vec<Token>],
        hide: &HideSet,
        inv: &Token,
    ) -> Vec<Token> {
        let id = self.map.add_expansion(Expansion {
            macro_name: m.name.clone(),
            definition: Some((m.def.file, m.def.span())),
            invocation: (inv.loc.file, inv.loc.span()),
            parent: inv.expansion,
        });
        let at_site = |t: &Token, space_before: bool| Token {
            loc: inv.loc,
            expansion: Some(id),
            space_before,
            line_start: false,
            ..t.clone()
        };
        let mut expanded_args: Vec<Option<Vec<Token>>> = vec![None; args.len()];
        let mut out: Vec<Token> = Vec::new();
        let mut i = 0;
        while i < m.body.len() {
            let item = &m.body[i];
            let before_paste =
                matches!(m.body.get(i + 1).map(|it| &it.kind), Some(ItemKind::Paste));
            match &item.kind {
                ItemKind::Token(t) => out.push(at_site(t, item.space_before)),
                ItemKind::Stringize(p) => match self.stringized(&args[*p], inv.loc) {
                    Some(t) => out.push(at_site(&t, item.space_before)),
                    None => break,
                },
                ItemKind::Param(p) => {
                    let tokens = if before_paste {
                        args[*p].clone()
                    } else {
                        // The argument is expanded once, at its first use; later uses copy the
                        // expansion (they used to copy the unexpanded argument first as well).
                        if expanded_args[*p].is_none() {
                            expanded_args[*p] = Some(self.expand_list(args[*p].clone(), inv.loc));
                        }
                        expanded_args[*p].clone().unwrap_or_default()
                    };
                    if self.over_budget(out.len() + tokens.len(), inv.loc) {
                        break;
                    }
                    push_argument(&mut out, tokens, item.space_before, inv);
                }
                ItemKind::Paste => {
                    i += 1;
                    let right: Vec<Token> = match m.body.get(i).map(|it| &it.kind) {
                        Some(ItemKind::Param(p)) => args[*p].clone(),
                        Some(ItemKind::Stringize(p)) => match self.stringized(&args[*p], inv.loc) {
                            Some(t) => vec![at_site(&t, false)],
                            None => break,
                        },
                        Some(ItemKind::Token(t)) => vec![at_site(t, false)],
                        Some(ItemKind::Paste) | None => Vec::new(),
                    };
                    if self.over_budget(out.len() + right.len(), inv.loc) {
                        break;
                    }
                    let left = out.pop();
                    self.paste(&mut out, left, right, inv, id);
                }
            }
            i += 1;
        }
        out.retain(|t| t.kind != TokenKind::Placemarker);
        for t in &mut out {
            t.hide = t.hide.union(hide);
        }
        if let Some(first) = out.first_mut() {
            first.space_before = inv.space_before;
        }
        self.count_work(out.len(), inv.loc);
        out
    }

    /// Appends `left ## right[0]` and the rest of `right` to `out`.
    fn paste(
        &mut self,
        out: &mut Vec<Token>,
        left: Option<Token>,
        right: Vec<Token>,
        inv: &Token,
        id: u32,
    ) {
        let mut right = right.into_iter();
        let (left, first) = match (left, right.next()) {
            (Some(l), Some(r))
                if l.kind != TokenKind::Placemarker && r.kind != TokenKind::Placemarker =>
            {
                (l, r)
            }
            (Some(l), None) => {
                out.push(l);
                out.extend(right);
                return;
            }
            (Some(l), Some(r)) => {
                out.push(if l.kind == TokenKind::Placemarker {
                    r
                } else {
                    l
                });
                out.extend(right);
                return;
            }
            (None, r) => {
                out.extend(r);
                out.extend(right);
                return;
            }
        };
        if self.over_byte_budget(left.text.len() + first.text.len(), inv.loc) {
            out.push(left);
            out.push(first);
            out.extend(right);
            return;
        }
        let text = format!("{}{}", left.text, first.text);
        match is_single_token(&text) {
            Some(kind) => {
                let mut t = Token::new(kind, text, inv.loc);
                t.space_before = left.space_before;
                t.expansion = Some(id);
                out.push(t);
            }
            None => {
                let message = format!(
                    "pasting `{}` and `{}` does not give a valid preprocessing token",
                    left.text, first.text
                );
                self.error_at(message, inv.loc);
                out.push(left);
                out.push(first);
            }
        }
        out.extend(right);
    }

    fn count_work(&mut self, produced: usize, at: Loc) {
        self.expansion_work += produced + 1;
        if self.expansion_work > MAX_EXPANSION_TOKENS {
            self.stop_expansion(at);
        }
    }

    /// `#param`'s string, or `None` when it would pass the byte limit (checked before the string
    /// is built, against a bound: every byte escaped).
    fn stringized(&mut self, arg: &[Token], at: Loc) -> Option<Token> {
        let bound = arg.iter().map(|t| 2 * t.text.len() + 1).sum::<usize>() + 2;
        if self.over_byte_budget(bound, at) {
            return None;
        }
        Some(stringize(arg))
    }

    /// Whether `#` or `##` writing `size` more bytes would pass the limit (stopping expansion if
    /// so); otherwise counts them.
    fn over_byte_budget(&mut self, size: usize, at: Loc) -> bool {
        if self.expansion_stopped {
            return true;
        }
        if self.expansion_bytes + size > MAX_EXPANSION_BYTES {
            let limit = MAX_EXPANSION_BYTES >> 20;
            let message = format!(
                "the `#` and `##` operators produced more than {limit} MiB; expansion stopped"
            );
            self.stop_expansion_with(message, at);
            return true;
        }
        self.expansion_bytes += size;
        false
    }

    /// Whether a replacement of `size` tokens, about to be built, would pass the limit (or
    /// expansion has stopped, perhaps inside one of its arguments). Checked before an argument
    /// is copied into a replacement, since a macro that repeats its argument multiplies the
    /// tokens at every level: counting only what was built would let the invocations already
    /// under way grow past the limit many times over after it was hit.
    fn over_budget(&mut self, size: usize, at: Loc) -> bool {
        if self.expansion_work + size > MAX_EXPANSION_TOKENS {
            self.stop_expansion(at);
        }
        self.expansion_stopped
    }

    /// Stops expanding macros, reporting the token limit the first time.
    fn stop_expansion(&mut self, at: Loc) {
        let message = format!(
            "macro expansion produced more than {MAX_EXPANSION_TOKENS} tokens; expansion stopped"
        );
        self.stop_expansion_with(message, at);
    }

    /// Stops expanding macros, reporting `message` if expansion was still going.
    fn stop_expansion_with(&mut self, message: String, at: Loc) {
        if !self.expansion_stopped {
            self.expansion_stopped = true;
            self.error_at(message, at);
        }
    }
}

/// Appends an argument's tokens; an empty argument becomes a placemarker (needed next to `##`).
fn push_argument(out: &mut Vec<Token>, mut tokens: Vec<Token>, space_before: bool, inv: &Token) {
    match tokens.first_mut() {
        Some(first) => first.space_before = space_before,
        None => tokens.push(Token::new(TokenKind::Placemarker, "", inv.loc)),
    }
    out.extend(tokens);
}

/// `#param`: the argument's spelling as a string literal; whitespace between tokens becomes one
/// space, and `"` and `\` inside string and character literals are escaped (C99 6.10.3.2).
fn stringize(arg: &[Token]) -> Token {
    let mut text = String::from("\"");
    for (i, t) in arg.iter().enumerate() {
        if i > 0 && t.space_before {
            text.push(' ');
        }
        if matches!(
            t.kind,
            TokenKind::StrLit | TokenKind::CharLit | TokenKind::Unterminated
        ) {
            for c in t.text.chars() {
                if c == '"' || c == '\\' {
                    text.push('\\');
                }
                text.push(c);
            }
        } else {
            text.push_str(&t.text);
        }
    }
    text.push('"');
    let loc = arg.first().map(|t| t.loc).unwrap_or_default();
    Token::new(TokenKind::StrLit, Rc::<str>::from(text), loc)
}

/// A string literal naming `s` (for `__FILE__`).
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}
