//! Declarations: the top-level walk, type specifiers, qualifiers, variables and typedefs.

use super::program::{BindingSemantic, Direction, VarId, VarKind, Variable};
use super::scope::Binding;
use super::types::Type;
use super::Checker;
use crate::syntax::ast::{
    ArrayDim, Decl, Declarator, Ident, Qualifier, QualifierKind, Semantic, SemanticKind, TypeKind,
    TypeSpec, VarDecl,
};
use crate::syntax::token::{is_cgc_keyword, is_reserved_word};

/// The qualifiers of one declaration, after checking which are allowed.
#[derive(Clone, Debug, Default)]
pub(super) struct Qualifiers {
    pub is_const: bool,
    pub uniform: bool,
    pub varying: bool,
    pub is_static: bool,
    pub is_extern: bool,
    pub is_inline: bool,
    pub direction: Option<Direction>,
    pub profile: Option<String>,
}

/// The warning for a qualifier the spec does not allow at `place` but cgc accepts there and
/// ignores, or `None`.
fn ignored_qualifier(kind: &QualifierKind, place: Place) -> Option<String> {
    match (kind, place) {
        (
            QualifierKind::Varying | QualifierKind::Static | QualifierKind::Extern | QualifierKind::In,
            Place::Field,
        ) => Some(format!(
            "`{}` has no effect on a struct member (cgc ignores it)",
            kind.as_str()
        )),
        // cgc compiles a `static` local as a plain local, initialised on every call.
        (QualifierKind::Static, Place::Local) => Some(
            "`static` has no effect on a local variable: unlike C, cgc initializes it on every call"
                .to_string(),
        ),
        (QualifierKind::Static, Place::Param) => {
            Some("`static` has no effect on a parameter (cgc ignores it)".to_string())
        }
        _ => None,
    }
}

/// Where a declaration is, for qualifier rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    Global,
    Local,
    Param,
    Function,
    Field,
}

