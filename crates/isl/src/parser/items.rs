//! Top-level items: variable declarations, functions and shaders, and their formals.

use super::{PResult, Parser};
use crate::ast::*;
use crate::lexer::{Kw, Tok};

impl Parser {
    pub(super) fn unit(&mut self) -> Vec<Item> {
        let mut items = Vec::new();
        while *self.cur.peek() != Tok::Eof {
            let start = self.cur.position();
            match self.item() {
                Ok(item) => items.push(item),
                Err(_) => {
                    // A `}` ending the broken item goes with it; without progress (a stray
                    // `}`, say), one token is skipped, and with it the stray `}`s that follow,
                    // which one error covers.
                    if self.sync() || self.cur.position() == start {
                        self.cur.bump();
                        while self.is("}") {
                            self.cur.bump();
                        }
                    }
                }
            }
        }
        items
    }

    fn item(&mut self) -> PResult<Item> {
        if let Some(kind) = shader_kind(self.cur.peek()) {
            let span = self.cur.bump().span;
            return self.func(FuncKind::Shader(kind, span)).map(Item::Func);
        }
        let ty = self.type_spec()?;
        let name = self.name("a name")?;
        if self.is("(") {
            return self.func_rest(FuncKind::Ordinary(ty), name).map(Item::Func);
        }
        let decl = self.decl_rest(ty, name)?;
        self.expect(";")?;
        Ok(Item::Var(decl))
    }

    /// `class base`.
    pub(super) fn type_spec(&mut self) -> PResult<TypeSpec> {
        let class = match self.cur.peek() {
            Tok::Kw(Kw::Uniform) => Class::Uniform,
            Tok::Kw(Kw::Parameter) => Class::Parameter,
            Tok::Kw(Kw::Varying) => Class::Varying,
            _ => return self.error("`uniform`, `parameter` or `varying`"),
        };
        let start = self.cur.bump().span;
        let base = match self.cur.peek() {
            Tok::Kw(Kw::Float) => Base::Float,
            Tok::Kw(Kw::Color) => Base::Color,
            Tok::Kw(Kw::Matrix) => Base::Matrix,
            Tok::Kw(Kw::String) => Base::String,
            _ => return self.error("`float`, `color`, `matrix` or `string`"),
        };
        let end = self.cur.bump().span;
        Ok(TypeSpec {
            class,
            base,
            span: start.to(end),
        })
    }

    /// A whole declaration: `class base name [size] [= init]` (no `;`).
    pub(super) fn decl(&mut self) -> PResult<VarDecl> {
        let ty = self.type_spec()?;
        let name = self.name("a name")?;
        self.decl_rest(ty, name)
    }

    fn decl_rest(&mut self, ty: TypeSpec, name: Name) -> PResult<VarDecl> {
        let mut size = None;
        if self.eat("[") {
            size = Some(if self.is("]") {
                None
            } else {
                Some(self.expr()?)
            });
            self.expect("]")?;
        }
        let init = if self.eat("=") {
            Some(self.expr()?)
        } else {
            None
        };
        Ok(VarDecl {
            span: ty.span.to(self.cur.prev_span()),
            ty,
            name,
            size,
            init,
        })
    }

    fn func(&mut self, kind: FuncKind) -> PResult<Func> {
        let name = self.name("the shader's name")?;
        self.func_rest(kind, name)
    }

    fn func_rest(&mut self, kind: FuncKind, name: Name) -> PResult<Func> {
        let start = match kind {
            FuncKind::Ordinary(t) => t.span,
            FuncKind::Shader(_, s) => s,
        };
        self.expect("(")?;
        let mut formals = Vec::new();
        if !self.is(")") {
            formals.push(self.decl()?);
            while self.eat(";") {
                formals.push(self.decl()?);
            }
        }
        self.expect(")")?;
        let body = self.block()?;
        Ok(Func {
            span: start.to(body.span),
            kind,
            name,
            formals,
            body,
        })
    }
}

fn shader_kind(t: &Tok) -> Option<ShaderKind> {
    Some(match t {
        Tok::Kw(Kw::Surface) => ShaderKind::Surface,
        Tok::Kw(Kw::Atmosphere) => ShaderKind::Atmosphere,
        Tok::Kw(Kw::AmbientLight) => ShaderKind::AmbientLight,
        Tok::Kw(Kw::DistantLight) => ShaderKind::DistantLight,
        Tok::Kw(Kw::PointLight) => ShaderKind::PointLight,
        _ => return None,
    })
}
