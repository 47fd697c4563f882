//! Type checking (the reference's `TypeChecker` stage) and then the externals check: which standard
//! library externals a vertex or fragment shader may reach.

use super::env::{Env, ModuleInfo};
use super::types::Ty;
use super::Reporter;
use crate::ast::*;
use pigment_diag::Span;
use std::collections::HashSet;

pub fn check(env: &Env, r: &mut Reporter) {
    for m in env.modules.values() {
        let mut c = Checker {
            env,
            m,
            r,
            scope: Vec::new(),
            quiet: 0,
        };
        c.module();
    }
    if r.diags.is_empty() {
        for m in env.modules.values() {
            externals(env, m, r);
        }
    }
}

struct Checker<'e, 'a, 'r> {
    env: &'e Env<'a>,
    m: &'e ModuleInfo<'a>,
    r: &'r mut Reporter,
    scope: Vec<(String, Ty)>,
    /// Above zero while inferring another term's type: its errors are reported where it is checked.
    quiet: u32,
}

const SWIZZLE: [&str; 4] = ["x", "y", "z", "w"];

impl<'e, 'a> Checker<'e, 'a, '_> {
    fn error(&mut self, span: Span, code: &'static str, message: String) {
        if self.quiet == 0 {
            self.r.error(self.m.file, span, code, message);
        }
    }

    /// Switches to module `m` (for a term defined there) and back.
    fn within<T>(&mut self, m: &'e ModuleInfo<'a>, f: impl FnOnce(&mut Self) -> T) -> T {
        let (old_m, old_scope) = (self.m, std::mem::take(&mut self.scope));
        self.m = m;
        self.quiet += 1;
        let out = f(self);
        self.quiet -= 1;
        self.m = old_m;
        self.scope = old_scope;
        out
    }

    /// A resolved type path (resolution has checked it exists).
    fn ty(&self, path: &Path) -> Option<Ty> {
        if path.module.is_none() {
            if let Some(t) = Ty::builtin(&path.name.text) {
                return Some(t);
            }
        }
        let m = self.env.target(self.m, path)?;
        Some(Ty::Record(m.key.clone(), path.name.text.clone()))
    }

    fn record_fields(&self, t: &Ty) -> Option<(&'e ModuleInfo<'a>, &'a TypeDecl)> {
        let Ty::Record(key, name) = t else {
            return None;
        };
        let m = self.env.modules.get(key)?;
        Some((m, *m.types.get(name)?))
    }

    fn field_ty(&mut self, m: &'e ModuleInfo<'a>, p: &Param) -> Option<Ty> {
        let old = self.m;
        self.m = m;
        let t = self.ty(&p.ty);
        self.m = old;
        t
    }

    fn module(&mut self) {
        for decl in &self.m.module.decls {
            match decl {
                Decl::Value(v) => self.value(v),
                Decl::Function(f) => self.function(f),
                Decl::Type(t) => self.record(t),
                Decl::Shader(Shader::Program(p)) => self.program(p),
                Decl::Shader(Shader::Vertex(s)) => self.stage(s, false),
                Decl::Shader(Shader::Fragment(s)) => self.stage(s, true),
            }
        }
    }

    fn record(&mut self, t: &TypeDecl) {
        for f in &t.fields {
            if let Some(ft) = self.ty(&f.ty) {
                if !ft.is_manifest() {
                    self.error(
                        f.ty.span(),
                        "TYPE_ERROR_RECORD_FIELD_NOT_MANIFEST",
                        format!("record field `{}` cannot have type `{ft}`", f.name.text),
                    );
                }
            }
        }
    }

    fn value(&mut self, v: &ValueDecl) {
        let ascribed = v.ascription.as_ref().and_then(|a| self.ty(a));
        let Body::Expr(e) = &v.body else { return };
        let Some(t) = self.expr(e) else { return };
        if let Ty::Function(..) = t {
            self.error(
                e.span,
                "TYPE_ERROR_VALUE_NON_VALUE_TYPE",
                format!("value `{}` would have the function type `{t}`", v.name.text),
            );
        } else if let Some(a) = ascribed.filter(|a| *a != t) {
            self.error(
                e.span,
                "TYPE_ERROR_VALUE_ASCRIPTION_MISMATCH",
                format!(
                    "value `{}` is declared `{a}` but its expression is `{t}`",
                    v.name.text
                ),
            );
        }
    }

    fn function(&mut self, f: &FunctionDecl) {
        let ret = self.ty(&f.ret);
        let body = match &f.body {
            Body::Expr(e) => e,
            Body::External(x) => match &x.emulation {
                Some(e) => e,
                None => return,
            },
        };
        self.scope = f
            .params
            .iter()
            .filter_map(|p| Some((p.name.text.clone(), self.ty(&p.ty)?)))
            .collect();
        let t = self.expr(body);
        self.scope.clear();
        if let (Some(t), Some(ret)) = (t, ret) {
            if t != ret {
                self.error(
                    body.span,
                    "TYPE_ERROR_FUNCTION_BODY_RETURN_INCOMPATIBLE",
                    format!(
                        "function `{}` returns `{ret}` but its body is `{t}`",
                        f.name.text
                    ),
                );
            }
        }
    }

    /// The type of a term path: a local, or a module-level term (inferred quietly).
    fn term(&mut self, path: &Path) -> Option<Ty> {
        if path.module.is_none() {
            if let Some((_, t)) = self.scope.iter().rev().find(|(n, _)| *n == path.name.text) {
                return Some(t.clone());
            }
        }
        let m = self.env.target(self.m, path)?;
        let decl = *m.terms.get(&path.name.text)?;
        self.within(m, |c| match decl {
            Decl::Value(v) => match &v.ascription {
                Some(a) => c.ty(a),
                None => match &v.body {
                    Body::Expr(e) => c.expr(e),
                    Body::External(_) => None,
                },
            },
            Decl::Function(f) => {
                let args = f
                    .params
                    .iter()
                    .map(|p| c.ty(&p.ty))
                    .collect::<Option<Vec<_>>>()?;
                Some(Ty::Function(args, Box::new(c.ty(&f.ret)?)))
            }
            _ => None,
        })
    }

    fn local(&mut self, l: &LocalValue) {
        let t = self.expr(&l.value);
        let Some(t) = t else { return };
        if let Some(a) = l.ascription.as_ref().and_then(|a| self.ty(a)) {
            if a != t {
                self.error(
                    l.value.span,
                    "TYPE_ERROR_VALUE_ASCRIPTION_MISMATCH",
                    format!(
                        "value `{}` is declared `{a}` but its expression is `{t}`",
                        l.name.text
                    ),
                );
            }
        }
        self.scope.push((l.name.text.clone(), t));
    }

    fn expr(&mut self, e: &Expr) -> Option<Ty> {
        match &e.kind {
            ExprKind::Int(_) => Some(Ty::Int),
            ExprKind::Real(_) => Some(Ty::Float),
            ExprKind::Bool(_) => Some(Ty::Bool),
            ExprKind::Error => None,
            ExprKind::Var(p) => self.term(p),
            ExprKind::Apply(p, args) => self.apply(p, args, e.span),
            ExprKind::If(c, t, f) => {
                let ct = self.expr(c)?;
                if ct != Ty::Bool {
                    self.error(
                        c.span,
                        "TYPE_ERROR_EXPRESSION_CONDITION_NOT_BOOLEAN",
                        format!("the condition is `{ct}`, not `boolean`"),
                    );
                    return None;
                }
                let (tt, ft) = (self.expr(t)?, self.expr(f)?);
                if tt != ft {
                    self.error(
                        f.span,
                        "TYPE_ERROR_EXPRESSION_CONDITION_BRANCHES_INCOMPATIBLE",
                        format!("the branches are `{tt}` and `{ft}`"),
                    );
                    return None;
                }
                Some(tt)
            }
            ExprKind::Let(locals, body) => {
                let depth = self.scope.len();
                for l in locals {
                    self.local(l);
                }
                let t = self.expr(body);
                self.scope.truncate(depth);
                t
            }
            ExprKind::New(p, args) => self.construct(p, args, e.span),
            ExprKind::Record(p, fields) => self.record_expr(p, fields, e.span),
            ExprKind::Column(m, i, span) => {
                let mt = self.expr(m)?;
                let Ty::Matrix(n) = mt else {
                    self.error(
                        m.span,
                        "TYPE_ERROR_EXPRESSION_MATRIX_COLUMN_ACCESS_NOT_COLUMN",
                        format!("`column` needs a matrix, not `{mt}`"),
                    );
                    return None;
                };
                if *i < 0 || *i >= n as i32 {
                    self.error(
                        *span,
                        "TYPE_ERROR_EXPRESSION_MATRIX_COLUMN_ACCESS_OUT_OF_BOUNDS",
                        format!("column {i} of a `{mt}` does not exist"),
                    );
                    return None;
                }
                Some(Ty::Vector(n, true))
            }
            ExprKind::Swizzle(v, fields) => self.swizzle(v, fields),
            ExprKind::Project(r, field) => {
                let rt = self.expr(r)?;
                let Some((m, decl)) = self.record_fields(&rt) else {
                    self.error(
                        r.span,
                        "TYPE_ERROR_EXPRESSION_RECORD_PROJECTION_NOT_RECORD",
                        format!("`.{}` needs a record, not `{rt}`", field.text),
                    );
                    return None;
                };
                match decl.fields.iter().find(|f| f.name.text == field.text) {
                    Some(f) => self.field_ty(m, f),
                    None => {
                        self.error(
                            field.span,
                            "TYPE_ERROR_EXPRESSION_RECORD_PROJECTION_NO_SUCH_FIELD",
                            format!("`{rt}` has no field `{}`", field.text),
                        );
                        None
                    }
                }
            }
        }
    }

    fn apply(&mut self, p: &Path, args: &[Expr], span: Span) -> Option<Ty> {
        let ft = self.term(p)?;
        let arg_tys: Vec<Ty> = args.iter().map(|a| self.expr(a)).collect::<Option<_>>()?;
        let Ty::Function(params, ret) = ft else {
            self.error(
                p.span(),
                "TYPE_ERROR_EXPRESSION_APPLICATION_NOT_FUNCTION_TYPE",
                format!("`{p}` is `{ft}`, not a function"),
            );
            return None;
        };
        if params != arg_tys {
            let given: Vec<String> = arg_tys.iter().map(Ty::to_string).collect();
            let wanted: Vec<String> = params.iter().map(Ty::to_string).collect();
            self.error(
                span,
                "TYPE_ERROR_EXPRESSION_APPLICATION_BAD_TYPES",
                format!(
                    "`{p}` takes ({}) but is given ({})",
                    wanted.join(", "),
                    given.join(", ")
                ),
            );
            return None;
        }
        Some(*ret)
    }

    fn construct(&mut self, p: &Path, args: &[Expr], span: Span) -> Option<Ty> {
        let t = self.ty(p)?;
        let arg_tys: Vec<Ty> = args.iter().map(|a| self.expr(a)).collect::<Option<_>>()?;
        match t.constructs_from(&arg_tys) {
            Some(true) => Some(t),
            Some(false) => {
                let given: Vec<String> = arg_tys.iter().map(Ty::to_string).collect();
                self.error(
                    span,
                    "TYPE_ERROR_EXPRESSION_NEW_NO_APPROPRIATE_CONSTRUCTORS",
                    format!("`{t}` has no constructor taking ({})", given.join(", ")),
                );
                None
            }
            None => {
                self.error(
                    p.span(),
                    "TYPE_ERROR_EXPRESSION_NEW_TYPE_NOT_CONSTRUCTABLE",
                    format!("`{t}` has no constructors"),
                );
                None
            }
        }
    }

    fn record_expr(&mut self, p: &Path, fields: &[(Name, Expr)], span: Span) -> Option<Ty> {
        let t = self.ty(p)?;
        let Some((m, decl)) = self.record_fields(&t) else {
            self.error(
                p.span(),
                "TYPE_ERROR_EXPRESSION_RECORD_NOT_RECORD_TYPE",
                format!("`{t}` is not a record type"),
            );
            return None;
        };
        let mut ok = true;
        for (name, e) in fields {
            let et = self.expr(e);
            match decl.fields.iter().find(|f| f.name.text == name.text) {
                None => {
                    self.error(
                        name.span,
                        "TYPE_ERROR_EXPRESSION_RECORD_FIELD_UNKNOWN",
                        format!("`{t}` has no field `{}`", name.text),
                    );
                    ok = false;
                }
                Some(f) => {
                    let ft = self.field_ty(m, f);
                    if let (Some(et), Some(ft)) = (et, ft) {
                        if et != ft {
                            self.error(
                                e.span,
                                "TYPE_ERROR_EXPRESSION_RECORD_FIELD_BAD_TYPE",
                                format!("field `{}` is `{ft}` but is given `{et}`", name.text),
                            );
                            ok = false;
                        }
                    }
                }
            }
        }
        let given: HashSet<&str> = fields.iter().map(|(n, _)| n.text.as_str()).collect();
        let missing: Vec<&str> = decl
            .fields
            .iter()
            .map(|f| f.name.text.as_str())
            .filter(|f| !given.contains(f))
            .collect();
        if ok && !missing.is_empty() {
            self.error(
                span,
                "TYPE_ERROR_EXPRESSION_RECORD_FIELDS_UNASSIGNED",
                format!("fields not assigned: {}", missing.join(", ")),
            );
            ok = false;
        }
        ok.then_some(t)
    }

    fn swizzle(&mut self, v: &Expr, fields: &[Name]) -> Option<Ty> {
        let vt = self.expr(v)?;
        let Ty::Vector(n, float) = vt else {
            self.error(
                v.span,
                "TYPE_ERROR_EXPRESSION_SWIZZLE_NOT_VECTOR",
                format!("a swizzle needs a vector, not `{vt}`"),
            );
            return None;
        };
        if fields.len() > 4 {
            self.error(
                fields[4].span,
                "TYPE_ERROR_EXPRESSION_SWIZZLE_TOO_MANY_COMPONENTS",
                "a swizzle selects at most 4 components".to_string(),
            );
            return None;
        }
        for f in fields {
            if !SWIZZLE[..n as usize].contains(&f.text.as_str()) {
                self.error(
                    f.span,
                    "TYPE_ERROR_EXPRESSION_SWIZZLE_UNKNOWN_COMPONENT",
                    format!("`{vt}` has no component `{}`", f.text),
                );
                return None;
            }
        }
        Some(match (fields.len(), float) {
            (1, true) => Ty::Float,
            (1, false) => Ty::Int,
            (k, f) => Ty::Vector(k as u8, f),
        })
    }

    fn stage(&mut self, s: &StageShader, fragment: bool) {
        self.scope.clear();
        for io in &s.ios {
            let Some(t) = self.ty(&io.ty) else { continue };
            match io.kind {
                IoKind::Parameter => self.scope.push((io.name.text.clone(), t)),
                IoKind::Input => {
                    self.attribute(io, &t);
                    self.scope.push((io.name.text.clone(), t));
                }
                IoKind::Output(_) => self.attribute(io, &t),
                IoKind::OutputMain if t != Ty::Vector(4, true) => {
                    self.error(
                        io.ty.span(),
                        "TYPE_ERROR_SHADER_OUTPUT_MAIN_BAD_TYPE",
                        format!("the `out vertex` output must be `vector_4f`, not `{t}`"),
                    );
                }
                IoKind::OutputDepth if t != Ty::Float => {
                    self.error(
                        io.ty.span(),
                        "TYPE_ERROR_SHADER_DEPTH_NOT_FLOAT",
                        format!("the depth output must be `float`, not `{t}`"),
                    );
                }
                _ => {}
            }
        }
        for l in &s.locals {
            match l {
                Local::Value(v) => self.local(v),
                Local::Discard(e, _) => match self.expr(e) {
                    Some(Ty::Bool) | None => {}
                    Some(t) => self.error(
                        e.span,
                        "TYPE_ERROR_SHADER_DISCARD_NOT_BOOLEAN",
                        format!("`discard` needs a `boolean`, not `{t}`"),
                    ),
                },
            }
        }
        let _ = fragment;
        for o in &s.outputs {
            let Some(io) = s.ios.iter().find(|io| io.name.text == o.name.text) else {
                continue;
            };
            let (Some(want), Some(got)) = (self.ty(&io.ty), self.term(&o.value)) else {
                continue;
            };
            if want != got {
                self.error(
                    o.value.span(),
                    "TYPE_ERROR_SHADER_ASSIGNMENT_BAD_TYPE",
                    format!(
                        "output `{}` is `{want}` but is assigned `{got}`",
                        o.name.text
                    ),
                );
            }
        }
        self.scope.clear();
    }

    fn attribute(&mut self, io: &ShaderIo, t: &Ty) {
        if !t.is_attribute() {
            self.error(
                io.ty.span(),
                "TYPE_ERROR_SHADER_BAD_ATTRIBUTE_TYPE",
                format!("shader inputs and outputs cannot have type `{t}`"),
            );
        }
    }

    fn shader(&self, p: &Path) -> Option<(&'e ModuleInfo<'a>, &'a Shader)> {
        let m = self.env.target(self.m, p)?;
        Some((m, *m.shaders.get(&p.name.text)?))
    }

    fn program(&mut self, p: &ProgramDecl) {
        let v = match self.shader(&p.vertex) {
            Some((m, Shader::Vertex(v))) => (m, v),
            _ => {
                return self.error(
                    p.vertex.span(),
                    "TYPE_ERROR_SHADER_WRONG_SHADER_TYPE",
                    format!("`{}` is not a vertex shader", p.vertex),
                )
            }
        };
        let f = match self.shader(&p.fragment) {
            Some((m, Shader::Fragment(f))) => (m, f),
            _ => {
                return self.error(
                    p.fragment.span(),
                    "TYPE_ERROR_SHADER_WRONG_SHADER_TYPE",
                    format!("`{}` is not a fragment shader", p.fragment),
                )
            }
        };
        let ios = |c: &mut Self,
                   (m, s): (&'e ModuleInfo<'a>, &'a StageShader)|
         -> Vec<(IoKind, String, Option<Ty>)> {
            let old = c.m;
            c.m = m;
            let out = s
                .ios
                .iter()
                .map(|io| (io.kind.clone(), io.name.text.clone(), c.ty(&io.ty)))
                .collect();
            c.m = old;
            out
        };
        let (vios, fios) = (ios(self, v), ios(self, f));
        for (kind, name, t) in &fios {
            let problem = match kind {
                IoKind::Input => !vios.iter().any(|(k, n, vt)| {
                    matches!(k, IoKind::Output(_) | IoKind::OutputMain) && n == name && vt == t
                }),
                IoKind::Parameter => vios
                    .iter()
                    .any(|(k, n, vt)| *k == IoKind::Parameter && n == name && vt != t),
                _ => false,
            };
            if problem {
                let what = if *kind == IoKind::Input {
                    "input"
                } else {
                    "parameter"
                };
                return self.error(
                    p.name.span,
                    "TYPE_ERROR_SHADERS_INCOMPATIBLE",
                    format!(
                        "fragment {what} `{name}` does not match the vertex shader `{}`",
                        p.vertex
                    ),
                );
            }
        }
    }
}

