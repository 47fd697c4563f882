//! Expressions, with C's precedence and associativity (notes): `||`, `&&`, `==` `!=`,
//! `<` `<=` `>` `>=`, `+` `-`, `*` `/`, unary `-` `!`, then indexing, `.C` and calls.
//! Call arguments are separated by `,` or `;` (the spec writes both; the two never clash).

use super::{PResult, Parser};
use crate::ast::*;
use crate::lexer::{Kw, Tok};

/// Binary operator levels, loosest first.
const LEVELS: &[&[(&str, BinOp)]] = &[
    &[("||", BinOp::Or)],
    &[("&&", BinOp::And)],
    &[("==", BinOp::Eq), ("!=", BinOp::Ne)],
    &[
        ("<", BinOp::Lt),
        ("<=", BinOp::Le),
        (">", BinOp::Gt),
        (">=", BinOp::Ge),
    ],
    &[("+", BinOp::Add), ("-", BinOp::Sub)],
    &[("*", BinOp::Mul), ("/", BinOp::Div)],
];

impl Parser {
    pub(super) fn expr(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.binary(0);
        self.leave();
        r
    }

    fn binary(&mut self, level: usize) -> PResult<Expr> {
        let mut wraps = 0;
        let r = self.binary_chain(level, &mut wraps);
        self.leave_n(wraps);
        r
    }

    /// One level's left-associative chain; every operator counts one level of nesting (`wraps`),
    /// so that a long chain cannot build a tree too deep to check or drop.
    fn binary_chain(&mut self, level: usize, wraps: &mut u32) -> PResult<Expr> {
        let Some(ops) = LEVELS.get(level) else {
            return self.unary();
        };
        let mut lhs = self.binary(level + 1)?;
        while let Some(op) = self.binary_op(ops) {
            self.enter()?;
            *wraps += 1;
            self.cur.bump();
            let rhs = self.binary(level + 1)?;
            lhs = Expr {
                span: lhs.span.to(rhs.span),
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
            };
        }
        Ok(lhs)
    }

    fn binary_op(&self, ops: &[(&str, BinOp)]) -> Option<BinOp> {
        ops.iter().find(|(t, _)| self.is(t)).map(|(_, op)| *op)
    }

    fn unary(&mut self) -> PResult<Expr> {
        let op = match self.cur.peek() {
            Tok::Punct("-") => UnOp::Neg,
            Tok::Punct("!") => UnOp::Not,
            _ => return self.postfix(),
        };
        let start = self.cur.bump().span;
        self.enter()?;
        let operand = self.unary();
        self.leave();
        let operand = operand?;
        Ok(Expr {
            span: start.to(operand.span),
            kind: ExprKind::Unary(op, Box::new(operand)),
        })
    }

    /// A primary followed by any number of `[index]` and `.channels` (each a level of nesting).
    pub(super) fn postfix(&mut self) -> PResult<Expr> {
        let mut wraps = 0;
        let r = self.postfix_chain(&mut wraps);
        self.leave_n(wraps);
        r
    }

    fn postfix_chain(&mut self, wraps: &mut u32) -> PResult<Expr> {
        let mut e = self.primary()?;
        loop {
            if self.is("[") || self.is(".") {
                self.enter()?;
                *wraps += 1;
            }
            if self.eat("[") {
                let index = self.expr()?;
                let end = self.expect("]")?;
                e = Expr {
                    span: e.span.to(end),
                    kind: ExprKind::Index(Box::new(e), Box::new(index)),
                };
            } else if self.eat(".") {
                let mask = self.name("channel letters")?;
                e = Expr {
                    span: e.span.to(mask.span),
                    kind: ExprKind::Channels(Box::new(e), mask),
                };
            } else {
                return Ok(e);
            }
        }
    }

    fn primary(&mut self) -> PResult<Expr> {
        let span = self.cur.span();
        let kind = match self.cur.peek().clone() {
            Tok::Num(v) => ExprKind::Num(v),
            Tok::Str(s) => ExprKind::Str(s),
            Tok::Ident(name) if matches!(self.cur.peek_at(1), Tok::Punct("(")) => {
                return self.call(name)
            }
            Tok::Kw(k @ (Kw::Color | Kw::Matrix))
                if matches!(self.cur.peek_at(1), Tok::Punct("(")) =>
            {
                return self.call(k.text().to_string())
            }
            Tok::Ident(name) => ExprKind::Var(name),
            Tok::Punct("(") => {
                self.cur.bump();
                let inner = self.expr()?;
                let end = self.expect(")")?;
                return Ok(Expr {
                    kind: inner.kind,
                    span: span.to(end),
                });
            }
            _ => return self.error("an expression"),
        };
        self.cur.bump();
        Ok(Expr { kind, span })
    }

    fn call(&mut self, text: String) -> PResult<Expr> {
        let name = Name {
            text,
            span: self.cur.bump().span,
        };
        self.cur.bump();
        let mut args = Vec::new();
        if !self.is(")") {
            args.push(self.expr()?);
            while self.eat(",") || self.eat(";") {
                args.push(self.expr()?);
            }
        }
        let end = self.expect(")")?;
        Ok(Expr {
            span: name.span.to(end),
            kind: ExprKind::Call(name, args),
        })
    }
}
