//! Parsing expressions: comma, assignment, `?:`, binary operators by precedence climbing (C's
//! precedence, which the spec adopts), unary operators and casts, postfix operators (calls,
//! indexing, members and swizzles), and primaries (literals, names, constructors, parentheses).

use super::Parser;
use crate::syntax::ast::{BinaryOp, ExprId, ExprKind, Ident, Literal, UnaryOp};
use crate::syntax::lexer::{decode_number, decode_string};
use crate::syntax::token::{Keyword, Punct, TokenKind};
use pigment_diag::Span;

/// Binary operators with their precedence (higher binds tighter), all left-associative.
fn binary_op(p: Punct) -> Option<(BinaryOp, u8)> {
    Some(match p {
        Punct::PipePipe => (BinaryOp::Or, 1),
        Punct::AmpAmp => (BinaryOp::And, 2),
        Punct::Pipe => (BinaryOp::BitOr, 3),
        Punct::Caret => (BinaryOp::BitXor, 4),
        Punct::Amp => (BinaryOp::BitAnd, 5),
        Punct::EqEq => (BinaryOp::Eq, 6),
        Punct::NotEq => (BinaryOp::Ne, 6),
        Punct::Lt => (BinaryOp::Lt, 7),
        Punct::Gt => (BinaryOp::Gt, 7),
        Punct::LtEq => (BinaryOp::Le, 7),
        Punct::GtEq => (BinaryOp::Ge, 7),
        Punct::Shl => (BinaryOp::Shl, 8),
        Punct::Shr => (BinaryOp::Shr, 8),
        Punct::Plus => (BinaryOp::Add, 9),
        Punct::Minus => (BinaryOp::Sub, 9),
        Punct::Star => (BinaryOp::Mul, 10),
        Punct::Slash => (BinaryOp::Div, 10),
        Punct::Percent => (BinaryOp::Rem, 10),
        _ => return None,
    })
}

/// `=` (`None`) and the compound assignments (the operator they apply).
fn assign_op(p: Punct) -> Option<Option<BinaryOp>> {
    Some(match p {
        Punct::Eq => None,
        Punct::PlusEq => Some(BinaryOp::Add),
        Punct::MinusEq => Some(BinaryOp::Sub),
        Punct::StarEq => Some(BinaryOp::Mul),
        Punct::SlashEq => Some(BinaryOp::Div),
        Punct::PercentEq => Some(BinaryOp::Rem),
        Punct::ShlEq => Some(BinaryOp::Shl),
        Punct::ShrEq => Some(BinaryOp::Shr),
        Punct::AmpEq => Some(BinaryOp::BitAnd),
        Punct::PipeEq => Some(BinaryOp::BitOr),
        Punct::CaretEq => Some(BinaryOp::BitXor),
        _ => return None,
    })
}

fn prefix_op(p: Punct) -> Option<UnaryOp> {
    Some(match p {
        Punct::Minus => UnaryOp::Neg,
        Punct::Plus => UnaryOp::Plus,
        Punct::Bang => UnaryOp::Not,
        Punct::Tilde => UnaryOp::BitNot,
        Punct::PlusPlus => UnaryOp::PreInc,
        Punct::MinusMinus => UnaryOp::PreDec,
        _ => return None,
    })
}

