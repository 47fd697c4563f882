//! Preprocessing tokens: what the pp lexer produces and macro expansion moves around.
//!
//! Every token remembers where it was written ([`Loc`]) so that the output can be mapped back to the
//! user's files, and carries the "hide set" of Prosser's expansion algorithm: the names of the macros
//! whose expansion produced it, which must not be expanded again inside that expansion (C's rule
//! that a macro is not replaced inside its own replacement, the "blue paint").

use pigment_diag::{FileId, Span};
use std::rc::Rc;

/// The categories of C's preprocessing tokens (C99 6.4), plus the markers the preprocessor needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokenKind {
    Ident,
    /// A pp-number: digits, letters, `.`, and signed exponents, lexed loosely as C does.
    Number,
    CharLit,
    StrLit,
    Punct,
    /// A single character that is no other token (`@`, `$`, a lone `\`, non-ASCII).
    Other,
    /// A `'` or `"` with no closing quote on its line; an error only where it reaches the output.
    Unterminated,
    Newline,
    Eof,
    /// C99's placemarker: stands for an empty macro argument next to `##` during substitution.
    Placemarker,
}

/// Where a token was written: a byte range in one inclusion of one file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Loc {
    pub file: FileId,
    /// Index of the inclusion (one `#include` of the file, or the main file) in the source map.
    pub inclusion: u32,
    pub start: u32,
    pub end: u32,
}

impl Loc {
    pub fn span(self) -> Span {
        Span {
            start: self.start,
            end: self.end,
        }
    }
}

/// A set of macro names, kept sorted; shared because most tokens have the same one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct HideSet(Option<Rc<[Rc<str>]>>);

impl HideSet {
    pub fn contains(&self, name: &str) -> bool {
        self.names().binary_search_by(|n| (**n).cmp(name)).is_ok()
    }

    fn names(&self) -> &[Rc<str>] {
        self.0.as_deref().unwrap_or(&[])
    }

    fn from_sorted(names: Vec<Rc<str>>) -> HideSet {
        if names.is_empty() {
            HideSet(None)
        } else {
            HideSet(Some(names.into()))
        }
    }

    /// This set plus one name.
    pub fn with(&self, name: &Rc<str>) -> HideSet {
        match self.names().binary_search_by(|n| (**n).cmp(name)) {
            Ok(_) => self.clone(),
            Err(at) => {
                let mut names = self.names().to_vec();
                names.insert(at, name.clone());
                HideSet::from_sorted(names)
            }
        }
    }

    /// The union, by merging the two sorted lists.
    pub fn union(&self, other: &HideSet) -> HideSet {
        let (a, b) = (self.names(), other.names());
        if b.is_empty() || self == other {
            return self.clone();
        }
        if a.is_empty() {
            return other.clone();
        }
        let mut names = Vec::with_capacity(a.len() + b.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            match a[i].cmp(&b[j]) {
                std::cmp::Ordering::Less => {
                    names.push(a[i].clone());
                    i += 1;
                }
                std::cmp::Ordering::Greater => {
                    names.push(b[j].clone());
                    j += 1;
                }
                std::cmp::Ordering::Equal => {
                    names.push(a[i].clone());
                    i += 1;
                    j += 1;
                }
            }
        }
        names.extend_from_slice(&a[i..]);
        names.extend_from_slice(&b[j..]);
        HideSet::from_sorted(names)
    }

    pub fn intersection(&self, other: &HideSet) -> HideSet {
        if self == other {
            return self.clone();
        }
        let names = self
            .names()
            .iter()
            .filter(|n| other.contains(n))
            .cloned()
            .collect();
        HideSet::from_sorted(names)
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub kind: TokenKind,
    pub text: Rc<str>,
    pub loc: Loc,
    /// Whitespace (or a comment) came before this token on its line.
    pub space_before: bool,
    /// First token of a source line: a `#` here starts a directive.
    pub line_start: bool,
    pub hide: HideSet,
    /// The macro expansion (index into the source map's table) whose replacement list produced
    /// this token; `None` for tokens written in the source as they appear.
    pub expansion: Option<u32>,
}

impl Token {
    pub fn new(kind: TokenKind, text: impl Into<Rc<str>>, loc: Loc) -> Token {
        Token {
            kind,
            text: text.into(),
            loc,
            space_before: false,
            line_start: false,
            hide: HideSet::default(),
            expansion: None,
        }
    }

    pub fn is_punct(&self, p: &str) -> bool {
        self.kind == TokenKind::Punct && &*self.text == p
    }

    pub fn is_ident(&self, name: &str) -> bool {
        self.kind == TokenKind::Ident && &*self.text == name
    }

    /// End of a logical line (or of the input).
    pub fn ends_line(&self) -> bool {
        matches!(self.kind, TokenKind::Newline | TokenKind::Eof)
    }
}

/// Tokens are equal when they are spelled the same (what macro redefinition compares).
impl PartialEq for Token {
    fn eq(&self, other: &Token) -> bool {
        self.kind == other.kind && self.text == other.text
    }
}

impl Eq for Token {}

#[cfg(test)]
mod tests {
    use super::HideSet;
    use std::rc::Rc;

    #[test]
    fn hide_set_union_and_intersection() {
        let a: Rc<str> = "A".into();
        let b: Rc<str> = "B".into();
        let ab = HideSet::default().with(&b).with(&a);
        assert!(ab.contains("A") && ab.contains("B") && !ab.contains("C"));
        let just_a = HideSet::default().with(&a);
        assert_eq!(ab.intersection(&just_a), just_a);
        assert_eq!(just_a.union(&HideSet::default().with(&b)), ab);
        assert!(!HideSet::default().contains("A"));
    }
}