/// Reports an external that a shader reaches but may not use in its stage.
fn externals(env: &Env, m: &ModuleInfo, r: &mut Reporter) {
    for decl in &m.module.decls {
        let (s, fragment) = match decl {
            Decl::Shader(Shader::Vertex(s)) => (s, false),
            Decl::Shader(Shader::Fragment(s)) => (s, true),
            _ => continue,
        };
        let mut reach = Reach {
            env,
            seen: HashSet::new(),
            bad: None,
            fragment,
        };
        let scope: Vec<&str> = s
            .ios
            .iter()
            .map(|io| io.name.text.as_str())
            .chain(s.locals.iter().filter_map(|l| match l {
                Local::Value(v) => Some(v.name.text.as_str()),
                _ => None,
            }))
            .collect();
        for l in &s.locals {
            match l {
                Local::Value(v) => reach.expr(m, &v.value, &scope),
                Local::Discard(e, _) => reach.expr(m, e, &scope),
            }
        }
        for o in &s.outputs {
            reach.path(m, &o.value, &scope);
        }
        if let Some(name) = reach.bad {
            let (code, stage) = if fragment {
                ("EXTERNALS_DISALLOWED_IN_FRAGMENT_SHADER", "fragment")
            } else {
                ("EXTERNALS_DISALLOWED_IN_VERTEX_SHADER", "vertex")
            };
            r.error(
                m.file,
                s.name.span,
                code,
                format!(
                    "{stage} shader `{}` uses `{name}`, which is not available in {stage} shaders",
                    s.name.text
                ),
            );
        }
    }
}

