//! Scopes: C's static scoping by blocks. The outermost scope holds the predefined `FB`,
//! `shadermatrix` and `pi` (notes: predefined names, not keywords) and the file's own items.

use super::types::{Kind, Ty};
use super::FuncInfo;
use crate::ast::Class;
use pigment_diag::Span;
use std::collections::HashMap;

#[derive(Clone, Debug)]
pub(crate) enum Sym {
    /// A variable; `span` is `None` for the predefined ones (which cannot be assigned, except `FB`).
    Var { ty: Ty, span: Option<Span> },
    Func {
        info: FuncInfo,
        formals: Vec<Ty>,
        span: Span,
    },
}

impl Sym {
    fn span(&self) -> Option<Span> {
        match self {
            Sym::Var { span, .. } => *span,
            Sym::Func { span, .. } => Some(*span),
        }
    }
}

pub(crate) struct Scopes {
    stack: Vec<HashMap<String, Sym>>,
}

impl Scopes {
    pub fn with_predefined() -> Scopes {
        let mut top = HashMap::new();
        let mut put = |name: &str, class, kind| {
            let ty = Ty::new(class, kind);
            top.insert(name.to_string(), Sym::Var { ty, span: None });
        };
        put("FB", Class::Varying, Kind::Color);
        put("shadermatrix", Class::Parameter, Kind::Matrix);
        put("pi", Class::Uniform, Kind::Float);
        Scopes { stack: vec![top] }
    }

    pub fn push(&mut self) {
        self.stack.push(HashMap::new());
    }

    pub fn pop(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }

    /// Declares `name` in the innermost scope; `Err(previous span)` if it is already there
    /// (`Err(None)` for a predefined name).
    pub fn declare(&mut self, name: &str, sym: Sym) -> Result<(), Option<Span>> {
        let Some(top) = self.stack.last_mut() else {
            return Ok(());
        };
        if let Some(prev) = top.get(name) {
            return Err(prev.span());
        }
        top.insert(name.to_string(), sym);
        Ok(())
    }

    pub fn lookup(&self, name: &str) -> Option<&Sym> {
        self.stack.iter().rev().find_map(|s| s.get(name))
    }
}
