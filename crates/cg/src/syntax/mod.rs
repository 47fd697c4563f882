//! The Cg lexer, syntax tree and parser.
//!
//! [`parse`] turns preprocessed Cg text into a [`ast::TranslationUnit`] and a list of diagnostics.
//! It never panics and never stops at the first error: whatever it cannot read becomes an `Error`
//! node, and it resynchronises to report further errors. Spans are byte offsets into the text it
//! was given; the preprocessor's source map turns them into file positions.
//!
//! Decisions on points the Cg 2.0 spec leaves open (it has no formal grammar):
//! * Grammar: C's declarations, statements and expression precedence ("Cg uses the same operator
//!   precedence as C"), plus the Cg additions the spec describes: semantics, profile names before
//!   function return types, `packed`, interfaces, struct inheritance, member functions, default
//!   arguments, `discard`, swizzles, constructors, and Cg 3's `switch`/`case`/`default`.
//! * C's bitwise and shift operators are parsed; their support per profile is the checker's call.
//! * Reserved words the grammar does not use lex as identifiers; [`token::is_reserved_word`] lets
//!   the checker reject them as names.
//! * `asm` blocks, CgFX `technique` blocks and `sampler_state` initializers are reported as not
//!   supported and skipped; annotations (`<string UIName = "x";>`) are parsed and kept.
//! * `struct S : X {` inherits interface `X` if `X` is a known type name, and otherwise gives the
//!   struct tag the semantic `X` (the spec allows both with the same syntax).
//! * An identifier before a type is a profile name (`fp30 float4 main()`), unless it is a type.

pub mod ast;
pub mod dump;
pub mod lexer;
mod parser;
pub mod token;

pub use parser::MAX_DEPTH;

use pigment_diag::{Diagnostic, FileId};

/// Parses preprocessed Cg text. Every diagnostic points into `file`; the tree is complete even
/// when there are errors.
pub fn parse(text: &str, file: FileId) -> (ast::TranslationUnit, Vec<Diagnostic>) {
    let (tokens, mut diagnostics) = lexer::lex(text, file);
    let (unit, parse_diagnostics) =
        parser::Parser::new(text, tokens, file).parse_translation_unit();
    diagnostics.extend(parse_diagnostics);
    diagnostics.sort_by_key(|d| d.primary.as_ref().map(|l| l.span.start));
    (unit, diagnostics)
}
