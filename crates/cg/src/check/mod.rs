//! Semantic analysis of Cg: turns a parsed [`TranslationUnit`] into a [`CheckedProgram`] (types,
//! resolved names, explicit conversions) and reports errors and warnings.
//!
//! The checker walks the declarations once, in order, with scopes (a name is visible from its
//! declaration on, as the spec says). Each function body is checked into its own list of
//! diagnostics; at the end only the entry function and what it reaches report theirs, since cgc
//! compiles only what the entry uses and the spec applies profile restrictions only there.
//!
//! Decisions on points the spec leaves open are listed in the module that makes them; the main
//! ones: implicit truncations warn (the conversion table's "W"), mismatched vector sizes in
//! operators are errors ("Sizes ... must be appropriately matched"), numeric conditions convert to
//! `bool`, and when overload resolution leaves several candidates only because of untyped
//! constants, `cfloat` prefers `float` and `cint` prefers `int` then `float` ("cfloat and cint
//! behave like float and int").

mod calls;
mod consteval;
mod constructors;
mod decl;
mod entry;
mod expr;
mod functions;
mod interfaces;
mod lvalue;
mod operators;
pub(crate) mod profiles;
mod program;
mod scope;
pub(crate) mod semantics;
pub mod stdlib;
mod stmt;
mod structs;
mod swizzle;
pub mod types;

pub use profiles::profile_stage;
pub use program::*;
pub use semantics::{vertex_input, vertex_output};
pub use types::{StructId, Type};

use crate::syntax::ast::{ExprId, Span, TranslationUnit};
use pigment_diag::{Diagnostic, FileId};
use scope::Scopes;
use std::collections::{HashMap, HashSet};
use types::{classify, Conversion, StructInfo, WarnKind};

/// What to check the program for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// The entry function's name (cgc `-entry`).
    pub entry: String,
    /// The compilation profile (cgc `-profile`).
    pub profile: String,
    /// The stage the entry is for; `None`: the profile's ([`profile_stage`]).
    pub stage: Option<pigment_ir::Stage>,
}

impl CheckOptions {
    /// The stage the entry is checked (and lowered) for.
    pub fn stage(&self) -> pigment_ir::Stage {
        self.stage.unwrap_or_else(|| profile_stage(&self.profile))
    }
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            entry: "main".to_string(),
            profile: "fp30".to_string(),
            stage: None,
        }
    }
}

/// Checks a translation unit for `options.profile`, with `options.entry` as the program. Every
/// diagnostic points into `file` (the preprocessed text the unit was parsed from). Never panics.
pub fn check(
    unit: &TranslationUnit,
    file: FileId,
    options: &CheckOptions,
) -> (CheckedProgram, Vec<Diagnostic>) {
    let mut checker = Checker::new(unit, file, options);
    checker.declare_predefined();
    for decl in &unit.decls {
        checker.top_level(decl);
    }
    checker.finish()
}

/// The function being checked and where in it the checker is.
#[derive(Clone, Debug, Default)]
struct FnContext {
    function: Option<FunctionId>,
    ret: Option<Type>,
    loops: u32,
    switches: u32,
    /// How many enclosing `if` branches are never taken (constant condition).
    dead_branches: u32,
}

/// A call from one function (or a global initializer, `None`) to another.
#[derive(Clone, Debug)]
struct CallEdge {
    caller: Option<FunctionId>,
    callee: FunctionId,
    span: Span,
}

struct Checker<'a> {
    unit: &'a TranslationUnit,
    file: FileId,
    options: &'a CheckOptions,
    program: CheckedProgram,
    scopes: Scopes,
    /// Where diagnostics go now: the global list, or the current function's.
    diags: Vec<Diagnostic>,
    function_diags: HashMap<FunctionId, Vec<Diagnostic>>,
    ctx: FnContext,
    calls: Vec<CallEdge>,
    /// Reserved words already warned about as names: one warning per word is enough (libretro's
    /// headers name dozens of struct members `texture`).
    reserved_warned: HashSet<String>,
}

