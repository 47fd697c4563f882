//! Drawing a scene: the vertex stage in Rust, near and far clipping, nvfp's rasterizer and a
//! depth-tested fragment stage on the NV_fragment_program machine.
//!
//! The vertex stage is fixed: a vertex's position goes to eye space by the camera's view matrix
//! times the object's model matrix and to clip space by the projection; its normal by the inverse
//! transpose of the model-view, normalised. The fragment program receives, per [`Layout`] (ISL's
//! by default, what `pigment_isl::quad_vertex` writes): the texture coordinate (s, t, 0, 1), the
//! eye-space normal (N, 0) and the eye-space position (P, 1). Every other attribute register
//! holds (0, 0, 0, 1), `f[FOGC]` (0, 0, 0, 0), as the two-stage path leaves what the vertex program
//! does not write.
//!
//! Triangles are clipped against the near and far planes (a triangle crossing the eye would
//! otherwise project inside out) and handed to [`nvfp::raster::rasterize_triangle`] in order;
//! quads are shaded a batch at a time and stored by [`nvfp::render::shade_depth_tested`]
//! (GL_LESS unless [`DrawOptions`] say otherwise, depth writes on). Before shading, fragments
//! that already fail the test against the depth buffer are dropped when the program does not
//! write depth: the buffer only ever gets nearer (or, under EQUAL, stays), so they would fail it
//! anyway, and the machine's time goes to visible surfaces.
//!
//! `FB`: the machine cannot read the frame buffer, so an ISL shader's `FB` is a texture the caller
//! binds. For a scene, bind a snapshot of the target taken before [`draw`] — on a fresh frame that
//! is the clear colour everywhere — so that every fragment of every object reads the colour behind
//! the whole scene, as the reference quad's single layer does. Pixels no triangle covers keep the
//! target's colour: clear the target first ([`cleared`]).
//!
//! Several passes over one scene (an ISL atmosphere over the surface, or a shader split into
//! passes): draw the first with a depth buffer of your own and [`DepthTest::Less`], then each
//! later one with the same buffer and [`DepthTest::Equal`], its `FB` the previous pass's frame
//! and its target starting as that frame. The vertex stage is deterministic, so each later pass
//! shades exactly the fragments the first left visible.

use crate::camera::Camera;
use crate::math::{apply3, normalize, Mat4};
use crate::{Object, Scene};
use nvfp::isa::AttribReg;
use nvfp::raster::{rasterize_triangle, QuadBatch, Vertex};
use nvfp::render::{shade_depth_tested, DepthBuffer, DepthTest, Framebuffer, Shader};

/// What a register holds where the vertex stage writes nothing.
const UNSET: [f32; 4] = [0.0, 0.0, 0.0, 1.0];

/// A vertex's window coordinates are snapped to odd multiples of 1/[`SUBPIXELS`] pixel. GPUs snap
/// to a grid of 1/16 pixel or finer (Vulkan requires 4 bits of sub-pixel precision, Direct3D 8), so
/// vertices already on it are drawn over the same pixels, with the same barycentric weights, by the
/// machine and by a GPU given them. Odd multiples are never a pixel centre's coordinate (k + 1/2
/// is an even one), so a horizontal or vertical edge never passes through a centre, where the fill
/// rules of the machine and of a GPU may disagree.
const SUBPIXELS: f64 = 16.0;

/// Quads rasterized before the batch is shaded: enough to keep every core busy, few enough that
/// a big target never holds all its quads at once.
const FLUSH_QUADS: usize = 16 * 1024;

/// Which fragment attribute registers receive the vertex stage's outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// (s, t, 0, 1).
    pub texcoord: AttribReg,
    /// The eye-space normal (x, y, z, 0), unit length at the vertices.
    pub normal: AttribReg,
    /// The eye-space position (x, y, z, 1).
    pub position: AttribReg,
}

impl Layout {
    /// ISL's: `f[TEX0]` the texture coordinate, `f[TEX1]` N and `f[TEX2]` P, as the lights read
    /// them.
    pub const ISL: Layout = Layout {
        texcoord: AttribReg::Tex(0),
        normal: AttribReg::Tex(1),
        position: AttribReg::Tex(2),
    };
}

impl Default for Layout {
    fn default() -> Layout {
        Layout::ISL
    }
}

