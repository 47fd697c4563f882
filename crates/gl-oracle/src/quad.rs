//! The reference quad of /work/shared/specs/reference-quad.md: a triangle strip over the whole target whose
//! fragment attributes are affine in (s, t), drawn in immediate mode (compatibility profile).

use crate::error::OracleError;
use crate::gl::{self, Gl};
use crate::glcheck::check;

/// The strip's corners in (s, t), in the order the spec gives: (0,0), (1,0), (0,1), (1,1).
const CORNERS: [(f32, f32); 4] = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)];

/// Texture coordinate sets, all of which the quad sets.
const TEXCOORD_SETS: u32 = 8;

/// Fixed state the quad relies on, set once per context: the fog coordinate comes from glFogCoord (not the
/// fragment depth), so ARB's fragment.fogcoord is (0, 0, 0, 1).
pub(crate) fn set_fixed_state(gl: &Gl) -> Result<(), OracleError> {
    let mut sets = 0;
    // SAFETY: the context is current; `sets` is a valid GLint destination.
    unsafe {
        gl.GetIntegerv(gl::MAX_TEXTURE_COORDS, &mut sets);
        gl.Fogi(gl::FOG_COORD_SRC, gl::FOG_COORD as i32);
    }
    check(gl, "setting the fog coordinate source")?;
    if sets < TEXCOORD_SETS as i32 {
        return Err(OracleError::InvalidInput(format!(
            "GL has {sets} texture coordinate sets, the quad needs 8"
        )));
    }
    Ok(())
}

/// Draws the quad into the bound framebuffer with the bound program.
pub(crate) fn draw(gl: &Gl) -> Result<(), OracleError> {
    // SAFETY: the context is current; immediate-mode calls between Begin and End take plain values.
    unsafe {
        gl.Begin(gl::TRIANGLE_STRIP);
        for (s, t) in CORNERS {
            gl.MultiTexCoord4f(gl::TEXTURE0, s, t, 0.0, 1.0);
            gl.MultiTexCoord4f(gl::TEXTURE1, 1.0 - s, 2.0 * t - 1.0, (s + t) / 2.0, 1.0);
            for set in 2..TEXCOORD_SETS {
                gl.MultiTexCoord4f(gl::TEXTURE0 + set, 0.0, 0.0, 0.0, 1.0);
            }
            gl.Color4f(s, t, 1.0 - s, 1.0);
            // Secondary colours take three components; GL fills alpha with 1.
            gl.SecondaryColor3f(t, s, 0.5);
            gl.FogCoordf(0.0);
            // glVertex last: it emits the vertex with the current attributes.
            gl.Vertex4f(2.0 * s - 1.0, 2.0 * t - 1.0, 0.0, 1.0);
        }
        gl.End();
    }
    check(gl, "drawing the reference quad")
}
