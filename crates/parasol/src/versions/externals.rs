//! The standard library's version restrictions: an external declared with `restrict N PROFILE;`
//! is not available in that GLSL version, and a shader that reaches it — through its own values,
//! the terms those name, their bodies, transitively, as the reference compiler's version checker
//! follows a shader's referenced terms — cannot be written in that version. Each call or reference
//! is reported once, where the reaching code names the external's function.

use super::{LegacyVersion, CODE};
use crate::ast::{Body, Decl, Expr, ExprKind, GlslVersion, Local, Path, StageShader};
use crate::check::env::{Env, ModuleInfo};
use pigment_diag::{Diagnostic, Span};
use std::collections::HashSet;

/// Every reference of shader `s` (in module `m`) that reaches an external `version` excludes.
pub(super) fn restricted(
    env: &Env,
    m: &ModuleInfo,
    s: &StageShader,
    version: LegacyVersion,
) -> Vec<Diagnostic> {
    let mut reach = Reach {
        env,
        version,
        walked: HashSet::new(),
        out: Vec::new(),
    };
    let mut locals: Vec<String> = s.ios.iter().map(|io| io.name.text.clone()).collect();
    for local in &s.locals {
        match local {
            Local::Value(v) => {
                reach.expr(m, &mut locals, &v.value);
                locals.push(v.name.text.clone());
            }
            Local::Discard(e, _) => reach.expr(m, &mut locals, e),
        }
    }
    for output in &s.outputs {
        reach.reference(m, &locals, &output.value, output.value.span());
    }
    reach.out
}

struct Reach<'e, 'a> {
    env: &'e Env<'a>,
    version: LegacyVersion,
    /// The bodies already walked (by address: each declaration once).
    walked: HashSet<*const Decl>,
    out: Vec<Diagnostic>,
}

impl<'e, 'a> Reach<'e, 'a> {
    fn expr(&mut self, m: &'e ModuleInfo<'a>, locals: &mut Vec<String>, e: &Expr) {
        match &e.kind {
            ExprKind::Var(p) => self.reference(m, locals, p, e.span),
            ExprKind::Apply(p, args) => {
                for a in args {
                    self.expr(m, locals, a);
                }
                self.reference(m, locals, p, e.span);
            }
            ExprKind::If(a, b, c) => {
                for x in [a, b, c] {
                    self.expr(m, locals, x);
                }
            }
            ExprKind::Let(bindings, body) => {
                let depth = locals.len();
                for b in bindings {
                    self.expr(m, locals, &b.value);
                    locals.push(b.name.text.clone());
                }
                self.expr(m, locals, body);
                locals.truncate(depth);
            }
            ExprKind::New(_, args) => args.iter().for_each(|a| self.expr(m, locals, a)),
            ExprKind::Record(_, fields) => fields.iter().for_each(|(_, f)| self.expr(m, locals, f)),
            ExprKind::Column(x, _, _) | ExprKind::Swizzle(x, _) | ExprKind::Project(x, _) => {
                self.expr(m, locals, x)
            }
            ExprKind::Int(_) | ExprKind::Real(_) | ExprKind::Bool(_) | ExprKind::Error => {}
        }
    }

    /// A name used at `span`: a local, or a term whose body is walked (once) or whose external
    /// declaration is checked.
    fn reference(&mut self, m: &'e ModuleInfo<'a>, locals: &[String], p: &Path, span: Span) {
        if p.module.is_none() && locals.contains(&p.name.text) {
            return;
        }
        let Some(tm) = self.env.target(m, p) else {
            return;
        };
        let Some(&decl) = tm.terms.get(&p.name.text) else {
            return;
        };
        let (body, params) = match decl {
            Decl::Value(v) => (&v.body, Vec::new()),
            Decl::Function(f) => (
                &f.body,
                f.params.iter().map(|p| p.name.text.clone()).collect(),
            ),
            _ => return,
        };
        match body {
            Body::External(x) if x.restricted.contains(&glsl(self.version)) => {
                let module = tm.key.rsplit('.').next().unwrap_or(&tm.key);
                self.out.push(
                    Diagnostic::error(format!(
                        "`{module}.{}` is not available in {}: its declaration excludes \
                         that version (the reference compiler's version check)",
                        p.name.text,
                        self.version.name()
                    ))
                    .with_code(CODE)
                    .at(m.file, span),
                );
            }
            Body::External(_) => {}
            Body::Expr(e) => {
                if self.walked.insert(decl as *const Decl) {
                    let mut locals = params;
                    self.expr(tm, &mut locals, e);
                }
            }
        }
    }
}

/// The `restrict` form of a version.
fn glsl(version: LegacyVersion) -> GlslVersion {
    match version {
        LegacyVersion::Glsl110 => GlslVersion {
            number: 110,
            es: false,
        },
        LegacyVersion::Glsl120 => GlslVersion {
            number: 120,
            es: false,
        },
        LegacyVersion::Es100 => GlslVersion {
            number: 100,
            es: true,
        },
    }
}