/// How a draw stores its fragments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawOptions {
    pub layout: Layout,
    /// [`DepthTest::Less`] for a first pass; [`DepthTest::Equal`] with the first pass's depth
    /// buffer for a later pass over the surfaces it left visible (an ISL atmosphere, or the
    /// passes of a shader split into several).
    pub depth_test: DepthTest,
    /// Snap each triangle's window coordinates, after clipping, to odd multiples of 1/16 pixel
    /// ([`snapped`]), as a GPU given the vertices snaps them, so that both draw the same pixels
    /// with the same weights. Off, positions are as exact as f32 keeps them.
    pub snap: bool,
}

/// What a draw did, for tests and timing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawStats {
    /// Triangles of the scene's meshes.
    pub triangles: usize,
    /// Triangles (pieces of clipped ones included) the rasterizer accepted.
    pub rasterized: usize,
    /// Quads the machine shaded (after dropping those wholly behind the depth buffer).
    pub quads_shaded: usize,
}

/// A `width` x `height` frame cleared to `colour`.
pub fn cleared(width: u32, height: u32, colour: [f32; 4]) -> Framebuffer {
    Framebuffer {
        width,
        height,
        pixels: vec![colour; width as usize * height as usize],
    }
}

/// Draws `scene` seen by `camera` into `target` with ISL's [`Layout`], GL_LESS and a fresh depth
/// buffer (cleared to 1). The target's colour is not cleared (see the module's notes on `FB`).
pub fn draw(
    scene: &Scene,
    camera: &Camera,
    shader: &Shader<'_>,
    target: &mut Framebuffer,
) -> DrawStats {
    let mut depth = DepthBuffer::new(target.width, target.height);
    draw_with(
        scene,
        camera,
        &DrawOptions::default(),
        shader,
        target,
        &mut depth,
    )
}

/// [`draw`] with chosen options and depth buffer (which must have the target's size; one of
/// another size is replaced by a cleared one), for several draws or passes sharing one depth
/// buffer.
pub fn draw_with(
    scene: &Scene,
    camera: &Camera,
    options: &DrawOptions,
    shader: &Shader<'_>,
    target: &mut Framebuffer,
    depth: &mut DepthBuffer,
) -> DrawStats {
    if (depth.width, depth.height) != (target.width, target.height) {
        *depth = DepthBuffer::new(target.width, target.height);
    }
    let mut stats = DrawStats::default();
    let mut batch = QuadBatch::default();
    for object in &scene.objects {
        let vertices = vertex_stage(object, camera, &options.layout);
        for triangle in &object.mesh.triangles {
            let Some(corners) = corners(&vertices, triangle) else {
                continue;
            };
            stats.triangles += 1;
            for mut piece in clip(corners) {
                if options.snap {
                    for v in &mut piece {
                        v.clip = snapped(v.clip, target.width, target.height);
                    }
                }
                if rasterize_triangle(&piece, target.width, target.height, &mut batch) {
                    stats.rasterized += 1;
                }
            }
            if batch.len() >= FLUSH_QUADS {
                stats.quads_shaded += flush(shader, options.depth_test, &mut batch, target, depth);
            }
        }
    }
    stats.quads_shaded += flush(shader, options.depth_test, &mut batch, target, depth);
    stats
}

/// The three vertices a triangle indexes; `None` for an index out of range (a mesh built by hand
/// badly), which is skipped rather than trusted.
fn corners(vertices: &[Vertex], triangle: &[u32; 3]) -> Option<[Vertex; 3]> {
    let v = |k: usize| vertices.get(triangle[k] as usize).copied();
    Some([v(0)?, v(1)?, v(2)?])
}

