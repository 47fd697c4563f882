//! Parsing statements: blocks, control flow (including Cg 3's `switch`), `discard`, local
//! declarations and expression statements.

use super::decls::{is_specifier_keyword, DeclContext};
use super::Parser;
use crate::syntax::ast::{Block, CaseLabel, ExprId, ExprKind, Stmt, StmtKind, SwitchCase};
use crate::syntax::token::{Keyword, Punct, TokenKind};
use pigment_diag::Span;

impl Parser<'_> {
    /// `{ statements }` in a new scope. The caller has checked that the current token is `{`.
    pub(super) fn parse_block(&mut self) -> Block {
        let open = self.bump().span;
        self.push_scope();
        let mut stmts = Vec::new();
        while !self.at_punct(Punct::RBrace) && !self.at_eof() {
            let before = self.pos;
            stmts.push(self.parse_stmt());
            self.ensure_progress(before);
        }
        self.pop_scope();
        self.expect_closing(Punct::RBrace, open, "to close the block");
        Block {
            stmts,
            span: self.span_from(open),
        }
    }

    pub(super) fn parse_stmt(&mut self) -> Stmt {
        self.descend(
            false,
            |_, span| Stmt {
                kind: StmtKind::Error,
                span,
            },
            Self::parse_stmt_inner,
        )
    }

    fn parse_stmt_inner(&mut self) -> Stmt {
        let start = self.peek().span;
        let kind = match self.peek().kind {
            TokenKind::Punct(Punct::LBrace) => StmtKind::Block(self.parse_block()),
            TokenKind::Punct(Punct::Semi) => {
                self.bump();
                StmtKind::Empty
            }
            TokenKind::Keyword(k) => match k {
                Keyword::If => self.parse_if(),
                Keyword::While => self.parse_while(),
                Keyword::Do => self.parse_do_while(),
                Keyword::For => self.parse_for(),
                Keyword::Switch => self.parse_switch(),
                Keyword::Break => self.parse_jump(StmtKind::Break, "break"),
                Keyword::Continue => self.parse_jump(StmtKind::Continue, "continue"),
                Keyword::Discard => self.parse_jump(StmtKind::Discard, "discard"),
                Keyword::Return => self.parse_return(),
                Keyword::Asm => {
                    self.skip_asm();
                    StmtKind::Error
                }
                Keyword::Case | Keyword::Default => {
                    self.misplaced(&format!("`{}` label outside a `switch`", k.as_str()))
                }
                Keyword::Else => self.misplaced("`else` without a matching `if`"),
                _ => self.parse_decl_or_expr_stmt(),
            },
            _ => self.parse_decl_or_expr_stmt(),
        };
        Stmt {
            kind,
            span: self.span_from(start),
        }
    }

    fn misplaced(&mut self, message: &str) -> StmtKind {
        let token = self.bump();
        self.error(token.span, message);
        self.recover();
        StmtKind::Error
    }

    /// Whether the statement starting here is a declaration: a specifier keyword, `struct`, a type
    /// name not used as a constructor (`float4(...)`) or scope (`S::f`), or two identifiers in a
    /// row (a variable of a type the parser does not know).
    fn at_declaration(&self) -> bool {
        match self.peek().kind {
            TokenKind::Keyword(k) => {
                is_specifier_keyword(k)
                    || matches!(k, Keyword::Struct | Keyword::Interface | Keyword::Void)
            }
            TokenKind::Ident => match self.type_name_len_at(0) {
                Some(len) => {
                    !self.nth_is_punct(len, Punct::LParen)
                        && !self.nth_is_punct(len, Punct::ColonColon)
                }
                None => self.nth(1).kind == TokenKind::Ident,
            },
            _ => false,
        }
    }

    fn parse_decl_or_expr_stmt(&mut self) -> StmtKind {
        if self.at_declaration() {
            return match self.parse_decl(DeclContext::Local) {
                Some(decl) => StmtKind::Decl(Box::new(decl)),
                None => StmtKind::Error,
            };
        }
        let expr = self.parse_expr();
        if self.eat_punct(Punct::Semi).is_none() {
            self.expected("`;`", "after the expression");
            self.recover();
        }
        StmtKind::Expr(expr)
    }

    /// `( expression )` after `if`, `while`, `switch`. A missing `(` is reported and the condition
    /// read anyway, so `if x > 0)` gives one error, not a cascade.
    fn parse_paren_cond(&mut self, keyword: &str) -> ExprId {
        let Some(open) = self.expect_punct(Punct::LParen, &format!("after `{keyword}`")) else {
            let cond = self.parse_expr();
            self.eat_punct(Punct::RParen);
            return cond;
        };
        let cond = self.parse_expr();
        if !self.expect_closing(
            Punct::RParen,
            open,
            &format!("after the condition of `{keyword}`"),
        ) {
            self.skip_until(&[Punct::RParen]);
            self.eat_punct(Punct::RParen);
        }
        cond
    }

    fn parse_if(&mut self) -> StmtKind {
        self.bump();
        let cond = self.parse_paren_cond("if");
        let then = Box::new(self.parse_stmt());
        let otherwise = self
            .eat_keyword(Keyword::Else)
            .map(|_| Box::new(self.parse_stmt()));
        StmtKind::If {
            cond,
            then,
            otherwise,
        }
    }

    fn parse_while(&mut self) -> StmtKind {
        self.bump();
        let cond = self.parse_paren_cond("while");
        let body = Box::new(self.parse_stmt());
        StmtKind::While { cond, body }
    }

    fn parse_do_while(&mut self) -> StmtKind {
        self.bump();
        let body = Box::new(self.parse_stmt());
        let cond = if self.eat_keyword(Keyword::While).is_some() {
            self.parse_paren_cond("while")
        } else {
            self.expected("`while`", "after the body of `do`");
            self.exprs.alloc(ExprKind::Error, self.peek().span)
        };
        if self.eat_punct(Punct::Semi).is_none() {
            self.expected("`;`", "after `do ... while (...)`");
            self.recover();
        }
        StmtKind::DoWhile { body, cond }
    }

    fn parse_for(&mut self) -> StmtKind {
        self.bump();
        self.push_scope();
        let kind = self.parse_for_rest();
        self.pop_scope();
        kind
    }

    fn parse_for_rest(&mut self) -> StmtKind {
        let Some(open) = self.expect_punct(Punct::LParen, "after `for`") else {
            self.recover();
            return StmtKind::Error;
        };
        let init = if self.eat_punct(Punct::Semi).is_some() {
            None
        } else {
            let start = self.peek().span;
            let kind = self.parse_decl_or_expr_stmt();
            Some(Box::new(Stmt {
                kind,
                span: self.span_from(start),
            }))
        };
        let cond = (!self.at_punct(Punct::Semi)).then(|| self.parse_expr());
        self.expect_punct(Punct::Semi, "after the condition of `for`");
        let step = (!self.at_punct(Punct::RParen)).then(|| self.parse_expr());
        if !self.expect_closing(Punct::RParen, open, "after the `for` header") {
            self.skip_until(&[Punct::RParen]);
            self.eat_punct(Punct::RParen);
        }
        let body = Box::new(self.parse_stmt());
        StmtKind::For {
            init,
            cond,
            step,
            body,
        }
    }

    fn parse_switch(&mut self) -> StmtKind {
        self.bump();
        let selector = self.parse_paren_cond("switch");
        let Some(open) = self.expect_punct(Punct::LBrace, "after the `switch` selector") else {
            self.recover();
            return StmtKind::Switch {
                selector,
                cases: Vec::new(),
            };
        };
        self.push_scope();
        let mut cases: Vec<SwitchCase> = Vec::new();
        while !self.at_punct(Punct::RBrace) && !self.at_eof() {
            let before = self.pos;
            if let Some(label) = self.parse_case_label() {
                match cases.last_mut() {
                    Some(case) if case.body.is_empty() => case.labels.push(label),
                    _ => cases.push(SwitchCase {
                        labels: vec![label],
                        body: Vec::new(),
                        span: Span::default(),
                    }),
                }
            } else {
                let stmt = self.parse_stmt();
                match cases.last_mut() {
                    Some(case) => case.body.push(stmt),
                    None => self.error(
                        stmt.span,
                        "statement in a `switch` before any `case` or `default` label",
                    ),
                }
            }
            if let Some(case) = cases.last_mut() {
                let first = match case.labels.first() {
                    Some(CaseLabel::Case { span, .. } | CaseLabel::Default { span }) => *span,
                    None => Span::default(),
                };
                case.span = self.span_from(first);
            }
            self.ensure_progress(before);
        }
        self.pop_scope();
        self.expect_closing(Punct::RBrace, open, "to close the `switch` body");
        StmtKind::Switch { selector, cases }
    }

    /// `case EXPR:` or `default:`, if one starts here.
    fn parse_case_label(&mut self) -> Option<CaseLabel> {
        let start = self.peek().span;
        if self.eat_keyword(Keyword::Default).is_some() {
            self.expect_punct(Punct::Colon, "after `default`");
            return Some(CaseLabel::Default {
                span: self.span_from(start),
            });
        }
        self.eat_keyword(Keyword::Case)?;
        let value = self.parse_conditional();
        self.expect_punct(Punct::Colon, "after the `case` value");
        Some(CaseLabel::Case {
            value,
            span: self.span_from(start),
        })
    }

    /// `break;`, `continue;`, `discard;`.
    fn parse_jump(&mut self, kind: StmtKind, word: &str) -> StmtKind {
        self.bump();
        if self.eat_punct(Punct::Semi).is_none() {
            self.expected("`;`", &format!("after `{word}`"));
            self.recover();
        }
        kind
    }

    fn parse_return(&mut self) -> StmtKind {
        self.bump();
        let value = (!self.at_punct(Punct::Semi)).then(|| self.parse_expr());
        if self.eat_punct(Punct::Semi).is_none() {
            self.expected("`;`", "after the `return` statement");
            self.recover();
        }
        StmtKind::Return(value)
    }
}
