//! One module per `pigment` command.

pub mod check;
pub mod compile;
pub mod eval;
pub mod executor;
pub mod isl;
pub mod preset;
pub mod render;
pub mod run;
pub mod serve;
