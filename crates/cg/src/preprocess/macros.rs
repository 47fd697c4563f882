//! Macro definitions: parsing a `#define` line into a [`Macro`], and the table of defined macros.
//!
//! The replacement list is classified once, at definition time, into plain tokens, parameter uses,
//! `#` (stringize) and `##` (paste) operators, so that tokens produced later by expansion are never
//! mistaken for operators, and malformed definitions are reported where they are written.

use super::token::{Loc, Token, TokenKind};
use pigment_diag::Diagnostic;
use std::collections::HashMap;
use std::rc::Rc;

/// Predefined macros whose value the preprocessor computes at each use.
pub(crate) const BUILTINS: &[&str] = &["__LINE__", "__FILE__", "__DATE__", "__TIME__"];

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ItemKind {
    Token(Token),
    /// A use of parameter N.
    Param(usize),
    /// `# param`
    Stringize(usize),
    /// `##`
    Paste,
}

/// One element of a replacement list and whether whitespace came before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Item {
    pub kind: ItemKind,
    pub space_before: bool,
}

#[derive(Debug)]
pub(crate) struct Macro {
    pub name: Rc<str>,
    /// `None` for an object-like macro. A variadic macro's last parameter is `__VA_ARGS__`.
    pub params: Option<Vec<Rc<str>>>,
    pub variadic: bool,
    pub body: Vec<Item>,
    /// The macro's name in its definition.
    pub def: Loc,
}

impl Macro {
    /// C's rule for benign redefinition: same parameters, same replacement list, same whitespace
    /// separation (C99 6.10.3p2).
    pub fn same_definition(&self, other: &Macro) -> bool {
        self.params == other.params
            && self.variadic == other.variadic
            && self.body.len() == other.body.len()
            && self
                .body
                .iter()
                .zip(&other.body)
                .enumerate()
                .all(|(i, (a, b))| {
                    let same_kind = match (&a.kind, &b.kind) {
                        (ItemKind::Token(x), ItemKind::Token(y)) => x.text == y.text,
                        (x, y) => x == y,
                    };
                    same_kind && (i == 0 || a.space_before == b.space_before)
                })
    }
}

/// The macros defined so far.
#[derive(Default)]
pub(crate) struct MacroTable {
    map: HashMap<Rc<str>, Rc<Macro>>,
}

impl MacroTable {
    pub fn get(&self, name: &str) -> Option<Rc<Macro>> {
        self.map.get(name).cloned()
    }

    pub fn is_defined(&self, name: &str) -> bool {
        self.map.contains_key(name) || BUILTINS.contains(&name)
    }

    /// Defines a macro; returns the previous definition when it differs from the new one.
    pub fn define(&mut self, m: Macro) -> Option<Rc<Macro>> {
        let m = Rc::new(m);
        let old = self.map.insert(m.name.clone(), m.clone())?;
        (!old.same_definition(&m)).then_some(old)
    }

    pub fn undefine(&mut self, name: &str) {
        self.map.remove(name);
    }
}

/// Checks a name token for `#define`, `#undef`, `#ifdef`, `#ifndef`; the error says why not.
pub(crate) fn check_macro_name(tok: Option<&Token>, directive: &str) -> Result<(), Diagnostic> {
    let Some(tok) = tok.filter(|t| !t.ends_line()) else {
        return Err(Diagnostic::error(format!(
            "no macro name given in #{directive} directive"
        )));
    };
    let at = |d: Diagnostic| d.at(tok.loc.file, tok.loc.span());
    if tok.kind != TokenKind::Ident {
        return Err(at(Diagnostic::error("macro names must be identifiers")));
    }
    if &*tok.text == "defined" {
        return Err(at(Diagnostic::error(
            "`defined` cannot be used as a macro name",
        )));
    }
    Ok(())
}

