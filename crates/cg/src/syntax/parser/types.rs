//! Parsing type specifiers: built-in names, `unsigned ...`, user type names, and struct/interface
//! definitions (with an inherited interface or a semantic on the tag).

use super::Parser;
use crate::syntax::ast::{Decl, Ident, Scalar, StructDef, StructKind, TypeKind, TypeSpec};
use crate::syntax::token::{Keyword, Punct, TokenKind};
use pigment_diag::Span;

/// The words that may follow `unsigned`.
fn unsigned_scalar(word: &str) -> Option<Scalar> {
    match word {
        "int" => Some(Scalar::UnsignedInt),
        "char" => Some(Scalar::UnsignedChar),
        "short" => Some(Scalar::UnsignedShort),
        "long" => Some(Scalar::UnsignedLong),
        _ => None,
    }
}

impl Parser<'_> {
    /// How many tokens the type name starting `n` tokens ahead spans (`unsigned int` is two), or
    /// `None` if no known type name starts there. Struct definitions do not count: this serves the
    /// cast and declaration lookaheads.
    pub(super) fn type_name_len_at(&self, n: usize) -> Option<usize> {
        let token = self.nth(n);
        match token.kind {
            TokenKind::Keyword(Keyword::Void) => Some(1),
            TokenKind::Ident => {
                let text = self.text_of(token);
                if !self.is_type_name(text) {
                    return None;
                }
                let next = self.nth(n + 1);
                let joined = text == "unsigned"
                    && next.kind == TokenKind::Ident
                    && unsigned_scalar(self.text_of(next)).is_some();
                Some(if joined { 2 } else { 1 })
            }
            _ => None,
        }
    }

    /// Whether a type (a known type name, `void`, `struct` or `interface`) starts `n` tokens ahead.
    pub(super) fn starts_type_at(&self, n: usize) -> bool {
        matches!(
            self.nth(n).kind,
            TokenKind::Keyword(Keyword::Struct | Keyword::Interface)
        ) || self.type_name_len_at(n).is_some()
    }

    /// Parses a type specifier. `context` completes "expected a type ...". An identifier that is
    /// not a known type is taken as a type name anyway (the caller has decided a type must be here);
    /// the checker reports it as unknown.
    pub(super) fn parse_type_spec(&mut self, packed: Option<Span>, context: &str) -> TypeSpec {
        let start = self.peek().span;
        let kind = match self.peek().kind {
            TokenKind::Keyword(Keyword::Void) => {
                self.bump();
                TypeKind::Void
            }
            TokenKind::Keyword(Keyword::Struct | Keyword::Interface) => self.parse_struct(),
            TokenKind::Ident => self.parse_type_name(),
            _ => {
                self.expected("a type", context);
                TypeKind::Error
            }
        };
        let span = match packed {
            Some(p) => p.to(self.span_from(start)),
            None => self.span_from(start),
        };
        TypeSpec { kind, packed, span }
    }

    fn parse_type_name(&mut self) -> TypeKind {
        let token = self.bump();
        let text = self.text_of(token);
        if text == "unsigned" && self.peek().kind == TokenKind::Ident {
            if let Some(scalar) = unsigned_scalar(self.text_of(self.peek())) {
                self.bump();
                return TypeKind::Scalar(scalar);
            }
        }
        // A typedef may reuse a built-in name; otherwise the built-in meaning wins.
        let user_type = self.scopes.iter().rev().find_map(|s| s.get(text)) == Some(&true);
        match TypeKind::builtin(text) {
            Some(builtin) if !user_type => builtin,
            _ => TypeKind::Named(Ident {
                name: text.to_string(),
                span: token.span,
            }),
        }
    }

    /// `struct NAME [: BASE-OR-SEMANTIC] { members }`, or a reference `struct NAME`.
    fn parse_struct(&mut self) -> TypeKind {
        let keyword = self.bump();
        let kind = match keyword.kind {
            TokenKind::Keyword(Keyword::Interface) => StructKind::Interface,
            _ => StructKind::Struct,
        };
        let word = if kind == StructKind::Interface {
            "interface"
        } else {
            "struct"
        };
        let name = if self.peek().kind == TokenKind::Ident {
            let token = self.bump();
            let name = Ident {
                name: self.text_of(token).to_string(),
                span: token.span,
            };
            // Declared before the body so member functions can use it.
            self.declare_type(&name.name);
            Some(name)
        } else {
            None
        };
        let (mut base, mut semantic) = (None, None);
        if self.at_punct(Punct::Colon) && !self.nth_is_punct(1, Punct::Colon) {
            self.bump();
            let token = self.peek();
            if token.kind == TokenKind::Ident && self.is_type_name(self.text_of(token)) {
                self.bump();
                base = Some(Ident {
                    name: self.text_of(token).to_string(),
                    span: token.span,
                });
            } else {
                semantic =
                    self.parse_semantic_after_colon(&format!("after `:` in the {word} header"));
            }
        }
        if !self.at_punct(Punct::LBrace) {
            let what = if name.is_some() {
                "`{`"
            } else {
                "a name or `{`"
            };
            if let Some(name) = name.filter(|_| base.is_none() && semantic.is_none()) {
                return TypeKind::Named(name);
            }
            self.expected(what, &format!("after `{word}`"));
            return TypeKind::Error;
        }
        let members = self.parse_struct_body(word);
        let span = self.span_from(keyword.span);
        TypeKind::Struct(Box::new(StructDef {
            kind,
            name,
            base,
            semantic,
            members,
            span,
        }))
    }

    /// `{ member; member; }`: data members and member functions, in their own scope.
    fn parse_struct_body(&mut self, word: &str) -> Vec<Decl> {
        let Some(open) = self.eat_punct(Punct::LBrace) else {
            return Vec::new();
        };
        let members = self.descend(
            false,
            |_, _| Vec::new(),
            |p| {
                p.push_scope();
                let mut members = Vec::new();
                while !p.at_punct(Punct::RBrace) && !p.at_eof() {
                    let before = p.pos;
                    if p.eat_punct(Punct::Semi).is_none() {
                        if let Some(decl) = p.parse_decl(super::decls::DeclContext::Member) {
                            members.push(decl);
                        }
                    }
                    p.ensure_progress(before);
                }
                p.pop_scope();
                members
            },
        );
        self.expect_closing(Punct::RBrace, open, &format!("to close the {word} body"));
        members
    }
}
