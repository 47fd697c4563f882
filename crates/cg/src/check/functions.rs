//! Function declarations and definitions: signatures, parameters, prototypes matched with their
//! definitions, and checking bodies into the function's own diagnostic list.

use super::decl::Place;
use super::program::{Function, FunctionId, VarId, VarKind, Variable};
use super::scope::Binding;
use super::types::{StructId, Type};
use super::{Checker, FnContext};
use crate::syntax::ast::{self, Ident};
use std::sync::Arc;

/// A parameter as declared, before it belongs to a function.
struct ParamInfo {
    var: Variable,
    name: Option<Ident>,
}

impl Checker<'_> {
    /// Declares (and, with a body, defines and checks) a function; `owner` for struct members.
    pub(super) fn function(
        &mut self,
        f: &ast::Function,
        owner: Option<StructId>,
    ) -> Option<FunctionId> {
        let owner = match &f.scope {
            Some(scope) => Some(self.scope_struct(scope)?),
            None => owner,
        };
        let q = self.qualifiers(&f.qualifiers, Place::Function);
        let ret = self.resolve_type(&f.return_type);
        match &ret {
            Type::Scalar(s) if super::types::is_compile_time(*s) => self.error(
                f.return_type.span,
                format!(
                    "functions cannot return the compile-time type `{}`",
                    s.as_str()
                ),
            ),
            Type::Sampler(_) => self.error(f.return_type.span, "functions cannot return samplers"),
            _ => {}
        }
        if !self.check_name(&f.name) {
            return None;
        }
        let params: Vec<ParamInfo> = f.params.iter().map(|p| self.param(p)).collect();
        let ret_semantic = f.semantic.as_ref().map(|s| self.semantic(s));
        let types: Vec<Type> = params.iter().map(|p| p.var.ty.clone()).collect();
        let existing = self.same_signature(&f.name, owner, &types, &q.profile);
        let id = match existing {
            Some(id) => {
                let prev = self.program.function(id).clone();
                if prev.body.is_some() && f.body.is_some() {
                    self.error_with(
                        f.name.span,
                        format!("redefinition of `{}`", f.name.name),
                        prev.name_span,
                        "previous definition",
                    );
                    return Some(id);
                }
                if prev.ret != ret {
                    let message = format!(
                        "`{}` was declared returning `{}`, not `{}`",
                        f.name.name,
                        self.type_name(&prev.ret),
                        self.type_name(&ret)
                    );
                    self.error_with(f.name.span, message, prev.name_span, "previous declaration");
                }
                if f.body.is_none() {
                    return Some(id);
                }
                id
            }
            None => {
                let id = FunctionId(self.program.functions.len() as u32);
                self.program.functions.push(Function {
                    name: f.name.name.clone(),
                    name_span: f.name.span,
                    owner,
                    profile: q.profile.clone(),
                    ret: ret.clone(),
                    ret_semantic: None,
                    params: Vec::new(),
                    body: None,
                    is_static: q.is_static,
                    is_inline: q.is_inline,
                    span: f.span,
                });
                self.register_function(&f.name, id, owner);
                id
            }
        };
        let old_params = self.program.function(id).params.clone();
        let mut vars = Vec::new();
        for (index, mut p) in params.into_iter().enumerate() {
            p.var.kind = VarKind::Param {
                function: id,
                index,
            };
            // A default given on the prototype carries over to a definition without one.
            if p.var.init.is_none() {
                p.var.init = old_params
                    .get(index)
                    .and_then(|&v| self.program.var(v).init);
            }
            let v = self.new_var(p.var);
            if let Some(name) = &p.name {
                self.program.declarators.insert(name.span, v);
            }
            vars.push((v, p.name));
        }
        {
            let func = &mut self.program.functions[id.index()];
            func.params = vars.iter().map(|(v, _)| *v).collect();
            func.ret_semantic = ret_semantic;
            func.name_span = f.name.span;
            func.span = f.span;
        }
        if let Some(body) = &f.body {
            self.check_body(id, owner, &ret, &vars, body);
        }
        Some(id)
    }

    fn scope_struct(&mut self, scope: &Ident) -> Option<StructId> {
        match self.scopes.lookup_tag(&scope.name) {
            Some(e) => Some(e.item),
            None => {
                self.error(scope.span, format!("unknown struct `{}`", scope.name));
                None
            }
        }
    }

    fn param(&mut self, p: &ast::Param) -> ParamInfo {
        let q = self.qualifiers(&p.qualifiers, Place::Param);
        let base = self.resolve_type(&p.ty);
        let ty = self.apply_dims(base, &p.dims, p.ty.packed.is_some());
        let direction = q.direction.unwrap_or_default();
        match &ty {
            Type::Void => self.error(p.span, "a parameter cannot have type `void`"),
            Type::Scalar(s) if super::types::is_compile_time(*s) => self.error(
                p.ty.span,
                format!(
                    "parameters cannot have the compile-time type `{}`",
                    s.as_str()
                ),
            ),
            Type::Sampler(_) if direction.is_output() => {
                self.error(p.span, "sampler parameters can only be `in`")
            }
            _ => {}
        }
        if let Some(name) = &p.name {
            self.check_name(name);
        }
        if let Some(default) = p.default {
            self.expr(default);
            if direction.is_output() {
                self.error(
                    self.span_of(default),
                    "only `in` and `uniform` parameters can have default values",
                );
            } else {
                self.coerce(default, &ty, "in the default value");
            }
        }
        let semantic = p.semantic.as_ref().map(|s| self.semantic(s));
        let name = p.name.clone();
        ParamInfo {
            var: Variable {
                name: name.as_ref().map(|n| n.name.clone()).unwrap_or_default(),
                span: name.as_ref().map_or(p.span, |n| n.span),
                ty,
                kind: VarKind::Local,
                // "Parameters to a program of type sampler* are implicitly const"; others follow `const`.
                is_const: q.is_const,
                is_static: false,
                uniform: q.uniform,
                varying: q.varying,
                direction,
                semantic,
                init: p.default,
            },
            name,
        }
    }

    /// An earlier declaration of the same function: same scope, name, unqualified parameter
    /// types and profile.
    fn same_signature(
        &mut self,
        name: &Ident,
        owner: Option<StructId>,
        types: &[Type],
        profile: &Option<String>,
    ) -> Option<FunctionId> {
        let candidates = match owner {
            Some(s) => self.program.strukt(s).methods.clone(),
            None => match self
                .scopes
                .lookup_here(&name.name)
                .map(|e| (&e.item, e.span))
            {
                Some((Binding::Functions(fs), _)) => fs.clone(),
                Some((_, span)) => {
                    self.error_with(
                        name.span,
                        format!("`{}` is already declared, and not as a function", name.name),
                        span,
                        "previous declaration",
                    );
                    Vec::new()
                }
                None => Vec::new(),
            },
        };
        candidates.into_iter().find(|&f| {
            let func = self.program.function(f);
            func.name == name.name
                && func.profile == *profile
                && func.params.len() == types.len()
                && func
                    .params
                    .iter()
                    .zip(types)
                    .all(|(&v, t)| self.program.var(v).ty == *t)
        })
    }

    fn register_function(&mut self, name: &Ident, id: FunctionId, owner: Option<StructId>) {
        match owner {
            Some(s) => self.program.structs[s.index()].methods.push(id),
            None => {
                if self.scopes.lookup_here(&name.name).is_none()
                    || matches!(
                        self.scopes.lookup_here(&name.name).map(|e| &e.item),
                        Some(Binding::Functions(_))
                    )
                {
                    self.scopes.add_function(&name.name, id, name.span);
                }
            }
        }
    }

    fn check_body(
        &mut self,
        id: FunctionId,
        owner: Option<StructId>,
        ret: &Type,
        params: &[(VarId, Option<Ident>)],
        body: &Arc<ast::Block>,
    ) {
        let outer_diags = std::mem::take(&mut self.diags);
        let outer_ctx = std::mem::replace(
            &mut self.ctx,
            FnContext {
                function: Some(id),
                ret: Some(ret.clone()),
                ..FnContext::default()
            },
        );
        self.scopes.push();
        if let Some(s) = owner {
            self.declare_members(s);
        }
        self.scopes.push();
        for (var, name) in params {
            if let Some(name) = name {
                self.declare_value(name, Binding::Var(*var));
            }
        }
        for stmt in &body.stmts {
            self.stmt(stmt);
        }
        self.scopes.pop();
        self.scopes.pop();
        self.program.functions[id.index()].body = Some(body.clone());
        let diags = std::mem::replace(&mut self.diags, outer_diags);
        self.function_diags.entry(id).or_default().extend(diags);
        self.ctx = outer_ctx;
    }

    /// Inside a member function, the struct's fields and methods are visible by bare name.
    fn declare_members(&mut self, s: StructId) {
        let strukt = self.program.strukt(s).clone();
        for (index, field) in strukt.fields.iter().enumerate() {
            self.scopes
                .declare(&field.name, Binding::Field { strukt: s, index }, field.span);
        }
        for &m in &strukt.methods {
            let f = self.program.function(m);
            let (name, span) = (f.name.clone(), f.name_span);
            self.scopes.add_function(&name, m, span);
        }
    }
}
