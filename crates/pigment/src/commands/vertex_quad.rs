//! The vertex stage's command-line side: `--param` texts read for the library's
//! [`pigment::render::vertex`], which runs the vertex function per vertex of the quad.

use crate::failure::{from_library, Failure};
use crate::values::parse_assignment;
pub use pigment::render::vertex::UNSET;
use pigment_ir::interp::Textures;
use pigment_ir::{Function, Input, Vector};

/// The uniform values of `func` with every `--param` that names one of its uniforms; per `params`
/// entry, whether this stage took it.
pub fn uniform_values(
    func: &Function,
    params: &[String],
) -> Result<(Vec<Vec<Vector>>, Vec<bool>), Failure> {
    let parsed = params
        .iter()
        .map(|p| parse_assignment(p).map_err(Failure::Usage))
        .collect::<Result<Vec<_>, _>>()?;
    pigment::render::vertex::uniform_values(func, &parsed).map_err(from_library)
}

/// The strip's four vertices from `func` run with `uniforms` and `textures`.
pub fn run_quad_vertices_with(
    func: &Function,
    uniforms: &[Vec<Vector>],
    textures: &mut dyn Textures,
    attribute: &dyn Fn(&Input, f32, f32) -> [f32; 4],
) -> Result<Vec<nvfp::raster::Vertex>, Failure> {
    pigment::render::vertex::run_quad_vertices_with(func, uniforms, textures, attribute)
        .map_err(from_library)
}
