//! Cg, NVIDIA's C-like shading language: preprocessor, lexer, parser and semantic analysis.
//!
//! Data flow: source files ──[`preprocess`]──► one expanded text plus a source map ──[`syntax`]──►
//! syntax tree with spans (into the expanded text; the source map turns them into file positions)
//! ──[`check`]──► a checked program: types, resolved names and explicit conversions over the tree
//! ──[`lower`]──► the shading IR (`pigment_ir`), calls inlined, variables in SSA form.
//! [`driver`] runs the whole front end on one file.
#![forbid(unsafe_code)]

pub mod check;
pub mod driver;
pub mod lower;
pub mod preprocess;
pub mod syntax;
