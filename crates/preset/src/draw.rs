//! Drawing a pass's quad, a row of 2x2 quads per rayon task: on the machine ([`draw`]) or with any
//! fragment stage that shades the machine's quads ([`draw_quads`]: the IR interpreter).
//!
//! The quad's four corners carry what the vertex stage wrote: a clip position and attributes. The
//! corners' positions (divided by w) place the quad as a parallelogram in the target — the whole
//! target for libretro's usual `mul(modelViewProj, position)`, a smaller or shifted one for the
//! shaders that frame the picture; pixels outside it keep the clear colour. Each covered pixel's
//! (s, t) in the quad is found by inverting that placement, and its attributes are the bilinear
//! blend of the corners there. For libretro's vertex programs, whose outputs are affine in the
//! corner's position and texture coordinate, this is what rasterizing the quad's two triangles
//! gives, and it needs no per-frame quad list, so a large framebuffer is shaded in bounded memory.

use nvfp::exec::{Machine, Parameters, QuadInput, QuadOutput};
use nvfp::isa::{AttribReg, ATTRIB_COUNT};
use nvfp::texture::TextureUnits;
use rayon::prelude::*;

/// The attribute registers at one corner.
pub type Corner = [[f32; 4]; ATTRIB_COUNT];

/// Where the quad lies in the target: normalized device coordinates of corner (0, 0) and of the
/// s and t edges, with the inverse of the edge matrix.
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    origin: [f32; 2],
    inverse: [[f32; 2]; 2],
    /// The corners are the target's corners: (s, t) is the pixel centre's, exactly.
    full: bool,
}

impl Placement {
    /// The placement of clip positions `clip` at (s, t) = (0, 0), (1, 0), (0, 1), (1, 1); `None`
    /// when the quad is degenerate (or a w is 0), so nothing is drawn.
    pub fn from_clip(clip: &[[f32; 4]; 4]) -> Option<Placement> {
        let ndc = |c: [f32; 4]| (c[3] != 0.0).then(|| [c[0] / c[3], c[1] / c[3]]);
        let (o, a, b) = (ndc(clip[0])?, ndc(clip[1])?, ndc(clip[2])?);
        let (ex, ey) = ([a[0] - o[0], a[1] - o[1]], [b[0] - o[0], b[1] - o[1]]);
        let det = ex[0] * ey[1] - ey[0] * ex[1];
        if det.abs() < 1e-12 || !det.is_finite() {
            return None;
        }
        let inverse = [[ey[1] / det, -ey[0] / det], [-ex[1] / det, ex[0] / det]];
        let full = o == [-1.0, -1.0] && a == [1.0, -1.0] && b == [-1.0, 1.0];
        Some(Placement {
            origin: o,
            inverse,
            full,
        })
    }

    /// The whole target.
    pub fn full() -> Placement {
        Placement {
            origin: [-1.0, -1.0],
            inverse: [[0.5, 0.0], [0.0, 0.5]],
            full: true,
        }
    }

    /// (s, t) of pixel (x, y)'s centre, `None` outside the quad.
    fn st(&self, x: u32, y: u32, width: u32, height: u32) -> Option<(f32, f32)> {
        let (cx, cy) = (
            (x as f32 + 0.5) / width as f32,
            (y as f32 + 0.5) / height as f32,
        );
        if self.full {
            return Some((cx, cy));
        }
        let p = [
            2.0 * cx - 1.0 - self.origin[0],
            2.0 * cy - 1.0 - self.origin[1],
        ];
        let s = self.inverse[0][0] * p[0] + self.inverse[0][1] * p[1];
        let t = self.inverse[1][0] * p[0] + self.inverse[1][1] * p[1];
        ((0.0..1.0).contains(&s) && (0.0..1.0).contains(&t)).then_some((s, t))
    }
}

/// Shades a `width` x `height` target (bottom row first) with `machine`; `corners` are at
/// (s, t) = (0, 0), (1, 0), (0, 1), (1, 1) and the quad lies at `placement`. Killed fragments and
/// pixels outside the quad keep the clear colour (0, 0, 0, 0).
pub fn draw(
    machine: &Machine,
    params: &Parameters,
    textures: &TextureUnits,
    corners: &[Corner; 4],
    placement: &Placement,
    width: u32,
    height: u32,
) -> Vec<[f32; 4]> {
    let shade = |inputs: &[QuadInput], outputs: &mut [QuadOutput]| {
        machine.run_quads(inputs, params, textures, outputs);
        Ok::<(), std::convert::Infallible>(())
    };
    match draw_quads(corners, placement, width, height, shade) {
        Ok(pixels) => pixels,
        Err(never) => match never {},
    }
}

