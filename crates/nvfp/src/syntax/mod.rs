//! The text form of `!!FP1.0` programs (section 3.11.3): lexer, parser and canonical printer.
//!
//! [`parse`] never panics and reports every syntax error it finds, each at the offending token, then
//! carries on at the next `;`. It checks only the grammar: names, the register budget, the
//! one-parameter rule and other load-time rules are the validator's ([`crate::validate`]).
//!
//! Decisions on points the spec leaves open:
//! - The text must start with exactly `!!FP1.0` at byte 0 (`<progPrefix>`), and end with `END`. Only
//!   whitespace and comments may follow `END`: `<program> ::= <progPrefix> <instructionSequence>
//!   "END"`, and LoadProgramNV is given the whole string, so anything else after `END` is a syntax
//!   error (as NV_vertex_program's grammar also ends at `END`).
//! - `<instructionSequence>` has at least one statement, so `!!FP1.0 END` is an error.
//! - A comment runs from `#` to a newline, a carriage return or the end of the text; whitespace is
//!   space, tab, newline and carriage return only; any other stray character is an error.
//! - Integer-looking constants (`2`, `-1`, `007`) are accepted (notes item 10). A constant too large
//!   for fp32 becomes infinity with a warning (notes item 4: values beyond 2^128 become INF).
//! - Register names are exactly the grammar's spellings: `R0`..`R31`, `H0`..`H63`, `TEX0`..`TEX15`.
//!   `R37`, `H99`, `R01` are plain identifiers (notes item 10), so `MOV R0, R37;` parses with an
//!   undefined name for the validator to report, but `MOV R37, R0;` is a syntax error (a destination
//!   must be a register).
//! - `p[N]` must have N from 0 to 63 (`<localNumber>`, with the limit of notes item 11).
//! - The right-hand side of DEFINE / DECLARE that is a bare name is always
//!   [`ast::ConstValue::Named`]: the parser cannot tell a named scalar from a named vector; the
//!   validator resolves it. Likewise a bare name where the grammar wants `<scalarSrc>` is accepted as a
//!   named scalar constant and left to the validator to check.

pub mod ast;
mod lexer;
pub(crate) mod names;
mod opcode_word;
mod operands;
mod parser;
mod printer;
mod spans;

pub use printer::format_number;
pub use spans::strip_spans;

use pigment_diag::{Diagnostic, FileId};

/// Parses a whole program. The tree holds every statement that parsed; the diagnostics hold every
/// syntax error (and warnings such as a constant overflowing to infinity), in source order.
pub fn parse(text: &str, file: FileId) -> (ast::Program, Vec<Diagnostic>) {
    let (tokens, mut diagnostics) = lexer::lex(text, file);
    let mut parser = parser::Parser::new(tokens, file);
    let program = parser.program();
    diagnostics.append(&mut parser.diagnostics);
    diagnostics.sort_by_key(|d| d.primary.as_ref().map(|label| label.span.start));
    (program, diagnostics)
}

/// The canonical text of `program`: `!!FP1.0`, one statement per line, `END`. Any tree produced by
/// [`parse`] prints to text that parses back to an equal tree (compare with [`strip_spans`]).
pub fn print(program: &ast::Program) -> String {
    printer::print(program)
}
