//! libretro `.cgp` shader presets: the parser ([`parse`], over the line syntax of [`lines`]) and
//! what a preset says ([`model`]); pass sizes from the scale rules ([`scale`]), `#pragma parameter`s
//! ([`pragma`]), framebuffer formats ([`store`]), and the chain runner ([`chain`]) that gives each pass
//! libretro's uniforms and textures and draws it on the machine ([`draw`]) through a caller's
//! [`chain::PassProgram`] (the `pigment` CLI compiles the passes); a pass's parameters fixed to
//! their values where it does not fit a profile with them as uniforms ([`fixed`]).
#![forbid(unsafe_code)]

pub mod chain;
pub mod draw;
pub mod fixed;
pub mod lines;
pub mod model;
pub mod parse;
pub mod pragma;
pub mod scale;
pub mod slangp;
pub mod store;

pub use model::{Lut, Pass, Preset, Scale, ScaleType, WrapMode};
pub use parse::{load, parse_text};
