//! `pigment check PROGRAM`: does the program load?

use crate::failure::CommandResult;
use crate::load::load_fragment_program;
use std::path::Path;

pub fn check(path: &Path) -> CommandResult {
    load_fragment_program(path).map(|_| ())
}
