//! The vertex entry of a Cg pass lowered for the commands that still run it themselves
//! (`preset`): checked for vp40's rules (NV_vertex_program3's, which has the explicit-LOD
//! lookups), as `pigment::Session::render` does for `render --vertex-entry`.

use crate::cgfront::{front_end_options, lower_cg_with};
use crate::cli::CgArgs;
use crate::failure::Failure;
use pigment_ir::{Module, Stage};
use std::path::Path;

/// Checks `entry` of `path` as a vertex program and lowers it to a module holding its function.
pub fn lower_vertex(path: &Path, cg: &CgArgs, entry: &str) -> Result<Module, Failure> {
    let mut options = front_end_options(cg)?;
    options.entry = entry.to_string();
    options.profile = "vp40".to_string();
    options.stage = Some(Stage::Vertex);
    lower_cg_with(path, &options).map(|(_, module)| module)
}
