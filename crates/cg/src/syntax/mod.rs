//! The Cg lexer, syntax tree and parser (being written).
