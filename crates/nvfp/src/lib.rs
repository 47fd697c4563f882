//! GL_NV_fragment_program (`!!FP1.0`), the fragment ISA of the GeForce FX, as a library.
//!
//! Data flow: text ──[`syntax::parse`]──► [`syntax::ast::Program`] ──[`validate::load`]──►
//! [`program::Program`] ──[`exec`]──► fragment results, with [`texture`] serving lookups,
//! [`raster`] producing the 2x2 quads of fragments to shade and [`render`] storing what survives.
//! [`syntax::print`] turns a syntax tree back into canonical text.
#![forbid(unsafe_code)]

pub mod budget;
pub mod exec;
pub mod image;
pub mod isa;
pub mod program;
pub mod raster;
pub mod render;
pub mod syntax;
pub mod texture;
pub mod validate;
