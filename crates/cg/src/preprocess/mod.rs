//! The Cg preprocessor (being written).
