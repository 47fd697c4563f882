//! Function calls: finding the candidates a callee names (user functions in scope, member
//! functions, the standard library), resolving the overload, checking each argument against its
//! parameter (`out`/`inout` arguments must be assignable) and recording the call graph.

pub(crate) mod overload;

use super::program::{Callee, Direction, FunctionId, Resolution};
use super::scope::Binding;
use super::stdlib::stdlib;
use super::types::{classify, StructId, Type};
use super::{CallEdge, Checker};
use crate::syntax::ast::{ExprId, ExprKind, Span};
use overload::{Candidate, Failure};
use pigment_diag::Diagnostic;
use std::borrow::Cow;

/// How many candidates a diagnostic lists before "and N more".
const LISTED: usize = 8;

impl Checker<'_> {
    pub(super) fn call(&mut self, e: ExprId, callee: ExprId, args: &[ExprId]) -> Type {
        let Some((name, candidates)) = self.candidates(callee) else {
            for &a in args {
                self.expr(a);
            }
            return Type::Error;
        };
        let arg_types: Vec<Type> = args.iter().map(|&a| self.expr(a)).collect();
        self.program
            .resolutions
            .insert(callee, Resolution::FunctionName);
        self.set_type(callee, Type::Void);
        let span = self.span_of(e);
        let profile = self.options.profile.clone();
        let chosen = match overload::resolve(candidates, &arg_types, &profile, &self.program) {
            Ok(c) => c,
            Err(failure) => {
                if !arg_types.iter().any(Type::is_error) {
                    self.report_failure(span, &name, &arg_types, failure);
                }
                return Type::Error;
            }
        };
        self.check_arguments(&name, &chosen, args);
        let defaulted = chosen.params.len().saturating_sub(args.len()) as u32;
        self.program.resolutions.insert(
            e,
            Resolution::Call {
                callee: chosen.callee,
                defaulted,
            },
        );
        match chosen.callee {
            Callee::User(f) => {
                self.calls.push(CallEdge {
                    caller: self.ctx.function,
                    callee: f,
                    span,
                });
                self.program.function(f).ret.clone()
            }
            Callee::Builtin(b) => {
                let builtin = stdlib().get(b);
                let vertex_refusal = (self.program.stage == pigment_ir::Stage::Vertex)
                    .then(|| {
                        super::profiles::vertex_refusal(
                            super::profiles::unprefixed(&builtin.name),
                            &profile,
                        )
                    })
                    .flatten();
                if let Some(message) = vertex_refusal {
                    self.error(span, message);
                } else if !builtin.available_in(&profile) {
                    let message = format!(
                        "`{name}` is not supported in profile `{profile}` (it needs {} or later)",
                        builtin.needs.unwrap_or("a newer profile")
                    );
                    self.error(span, message);
                }
                builtin.ret.clone()
            }
        }
    }

    /// The function name and its candidates, or `None` after reporting a callee that names no
    /// function.
    fn candidates(&mut self, callee: ExprId) -> Option<(String, Vec<Candidate>)> {
        let unit = self.unit;
        match &unit.exprs[callee].kind {
            ExprKind::Name(ident) => {
                let found = self.scopes.lookup(&ident.name).map(|e| e.item.clone());
                let user = match found {
                    Some(Binding::Functions(fs)) => fs,
                    Some(Binding::Type(_)) => {
                        self.error(
                            ident.span,
                            format!("`{}` is a type; it cannot be called", ident.name),
                        );
                        return None;
                    }
                    Some(_) => {
                        self.error(ident.span, format!("`{}` is not a function", ident.name));
                        return None;
                    }
                    None => Vec::new(),
                };
                let mut cands: Vec<Candidate> =
                    user.iter().map(|&f| self.user_candidate(f)).collect();
                let users = cands.len();
                // The library is an outer scope: a user function with the same parameters hides
                // the library's overload. (Only a user function can: a name's library overloads,
                // aliases' included, all differ in their parameters.)
                for b in stdlib().overloads_for_call(&ident.name) {
                    let builtin = stdlib().get(b);
                    let hidden = cands[..users].iter().any(|c| {
                        c.params.len() == builtin.params.len()
                            && c.params
                                .iter()
                                .zip(&builtin.params)
                                .all(|(a, b)| a.0 == b.0)
                    });
                    if !hidden {
                        cands.push(Candidate {
                            callee: Callee::Builtin(b),
                            params: Cow::Borrowed(&builtin.params),
                            defaults: 0,
                            profile: None,
                            span: None,
                        });
                    }
                }
                if cands.is_empty() {
                    self.undeclared(ident.span, format!("undeclared function `{}`", ident.name));
                    return None;
                }
                Some((ident.name.clone(), cands))
            }
            ExprKind::Scoped { scope, name } => {
                let Some(s) = self.scopes.lookup_tag(&scope.name).map(|e| e.item) else {
                    self.error(scope.span, format!("unknown struct `{}`", scope.name));
                    return None;
                };
                self.method_candidates(s, &name.name, name.span)
                    .map(|c| (format!("{}::{}", scope.name, name.name), c))
            }
            ExprKind::Member { base, member } => {
                let bt = self.expr(*base);
                match bt {
                    Type::Struct(s) => self
                        .method_candidates(s, &member.name, member.span)
                        .map(|c| (member.name.clone(), c)),
                    Type::Error => None,
                    other => {
                        let message =
                            format!("`{}` has no member functions", self.type_name(&other));
                        self.error(member.span, message);
                        None
                    }
                }
            }
            _ => {
                self.expr(callee);
                self.error(self.span_of(callee), "this expression cannot be called");
                None
            }
        }
    }

    fn method_candidates(&mut self, s: StructId, name: &str, span: Span) -> Option<Vec<Candidate>> {
        let methods: Vec<FunctionId> = self
            .program
            .strukt(s)
            .methods
            .iter()
            .copied()
            .filter(|&m| self.program.function(m).name == name)
            .collect();
        if methods.is_empty() {
            let message = format!(
                "`{}` has no member function `{name}`",
                self.type_name(&Type::Struct(s))
            );
            self.error(span, message);
            return None;
        }
        Some(methods.iter().map(|&f| self.user_candidate(f)).collect())
    }

    fn user_candidate(&self, f: FunctionId) -> Candidate {
        let func = self.program.function(f);
        let params: Vec<(Type, Direction)> = func
            .params
            .iter()
            .map(|&v| {
                let var = self.program.var(v);
                (var.ty.clone(), var.direction)
            })
            .collect();
        let defaults = func
            .params
            .iter()
            .rev()
            .take_while(|&&v| self.program.var(v).init.is_some())
            .count();
        Candidate {
            callee: Callee::User(f),
            params: Cow::Owned(params),
            defaults,
            profile: func.profile.clone(),
            span: Some(func.name_span),
        }
    }

    /// Converts each argument to its parameter; `out` and `inout` arguments must be assignable
    /// and take the parameter's type back.
    fn check_arguments(&mut self, name: &str, chosen: &Candidate, args: &[ExprId]) {
        for (i, (&arg, (param, direction))) in args.iter().zip(chosen.params.iter()).enumerate() {
            let before = self.diags.len();
            if direction.is_input() {
                self.coerce_lazily(arg, param, || format!("for argument {} of `{name}`", i + 1));
            }
            if direction.is_output() {
                let at = self.type_of(arg);
                let place = format!(
                    "argument {} of `{name}` (an `{}` parameter)",
                    i + 1,
                    if *direction == Direction::Out {
                        "out"
                    } else {
                        "inout"
                    }
                );
                if self.check_lvalue(arg, &place)
                    && !classify(param, &at, &self.program).is_implicit()
                {
                    let message = format!(
                        "`{name}` writes a `{}` to argument {}, which cannot hold it as `{}`",
                        self.type_name(param),
                        i + 1,
                        self.type_name(&at)
                    );
                    self.error(self.span_of(arg), message);
                }
            }
            // Point at the parameter of a user function whose argument did not fit.
            if let (Callee::User(f), true) = (chosen.callee, self.diags.len() > before) {
                let decl = self
                    .program
                    .function(f)
                    .params
                    .get(i)
                    .map(|&v| self.program.var(v).span);
                if let (Some(d), Some(span)) = (self.diags.last_mut(), decl) {
                    if d.is_error() {
                        d.secondary.push(pigment_diag::Label {
                            file: self.file,
                            span,
                            message: "parameter declared here".to_string(),
                        });
                    }
                }
            }
        }
    }

    fn report_failure(&mut self, span: Span, name: &str, args: &[Type], failure: Failure) {
        let arg_list: Vec<String> = args.iter().map(|t| self.type_name(t)).collect();
        let args_text = arg_list.join(", ");
        let profile = &self.options.profile;
        let (message, cands, heading) = match failure {
            Failure::Profile(c) => (
                format!("no overload of `{name}` is available in profile `{profile}`"),
                c,
                "declared for other profiles",
            ),
            Failure::Arity(c) => (
                format!(
                    "no overload of `{name}` takes {} argument{}",
                    args.len(),
                    if args.len() == 1 { "" } else { "s" }
                ),
                c,
                "candidate",
            ),
            Failure::NoMatch(c) => (
                format!("no overload of `{name}` takes ({args_text})"),
                c,
                "candidate",
            ),
            Failure::Ambiguous(c) => (
                format!("call to `{name}` with ({args_text}) is ambiguous"),
                c,
                "equally good candidate",
            ),
        };
        let mut d = Diagnostic::error(message).at(self.file, span);
        for c in cands.iter().take(LISTED) {
            let sig = self.signature_text(name, c);
            match c.span {
                Some(s) => d = d.with_label(self.file, s, format!("{heading}: {sig}")),
                None => d = d.with_note(format!("{heading}: {sig}")),
            }
        }
        if cands.len() > LISTED {
            d = d.with_note(format!("and {} more candidates", cands.len() - LISTED));
        }
        self.push(d);
    }

    fn signature_text(&self, name: &str, c: &Candidate) -> String {
        let params: Vec<String> = c
            .params
            .iter()
            .map(|(t, d)| match d {
                Direction::In => self.type_name(t),
                Direction::Out => format!("out {}", self.type_name(t)),
                Direction::InOut => format!("inout {}", self.type_name(t)),
            })
            .collect();
        let profile = c
            .profile
            .as_ref()
            .map(|p| format!("{p} "))
            .unwrap_or_default();
        format!("{profile}{name}({})", params.join(", "))
    }
}
