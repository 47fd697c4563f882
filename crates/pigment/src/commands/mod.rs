//! One module per `pigment` command.

pub mod check;
pub mod compile;
pub mod eval;
pub mod parasol;
pub mod render;
pub mod run;
