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
    draw_with(gl, false)
}

/// [`draw`] that also sets the generic attributes at NVIDIA's aliasing (`COLOR0` 3, `COLOR1` 4,
/// `TEXCOORDn` 8+n) and gives the position as generic attribute 0, for GLSL vertex shaders.
pub(crate) fn draw_generic(gl: &Gl) -> Result<(), OracleError> {
    draw_with(gl, true)
}

fn draw_with(gl: &Gl, generic: bool) -> Result<(), OracleError> {
    // SAFETY: the context is current; immediate-mode calls between Begin and End take plain values.
    unsafe {
        gl.Begin(gl::TRIANGLE_STRIP);
        for (s, t) in CORNERS {
            let texcoords = |set: u32| match set {
                0 => [s, t, 0.0, 1.0],
                1 => [1.0 - s, 2.0 * t - 1.0, (s + t) / 2.0, 1.0],
                _ => [0.0, 0.0, 0.0, 1.0],
            };
            for set in 0..TEXCOORD_SETS {
                let [a, b, c, d] = texcoords(set);
                gl.MultiTexCoord4f(gl::TEXTURE0 + set, a, b, c, d);
                if generic {
                    gl.VertexAttrib4f(8 + set, a, b, c, d);
                }
            }
            gl.Color4f(s, t, 1.0 - s, 1.0);
            // Secondary colours take three components; GL fills alpha with 1.
            gl.SecondaryColor3f(t, s, 0.5);
            gl.FogCoordf(0.0);
            let position = [2.0 * s - 1.0, 2.0 * t - 1.0, 0.0, 1.0];
            // The position last: it emits the vertex with the current attributes.
            if generic {
                gl.VertexAttrib4f(3, s, t, 1.0 - s, 1.0);
                gl.VertexAttrib4f(4, t, s, 0.5, 1.0);
                gl.VertexAttrib4f(0, position[0], position[1], position[2], position[3]);
            } else {
                gl.Vertex4f(position[0], position[1], position[2], position[3]);
            }
        }
        gl.End();
    }
    check(gl, "drawing the reference quad")
}