/// Every vertex of an object before clipping: its clip position and the attributes `layout`
/// places. A GPU given these, their positions [`snapped`] to its target, draws the triangles
/// [`draw`] draws where they need no clipping.
pub fn vertex_stage(object: &Object, camera: &Camera, layout: &Layout) -> Vec<Vertex> {
    let model_view = camera.model_view(&object.model);
    // A singular model-view flattens the object; its normals are then kept as the mesh gives them.
    let normal_matrix = model_view.normal_matrix();
    let mesh = &object.mesh;
    (0..mesh.positions.len())
        .map(|i| {
            let p = mesh.positions[i];
            let eye = model_view.apply([p[0], p[1], p[2], 1.0]);
            let n = mesh.normals.get(i).copied().unwrap_or([0.0, 0.0, 1.0]);
            let n = normal_matrix.map_or(n, |m| apply3(&m, n));
            let n = normalize(n).unwrap_or(n);
            let st = mesh.texcoords.get(i).copied().unwrap_or([0.0, 0.0]);
            vertex(&camera.projection, eye, n, st, layout)
        })
        .collect()
}

/// The clip position moved (w kept) so that its window coordinates, on a `width` x `height`
/// viewport, are odd multiples of 1/`SUBPIXELS`. A whole coordinate (the reference quad's
/// corners) is kept, since it is on every grid and no centre's either; a vertex at or behind the
/// eye (w ≤ 0, or not finite) is left as it is. [`draw_with`] snaps the vertices of each triangle
/// after clipping when [`DrawOptions::snap`] says so.
pub fn snapped(clip: [f32; 4], width: u32, height: u32) -> [f32; 4] {
    let w = f64::from(clip[3]);
    if !(w > 0.0 && w.is_finite()) {
        return clip;
    }
    let axis = |c: f32, size: u32| {
        let size = f64::from(size.max(1));
        let window = (f64::from(c) / w + 1.0) * 0.5 * size;
        if !window.is_finite() {
            return c;
        }
        if window == window.round() {
            return c;
        }
        let half = SUBPIXELS / 2.0;
        let on_grid = ((window * half).floor() + 0.5) / half;
        ((on_grid / size * 2.0 - 1.0) * w) as f32
    };
    [
        axis(clip[0], width),
        axis(clip[1], height),
        clip[2],
        clip[3],
    ]
}

/// One rasterizer vertex from the eye-space position and normal and the texture coordinate.
fn vertex(projection: &Mat4, eye: [f32; 4], n: [f32; 3], st: [f32; 2], layout: &Layout) -> Vertex {
    let mut attribs = [UNSET; nvfp::isa::ATTRIB_COUNT];
    // NV's `f[FOGC]` is (f, 0, 0, 0), and nothing writes f.
    attribs[AttribReg::Fogc.index()] = [0.0; 4];
    attribs[layout.texcoord.index()] = [st[0], st[1], 0.0, 1.0];
    attribs[layout.normal.index()] = [n[0], n[1], n[2], 0.0];
    attribs[layout.position.index()] = eye;
    Vertex {
        clip: projection.apply(eye),
        attribs,
    }
}

/// The signed distances of a clip-space position to the near (z ≥ −w) and far (z ≤ w) planes:
/// inside where both are ≥ 0.
fn plane_distances(clip: [f32; 4]) -> [f32; 2] {
    [clip[3] + clip[2], clip[3] - clip[2]]
}

/// The triangle clipped against the near and far planes, fanned back into triangles (none when
/// it lies wholly outside). A triangle wholly inside comes back untouched, bit for bit.
fn clip(triangle: [Vertex; 3]) -> Vec<[Vertex; 3]> {
    let inside = |v: &Vertex| plane_distances(v.clip).iter().all(|&d| d >= 0.0);
    if triangle.iter().all(inside) {
        return vec![triangle];
    }
    let mut polygon = triangle.to_vec();
    for plane in 0..2 {
        polygon = clip_polygon(&polygon, |v| plane_distances(v.clip)[plane]);
    }
    (1..polygon.len().saturating_sub(1))
        .map(|k| [polygon[0], polygon[k], polygon[k + 1]])
        .collect()
}

/// One Sutherland–Hodgman step: the part of `polygon` where `distance` ≥ 0 (a NaN distance counts
/// as outside), new vertices interpolated linearly in clip space, which is what perspective-correct
/// interpolation of the attributes means.
fn clip_polygon(polygon: &[Vertex], distance: impl Fn(&Vertex) -> f32) -> Vec<Vertex> {
    let mut out = Vec::with_capacity(polygon.len() + 1);
    for (k, a) in polygon.iter().enumerate() {
        let b = &polygon[(k + 1) % polygon.len()];
        let (da, db) = (distance(a), distance(b));
        if da >= 0.0 {
            out.push(*a);
        }
        if (da >= 0.0) != (db >= 0.0) && !da.is_nan() && !db.is_nan() {
            out.push(lerp(a, b, da / (da - db)));
        }
    }
    out
}

