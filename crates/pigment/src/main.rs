//! The `pigment` command line.
#![forbid(unsafe_code)]

fn main() {}
