//! Parsing declarations: top-level items, variables with declarators (array sizes, semantics,
//! annotations, initializers), typedefs, functions and their parameters, and what Cg programs may
//! not contain (CgFX techniques, `asm` blocks), which is reported and skipped.

use super::Parser;
use crate::syntax::ast::{
    Annotation, ArrayDim, Decl, Declarator, ExprId, ExprKind, Function, Ident, Param, Qualifier,
    QualifierKind, Semantic, SemanticKind, TypeKind, TypeSpec, VarDecl,
};
use crate::syntax::token::{Keyword, Punct, TokenKind};
use pigment_diag::Span;

/// Where a declaration appears; it decides what the parser accepts and how it words errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DeclContext {
    Global,
    Member,
    Local,
}

/// Everything before the type: qualifiers (with profile names), `typedef` and `packed`.
struct Specifiers {
    qualifiers: Vec<Qualifier>,
    typedef: Option<Span>,
    packed: Option<Span>,
}

fn qualifier_keyword(k: Keyword) -> Option<QualifierKind> {
    Some(match k {
        Keyword::Const => QualifierKind::Const,
        Keyword::Uniform => QualifierKind::Uniform,
        Keyword::Varying => QualifierKind::Varying,
        Keyword::In => QualifierKind::In,
        Keyword::Out => QualifierKind::Out,
        Keyword::Inout => QualifierKind::Inout,
        Keyword::Static => QualifierKind::Static,
        Keyword::Extern => QualifierKind::Extern,
        Keyword::Inline => QualifierKind::Inline,
        _ => return None,
    })
}

/// Keywords that may only start a declaration.
pub(super) fn is_specifier_keyword(k: Keyword) -> bool {
    qualifier_keyword(k).is_some() || matches!(k, Keyword::Typedef | Keyword::Packed)
}

