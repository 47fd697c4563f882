//! The shading IR (being written).
#![forbid(unsafe_code)]