/// Walks the terms a shader reaches, looking for externals its stage disallows.
struct Reach<'e, 'a> {
    env: &'e Env<'a>,
    seen: HashSet<(String, String)>,
    bad: Option<String>,
    fragment: bool,
}

impl<'e, 'a> Reach<'e, 'a> {
    fn path(&mut self, m: &ModuleInfo<'a>, p: &Path, scope: &[&str]) {
        if p.module.is_none() && scope.contains(&p.name.text.as_str()) {
            return;
        }
        let Some(t) = self.env.target(m, p) else {
            return;
        };
        let Some(decl) = t.terms.get(&p.name.text) else {
            return;
        };
        if !self.seen.insert((t.key.clone(), p.name.text.clone())) {
            return;
        }
        let (body, params): (&Body, Vec<&str>) = match decl {
            Decl::Value(v) => (&v.body, Vec::new()),
            Decl::Function(f) => (
                &f.body,
                f.params.iter().map(|p| p.name.text.as_str()).collect(),
            ),
            _ => return,
        };
        match body {
            Body::Expr(e) => self.expr(t, e, &params),
            Body::External(x) => {
                let allowed = if self.fragment { x.fragment } else { x.vertex };
                if !allowed && self.bad.is_none() {
                    self.bad = Some(format!("{}.{}", t.key, p.name.text));
                }
            }
        }
    }

    fn expr(&mut self, m: &ModuleInfo<'a>, e: &Expr, scope: &[&str]) {
        match &e.kind {
            ExprKind::Var(p) => self.path(m, p, scope),
            ExprKind::Apply(p, args) => {
                self.path(m, p, scope);
                args.iter().for_each(|a| self.expr(m, a, scope));
            }
            ExprKind::New(_, args) => args.iter().for_each(|a| self.expr(m, a, scope)),
            ExprKind::Record(_, fields) => fields.iter().for_each(|(_, a)| self.expr(m, a, scope)),
            ExprKind::If(c, t, f) => [c, t, f].iter().for_each(|a| self.expr(m, a, scope)),
            ExprKind::Let(locals, body) => {
                let mut inner: Vec<&str> = scope.to_vec();
                for l in locals {
                    self.expr(m, &l.value, &inner);
                    inner.push(&l.name.text);
                }
                self.expr(m, body, &inner);
            }
            ExprKind::Column(a, _, _) | ExprKind::Swizzle(a, _) | ExprKind::Project(a, _) => {
                self.expr(m, a, scope)
            }
            _ => {}
        }
    }
}