impl Parser<'_> {
    pub(super) fn parse_top_level_item(&mut self, decls: &mut Vec<Decl>) {
        let token = self.peek();
        match token.kind {
            // The spec's own examples end function definitions with `};`.
            TokenKind::Punct(Punct::Semi) => {
                self.bump();
            }
            TokenKind::Punct(Punct::RBrace) => {
                self.error(
                    token.span,
                    "unexpected `}` at the top level: no block is open",
                );
                self.bump();
            }
            TokenKind::Keyword(Keyword::Asm) => self.skip_asm(),
            TokenKind::Ident
                if self.text_of(token) == "technique" && self.nth(1).kind == TokenKind::Ident =>
            {
                self.skip_technique();
            }
            _ => {
                if let Some(decl) = self.parse_decl(DeclContext::Global) {
                    decls.push(decl);
                }
            }
        }
    }

    /// Parses one declaration (variables, typedef, struct definition, or function). Returns `None`
    /// when nothing usable was read; errors are reported and the parser has resynchronised.
    pub(super) fn parse_decl(&mut self, ctx: DeclContext) -> Option<Decl> {
        let start = self.peek().span;
        let specs = self.parse_specifiers();
        let token = self.peek();
        let no_specifiers =
            specs.qualifiers.is_empty() && specs.typedef.is_none() && specs.packed.is_none();
        let unknown_word = token.kind == TokenKind::Ident
            && !self.is_type_name(self.text_of(token))
            && self.nth(1).kind != TokenKind::Ident;
        if no_specifiers
            && (unknown_word || !(token.kind == TokenKind::Ident || self.starts_type_at(0)))
        {
            let what = match ctx {
                DeclContext::Member => "a member declaration",
                _ => "a declaration",
            };
            self.expected(what, "");
            self.recover();
            return None;
        }
        let ty = self.parse_type_spec(specs.packed, "in the declaration");
        if ty.kind == TypeKind::Error {
            self.recover();
            return None;
        }
        if self.eat_punct(Punct::Semi).is_some() {
            return Some(self.finish_var_decl(start, specs, ty, Vec::new()));
        }
        let (scope, name) = self.parse_decl_name(&ty)?;
        if self.at_punct(Punct::LParen) {
            return self.parse_function(ctx, start, specs, ty, scope, name);
        }
        if let Some(scope) = scope {
            self.error(
                scope.span,
                "only functions can be declared with a `scope::` prefix",
            );
        }
        self.parse_declarators(start, specs, ty, name)
    }

    fn parse_specifiers(&mut self) -> Specifiers {
        let mut specs = Specifiers {
            qualifiers: Vec::new(),
            typedef: None,
            packed: None,
        };
        loop {
            let token = self.peek();
            let kind = match token.kind {
                TokenKind::Keyword(Keyword::Typedef) => {
                    specs.typedef = Some(self.bump().span);
                    continue;
                }
                TokenKind::Keyword(Keyword::Packed) => {
                    specs.packed = Some(self.bump().span);
                    continue;
                }
                TokenKind::Keyword(k) => match qualifier_keyword(k) {
                    Some(kind) => kind,
                    None => break,
                },
                TokenKind::Ident if self.at_profile_name() => {
                    QualifierKind::Profile(self.text_of(token).to_string())
                }
                _ => break,
            };
            self.bump();
            specs.qualifiers.push(Qualifier {
                kind,
                span: token.span,
            });
        }
        specs
    }

    /// A profile name is an identifier that is not a type, followed by a type, a qualifier, or an
    /// unknown type name and then a name (`fp30 MyType f()`). The spec: "If a type is defined that
    /// has the same name as a profile, the identifier is treated as a type name".
    fn at_profile_name(&self) -> bool {
        if self.is_type_name(self.text_of(self.peek())) {
            return false;
        }
        let next = self.nth(1).kind;
        self.starts_type_at(1)
            || matches!(next, TokenKind::Keyword(k) if is_specifier_keyword(k))
            || (next == TokenKind::Ident && self.nth(2).kind == TokenKind::Ident)
    }

    /// The declared name, with an optional `scope::` prefix (member functions defined outside their
    /// struct). Reports and resynchronises when there is no name.
    fn parse_decl_name(&mut self, ty: &TypeSpec) -> Option<(Option<Ident>, Ident)> {
        if self.peek().kind != TokenKind::Ident {
            let shown = &self.text[ty.span.range()];
            self.expected("a name", &format!("after the type `{shown}`"));
            self.recover();
            return None;
        }
        let first = self.ident();
        if self.at_punct(Punct::ColonColon) && self.nth(1).kind == TokenKind::Ident {
            self.bump();
            let name = self.ident();
            return Some((Some(first), name));
        }
        Some((None, first))
    }

    /// Consumes the current identifier token.
    pub(super) fn ident(&mut self) -> Ident {
        let token = self.bump();
        Ident {
            name: self.text_of(token).to_string(),
            span: token.span,
        }
    }

    fn finish_var_decl(
        &mut self,
        start: Span,
        specs: Specifiers,
        ty: TypeSpec,
        declarators: Vec<Declarator>,
    ) -> Decl {
        let decl = VarDecl {
            qualifiers: specs.qualifiers,
            ty,
            declarators,
            span: self.span_from(start),
        };
        match specs.typedef {
            Some(_) => Decl::Typedef(decl),
            None => Decl::Var(decl),
        }
    }

    fn parse_declarators(
        &mut self,
        start: Span,
        specs: Specifiers,
        ty: TypeSpec,
        first: Ident,
    ) -> Option<Decl> {
        let mut declarators = Vec::new();
        let mut name = first;
        loop {
            let declarator = self.parse_declarator_rest(name, specs.typedef.is_some());
            let last = declarator.name.name.clone();
            declarators.push(declarator);
            if self.eat_punct(Punct::Comma).is_none() {
                if self.eat_punct(Punct::Semi).is_none() {
                    self.expected("`;`", &format!("after the declaration of `{last}`"));
                    self.recover();
                }
                break;
            }
            if self.peek().kind != TokenKind::Ident {
                self.expected(
                    "a name",
                    &format!("after `,` in the declaration of `{last}`"),
                );
                self.recover();
                break;
            }
            name = self.ident();
        }
        Some(self.finish_var_decl(start, specs, ty, declarators))
    }

    /// After the name: `[dims] [: semantic] [<annotations>] [= initializer]`.
    fn parse_declarator_rest(&mut self, name: Ident, is_typedef: bool) -> Declarator {
        if is_typedef {
            self.declare_type(&name.name);
        } else {
            self.declare_value(&name.name);
        }
        let dims = self.parse_array_dims();
        let mut semantic = None;
        if self.eat_punct(Punct::Colon).is_some() {
            semantic = self.parse_semantic_after_colon(&format!(
                "after `:` in the declaration of `{}`",
                name.name
            ));
        }
        let annotations = if self.at_punct(Punct::Lt) {
            self.parse_annotations()
        } else {
            Vec::new()
        };
        let init = self.eat_punct(Punct::Eq).map(|_| self.parse_initializer());
        let span = self.span_from(name.span);
        Declarator {
            name,
            dims,
            semantic,
            annotations,
            init,
            span,
        }
    }

    /// `[4][2]`, `[]`: array sizes after a name or in a cast.
    pub(super) fn parse_array_dims(&mut self) -> Vec<ArrayDim> {
        let mut dims = Vec::new();
        while let Some(open) = self.eat_punct(Punct::LBracket) {
            let size = if self.at_punct(Punct::RBracket) {
                None
            } else {
                Some(self.parse_expr())
            };
            if !self.expect_closing(Punct::RBracket, open, "to close the array size") {
                self.skip_until(&[Punct::RBracket]);
                self.eat_punct(Punct::RBracket);
            }
            dims.push(ArrayDim {
                size,
                span: self.span_from(open),
            });
        }
        dims
    }

    /// After `:`: `COLOR`, `TEXCOORD0`, `state.matrix.mvp`, `state.light[0].position`, or
    /// `register(s0)`.
    pub(super) fn parse_semantic_after_colon(&mut self, context: &str) -> Option<Semantic> {
        let start = self.peek();
        if start.kind != TokenKind::Ident {
            self.expected("a semantic such as `COLOR` or `TEXCOORD0`", context);
            return None;
        }
        if self.text_of(start) == "register" && self.nth_is_punct(1, Punct::LParen) {
            self.bump();
            let open = self.bump().span;
            let mut words = Vec::new();
            while self.peek().kind == TokenKind::Ident {
                words.push(self.ident());
                if self.eat_punct(Punct::Comma).is_none() {
                    break;
                }
            }
            if words.is_empty() {
                self.expected("a register name such as `s0` or `c3`", "in `register(...)`");
            }
            if !self.expect_closing(Punct::RParen, open, "to close `register(`") {
                self.skip_until(&[Punct::RParen]);
                self.eat_punct(Punct::RParen);
            }
            return Some(Semantic {
                kind: SemanticKind::Register(words),
                span: self.span_from(start.span),
            });
        }
        let mut name = self.ident().name;
        loop {
            if self.at_punct(Punct::Dot) && self.nth(1).kind == TokenKind::Ident {
                self.bump();
                name.push('.');
                name.push_str(&self.ident().name);
            } else if self.at_punct(Punct::LBracket)
                && self.nth(1).kind == TokenKind::Int
                && self.nth_is_punct(2, Punct::RBracket)
            {
                self.bump();
                let index = self.bump();
                self.bump();
                name.push_str(&format!("[{}]", self.text_of(index)));
            } else {
                break;
            }
        }
        Some(Semantic {
            kind: SemanticKind::Name(name),
            span: self.span_from(start.span),
        })
    }

    /// `< type name = value; ... >`.
    fn parse_annotations(&mut self) -> Vec<Annotation> {
        let open = self.bump().span;
        let mut annotations = Vec::new();
        while self.eat_punct(Punct::Gt).is_none() {
            let before = self.pos;
            let at_end =
                self.at_eof() || self.at_punct(Punct::LBrace) || self.at_punct(Punct::RBrace);
            if at_end || self.at_punct(Punct::Semi) {
                self.expect_closing(Punct::Gt, open, "to close the annotation list");
                break;
            }
            match self.parse_annotation() {
                Some(annotation) => annotations.push(annotation),
                None => {
                    self.skip_until(&[Punct::Gt]);
                    self.eat_punct(Punct::Semi);
                }
            }
            if self.pos == before {
                break;
            }
        }
        annotations
    }

    fn parse_annotation(&mut self) -> Option<Annotation> {
        let start = self.peek().span;
        if self.peek().kind != TokenKind::Ident || self.nth(1).kind != TokenKind::Ident {
            self.expected("an annotation such as `string UIName = \"...\";`", "");
            return None;
        }
        let type_name = self.ident();
        let name = self.ident();
        self.expect_punct(
            Punct::Eq,
            &format!("after the annotation name `{}`", name.name),
        )?;
        let value = self.parse_initializer();
        self.expect_punct(
            Punct::Semi,
            &format!("after the annotation `{}`", name.name),
        )?;
        Some(Annotation {
            type_name,
            name,
            value,
            span: self.span_from(start),
        })
    }

    /// An initializer: an expression (no top-level comma) or a nested `{ ... }` list.
    pub(super) fn parse_initializer(&mut self) -> ExprId {
        let token = self.peek();
        if token.kind == TokenKind::Ident
            && self.text_of(token) == "sampler_state"
            && self.nth_is_punct(1, Punct::LBrace)
        {
            self.error(
                token.span,
                "CgFX `sampler_state` blocks are not supported in Cg programs",
            );
            self.bump();
            self.skip_braces();
            return self
                .exprs
                .alloc(ExprKind::Error, self.span_from(token.span));
        }
        if !self.at_punct(Punct::LBrace) {
            return self.parse_assign();
        }
        self.descend(
            false,
            |p, span| p.exprs.alloc(ExprKind::Error, span),
            |p| {
                let open = p.bump().span;
                let mut items = Vec::new();
                while !p.at_punct(Punct::RBrace) && !p.at_eof() {
                    items.push(p.parse_initializer());
                    if p.eat_punct(Punct::Comma).is_none() {
                        break;
                    }
                }
                if !p.expect_closing(Punct::RBrace, open, "to close the initializer list") {
                    p.skip_until(&[]);
                    p.eat_punct(Punct::RBrace);
                }
                p.exprs.alloc(ExprKind::InitList(items), p.span_from(open))
            },
        )
    }

    fn parse_function(
        &mut self,
        ctx: DeclContext,
        start: Span,
        specs: Specifiers,
        return_type: TypeSpec,
        scope: Option<Ident>,
        name: Ident,
    ) -> Option<Decl> {
        if let Some(typedef) = specs.typedef {
            self.error(
                typedef,
                format!("a typedef cannot declare the function `{}`", name.name),
            );
        }
        self.declare_value(&name.name);
        let open = self.bump().span;
        self.push_scope();
        let params = self.parse_params(&name.name);
        if !self.expect_closing(
            Punct::RParen,
            open,
            &format!("to close the parameter list of `{}`", name.name),
        ) {
            self.skip_until(&[Punct::RParen]);
            self.eat_punct(Punct::RParen);
        }
        let mut semantic = None;
        if self.eat_punct(Punct::Colon).is_some() {
            semantic = self.parse_semantic_after_colon(&format!(
                "after `:` following the parameters of `{}`",
                name.name
            ));
        }
        let body = if self.at_punct(Punct::LBrace) {
            Some(std::sync::Arc::new(self.parse_block()))
        } else {
            if self.eat_punct(Punct::Semi).is_none() {
                self.expected(
                    "`{` or `;`",
                    &format!("after the parameter list of `{}`", name.name),
                );
                self.recover();
            }
            None
        };
        self.pop_scope();
        let function = Function {
            qualifiers: specs.qualifiers,
            return_type,
            scope,
            name,
            params,
            semantic,
            body,
            span: self.span_from(start),
        };
        if ctx == DeclContext::Local {
            let message = format!(
                "the function `{}` is declared inside another function",
                function.name.name
            );
            self.error(function.name.span, message);
            return None;
        }
        Some(Decl::Function(function))
    }

    /// The parameters between `(` and `)`: empty for `()` and `(void)`.
    fn parse_params(&mut self, function: &str) -> Vec<Param> {
        let mut params = Vec::new();
        if self.at_punct(Punct::RParen)
            || (self.at_keyword(Keyword::Void) && self.nth_is_punct(1, Punct::RParen))
        {
            self.eat_keyword(Keyword::Void);
            return params;
        }
        loop {
            match self.parse_param(function) {
                Some(param) => params.push(param),
                None => self.skip_until(&[Punct::Comma, Punct::RParen]),
            }
            if self.eat_punct(Punct::Comma).is_none() {
                return params;
            }
        }
    }

    /// `[qualifiers] type [name] [dims] [: semantic] [= default]`.
    fn parse_param(&mut self, function: &str) -> Option<Param> {
        let start = self.peek().span;
        let specs = self.parse_specifiers();
        if let Some(typedef) = specs.typedef {
            self.error(typedef, "`typedef` cannot be used on a parameter");
        }
        if !(self.peek().kind == TokenKind::Ident || self.starts_type_at(0)) {
            self.expected(
                "a parameter type",
                &format!("in the parameter list of `{function}`"),
            );
            return None;
        }
        let ty = self.parse_type_spec(specs.packed, "");
        let name = (self.peek().kind == TokenKind::Ident).then(|| self.ident());
        if let Some(name) = &name {
            self.declare_value(&name.name);
        }
        let dims = self.parse_array_dims();
        let mut semantic = None;
        if self.eat_punct(Punct::Colon).is_some() {
            let shown = name
                .as_ref()
                .map_or("the parameter", |n| n.name.as_str())
                .to_string();
            semantic = self
                .parse_semantic_after_colon(&format!("after `:` in the declaration of `{shown}`"));
        }
        let default = self.eat_punct(Punct::Eq).map(|_| self.parse_initializer());
        Some(Param {
            qualifiers: specs.qualifiers,
            ty,
            name,
            dims,
            semantic,
            default,
            span: self.span_from(start),
        })
    }

    /// `asm { ... }`: reserved by the spec, with no defined meaning; reported and skipped.
    pub(super) fn skip_asm(&mut self) {
        let token = self.bump();
        self.error(token.span, "`asm` blocks are not supported");
        if self.at_punct(Punct::LBrace) {
            self.skip_braces();
        } else {
            self.recover();
        }
    }

    /// `technique NAME { pass ... }`: CgFX effect syntax, which the Cg language spec only reserves.
    fn skip_technique(&mut self) {
        let token = self.bump();
        self.error(
            token.span,
            "CgFX techniques are not supported: `technique` belongs to effect files (.cgfx), not Cg programs",
        );
        self.skip_until(&[]);
        self.skip_braces();
        self.eat_punct(Punct::Semi);
    }
}
