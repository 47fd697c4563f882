//! Statements and blocks: declarations, assignments, `if`/`else`, `repeat`, `return`, `{...}`.
//! A statement that fails to parse becomes [`StmtKind::Error`] after skipping to `;` or `}`.

use super::{Failed, PResult, Parser};
use crate::ast::*;
use crate::lexer::{Kw, Tok};

impl Parser {
    /// `{ stmt* }`; a missing `}` is reported and the statements so far are kept.
    pub(super) fn block(&mut self) -> PResult<Block> {
        let start = self.expect("{")?;
        self.enter()?;
        let mut stmts = Vec::new();
        while !self.is("}") && *self.cur.peek() != Tok::Eof {
            stmts.push(self.stmt_or_recover());
        }
        self.leave();
        if !self.is("}") {
            let _ = self.error::<()>("`}`");
        }
        let end = self.cur.bump().span;
        Ok(Block {
            stmts,
            span: start.to(end),
        })
    }

    fn stmt_or_recover(&mut self) -> Stmt {
        let start = self.cur.position();
        let span = self.cur.span();
        match self.stmt() {
            Ok(s) => s,
            Err(Failed) => {
                let _ = self.sync();
                if self.cur.position() == start && !self.is("}") {
                    self.cur.bump();
                }
                Stmt {
                    kind: StmtKind::Error,
                    span: span.to(self.cur.prev_span()),
                }
            }
        }
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        self.enter()?;
        let r = self.stmt_inner();
        self.leave();
        r
    }

    fn stmt_inner(&mut self) -> PResult<Stmt> {
        let start = self.cur.span();
        let kind = match self.cur.peek() {
            Tok::Punct("{") => StmtKind::Block(self.block()?),
            Tok::Kw(Kw::If) => self.if_stmt()?,
            Tok::Kw(Kw::Repeat) => self.repeat_stmt()?,
            Tok::Kw(Kw::Return) => self.return_stmt()?,
            Tok::Kw(Kw::Uniform | Kw::Parameter | Kw::Varying) => {
                let d = self.decl()?;
                self.expect(";")?;
                StmtKind::Decl(d)
            }
            _ => self.assign()?,
        };
        Ok(Stmt {
            kind,
            span: start.to(self.cur.prev_span()),
        })
    }

    fn paren_expr(&mut self) -> PResult<Expr> {
        self.expect("(")?;
        let e = self.expr()?;
        self.expect(")")?;
        Ok(e)
    }

    fn if_stmt(&mut self) -> PResult<StmtKind> {
        self.cur.bump();
        let cond = self.paren_expr()?;
        let then = Box::new(self.stmt()?);
        let els = if self.is_kw(Kw::Else) {
            self.cur.bump();
            Some(Box::new(self.stmt()?))
        } else {
            None
        };
        Ok(StmtKind::If { cond, then, els })
    }

    fn repeat_stmt(&mut self) -> PResult<StmtKind> {
        self.cur.bump();
        let count = self.paren_expr()?;
        let body = Box::new(self.stmt()?);
        Ok(StmtKind::Repeat { count, body })
    }

    fn return_stmt(&mut self) -> PResult<StmtKind> {
        self.cur.bump();
        let value = if self.is(";") {
            None
        } else {
            Some(self.expr()?)
        };
        self.expect(";")?;
        Ok(StmtKind::Return(value))
    }

    fn assign(&mut self) -> PResult<StmtKind> {
        let target = self.postfix()?;
        let op = match self.cur.peek() {
            Tok::Punct("=") => AssignOp::Set,
            Tok::Punct("+=") => AssignOp::Add,
            Tok::Punct("-=") => AssignOp::Sub,
            Tok::Punct("*=") => AssignOp::Mul,
            Tok::Punct("/=") => AssignOp::Div,
            _ => return self.error("an assignment operator"),
        };
        self.cur.bump();
        let value = self.expr()?;
        self.expect(";")?;
        Ok(StmtKind::Assign { target, op, value })
    }
}