impl Checker<'_> {
    pub(super) fn top_level(&mut self, decl: &Decl) {
        match decl {
            Decl::Var(v) => self.var_decl(v, Place::Global),
            Decl::Typedef(v) => self.typedef(v),
            Decl::Function(f) => {
                self.function(f, None);
            }
        }
    }

    /// Collects qualifiers, rejecting those the spec does not allow at `place`.
    pub(super) fn qualifiers(&mut self, quals: &[Qualifier], place: Place) -> Qualifiers {
        let mut q = Qualifiers::default();
        for qual in quals {
            if let Some(message) = ignored_qualifier(&qual.kind, place) {
                self.warning(qual.span, message);
                continue;
            }
            let allowed = match (&qual.kind, place) {
                (QualifierKind::Const, Place::Function) => false,
                (QualifierKind::Const, _) => true,
                (QualifierKind::Uniform | QualifierKind::Varying, Place::Global | Place::Param) => {
                    true
                }
                (QualifierKind::In | QualifierKind::Out | QualifierKind::Inout, Place::Param) => {
                    true
                }
                // "in/out/inout: only usable on parameter and varying declarations".
                (QualifierKind::In | QualifierKind::Out | QualifierKind::Inout, Place::Global) => {
                    true
                }
                (QualifierKind::Static, Place::Global | Place::Function) => true,
                (QualifierKind::Extern, Place::Global | Place::Function) => true,
                (QualifierKind::Inline, Place::Function) => true,
                // A cgc extension: a uniform member of a varying connector struct.
                (QualifierKind::Uniform, Place::Field) => true,
                (QualifierKind::Profile(_), Place::Function) => true,
                _ => false,
            };
            if !allowed {
                let what = match place {
                    Place::Global => "a global variable",
                    Place::Local => "a local variable",
                    Place::Param => "a parameter",
                    Place::Function => "a function",
                    Place::Field => "a struct member",
                };
                let message = match &qual.kind {
                    QualifierKind::Profile(name) => {
                        format!("`{name}` is not a type, and a profile name can only precede a function")
                    }
                    k => format!("`{}` cannot qualify {what}", k.as_str()),
                };
                self.error(qual.span, message);
                continue;
            }
            match &qual.kind {
                QualifierKind::Const => q.is_const = true,
                QualifierKind::Uniform => q.uniform = true,
                QualifierKind::Varying => q.varying = true,
                QualifierKind::Static => q.is_static = true,
                QualifierKind::Extern => q.is_extern = true,
                QualifierKind::Inline => q.is_inline = true,
                QualifierKind::In => {
                    q.direction = Some(merge_direction(q.direction, Direction::In))
                }
                QualifierKind::Out => {
                    q.direction = Some(merge_direction(q.direction, Direction::Out))
                }
                QualifierKind::Inout => q.direction = Some(Direction::InOut),
                QualifierKind::Profile(p) => q.profile = Some(p.clone()),
            }
        }
        if q.is_static && (q.uniform || q.varying) {
            let span = quals.first().map(|q| q.span).unwrap_or_default();
            self.error(
                span,
                "`static` cannot be combined with `uniform` or `varying`",
            );
        }
        if place == Place::Global && q.direction.is_some() && !q.varying {
            let span = quals.first().map(|q| q.span).unwrap_or_default();
            self.error(
                span,
                "`in`, `out` and `inout` on a global variable need `varying`",
            );
        }
        if q.uniform && q.varying {
            let span = quals.first().map(|q| q.span).unwrap_or_default();
            self.error(span, "a variable cannot be both `uniform` and `varying`");
        }
        q
    }

    /// The type a specifier names (defining any struct written in place).
    pub(super) fn resolve_type(&mut self, spec: &TypeSpec) -> Type {
        match &spec.kind {
            TypeKind::Void => Type::Void,
            TypeKind::Scalar(s) => Type::Scalar(*s),
            TypeKind::Vector(s, n) => Type::Vector(*s, *n),
            TypeKind::Matrix(s, r, c) => Type::Matrix(*s, *r, *c),
            TypeKind::Sampler(k) => Type::Sampler(*k),
            TypeKind::Named(ident) => self.named_type(ident),
            TypeKind::Struct(def) => Type::Struct(self.define_struct(def)),
            TypeKind::Error => Type::Error,
        }
    }

    fn named_type(&mut self, ident: &Ident) -> Type {
        if let Some(entry) = self.scopes.lookup(&ident.name) {
            if let Binding::Type(t) = &entry.item {
                return t.clone();
            }
        }
        if let Some(entry) = self.scopes.lookup_tag(&ident.name) {
            return Type::Struct(entry.item);
        }
        if self.scopes.lookup(&ident.name).is_none() {
            match TypeKind::glsl_alias(&ident.name) {
                Some(TypeKind::Vector(s, n)) => return Type::Vector(s, n),
                Some(TypeKind::Matrix(s, r, c)) => return Type::Matrix(s, r, c),
                _ => {}
            }
        }
        let message = match self.scopes.lookup(&ident.name) {
            Some(_) => format!("`{}` is not a type", ident.name),
            None => format!("unknown type `{}`", ident.name),
        };
        self.error(ident.span, message);
        Type::Error
    }

    /// Applies declarator dimensions, innermost (last written) first. `packed` turns a numeric
    /// scalar array of 1-4 into a vector and an array of vectors into a matrix: the spec defines
    /// `float4` as `packed float[4]` and `float3x4` as `packed float4[3]`.
    pub(super) fn apply_dims(&mut self, base: Type, dims: &[ArrayDim], packed: bool) -> Type {
        let mut ty = base;
        for dim in dims.iter().rev() {
            let size = dim.size.and_then(|e| self.array_size(e));
            ty = match (packed, &ty, size) {
                (true, Type::Scalar(s), Some(n @ 1..=4))
                    if *s != crate::syntax::ast::Scalar::Cint =>
                {
                    Type::Vector(*s, n as u8)
                }
                (true, Type::Vector(s, c), Some(n @ 1..=4)) => Type::Matrix(*s, n as u8, *c),
                _ if dim.size.is_some() && size.is_none() => Type::Error,
                _ => Type::Array(Box::new(ty), size),
            };
        }
        ty
    }

    /// A declarator's array size: a positive integer constant.
    pub(super) fn array_size(&mut self, e: crate::syntax::ast::ExprId) -> Option<u32> {
        let ty = self.expr(e);
        if ty.is_error() {
            return None;
        }
        match self.const_int(e) {
            Some(n) if n > 0 && n <= i64::from(u32::MAX) => Some(n as u32),
            Some(n) => {
                self.error(
                    self.span_of(e),
                    format!("array size must be positive, not {n}"),
                );
                None
            }
            None => {
                self.error(self.span_of(e), "array size must be an integer constant");
                None
            }
        }
    }

    pub(super) fn semantic(&mut self, s: &Semantic) -> BindingSemantic {
        let written = match &s.kind {
            SemanticKind::Name(n) => n.clone(),
            SemanticKind::Register(words) => {
                let inner: Vec<&str> = words.iter().map(|w| w.name.as_str()).collect();
                format!("register({})", inner.join(", "))
            }
        };
        BindingSemantic {
            name: written.to_ascii_uppercase(),
            written,
            span: s.span,
        }
    }

    /// Rejects the reserved words cgc refuses as declared names, and warns about the rest of the
    /// spec's list, once per word (cgc accepts `texture`, `half`, `__x` ... as names; the spec
    /// reserves them for future use). Returns false if rejected.
    pub(super) fn check_name(&mut self, ident: &Ident) -> bool {
        if is_cgc_keyword(&ident.name) {
            self.error(
                ident.span,
                format!(
                    "`{}` is a reserved word and cannot be used as a name",
                    ident.name
                ),
            );
            return false;
        }
        if is_reserved_word(&ident.name) && self.reserved_warned.insert(ident.name.clone()) {
            self.warning(
                ident.span,
                format!(
                    "`{}` is reserved by the Cg spec; cgc accepts it as a name, but renaming it keeps the program portable (reported once)",
                    ident.name
                ),
            );
        }
        true
    }

    /// Declares `name` in the current scope, reporting a redeclaration in the same scope.
    pub(super) fn declare_value(&mut self, ident: &Ident, binding: Binding) {
        if !self.check_name(ident) {
            return;
        }
        if let Some(prev) = self.scopes.lookup_here(&ident.name) {
            let prev_span = prev.span;
            self.error_with(
                ident.span,
                format!("`{}` is already declared in this scope", ident.name),
                prev_span,
                "previous declaration",
            );
            return;
        }
        self.scopes.declare(&ident.name, binding, ident.span);
    }

    fn typedef(&mut self, decl: &VarDecl) {
        let q = self.qualifiers(&decl.qualifiers, Place::Field);
        let _ = q;
        let base = self.resolve_type(&decl.ty);
        for d in &decl.declarators {
            let ty = self.apply_dims(base.clone(), &d.dims, decl.ty.packed.is_some());
            if let Some(init) = d.init {
                self.error(self.span_of(init), "a typedef cannot have an initializer");
            }
            self.declare_value(&d.name, Binding::Type(ty));
        }
    }

    /// Variables (global or local), or a struct definition on its own.
    pub(super) fn var_decl(&mut self, decl: &VarDecl, place: Place) {
        let q = self.qualifiers(&decl.qualifiers, place);
        let base = self.resolve_type(&decl.ty);
        if decl.declarators.is_empty() && !matches!(decl.ty.kind, TypeKind::Struct(_)) {
            self.warning(decl.span, "declaration declares nothing");
        }
        for d in &decl.declarators {
            let ty = self.apply_dims(base.clone(), &d.dims, decl.ty.packed.is_some());
            self.declarator(d, ty, &q, place);
        }
    }

    fn declarator(
        &mut self,
        d: &Declarator,
        declared: Type,
        q: &super::decl::Qualifiers,
        place: Place,
    ) {
        let mut ty = declared;
        match &ty {
            Type::Void => {
                self.error(
                    d.name.span,
                    format!("variable `{}` cannot have type `void`", d.name.name),
                );
                ty = Type::Error;
            }
            Type::Scalar(s) if super::types::is_compile_time(*s) => {
                self.error(
                    d.name.span,
                    format!(
                        "`{}` is a compile-time type; variables cannot be declared with it",
                        s.as_str()
                    ),
                );
                ty = Type::Error;
            }
            Type::Sampler(_) if place == Place::Local => {
                self.warning(
                    d.name.span,
                    format!(
                        "`{}` is a local sampler variable: {}",
                        d.name.name,
                        super::lvalue::SAMPLER_COPY
                    ),
                );
            }
            Type::Struct(id) if self.program.strukt(*id).is_interface && place == Place::Local => {
                self.error(
                    d.name.span,
                    format!(
                        "cannot create an object of interface type `{}`",
                        self.type_name(&ty)
                    ),
                );
            }
            _ => {}
        }
        if let Some(init) = d.init {
            ty = self.initializer(init, &ty, &d.name.name);
        } else if q.is_const && !q.uniform && !q.varying && !q.is_extern {
            self.error(
                d.name.span,
                format!("const variable `{}` needs an initializer", d.name.name),
            );
        }
        let semantic = d.semantic.as_ref().map(|s| self.semantic(s));
        if place == Place::Local {
            if let Some(s) = &semantic {
                self.warning(s.span, "a semantic on a local variable has no effect");
            }
        }
        let global = place == Place::Global;
        let compile_time_const = q.is_const && d.init.is_some();
        let var = self.new_var(Variable {
            name: d.name.name.clone(),
            span: d.name.span,
            ty,
            kind: if global {
                VarKind::Global
            } else {
                VarKind::Local
            },
            is_const: q.is_const,
            is_static: q.is_static,
            // "Non-static global variables are treated as uniform by default".
            // A `const` global with an initializer is a compile-time constant, not a parameter.
            uniform: q.uniform || (global && !q.is_static && !q.varying && !compile_time_const),
            varying: q.varying,
            direction: q.direction.unwrap_or_default(),
            semantic,
            init: d.init,
        });
        if global {
            self.program.globals.push(var);
        }
        self.program.declarators.insert(d.name.span, var);
        self.declare_value(&d.name, Binding::Var(var));
    }

    pub(super) fn new_var(&mut self, v: Variable) -> VarId {
        self.program.vars.push(v);
        VarId((self.program.vars.len() - 1) as u32)
    }
}

fn merge_direction(prev: Option<Direction>, new: Direction) -> Direction {
    match (prev, new) {
        (Some(Direction::In), Direction::Out) | (Some(Direction::Out), Direction::In) => {
            Direction::InOut
        }
        (Some(Direction::InOut), _) => Direction::InOut,
        _ => new,
    }
}
