//! One module per `pigment` command.

pub mod check;
pub mod compile;
pub mod eval;
pub mod executor;
pub mod isl;
pub mod preset;
pub mod preset_convert;
pub mod render;
pub mod render_stages;
pub mod run;
pub mod serve;
pub mod vertex_quad;
