//! The recursive-descent parser for `<program>` and its statements (section 3.11.3).
//!
//! Operands and constants live in [`super::operands`]. Every error is reported as a diagnostic whose
//! span covers the offending token; the parser then skips to the next `;` (or to the next word that
//! can only start a statement, in case the `;` itself is missing) and carries on, so one run reports
//! every syntax error.

use super::ast::{Ident, Instruction, Program, Statement, TexImage};
use super::lexer::{Token, TokenKind};
use super::opcode_word::{self, OpcodeWord};
use crate::isa::{Opcode, TexTarget, TEXTURE_UNITS};
use pigment_diag::{Diagnostic, FileId, Span};

/// The error was already reported; unwind to the statement loop.
#[derive(Debug)]
pub struct Reported;

pub type PResult<T> = Result<T, Reported>;

pub struct Parser<'a> {
    tokens: Vec<Token<'a>>,
    pos: usize,
    file: FileId,
    pub diagnostics: Vec<Diagnostic>,
}

impl<'a> Parser<'a> {
    /// `tokens` must end with an [`TokenKind::Eof`] token, as [`super::lexer::lex`] guarantees.
    pub fn new(tokens: Vec<Token<'a>>, file: FileId) -> Parser<'a> {
        Parser {
            tokens,
            pos: 0,
            file,
            diagnostics: Vec::new(),
        }
    }

    // ---- token access -------------------------------------------------------------------------

    pub fn peek(&self) -> Token<'a> {
        self.peek_at(0)
    }