/// Parses the tokens of a `#define` line after the directive name into a macro.
pub(crate) fn parse_define(tokens: &[Token]) -> Result<Macro, Diagnostic> {
    check_macro_name(tokens.first(), "define")?;
    let name_tok = &tokens[0];
    if BUILTINS.contains(&&*name_tok.text) {
        let message = format!("cannot redefine the predefined macro `{}`", name_tok.text);
        return Err(Diagnostic::error(message).at(name_tok.loc.file, name_tok.loc.span()));
    }
    let mut rest = &tokens[1..];
    let mut params = None;
    let mut variadic = false;
    if rest
        .first()
        .is_some_and(|t| t.is_punct("(") && !t.space_before)
    {
        let (list, is_variadic, used) = parse_params(rest, name_tok)?;
        params = Some(list);
        variadic = is_variadic;
        rest = &rest[used..];
    }
    let body = classify_body(rest, params.as_deref(), variadic)?;
    Ok(Macro {
        name: name_tok.text.clone(),
        params,
        variadic,
        body,
        def: name_tok.loc,
    })
}

/// Parses `( a, b, ... )`; returns the names, whether variadic, and how many tokens were used.
fn parse_params(tokens: &[Token], name: &Token) -> Result<(Vec<Rc<str>>, bool, usize), Diagnostic> {
    let mut names: Vec<Rc<str>> = Vec::new();
    let error =
        |msg: &str, at: &Token| Diagnostic::error(msg.to_string()).at(at.loc.file, at.loc.span());
    let mut i = 1;
    if tokens.get(i).is_some_and(|t| t.is_punct(")")) {
        return Ok((names, false, 2));
    }
    loop {
        let Some(t) = tokens.get(i) else {
            return Err(error(
                "missing `)` in macro parameter list",
                tokens.last().unwrap_or(name),
            ));
        };
        if t.is_punct("...") {
            names.push("__VA_ARGS__".into());
            return match tokens.get(i + 1) {
                Some(close) if close.is_punct(")") => Ok((names, true, i + 2)),
                other => Err(error(
                    "missing `)` after `...` in macro parameter list",
                    other.unwrap_or(t),
                )),
            };
        }
        if t.kind != TokenKind::Ident {
            return Err(error("expected a parameter name", t));
        }
        if &*t.text == "__VA_ARGS__" {
            return Err(error(
                "`__VA_ARGS__` can only be used for the `...` parameter",
                t,
            ));
        }
        if names.contains(&t.text) {
            return Err(error(&format!("duplicate macro parameter `{}`", t.text), t));
        }
        names.push(t.text.clone());
        match tokens.get(i + 1) {
            Some(sep) if sep.is_punct(",") => i += 2,
            Some(close) if close.is_punct(")") => return Ok((names, false, i + 2)),
            other => {
                return Err(error(
                    "expected `,` or `)` in macro parameter list",
                    other.unwrap_or(t),
                ))
            }
        }
    }
}

/// Turns a replacement list into items, checking the rules for `#`, `##` and `__VA_ARGS__`.
fn classify_body(
    tokens: &[Token],
    params: Option<&[Rc<str>]>,
    variadic: bool,
) -> Result<Vec<Item>, Diagnostic> {
    let error =
        |msg: &str, at: &Token| Diagnostic::error(msg.to_string()).at(at.loc.file, at.loc.span());
    let param_index = |t: &Token| {
        let list = params?;
        (t.kind == TokenKind::Ident).then(|| list.iter().position(|p| *p == t.text))?
    };
    let mut items: Vec<Item> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        let space_before = t.space_before;
        let kind = if t.is_punct("##") {
            let last = i + 1 == tokens.len();
            if items.is_empty() || last {
                return Err(error(
                    "`##` cannot appear at either end of a macro replacement list",
                    t,
                ));
            }
            if tokens[i + 1].is_punct("##") {
                return Err(error(
                    "`##` cannot be followed by another `##`",
                    &tokens[i + 1],
                ));
            }
            ItemKind::Paste
        } else if t.is_punct("#") && params.is_some() {
            match tokens.get(i + 1).and_then(param_index) {
                Some(p) => {
                    i += 1;
                    ItemKind::Stringize(p)
                }
                None => return Err(error("`#` is not followed by a macro parameter", t)),
            }
        } else if let Some(p) = param_index(t) {
            ItemKind::Param(p)
        } else if t.is_ident("__VA_ARGS__") && !variadic {
            return Err(error(
                "`__VA_ARGS__` can only appear in the expansion of a variadic macro",
                t,
            ));
        } else {
            let mut tok = t.clone();
            tok.line_start = false;
            ItemKind::Token(tok)
        };
        items.push(Item { kind, space_before });
        i += 1;
    }
    Ok(items)
}
