//! Cg, NVIDIA's C-like shading language: preprocessor, lexer, parser and semantic analysis.
//!
//! Data flow: source files ──[`preprocess`]──► one expanded text plus a source map ──[`syntax`]──►
//! syntax tree with spans (into the expanded text; the source map turns them into file positions).
#![forbid(unsafe_code)]

pub mod preprocess;
pub mod syntax;