/// The vertex a fraction `t` of the way from `a` to `b`.
fn lerp(a: &Vertex, b: &Vertex, t: f32) -> Vertex {
    let mix = |x: [f32; 4], y: [f32; 4]| [0, 1, 2, 3].map(|c| x[c] + (y[c] - x[c]) * t);
    let mut v = *a;
    v.clip = mix(a.clip, b.clip);
    for (r, reg) in v.attribs.iter_mut().enumerate() {
        *reg = mix(a.attribs[r], b.attribs[r]);
    }
    v
}

/// Shades and stores the batch, then empties it; returns how many quads were shaded.
fn flush(
    shader: &Shader<'_>,
    test: DepthTest,
    batch: &mut QuadBatch,
    target: &mut Framebuffer,
    depth: &mut DepthBuffer,
) -> usize {
    if !shader.program.writes_depr {
        cull_hidden(batch, test, depth);
    }
    let shaded = batch.len();
    if shaded > 0 {
        shade_depth_tested(shader, batch, test, target, depth);
    }
    batch.clear();
    shaded
}

/// Uncovers the fragments whose interpolated depth already fails `test` against `depth`, and
/// drops the quads left with none. Only for programs that do not write depth: then the depth the
/// test will see is this one, and before it is tested the buffer can only get nearer (LESS,
/// LEQUAL) or stay as it is (EQUAL), so a fragment failing now would fail then.
fn cull_hidden(batch: &mut QuadBatch, test: DepthTest, depth: &DepthBuffer) {
    let wpos = AttribReg::Wpos.index();
    let mut kept = QuadBatch::default();
    for q in 0..batch.len() {
        let (x0, y0) = batch.origins[q];
        let mut coverage = batch.coverage[q];
        for (f, covered) in coverage.iter_mut().enumerate() {
            let (x, y) = (x0 + (f as u32 & 1), y0 + (f as u32 >> 1));
            if *covered {
                let z = batch.inputs[q].attribs[wpos][f][2];
                *covered = test.passes(z, depth.depth(x, y));
            }
        }
        if coverage.iter().any(|&c| c) {
            kept.inputs.push(batch.inputs[q]);
            kept.origins.push((x0, y0));
            kept.coverage.push(coverage);
        }
    }
    *batch = kept;
}

#[cfg(test)]
mod tests {
    use super::snapped;

    /// The window coordinate of clip coordinate `c` (w = `w`) on a viewport `size` wide.
    fn window(c: f32, w: f32, size: u32) -> f64 {
        (f64::from(c) / f64::from(w) + 1.0) * 0.5 * f64::from(size)
    }

    #[test]
    fn whole_coordinates_are_kept_and_others_go_to_odd_sixteenths() {
        // The reference quad's corners come back bit for bit.
        for corner in [[-1.0, -1.0, 0.0, 1.0], [1.0, 1.0, 0.0, 1.0]] {
            assert_eq!(snapped(corner, 256, 256), corner);
        }
        for (clip, size) in [([0.3, -0.7, 0.5, 2.0], 256), ([1.1, 0.01, 0.0, 1.5], 100)] {
            let s = snapped(clip, size, size);
            assert_eq!((s[2], s[3]), (clip[2], clip[3]));
            for axis in 0..2 {
                let (before, after) = (
                    window(clip[axis], clip[3], size),
                    window(s[axis], s[3], size),
                );
                // Within 1/16 pixel, and (to f32's rounding) an odd multiple of 1/16.
                assert!(
                    (before - after).abs() <= 1.0 / 16.0 + 1e-4,
                    "{before} {after}"
                );
                let sixteenths = after * 16.0;
                assert!((sixteenths - sixteenths.round()).abs() < 1e-3, "{after}");
                assert_eq!(sixteenths.round() as i64 % 2, 1, "{after}");
            }
        }
        // Behind the eye: left for clipping.
        assert_eq!(
            snapped([0.3, 0.2, 0.1, -1.0], 64, 64),
            [0.3, 0.2, 0.1, -1.0]
        );
    }
}
