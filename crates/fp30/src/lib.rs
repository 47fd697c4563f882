//! The fp30 back end (being written).
#![forbid(unsafe_code)]
