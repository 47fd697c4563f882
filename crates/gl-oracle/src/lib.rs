//! A real OpenGL implementation used as an oracle: Mesa's llvmpipe through a surfaceless EGL context.
//!
//! [`Oracle`] draws the reference quad (/work/shared/specs/reference-quad.md) with an ARB_fragment_program
//! into an RGBA32F target with colour clamping off and reads the floats back, laid out as `pigment run --raw`
//! writes them, so Pigment's NV_fragment_program machine can be compared with it value for value.
//! libEGL is loaded at run time (nothing links against it); the GL entry points come from `eglGetProcAddress`.
//!
//! `pigment_arb::from_nv` (crates/arb) translates a loaded NV_fragment_program into the ARB text the
//! oracle runs; the oracle itself depends on no compiler.
//!
//! [`Oracle::native`] opens the system's own driver instead, and [`Oracle::draw_nv_program`] runs an NV program
//! there as it is (NVIDIA's drivers still implement NV_fragment_program); [`case`] holds a program with the
//! inputs both sides of a comparison get.
//!
//! This is the only crate of the workspace with `unsafe` code: it calls C. Every `unsafe` block says why it
//! is sound; the rest of the crate is safe Rust.

pub mod case;
mod context;
mod display;
mod error;
mod framebuffer;
mod gl;
mod glcheck;
mod glsl;
mod oracle;
mod program;
mod quad;
mod texture;

pub use error::OracleError;
pub use glsl::{GlslInputs, GlslUniform};
pub use oracle::{Inputs, Oracle, VertexProgram};
pub use texture::{Filter, OracleTexture, TextureTarget, Wrap};
