//! libretro `.cgp` shader presets: the parser ([`parse`], over the line syntax of [`lines`]) and
//! what a preset says ([`model`]).
#![forbid(unsafe_code)]

pub mod lines;
pub mod model;
pub mod parse;

pub use model::{Lut, Pass, Preset, Scale, ScaleType, WrapMode};
pub use parse::{load, parse_text};