impl Parser<'_> {
    fn current_punct(&self) -> Option<Punct> {
        match self.peek().kind {
            TokenKind::Punct(p) => Some(p),
            _ => None,
        }
    }

    fn alloc(&mut self, kind: ExprKind, start: Span) -> ExprId {
        let span = self.span_from(start);
        self.exprs.alloc(kind, span)
    }

    /// A full expression, comma operator included.
    pub(super) fn parse_expr(&mut self) -> ExprId {
        let start = self.peek().span;
        let mut lhs = self.parse_assign();
        while self.eat_punct(Punct::Comma).is_some() {
            let rhs = self.parse_assign();
            lhs = self.alloc(ExprKind::Comma { lhs, rhs }, start);
        }
        lhs
    }

    /// An assignment expression (right-associative): what an argument or initializer may be.
    pub(super) fn parse_assign(&mut self) -> ExprId {
        let start = self.peek().span;
        let lhs = self.parse_conditional();
        let Some(op) = self.current_punct().and_then(assign_op) else {
            return lhs;
        };
        self.bump();
        // Chains of assignments and of `?:` recurse outside `parse_unary`, so they count nesting too.
        let rhs = self.descend(
            true,
            |p, span| p.exprs.alloc(ExprKind::Error, span),
            Self::parse_assign,
        );
        self.alloc(ExprKind::Assign { op, lhs, rhs }, start)
    }

    /// `cond ? then : otherwise` (right-associative), or a binary expression.
    pub(super) fn parse_conditional(&mut self) -> ExprId {
        let start = self.peek().span;
        let cond = self.parse_binary(1);
        if self.eat_punct(Punct::Question).is_none() {
            return cond;
        }
        let then = self.parse_expr();
        self.expect_punct(Punct::Colon, "between the branches of `?:`");
        let otherwise = self.descend(
            true,
            |p, span| p.exprs.alloc(ExprKind::Error, span),
            Self::parse_conditional,
        );
        self.alloc(
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            },
            start,
        )
    }

    /// Precedence climbing over the binary operators that bind at least as tightly as `min_prec`.
    fn parse_binary(&mut self, min_prec: u8) -> ExprId {
        let start = self.peek().span;
        let mut lhs = self.parse_unary();
        while let Some((op, prec)) = self.current_punct().and_then(binary_op) {
            if prec < min_prec {
                break;
            }
            self.bump();
            let rhs = self.parse_binary(prec + 1);
            lhs = self.alloc(ExprKind::Binary { op, lhs, rhs }, start);
        }
        lhs
    }

    /// Prefix operators and casts. Every recursive path through expressions passes here, so this
    /// is where the nesting limit is counted.
    fn parse_unary(&mut self) -> ExprId {
        self.descend(
            true,
            |p, span| p.exprs.alloc(ExprKind::Error, span),
            Self::parse_unary_inner,
        )
    }

    fn parse_unary_inner(&mut self) -> ExprId {
        let start = self.peek().span;
        let punct = self.current_punct();
        if let Some(op) = punct.and_then(prefix_op) {
            self.bump();
            let operand = self.parse_unary();
            return self.alloc(ExprKind::Unary { op, operand }, start);
        }
        if matches!(punct, Some(Punct::Amp | Punct::Star)) {
            let token = self.bump();
            let what = if punct == Some(Punct::Amp) {
                "address-of `&`"
            } else {
                "dereference `*`"
            };
            self.error(
                token.span,
                format!("Cg has no pointers: unary {what} is not allowed"),
            );
            return self.parse_unary();
        }
        if punct == Some(Punct::LParen) {
            if let Some(len) = self.type_name_len_at(1) {
                if self.nth_is_punct(1 + len, Punct::RParen)
                    || self.nth_is_punct(1 + len, Punct::LBracket)
                {
                    return self.parse_cast();
                }
            }
        }
        self.parse_postfix()
    }

    /// `(type)operand` or `(type[n])operand`; the caller has seen the type and the closer.
    fn parse_cast(&mut self) -> ExprId {
        let open = self.bump().span;
        let ty = self.parse_type_spec(None, "in the cast");
        let dims = self.parse_array_dims();
        if !self.expect_closing(Punct::RParen, open, "after the type in the cast") {
            self.skip_until(&[Punct::RParen]);
            self.eat_punct(Punct::RParen);
        }
        let operand = self.parse_unary();
        let ty = Box::new(ty);
        self.alloc(ExprKind::Cast { ty, dims, operand }, open)
    }

    fn parse_postfix(&mut self) -> ExprId {
        let start = self.peek().span;
        let mut expr = self.parse_primary();
        while let Some(punct) = self.current_punct() {
            let kind = match punct {
                Punct::LBracket => {
                    let open = self.bump().span;
                    let index = self.parse_expr();
                    if !self.expect_closing(Punct::RBracket, open, "to close the index") {
                        self.skip_until(&[Punct::RBracket]);
                        self.eat_punct(Punct::RBracket);
                    }
                    ExprKind::Index { base: expr, index }
                }
                Punct::Dot | Punct::Arrow => {
                    let token = self.bump();
                    if punct == Punct::Arrow {
                        self.error(token.span, "Cg has no pointers: use `.` instead of `->`");
                    }
                    if self.peek().kind != TokenKind::Ident {
                        self.expected("a member name or swizzle", "after `.`");
                        break;
                    }
                    ExprKind::Member {
                        base: expr,
                        member: self.ident(),
                    }
                }
                Punct::LParen => {
                    let args = self.parse_call_args("the argument list");
                    ExprKind::Call { callee: expr, args }
                }
                Punct::PlusPlus | Punct::MinusMinus => {
                    self.bump();
                    let op = if punct == Punct::PlusPlus {
                        UnaryOp::PostInc
                    } else {
                        UnaryOp::PostDec
                    };
                    ExprKind::Unary { op, operand: expr }
                }
                _ => break,
            };
            expr = self.alloc(kind, start);
        }
        expr
    }

    /// `( arg, arg, ... )` at the current `(`.
    fn parse_call_args(&mut self, what: &str) -> Vec<ExprId> {
        let open = self.bump().span;
        let mut args = Vec::new();
        if self.eat_punct(Punct::RParen).is_some() {
            return args;
        }
        loop {
            args.push(self.parse_assign());
            if self.eat_punct(Punct::Comma).is_none() {
                break;
            }
        }
        if !self.expect_closing(Punct::RParen, open, &format!("to close {what}")) {
            self.skip_until(&[Punct::RParen]);
            self.eat_punct(Punct::RParen);
        }
        args
    }

    fn parse_primary(&mut self) -> ExprId {
        let token = self.peek();
        let kind = match token.kind {
            TokenKind::Int | TokenKind::Float => {
                self.bump();
                match decode_number(self.text_of(token), token.kind == TokenKind::Float) {
                    Ok(literal) => ExprKind::Literal(literal),
                    Err(message) => {
                        self.error(token.span, message);
                        ExprKind::Error
                    }
                }
            }
            TokenKind::String => {
                self.bump();
                match decode_string(self.text_of(token)) {
                    Ok(value) => ExprKind::Literal(Literal::String(value)),
                    Err(message) => {
                        self.error(token.span, message);
                        ExprKind::Error
                    }
                }
            }
            TokenKind::Keyword(k @ (Keyword::True | Keyword::False)) => {
                self.bump();
                ExprKind::Literal(Literal::Bool(k == Keyword::True))
            }
            TokenKind::Ident => return self.parse_name_or_constructor(),
            TokenKind::Punct(Punct::LParen) => {
                let open = self.bump().span;
                let inner = self.parse_expr();
                if !self.expect_closing(Punct::RParen, open, "to close the parenthesis") {
                    self.skip_until(&[Punct::RParen]);
                    self.eat_punct(Punct::RParen);
                }
                return inner;
            }
            TokenKind::Punct(Punct::LBrace) => {
                self.error(
                    token.span,
                    "an initializer list `{...}` can only initialize a declaration",
                );
                self.skip_braces();
                ExprKind::Error
            }
            _ => {
                self.expected("an expression", "");
                return self.exprs.alloc(ExprKind::Error, token.span);
            }
        };
        self.alloc(kind, token.span)
    }

    /// A name, `scope::name`, or a constructor `type(args)`.
    fn parse_name_or_constructor(&mut self) -> ExprId {
        let start = self.peek().span;
        if self.type_name_len_at(0).is_some() && !self.nth_is_punct(1, Punct::ColonColon) {
            let ty = self.parse_type_spec(None, "");
            if self.at_punct(Punct::LParen) {
                let args = self.parse_call_args("the constructor's arguments");
                let ty = Box::new(ty);
                return self.alloc(ExprKind::Constructor { ty, args }, start);
            }
            if self.at_punct(Punct::LBracket) {
                let dims = self.parse_array_dims();
                if self.at_punct(Punct::LParen) {
                    let args = self.parse_call_args("the array constructor's elements");
                    let (ty, dims) = (Box::new(ty), dims.into_boxed_slice());
                    return self.alloc(ExprKind::ArrayConstructor { ty, dims, args }, start);
                }
                self.expected("`(` and the array's elements", "after an array type");
                return self.alloc(ExprKind::Error, start);
            }
            let shown = self.text[ty.span.range()].to_string();
            self.error(ty.span, format!("the type `{shown}` is not a value; a constructor needs arguments: `{shown}(...)`"));
            return self.alloc(ExprKind::Error, start);
        }
        let first = self.ident();
        if self.at_punct(Punct::ColonColon) && self.nth(1).kind == TokenKind::Ident {
            self.bump();
            let name = self.ident();
            let scope = Box::new(first);
            return self.alloc(ExprKind::Scoped { scope, name }, start);
        }
        self.exprs.alloc(
            ExprKind::Name(Ident {
                name: first.name,
                span: first.span,
            }),
            first.span,
        )
    }
}