/// [`draw`] with any fragment stage: `shade` turns a row's quads (their attribute registers, as
/// the machine reads them) into their colours and kills; its first error stops the drawing.
pub fn draw_quads<E: Send>(
    corners: &[Corner; 4],
    placement: &Placement,
    width: u32,
    height: u32,
    shade: impl Fn(&[QuadInput], &mut [QuadOutput]) -> Result<(), E> + Sync,
) -> Result<Vec<[f32; 4]>, E> {
    let mut pixels = vec![[0.0f32; 4]; width as usize * height as usize];
    let row = 2 * width as usize;
    pixels.par_chunks_mut(row).enumerate().try_for_each_init(
        || (Vec::new(), Vec::new(), Vec::new()),
        |(inputs, outputs, covered): &mut (Vec<QuadInput>, Vec<QuadOutput>, Vec<[bool; 4]>),
         (r, out)| {
            row_inputs(
                corners,
                placement,
                2 * r as u32,
                width,
                height,
                inputs,
                covered,
            );
            outputs.clear();
            outputs.resize(inputs.len(), QuadOutput::default());
            shade(inputs, outputs)?;
            for (q, (o, inside)) in outputs.iter().zip(covered.iter()).enumerate() {
                for (f, &inside) in inside.iter().enumerate() {
                    let (x, dy) = (2 * q + (f & 1), f >> 1);
                    let index = dy * width as usize + x;
                    if inside && index < out.len() && !o.killed[f] {
                        out[index] = o.color[f];
                    }
                }
            }
            Ok(())
        },
    )?;
    Ok(pixels)
}

/// The quads of the row of quads from pixel row `y0`, and which of their fragments the quad
/// covers.
fn row_inputs(
    corners: &[Corner; 4],
    placement: &Placement,
    y0: u32,
    width: u32,
    height: u32,
    inputs: &mut Vec<QuadInput>,
    covered: &mut Vec<[bool; 4]>,
) {
    inputs.clear();
    covered.clear();
    for x0 in (0..width).step_by(2) {
        let mut input = QuadInput::default();
        let mut inside = [false; 4];
        for f in 0..4u32 {
            let (x, y) = (x0 + (f & 1), y0 + (f >> 1));
            let st = placement.st(x, y, width, height);
            inside[f as usize] = st.is_some() && x < width && y < height;
            // Helpers and pixels outside still run (for derivatives) at their own (s, t).
            let spot = match placement.full {
                true => Spot::Pixel {
                    x: x as f32 + 0.5,
                    y: y as f32 + 0.5,
                    width: width as f32,
                    height: height as f32,
                },
                false => {
                    let (s, t) = st.unwrap_or_else(|| unplaced(placement, x, y, width, height));
                    Spot::Quad { s, t }
                }
            };
            let attribs = at_pixel(corners, spot, x, y);
            for (reg, value) in attribs.iter().enumerate() {
                input.attribs[reg][f as usize] = *value;
            }
        }
        inputs.push(input);
        covered.push(inside);
    }
}

/// (s, t) of a pixel outside the quad, extrapolated from the placement (or the pixel centre's when
/// the placement cannot say).
fn unplaced(placement: &Placement, x: u32, y: u32, width: u32, height: u32) -> (f32, f32) {
    let full = Placement {
        full: false,
        ..*placement
    };
    let (cx, cy) = (
        (x as f32 + 0.5) / width as f32,
        (y as f32 + 0.5) / height as f32,
    );
    let p = [
        2.0 * cx - 1.0 - full.origin[0],
        2.0 * cy - 1.0 - full.origin[1],
    ];
    (
        full.inverse[0][0] * p[0] + full.inverse[0][1] * p[1],
        full.inverse[1][0] * p[0] + full.inverse[1][1] * p[1],
    )
}

/// Where a pixel's centre lies on the quad.
#[derive(Clone, Copy, Debug)]
enum Spot {
    /// On a quad over the whole target: the centre (x, y) of a pixel of a `width` x `height`
    /// target.
    Pixel {
        x: f32,
        y: f32,
        width: f32,
        height: f32,
    },
    /// On a quad placed by its vertex positions: its (s, t).
    Quad { s: f32, t: f32 },
}

/// The attributes at `spot` and f[WPOS] of pixel (x, y). Each component is interpolated as a GPU's
/// plane equation does it: a corner plus the edges from it scaled, so that an attribute which does
/// not change along s is exactly the same all along a row (a bilinear blend of the four corners
/// varies there in its last bit, which flips the texel that `floor(t * size)` picks: crt-royale's
/// scanline pass drew dark dots so). On a quad over the whole target the edges are scaled per
/// pixel, as a GPU's gradients are: corner + x·(edge / width) + y·(edge / height), exact where the
/// gradient is (GTU-famicom takes `int()` of a varying that is an integer at every pixel centre).
/// One plane spans the quad when the corners are affine, as libretro's vertex outputs are;
/// otherwise the strip's two triangles, (0, 1, 2) and (2, 1, 3), are planes of their own.
fn at_pixel(corners: &[Corner; 4], spot: Spot, x: u32, y: u32) -> Corner {
    let mut a = [[0.0f32; 4]; ATTRIB_COUNT];
    for (reg, value) in a.iter_mut().enumerate() {
        for (c, v) in value.iter_mut().enumerate() {
            *v = plane([0, 1, 2, 3].map(|k| corners[k][reg][c]), spot);
        }
    }
    a[AttribReg::Wpos.index()] = [x as f32 + 0.5, y as f32 + 0.5, 0.5, 1.0];
    a
}

