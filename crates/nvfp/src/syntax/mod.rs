//! The text form of `!!FP1.0` programs: lexer, parser (never panics, reports every error it can) and
//! canonical printer.

pub mod ast;
