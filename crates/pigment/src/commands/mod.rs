//! One module per `pigment` command.

pub mod check;
pub mod eval;
pub mod run;
