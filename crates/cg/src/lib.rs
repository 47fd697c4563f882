//! Cg, NVIDIA's C-like shading language: preprocessor, lexer, parser and semantic analysis.
#![forbid(unsafe_code)]
