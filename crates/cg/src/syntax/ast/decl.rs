//! Declarations: variables, typedefs, functions (with parameters and semantics), annotations.

use super::{ArrayDim, Block, ExprId, Ident, Span, TypeSpec};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq)]
pub enum Decl {
    /// Variables, or a struct/interface definition on its own (`struct S { ... };` is a `VarDecl`
    /// with no declarators whose type is `TypeKind::Struct`), as in C.
    Var(VarDecl),
    /// `typedef TYPE NAME...;`: each declarator names a type.
    Typedef(VarDecl),
    Function(Function),
}

/// `qualifiers type declarator, declarator, ...;`
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    pub qualifiers: Vec<Qualifier>,
    pub ty: TypeSpec,
    pub declarators: Vec<Declarator>,
    pub span: Span,
}

/// One declared name: `name[4][2] : SEMANTIC <annotations> = init`.
#[derive(Clone, Debug, PartialEq)]
pub struct Declarator {
    pub name: Ident,
    pub dims: Vec<ArrayDim>,
    pub semantic: Option<Semantic>,
    pub annotations: Vec<Annotation>,
    /// An expression or an [`super::ExprKind::InitList`].
    pub init: Option<ExprId>,
    pub span: Span,
}

/// Declaration specifiers other than the type, in the order written. Their legality (`static`
/// only on globals, `in` only on parameters, ...) is the checker's to enforce.
#[derive(Clone, Debug, PartialEq)]
pub struct Qualifier {
    pub kind: QualifierKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QualifierKind {
    Const,
    Uniform,
    Varying,
    In,
    Out,
    Inout,
    Static,
    Extern,
    Inline,
    /// A profile name (or wildcard such as `ps`) before a function's return type: `fp30 float4 f()`.
    Profile(String),
}

impl QualifierKind {
    pub fn as_str(&self) -> &str {
        match self {
            QualifierKind::Const => "const",
            QualifierKind::Uniform => "uniform",
            QualifierKind::Varying => "varying",
            QualifierKind::In => "in",
            QualifierKind::Out => "out",
            QualifierKind::Inout => "inout",
            QualifierKind::Static => "static",
            QualifierKind::Extern => "extern",
            QualifierKind::Inline => "inline",
            QualifierKind::Profile(name) => name,
        }
    }
}

/// A binding semantic after `:`.
#[derive(Clone, Debug, PartialEq)]
pub struct Semantic {
    pub kind: SemanticKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SemanticKind {
    /// `COLOR`, `TEXCOORD0`, `TEXUNIT2`, or a dotted state name such as `state.matrix.mvp` or
    /// `state.light[0].position` (spec "Position Invariance"), as written.
    Name(String),
    /// `register(s0)` (fp30-profile.md §3): the comma-separated words inside the parentheses.
    Register(Vec<Ident>),
}

/// `<string UIName = "Tint"; float UIMin = 0;>` after a declarator: metadata for tools, which the
/// compiler ignores. `type_name` is kept as text because annotations may use `string`.
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    pub type_name: Ident,
    pub name: Ident,
    pub value: ExprId,
    pub span: Span,
}

/// A function declaration or definition, at the top level or as a struct/interface member.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// Includes any profile name: `fp30 float4 main()` has `QualifierKind::Profile("fp30")`.
    pub qualifiers: Vec<Qualifier>,
    pub return_type: TypeSpec,
    /// `S` in a definition written outside its struct as `float S::f() { ... }`.
    pub scope: Option<Ident>,
    pub name: Ident,
    /// Empty for both `f()` and `f(void)`.
    pub params: Vec<Param>,
    /// The semantic of the return value: `float4 main(...) : COLOR`.
    pub semantic: Option<Semantic>,
    /// `None` for a prototype (`float f(float x);`) or an interface member. Shared with the
    /// checked program's function, which keeps the body for lowering without a copy.
    pub body: Option<Arc<Block>>,
    pub span: Span,
}

/// `[qualifiers] type name[dims] [: semantic] [= default]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub qualifiers: Vec<Qualifier>,
    pub ty: TypeSpec,
    /// `None` in a prototype that leaves the parameter unnamed: `float f(float);`.
    pub name: Option<Ident>,
    pub dims: Vec<ArrayDim>,
    pub semantic: Option<Semantic>,
    pub default: Option<ExprId>,
    pub span: Span,
}