/// One component at `spot` from its values at the corners (0, 0), (1, 0), (0, 1), (1, 1).
fn plane(v: [f32; 4], spot: Spot) -> f32 {
    let affine = v[3] == v[1] + v[2] - v[0];
    let (s, t) = match spot {
        Spot::Pixel {
            x,
            y,
            width,
            height,
        } if affine => return v[0] + x * ((v[1] - v[0]) / width) + y * ((v[2] - v[0]) / height),
        Spot::Pixel {
            x,
            y,
            width,
            height,
        } => (x / width, y / height),
        Spot::Quad { s, t } => (s, t),
    };
    if affine || s + t <= 1.0 {
        v[0] + s * (v[1] - v[0]) + t * (v[2] - v[0])
    } else {
        v[3] + (1.0 - s) * (v[2] - v[3]) + (1.0 - t) * (v[1] - v[3])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placement_inverts_the_corner_positions() {
        // The quad over the right half of a 4x2 target: x from 0 to 1 in NDC.
        let clip = [
            [0.0, -1.0, 0.0, 1.0],
            [1.0, -1.0, 0.0, 1.0],
            [0.0, 1.0, 0.0, 1.0],
            [1.0, 1.0, 0.0, 1.0],
        ];
        let p = Placement::from_clip(&clip).unwrap();
        // Pixel 2's centre is at NDC x = 0.25: s = 0.25; pixel 1 (x = -0.25) is outside.
        assert_eq!(p.st(2, 0, 4, 2), Some((0.25, 0.25)));
        assert_eq!(p.st(1, 0, 4, 2), None);
        assert_eq!(Placement::full().st(1, 1, 4, 2), Some((0.375, 0.75)));
        let flat = [[0.0, 0.0, 0.0, 1.0]; 4];
        assert!(Placement::from_clip(&flat).is_none());
    }

    /// libretro's texture coordinate t = video/texture-size ratio · corner t does not change along
    /// a row, and a GPU's plane equation keeps it exactly constant there: so must the drawing.
    #[test]
    fn an_attribute_constant_along_s_is_exactly_constant_along_a_row() {
        let mut corners = [[[0.0f32; 4]; ATTRIB_COUNT]; 4];
        for (k, t) in [0.0, 0.0, 0.875, 0.875].into_iter().enumerate() {
            corners[k][4] = [0.1 * k as f32, t, 0.0, 1.0];
        }
        for y in 0..448 {
            let t = (y as f32 + 0.5) / 448.0;
            let first = at_pixel(&corners, Spot::Quad { s: 0.5 / 512.0, t }, 0, y)[4][1];
            assert_eq!(first, 0.875 * t, "row {y}");
            for x in 1..512 {
                let s = (x as f32 + 0.5) / 512.0;
                let spot = Spot::Quad { s, t };
                assert_eq!(at_pixel(&corners, spot, x, y)[4][1], first, "({x}, {y})");
                let spot = Spot::Pixel {
                    x: x as f32 + 0.5,
                    y: y as f32 + 0.5,
                    width: 512.0,
                    height: 448.0,
                };
                let along = at_pixel(&corners, spot, x, y)[4][1];
                assert_eq!(along, at_pixel(&corners, spot, 0, y)[4][1], "({x}, {y})");
            }
        }
    }

    /// Corners that are not affine: each of the strip's triangles is its own plane, so the corners
    /// are reproduced exactly and the quad's centre lies on the (2, 1) diagonal.
    #[test]
    fn corners_that_are_not_affine_use_the_strips_two_triangles() {
        let v = [0.0, 1.0, 2.0, 7.0];
        let at = |s, t| plane(v, Spot::Quad { s, t });
        assert_eq!(at(0.0, 0.0), 0.0);
        assert_eq!(at(1.0, 1.0), 7.0);
        assert_eq!(at(0.5, 0.5), 1.5);
        assert_eq!(
            at(0.75, 0.75),
            7.0 + 0.25 * (2.0 - 7.0) + 0.25 * (1.0 - 7.0)
        );
    }

    /// On a quad over the whole target an affine attribute is a corner plus the pixel position
    /// times the per-pixel gradient: GTU-famicom's colour phase, 8 + x + 4·y at the centre of
    /// pixel (x, y) of its 2048 x 224 pass, is an exact integer at every pixel (with t = (y +
    /// 0.5) / 224 rounded first, 4·224·t fell short of 4·y + 2 on some rows, and `int()` took the
    /// integer below).
    #[test]
    fn gradients_per_pixel_keep_integers_exact() {
        let (w, h) = (2048.0, 224.0);
        let v = [5.5, 5.5 + w, 5.5 + 4.0 * h, 5.5 + w + 4.0 * h];
        for y in 0..224 {
            for x in (0..2048).step_by(97) {
                let spot = Spot::Pixel {
                    x: x as f32 + 0.5,
                    y: y as f32 + 0.5,
                    width: w,
                    height: h,
                };
                assert_eq!(plane(v, spot), (8 + x + 4 * y) as f32, "({x}, {y})");
            }
        }
    }
}
