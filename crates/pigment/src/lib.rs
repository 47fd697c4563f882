//! Pigment as a library: one way in for every language and target of the toolchain.
//!
//! A [`Session`] holds the source files a request may read (in memory, by name; the disk only
//! where the session allows it). A [`CompileRequest`] names the source, its [`Language`] (Cg, ISL,
//! Parasol, NV_fragment_program), the entry and stage, and the [`Target`] (fp30, arbfp1, arbvp1,
//! GLSL of every version, SPIR-V, WGSL, MSL, HLSL, a web page). [`Session::compile`] returns an
//! [`Artifact`] — each output's code (text or SPIR-V words) with its [`Reflection`] — or an
//! [`Error`], whose [`Diagnostics`] are already placed in the files the user wrote, through
//! `#include`s and imports.
//!
//! ```
//! use pigment::{CompileRequest, Session, Target};
//!
//! let mut session = Session::new();
//! session.add_source(
//!     "tint.cg",
//!     "uniform float4 tint;\n\
//!      float4 main(float2 uv : TEXCOORD0) : COLOR { return tint * uv.xyxy; }\n",
//! );
//! let spirv = session.compile(&CompileRequest::new("tint.cg", Target::SpirV)).unwrap();
//! let words = match &spirv.outputs[0].code {
//!     pigment::Code::SpirV(words) => words,
//!     _ => unreachable!("SPIR-V is binary"),
//! };
//! assert_eq!(words[0], 0x0723_0203); // SPIR-V's magic number
//! let reflection = spirv.reflection().unwrap().typed();
//! assert_eq!(reflection.uniforms[0].name, "tint");
//! assert_eq!(reflection.inputs[0].location, Some(0)); // TEXCOORD0's location
//! ```
//!
//! The `pigment` command line is a thin layer over this crate.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod artifact;
pub mod compile;
pub mod diagnostics;
pub mod error;
pub mod files;
pub mod language;
pub mod preset;
pub mod program;
pub mod render;
pub mod session;
pub mod syntax;
pub mod target;
pub mod uniforms;

pub use artifact::{Artifact, Code, Output, Reflection, WriteOptions, Written};
pub use compile::web::{Drawing, DrawingRequest, WebStage};
pub use compile::{CgOptions, CompileRequest, Emit, Precision, Stage};
pub use diagnostics::{Diagnostics, Entry, Severity};
pub use error::{Error, Result};
pub use language::Language;
pub use session::Session;
pub use target::Target;

/// The one reflection schema of every target (`pigment-reflection-2`), whose types
/// [`Reflection::typed`] returns; re-exported so that a library user names them without a
/// dependency of their own.
pub use pigment_ir::reflect as reflection_schema;

/// Re-exported so that a library user names GLSL versions without a dependency of their own.
pub use pigment_glsl::Version as GlslVersion;

/// Pigment's version, as Cargo knows it.
///
/// ```
/// assert!(!pigment::VERSION.is_empty());
/// ```
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
