//! The Cg syntax tree.
//!
//! Shape (designed for the semantic checker that walks it):
//! * Expressions live in one arena, [`Exprs`], inside the [`TranslationUnit`] and are referred to by
//!   [`ExprId`] handles. A checker keeps side tables indexed by `ExprId::index()` (the type of each
//!   expression, what each name resolves to) without touching the tree.
//! * Declarations and statements are owned trees ([`Decl`], [`Stmt`], [`Block`]): they are walked
//!   once, in order, with scopes, so handles would add nothing.
//! * Every node carries a [`Span`]: byte offsets into the preprocessed text given to
//!   [`crate::syntax::parse`].
//! * Names are owned [`Ident`]s (text and span). Swizzles and member names are kept as raw
//!   [`ExprKind::Member`] suffix text; the checker decides what `.xyz`, `._m00_m11` or `.length` mean.
//! * After a syntax error the parser still produces a tree: [`ExprKind::Error`], [`StmtKind::Error`]
//!   and [`TypeKind::Error`] mark the places it could not understand.

mod decl;
mod expr;
mod stmt;
mod types;

pub use decl::*;
pub use expr::*;
pub use stmt::*;
pub use types::*;

pub use pigment_diag::Span;

/// A name as written, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A whole preprocessed Cg source: its top-level declarations in order, and the expression arena
/// every [`ExprId`] in them points into.
#[derive(Clone, Debug, Default)]
pub struct TranslationUnit {
    pub decls: Vec<Decl>,
    pub exprs: Exprs,
}
