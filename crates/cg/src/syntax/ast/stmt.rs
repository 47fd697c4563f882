//! Statements and blocks (owned trees).

use super::{Decl, ExprId, Span};

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `;`
    Empty,
    Expr(ExprId),
    /// A local declaration: variables (`float a = 1, b[2];`), a typedef, or a struct definition.
    /// Never a function: the parser reports function definitions inside functions.
    Decl(Box<Decl>),
    Block(Block),
    If {
        cond: ExprId,
        then: Box<Stmt>,
        otherwise: Option<Box<Stmt>>,
    },
    While {
        cond: ExprId,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: ExprId,
    },
    /// `for (init; cond; step) body`; `init` is an expression or declaration statement.
    For {
        init: Option<Box<Stmt>>,
        cond: Option<ExprId>,
        step: Option<ExprId>,
        body: Box<Stmt>,
    },
    /// `switch (selector) { case 1: case 2: ...; default: ... }` (Cg 3; Cg 2.0 only reserves the
    /// words). Kept structured: statements before the first label are reported by the parser.
    Switch {
        selector: ExprId,
        cases: Vec<SwitchCase>,
    },
    Break,
    Continue,
    Return(Option<ExprId>),
    Discard,
    /// A statement the parser could not read (already reported).
    Error,
}

/// One group of labels and the statements that follow them, up to the next label.
#[derive(Clone, Debug, PartialEq)]
pub struct SwitchCase {
    pub labels: Vec<CaseLabel>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CaseLabel {
    Case { value: ExprId, span: Span },
    Default { span: Span },
}
