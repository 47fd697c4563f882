//! Expressions: an arena ([`Exprs`]) of [`Expr`] nodes addressed by [`ExprId`] handles.

use super::{Ident, Span, TypeSpec};

/// A handle to an expression in the translation unit's [`Exprs`] arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(u32);

impl ExprId {
    /// The position in the arena: use it to index side tables (`Vec<Type>` of length `exprs.len()`).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The expression arena. Children are always allocated before their parents, so walking the arena
/// in index order visits operands before the expressions that use them.
#[derive(Clone, Debug, Default)]
pub struct Exprs {
    nodes: Vec<Expr>,
}

impl Exprs {
    /// Gives back the room the list grew by.
    pub fn shrink_to_fit(&mut self) {
        self.nodes.shrink_to_fit();
    }

    pub fn alloc(&mut self, kind: ExprKind, span: Span) -> ExprId {
        self.nodes.push(Expr { kind, span });
        ExprId((self.nodes.len() - 1) as u32)
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (ExprId, &Expr)> {
        self.nodes
            .iter()
            .enumerate()
            .map(|(i, e)| (ExprId(i as u32), e))
    }
}

impl std::ops::Index<ExprId> for Exprs {
    type Output = Expr;
    fn index(&self, id: ExprId) -> &Expr {
        &self.nodes[id.index()]
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Literal(Literal),
    /// A plain name: a variable, parameter or function.
    Name(Ident),
    /// `scope::name`: a name declared inside a struct or interface ("explicit scope qualifiers, as in
    /// C++", spec "Declarations and declaration specifiers").
    Scoped {
        scope: Box<Ident>,
        name: Ident,
    },
    Unary {
        op: UnaryOp,
        operand: ExprId,
    },
    Binary {
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    },
    /// `lhs = rhs` (`op` is `None`) or a compound assignment such as `lhs += rhs`.
    Assign {
        op: Option<BinaryOp>,
        lhs: ExprId,
        rhs: ExprId,
    },
    /// `cond ? then : otherwise`.
    Conditional {
        cond: ExprId,
        then: ExprId,
        otherwise: ExprId,
    },
    /// The comma operator: evaluates `lhs`, then yields `rhs`.
    Comma {
        lhs: ExprId,
        rhs: ExprId,
    },
    /// `(type)operand`. Array casts such as `(float[4])a` keep their sizes in `dims`.
    Cast {
        ty: Box<TypeSpec>,
        dims: Vec<ArrayDim>,
        operand: ExprId,
    },
    /// `float4(a, b)`: a type name used as a function. Also typedef and struct names; the checker
    /// decides which types may be constructed.
    Constructor {
        ty: Box<TypeSpec>,
        args: Vec<ExprId>,
    },
    /// `float[](a, b, c)` or `float[3](a, b, c)`: an array built from its elements, a GLSL form
    /// cgc accepts. `dims` has at least one entry; an unsized first one takes the argument count.
    ArrayConstructor {
        ty: Box<TypeSpec>,
        dims: Box<[ArrayDim]>,
        args: Vec<ExprId>,
    },
    /// `callee(args)`. The callee is a [`ExprKind::Name`], [`ExprKind::Scoped`], or a
    /// [`ExprKind::Member`] for a method call `obj.f(x)`; anything else is the checker's to reject.
    Call {
        callee: ExprId,
        args: Vec<ExprId>,
    },
    Index {
        base: ExprId,
        index: ExprId,
    },
    /// `base.member` with the suffix text as written: a struct member, a method name, `length`, a
    /// swizzle (`xyzw`, `rgba`, `stpq`) or a matrix swizzle (`_m00_m11`, `_11_22`).
    Member {
        base: ExprId,
        member: Ident,
    },
    /// `{a, b, {c, d}}` in an initializer.
    InitList(Vec<ExprId>),
    /// Something the parser could not read (already reported).
    Error,
}

/// A size in a declarator or cast: `[4]`, or `[]` (unsized) with `size: None`.
#[derive(Clone, Debug, PartialEq)]
pub struct ArrayDim {
    pub size: Option<ExprId>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    /// A literal without `.` or exponent. Its suffix may still make it floating (`1f`, `2h`).
    Int {
        value: u64,
        suffix: Option<NumSuffix>,
    },
    /// A literal with `.` or an exponent. `text` is the literal without its suffix, so the checker
    /// can round it once, directly to the precision it needs (`text.parse::<f32>()`).
    Float {
        text: String,
        suffix: Option<NumSuffix>,
    },
    Bool(bool),
    /// A string (annotations only; the checker rejects strings elsewhere).
    String(String),
}

/// The type suffixes of numeric constants (spec "Constants").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumSuffix {
    Double,
    Float,
    Half,
    Fixed,
    Int,
    Long,
    Short,
    Char,
    Unsigned,
    UnsignedShort,
    UnsignedChar,
    UnsignedInt,
    UnsignedLong,
}

const SUFFIXES: &[(&str, NumSuffix)] = &[
    ("d", NumSuffix::Double),
    ("f", NumSuffix::Float),
    ("h", NumSuffix::Half),
    ("x", NumSuffix::Fixed),
    ("i", NumSuffix::Int),
    ("l", NumSuffix::Long),
    ("s", NumSuffix::Short),
    ("t", NumSuffix::Char),
    ("u", NumSuffix::Unsigned),
    ("us", NumSuffix::UnsignedShort),
    ("ut", NumSuffix::UnsignedChar),
    ("ui", NumSuffix::UnsignedInt),
    ("ul", NumSuffix::UnsignedLong),
];

impl NumSuffix {
    /// The suffix for its text; upper case is accepted too, as in C (`1.0F`, `10U`).
    pub fn from_text(text: &str) -> Option<NumSuffix> {
        SUFFIXES
            .iter()
            .find(|(s, _)| s.eq_ignore_ascii_case(text))
            .map(|(_, k)| *k)
    }

