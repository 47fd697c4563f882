//! The ISL syntax tree, as parsed: functions and shaders, declarations, statements and
//! expressions, every node carrying the span it came from.

use pigment_diag::{FileId, Span};

/// A name as written, with its place.
#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// One source file: top-level declarations and functions, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    pub file: FileId,
    pub items: Vec<Item>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Var(VarDecl),
    Func(Func),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    Uniform,
    Parameter,
    Varying,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    Float,
    Color,
    Matrix,
    String,
}

/// The five shader kinds of section XI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShaderKind {
    Surface,
    Atmosphere,
    AmbientLight,
    DistantLight,
    PointLight,
}

/// `class base`, as written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TypeSpec {
    pub class: Class,
    pub base: Base,
    pub span: Span,
}

/// What a function returns: an ordinary type or a shader kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FuncKind {
    Ordinary(TypeSpec),
    Shader(ShaderKind, Span),
}

/// `class base name [size] [= init]`; `size` is `Some(None)` for `[]` (formals only).
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    pub ty: TypeSpec,
    pub name: Name,
    pub size: Option<Option<Expr>>,
    pub init: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Func {
    pub kind: FuncKind,
    pub name: Name,
    pub formals: Vec<VarDecl>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssignOp {
    Set,
    Add,
    Sub,
    Mul,
    Div,
}

impl AssignOp {
    pub fn text(self) -> &'static str {
        match self {
            AssignOp::Set => "=",
            AssignOp::Add => "+=",
            AssignOp::Sub => "-=",
            AssignOp::Mul => "*=",
            AssignOp::Div => "/=",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Decl(VarDecl),
    Assign {
        target: Expr,
        op: AssignOp,
        value: Expr,
    },
    Block(Block),
    If {
        cond: Expr,
        then: Box<Stmt>,
        els: Option<Box<Stmt>>,
    },
    Repeat {
        count: Expr,
        body: Box<Stmt>,
    },
    Return(Option<Expr>),
    /// A statement that failed to parse (already reported).
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

impl BinOp {
    pub fn text(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Eq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            And => "&&",
            Or => "||",
        }
    }

    pub fn is_comparison(self) -> bool {
        use BinOp::*;
        matches!(self, Eq | Ne | Lt | Le | Gt | Ge)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Num(f64),
    Str(String),
    Var(String),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Index(Box<Expr>, Box<Expr>),
    /// `e.C`: a channel mask (only `FB.C` is meaningful).
    Channels(Box<Expr>, Name),
    /// A call, including the `color(...)` and `matrix(...)` constructors.
    Call(Name, Vec<Expr>),
    /// An expression that failed to parse (already reported).
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}
