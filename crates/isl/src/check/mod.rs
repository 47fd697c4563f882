//! The ISL checker: name resolution with C's block scoping, and the class and type rules of
//! sections III–XI of `isl.txt` as the notes read them. Every violation is a located diagnostic;
//! checking goes on after one, and an expression already reported is not reported again.

mod assign;
mod builtins;
mod calls;
mod expr;
mod scope;
mod stmt;
pub mod types;

use crate::ast::*;
use pigment_diag::{Diagnostic, FileId, Span};
use scope::{Scopes, Sym};
use types::Ty;

/// Checks one parsed file; no diagnostics means it is a well-formed ISL program.
pub fn check(unit: &Unit) -> Vec<Diagnostic> {
    let mut c = Checker {
        file: unit.file,
        diags: Vec::new(),
        scopes: Scopes::with_predefined(),
        func: None,
        fb_call: None,
    };
    for item in &unit.items {
        match item {
            Item::Var(d) => c.decl(d, false),
            Item::Func(f) => c.func(f),
        }
    }
    c.diags
}

/// What a function returns, and whether it is a shader.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FuncInfo {
    pub ret: Ty,
    pub shader: bool,
}

pub(crate) struct Checker {
    file: FileId,
    diags: Vec<Diagnostic>,
    scopes: Scopes,
    /// The function being checked.
    func: Option<FuncInfo>,
    /// The span of the call that may call a varying user function: the value of `FB = f(...)`.
    fb_call: Option<Span>,
}

impl Checker {
    fn error(&mut self, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(msg).at(self.file, span));
    }

    /// Declares a name in the innermost scope, reporting a duplicate there.
    fn declare(&mut self, name: &Name, sym: Sym) {
        match self.scopes.declare(&name.text, sym) {
            Ok(()) => {}
            Err(None) => self.error(
                name.span,
                format!("`{}` is predefined and cannot be redeclared", name.text),
            ),
            Err(Some(prev)) => {
                let d =
                    Diagnostic::error(format!("`{}` is already declared in this block", name.text))
                        .at(self.file, name.span)
                        .with_label(self.file, prev, "previous declaration");
                self.diags.push(d);
            }
        }
    }

    fn func(&mut self, f: &Func) {
        let (ret, shader) = match f.kind {
            FuncKind::Ordinary(t) => (Ty::of_spec(t, false), false),
            FuncKind::Shader(..) => (types::VARYING_COLOR, true),
        };
        if let FuncKind::Ordinary(t) = f.kind {
            self.check_type_spec(t, false);
        }
        if builtins::is_builtin(&f.name.text) {
            let msg = format!("`{}` is a built-in function", f.name.text);
            self.error(f.name.span, msg);
        }
        let info = FuncInfo { ret, shader };
        let formals = f.formals.iter().map(|d| self.formal_ty(d)).collect();
        self.declare(
            &f.name,
            Sym::Func {
                info,
                formals,
                span: f.name.span,
            },
        );
        self.scopes.push();
        for d in &f.formals {
            self.formal(d);
        }
        self.func = Some(info);
        self.body(f, info);
        self.func = None;
        self.scopes.pop();
    }

    fn formal_ty(&self, d: &VarDecl) -> Ty {
        Ty::of_spec(d.ty, d.size.is_some())
    }

    /// A formal: uniform or parameter, with an initial value (its default) unless an array.
    fn formal(&mut self, d: &VarDecl) {
        if d.ty.class == Class::Varying {
            self.error(d.ty.span, "formals must be uniform or parameter");
        }
        if d.init.is_none() && d.size.is_none() {
            let msg = format!(
                "formal `{}` needs an initial value (its default)",
                d.name.text
            );
            self.error(d.name.span, msg);
        }
        self.decl(d, true);
    }

    /// The body, with `return` allowed only as its last statement.
    fn body(&mut self, f: &Func, info: FuncInfo) {
        let n = f.body.stmts.len();
        for (i, s) in f.body.stmts.iter().enumerate() {
            self.stmt(s, i + 1 == n);
        }
        let returns =
            matches!(f.body.stmts.last(), Some(s) if matches!(s.kind, StmtKind::Return(_)));
        if !returns && info.ret != types::VARYING_COLOR {
            let msg = format!("function `{}` must end with `return`", f.name.text);
            self.error(f.name.span, msg);
        }
    }
}
