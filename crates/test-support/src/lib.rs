//! Expected values that tests in more than one crate check against, written once. Library code
//! never depends on this crate: it holds the tests' side of a comparison, apart from the code under
//! test and from the oracles (`gl-oracle`, `vk-oracle`), which only run what they are given.
#![forbid(unsafe_code)]

pub mod trig_grid;