    pub fn as_str(self) -> &'static str {
        SUFFIXES
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("", |(s, _)| s)
    }

    /// True for the suffixes that make a floating type (d, f, h, x).
    pub fn is_floating(self) -> bool {
        matches!(
            self,
            NumSuffix::Double | NumSuffix::Float | NumSuffix::Half | NumSuffix::Fixed
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `+x`
    Plus,
    /// `!x`
    Not,
    /// `~x`
    BitNot,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

impl UnaryOp {
    /// The name the tree dump prints.
    pub fn as_str(self) -> &'static str {
        match self {
            UnaryOp::Neg => "neg",
            UnaryOp::Plus => "plus",
            UnaryOp::Not => "!",
            UnaryOp::BitNot => "~",
            UnaryOp::PreInc => "pre++",
            UnaryOp::PreDec => "pre--",
            UnaryOp::PostInc => "post++",
            UnaryOp::PostDec => "post--",
        }
    }
}

/// Binary operators. Cg keeps C's bitwise and shift operators in its grammar; whether a profile
/// supports them (on integers) is the checker's question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    And,
    Or,
}

impl BinaryOp {
    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::Lt => "<",
            BinaryOp::Gt => ">",
            BinaryOp::Le => "<=",
            BinaryOp::Ge => ">=",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitXor => "^",
            BinaryOp::BitOr => "|",
            BinaryOp::And => "&&",
            BinaryOp::Or => "||",
        }
    }
}

#[cfg(test)]
mod size {
    use super::*;

    /// Every expression of a preprocessed shader lives in one arena (libretro's blur headers
    /// hold some 16,000): the rare large variants keep their types boxed so that an expression
    /// stays small (it was 112 bytes; memory, issue 30).
    #[test]
    fn an_expression_is_at_most_56_bytes() {
        let size = std::mem::size_of::<Expr>();
        assert!(size <= 56, "Expr is {size} bytes");
    }
}