impl<'a> Checker<'a> {
    fn new(unit: &'a TranslationUnit, file: FileId, options: &'a CheckOptions) -> Checker<'a> {
        let program = CheckedProgram {
            profile: options.profile.clone(),
            stage: options.stage(),
            expr_types: vec![Type::Error; unit.exprs.len()],
            resolutions: ExprTable::with_len(unit.exprs.len()),
            ..CheckedProgram::default()
        };
        Checker {
            unit,
            file,
            options,
            program,
            scopes: Scopes::new(),
            diags: Vec::new(),
            function_diags: HashMap::new(),
            ctx: FnContext::default(),
            calls: Vec::new(),
            reserved_warned: HashSet::new(),
        }
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        let d = Diagnostic::error(message).at(self.file, span);
        self.diags.push(d);
    }

    fn warning(&mut self, span: Span, message: impl Into<String>) {
        let d = Diagnostic::warning(message).at(self.file, span);
        self.diags.push(d);
    }

    /// An error with a secondary label (a previous declaration, say).
    fn error_with(&mut self, span: Span, message: impl Into<String>, other: Span, label: &str) {
        let d = Diagnostic::error(message)
            .at(self.file, span)
            .with_label(self.file, other, label);
        self.diags.push(d);
    }

    /// Reports a name that is declared nowhere. Inside a branch that is never taken it is only a
    /// warning: cgc drops such branches before it looks names up, and real shaders rely on it
    /// (`static const bool use_x = false; if (use_x) { only_declared_when_x... }`).
    fn undeclared(&mut self, span: Span, message: String) {
        if self.ctx.dead_branches > 0 {
            self.warning(
                span,
                format!("{message} (accepted because this branch is never taken: its condition is constant)"),
            );
        } else {
            self.error(span, message);
        }
    }

    fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn span_of(&self, e: ExprId) -> Span {
        self.unit.exprs[e].span
    }

    fn type_of(&self, e: ExprId) -> Type {
        self.program.type_of(e).clone()
    }

    fn set_type(&mut self, e: ExprId, ty: Type) -> Type {
        if let Some(slot) = self.program.expr_types.get_mut(e.index()) {
            *slot = ty.clone();
        }
        ty
    }

    /// A type as the user writes it: `float4`, `half3x3`, `S`, `float[4]`.
    fn type_name(&self, ty: &Type) -> String {
        self.program.type_name(ty)
    }

    /// Converts the value of `e` to `to` implicitly, recording the conversion; reports what the
    /// conversion table forbids or warns about. `what` says where (`"in the assignment"`).
    /// Returns false after an error.
    fn coerce(&mut self, e: ExprId, to: &Type, what: &str) -> bool {
        self.coerce_lazily(e, to, || what.to_string())
    }

    /// [`Self::coerce`] with the message's context made only when there is a message: a call's
    /// arguments are coerced by the thousand in large programs, nearly all without one.
    fn coerce_lazily(&mut self, e: ExprId, to: &Type, what: impl FnOnce() -> String) -> bool {
        let from = self.type_of(e);
        let span = self.span_of(e);
        match classify(&from, to, &self.program) {
            Conversion::Identical => true,
            Conversion::ImplicitWarn(kind) => {
                let message = self.warn_message(&from, to, kind, &what());
                self.warning(span, message);
                self.record_conversion(e, to);
                true
            }
            c if c.is_implicit() => {
                self.record_conversion(e, to);
                true
            }
            c => {
                let message = self.conversion_error(&from, to, c, &what());
                self.error(span, message);
                false
            }
        }
    }

    fn record_conversion(&mut self, e: ExprId, to: &Type) {
        if self.program.type_of(e) != to {
            self.program.conversions.insert(e, to.clone());
        }
    }

    fn warn_message(&self, from: &Type, to: &Type, kind: WarnKind, what: &str) -> String {
        let (f, t) = (self.type_name(from), self.type_name(to));
        match kind {
            WarnKind::ToScalar => format!(
                "implicit conversion of `{f}` to `{t}` {what} keeps only the first component (use `.x` or a cast)"
            ),
            WarnKind::Truncation => match to {
                Type::Vector(_, n) => format!(
                    "implicit truncation of `{f}` to `{t}` {what} (use a swizzle like `.{}`)",
                    &"xyzw"[..usize::from(*n)]
                ),
                _ => format!(
                    "implicit truncation of `{f}` to `{t}` {what} keeps the upper-left part (use a cast)"
                ),
            },
            WarnKind::Reshape => {
                format!("implicit conversion of `{f}` to `{t}` {what} changes its shape (use a cast)")
            }
        }
    }

    fn conversion_error(&self, from: &Type, to: &Type, c: Conversion, what: &str) -> String {
        let (f, t) = (self.type_name(from), self.type_name(to));
        match (from, to, c) {
            (Type::Vector(_, n), Type::Vector(_, m), _) if m > n => format!(
                "cannot convert `{f}` to `{t}` {what}: `{t}` has more components (build it with a constructor like `{t}(value, ...)`)"
            ),
            (_, _, Conversion::ExplicitOnly) => {
                format!("cannot convert `{f}` to `{t}` implicitly {what} (an explicit cast `({t})` is needed)")
            }
            _ => format!("cannot convert `{f}` to `{t}` {what}"),
        }
    }
}

impl StructInfo for CheckedProgram {
    fn field_types(&self, id: StructId) -> Vec<Type> {
        self.structs
            .get(id.index())
            .map(|s| s.fields.iter().map(|f| f.ty.clone()).collect())
            .unwrap_or_default()
    }

    fn is_interface(&self, id: StructId) -> bool {
        self.structs.get(id.index()).is_some_and(|s| s.is_interface)
    }

    fn implements(&self, strukt: StructId, interface: StructId) -> bool {
        self.structs
            .get(strukt.index())
            .is_some_and(|s| s.base == Some(interface))
    }
}

impl CheckedProgram {
    /// A type as the user writes it: `float4`, `half3x3`, `S`, `float[4]`.
    pub fn type_name(&self, ty: &Type) -> String {
        match ty {
            Type::Void => "void".to_string(),
            Type::Scalar(s) => s.as_str().to_string(),
            Type::Vector(s, n) => format!("{}{n}", s.as_str()),
            Type::Matrix(s, r, c) => format!("{}{r}x{c}", s.as_str()),
            Type::Sampler(k) => k.as_str().to_string(),
            Type::Struct(id) => self
                .structs
                .get(id.index())
                .and_then(|s| s.name.clone())
                .unwrap_or_else(|| "<anonymous struct>".to_string()),
            Type::Array(elem, size) => {
                // Dimensions print outermost first: float[4][2] is 4 arrays of float[2].
                let mut dims = String::new();
                let mut t = ty;
                while let Type::Array(e, n) = t {
                    match n {
                        Some(n) => dims.push_str(&format!("[{n}]")),
                        None => dims.push_str("[]"),
                    }
                    t = e;
                }
                let _ = (elem, size);
                format!("{}{dims}", self.type_name(t))
            }
            Type::String => "string".to_string(),
            Type::Error => "<error>".to_string(),
        }
    }
}