    pub fn peek_at(&self, offset: usize) -> Token<'a> {
        let last = self.tokens.len().saturating_sub(1);
        self.tokens
            .get((self.pos + offset).min(last))
            .copied()
            .unwrap_or(Token {
                kind: TokenKind::Eof,
                text: "",
                span: Span::default(),
            })
    }

    pub fn next(&mut self) -> Token<'a> {
        let token = self.peek();
        if token.kind != TokenKind::Eof {
            self.pos += 1;
        }
        token
    }

    /// Consumes the punctuation `c` if it comes next.
    pub fn eat(&mut self, c: char) -> Option<Token<'a>> {
        if self.peek().is_punct(c) {
            Some(self.next())
        } else {
            None
        }
    }

    /// Consumes the punctuation `c`, or reports "expected `c` WHAT, found ...".
    pub fn expect(&mut self, c: char, what: &str) -> PResult<Token<'a>> {
        match self.eat(c) {
            Some(token) => Ok(token),
            None => {
                let found = self.peek();
                Err(self.error_at(
                    found,
                    format!("expected `{c}` {what}, found {}", found.describe()),
                ))
            }
        }
    }

    /// End of the most recently consumed token.
    pub fn previous_end(&self) -> u32 {
        self.pos
            .checked_sub(1)
            .and_then(|i| self.tokens.get(i))
            .map_or(0, |t| t.span.end)
    }

    /// Span from `start` to the end of the most recently consumed token.
    pub fn span_from(&self, start: Span) -> Span {
        Span {
            start: start.start,
            end: self.previous_end().max(start.start),
        }
    }

    // ---- diagnostics --------------------------------------------------------------------------

    pub fn error(&mut self, span: Span, message: String) -> Reported {
        self.diagnostics
            .push(Diagnostic::error(message).at(self.file, span));
        Reported
    }

    /// Reports `message` at `token`, unless the lexer already reported that token as invalid.
    pub fn error_at(&mut self, token: Token<'_>, message: String) -> Reported {
        if token.kind != TokenKind::Invalid {
            self.error(token.span, message);
        }
        Reported
    }

    /// Reports `message` at `span` with a secondary label pointing at a related place.
    pub fn error_with_label(
        &mut self,
        span: Span,
        message: String,
        label: (Span, &str),
    ) -> Reported {
        let diagnostic = Diagnostic::error(message)
            .at(self.file, span)
            .with_label(self.file, label.0, label.1);
        self.diagnostics.push(diagnostic);
        Reported
    }

    pub fn warning(&mut self, span: Span, message: String) {
        self.diagnostics
            .push(Diagnostic::warning(message).at(self.file, span));
    }

    // ---- program and statements ---------------------------------------------------------------

    pub fn program(&mut self) -> Program {
        self.header();
        let mut statements = Vec::new();
        // Statements written, including those that failed to parse.
        let mut written = 0;
        loop {
            let token = self.peek();
            if token.kind == TokenKind::Eof {
                let at = token.span;
                self.error(at, "expected `END` at the end of the program".to_string());
                break;
            }
            if token.is_word("END") {
                self.next();
                if written == 0 {
                    let message = "expected at least one instruction before `END`".to_string();
                    self.error(token.span, message);
                }
                self.after_end();
                break;
            }
            written += 1;
            match self.statement() {
                Ok(statement) => statements.push(statement),
                Err(Reported) => self.recover(),
            }
        }
        Program { statements }
    }

    /// `!!FP1.0` must be the first bytes of the text (no whitespace or comment before it).
    fn header(&mut self) {
        let first = self.peek();
        if first.kind == TokenKind::Header {
            self.next();
            if first.span.start != 0 {
                let message = "`!!FP1.0` must be at the very start of the program, with nothing \
                               before it"
                    .to_string();
                self.error(first.span, message);
            }
        } else {
            let message = format!(
                "expected `!!FP1.0` to start the program, found {}",
                first.describe()
            );
            self.error_at(first, message);
            // Whatever stands in for the header is not a statement either: skip it.
            self.recover();
        }
    }

    /// Only whitespace and comments may follow `END`: `<program>` ends with it.
    fn after_end(&mut self) {
        let extra = self.peek();
        if extra.kind != TokenKind::Eof {
            let message = format!(
                "unexpected {} after `END`: the program ends at `END`",
                extra.describe()
            );
            self.error_at(extra, message);
        }
    }

    /// Skips to just after the next `;`, stopping early at a word that can only start a statement.
    fn recover(&mut self) {
        loop {
            let token = self.peek();
            if token.kind == TokenKind::Eof || starts_statement(&token) {
                return;
            }
            self.next();
            if token.is_punct(';') {
                return;
            }
        }
    }

    /// One `<instructionStatement>` including its `;`. Always consumes at least one token.
    fn statement(&mut self) -> PResult<Statement> {
        let first = self.next();
        let statement = match first.kind {
            TokenKind::Word if first.text == "DEFINE" => self.define(first.span)?,
            TokenKind::Word if first.text == "DECLARE" => self.declare(first.span)?,
            TokenKind::Word => match opcode_word::decode(first.text) {
                Ok(word) => Statement::Instruction(self.instruction(word, first)?),
                Err(message) => return Err(self.error_at(first, message)),
            },
            _ => {
                let message = format!(
                    "expected an instruction, DEFINE or DECLARE, found {}",
                    first.describe()
                );
                return Err(self.error_at(first, message));
            }
        };
        self.statement_end(&statement)?;
        Ok(statement)
    }

    fn statement_end(&mut self, statement: &Statement) -> PResult<()> {
        if self.eat(';').is_some() {
            return Ok(());
        }
        let found = self.peek();
        let message = match statement {
            Statement::Instruction(i) if found.is_punct(',') => {
                format!("expected `;`: {}, found `,`", operand_summary(i.opcode))
            }
            _ => format!(
                "expected `;` at the end of the statement, found {}",
                found.describe()
            ),
        };
        Err(self.error_at(found, message))
    }

    fn define(&mut self, keyword: Span) -> PResult<Statement> {
        let name = self.constant_name("DEFINE")?;
        self.expect('=', &format!("after `DEFINE {}`", name.name))?;
        let value = self.constant_value()?;
        Ok(Statement::Define {
            name,
            value,
            span: self.span_from(keyword),
        })
    }

    fn declare(&mut self, keyword: Span) -> PResult<Statement> {
        let name = self.constant_name("DECLARE")?;
        let value = match self.eat('=') {
            Some(_) => Some(self.constant_value()?),
            None => None,
        };
        Ok(Statement::Declare {
            name,
            value,
            span: self.span_from(keyword),
        })
    }

    /// The name after DEFINE / DECLARE. Reserved names (registers, keywords) are the validator's
    /// business; the grammar only asks for an `<identifier>`.
    fn constant_name(&mut self, keyword: &str) -> PResult<Ident> {
        let token = self.next();
        if token.kind == TokenKind::Word {
            return Ok(Ident {
                name: token.text.to_string(),
                span: token.span,
            });
        }
        let message = format!(
            "expected a name after `{keyword}`, found {}",
            token.describe()
        );
        Err(self.error_at(token, message))
    }

    // ---- instructions -------------------------------------------------------------------------

    fn instruction(&mut self, word: OpcodeWord, opcode_token: Token<'a>) -> PResult<Instruction> {
        let info = word.opcode.info();
        let mut instruction = Instruction {
            opcode: word.opcode,
            precision: word.precision,
            update_cc: word.update_cc,
            saturate: word.saturate,
            opcode_span: opcode_token.span,
            dst: None,
            srcs: Vec::new(),
            texture: None,
            kil_condition: None,
            span: opcode_token.span,
        };
        if word.opcode == Opcode::Kil {
            instruction.kil_condition = Some(self.cc_mask("after `KIL`")?);
        } else {
            instruction.dst = Some(self.masked_dst()?);
            for &kind in info.operands {
                self.operand_comma(word.opcode)?;
                instruction.srcs.push(self.src(kind, info.name)?);
            }
            if info.texture {
                self.operand_comma(word.opcode)?;
                instruction.texture = Some(self.tex_image()?);
            }
        }
        instruction.span = self.span_from(opcode_token.span);
        Ok(instruction)
    }

    fn operand_comma(&mut self, opcode: Opcode) -> PResult<()> {
        if self.eat(',').is_some() {
            return Ok(());
        }
        let found = self.peek();
        let message = format!(
            "expected `,`: {}, found {}",
            operand_summary(opcode),
            found.describe()
        );
        Err(self.error_at(found, message))
    }

    /// `<texImageId>`: `TEXn, TARGET`.
    fn tex_image(&mut self) -> PResult<TexImage> {
        let unit_token = self.next();
        let unit = match texture_unit(&unit_token) {
            Some(unit) => unit,
            None => {
                let message = format!(
                    "expected a texture image unit (TEX0 to TEX{}), found {}",
                    TEXTURE_UNITS - 1,
                    unit_token.describe()
                );
                return Err(self.error_at(unit_token, message));
            }
        };
        self.expect(',', "between the texture unit and the texture target")?;
        let target_token = self.next();
        let target = match target_token.kind {
            TokenKind::Word | TokenKind::DimTarget => TexTarget::from_name(target_token.text),
            _ => None,
        };
        let Some(target) = target else {
            let message = format!(
                "expected a texture target (1D, 2D, 3D, CUBE or RECT), found {}",
                target_token.describe()
            );
            return Err(self.error_at(target_token, message));
        };
        Ok(TexImage {
            unit,
            target,
            span: unit_token.span.to(target_token.span),
        })
    }
}

/// `TEX0`..`TEX15`, spelled exactly as the grammar lists them (no leading zeros).
fn texture_unit(token: &Token<'_>) -> Option<u8> {
    if token.kind != TokenKind::Word {
        return None;
    }
    let unit = super::names::register_number(token.text, "TEX")?;
    (unit < u32::from(TEXTURE_UNITS)).then_some(unit as u8)
}

/// A word that can only begin a statement: an instruction name, DEFINE, DECLARE or END.
fn starts_statement(token: &Token<'_>) -> bool {
    token.kind == TokenKind::Word
        && (matches!(token.text, "DEFINE" | "DECLARE" | "END")
            || opcode_word::is_instruction(token.text))
}

/// "MAD takes a destination and 3 source operands" (plus the texture operands of TEX/TXP/TXD).
fn operand_summary(opcode: Opcode) -> String {
    let info = opcode.info();
    let sources = match info.operands.len() {
        1 => "one source operand".to_string(),
        n => format!("{n} source operands"),
    };
    let texture = if info.texture {
        ", a texture unit and a target"
    } else {
        ""
    };
    format!("{} takes a destination, {sources}{texture}", info.name)
}
