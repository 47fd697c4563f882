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
//! * Type names: the scalars of "Type Categories" (`unsigned char` etc. as two words), vector and
//!   matrix forms `TYPEn`/`TYPEnxm` (n, m in 1..4) of bool and the non-compile-time numeric types,
//!   the six sampler types plus Cg 1.0's `texobj*` names, and the predefined structs `fragout`,
//!   `fragout_float`, `vf30` (cg-stdlib.md §8). Everything else is a type only once a `typedef`,
//!   `struct` or `interface` declares it, in block scope; a variable of the same name hides it.
//! * An unknown identifier followed by another identifier starts a declaration of an unknown type
//!   (`Mystery m;`), so the checker can report the type rather than the parser a syntax error.
//! * Semantics are `NAME`, dotted state names (`state.matrix.mvp`, `state.light[0].position`), or
//!   `register(s0)`; member and swizzle suffixes are kept as written for the checker.
//! * Lines starting with `#` (`#pragma`, `#line` left by the preprocessor) are skipped.
//! * Nesting deeper than [`MAX_DEPTH`] levels is reported once and skipped.

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
    pigment_diag::cap(&mut diagnostics);
    (unit, diagnostics)
}
