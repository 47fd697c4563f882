//! libretro `.cgp` shader presets: the parser ([`parse`], over the line syntax of [`lines`]) and
//! what a preset says ([`model`]); pass sizes from the scale rules ([`scale`]), `#pragma parameter`s
//! ([`pragma`]), framebuffer formats ([`store`]), and the chain runner ([`chain`]) that gives each pass
//! libretro's uniforms and textures and draws it ([`draw`]) through a caller's
//! [`chain::PassProgram`] (the `pigment` library compiles the passes and runs them); and the
//! conversion of a preset's passes, lowered by the caller, for libretro's slang and GLSL
//! runtimes ([`convert`], with [`slangp`] writing the preset file).
#![forbid(unsafe_code)]

pub mod chain;
pub mod convert;
pub mod draw;
pub mod lines;
pub mod model;
pub mod parse;
pub mod pragma;
pub mod scale;
pub mod slangp;
pub mod store;

pub use model::{Lut, Pass, Preset, Scale, ScaleType, WrapMode};
pub use parse::{load, parse_text};
