//! A scene's vertices for a GPU: the vertex stage [`draw()`](crate::draw()) runs, with the same
//! geometry and camera and the positions snapped to the sub-pixel grid as the machine's draw
//! snaps them, its results handed to the GPU as attributes, and a vertex function that passes
//! them through. Both sides then rasterize the very same clip positions and interpolate the very
//! same values, whatever the geometry (a triangle through the near or far plane aside: each side
//! clips it in its own arithmetic).

use crate::{snapped, vertex_stage, Camera, Layout, Scene};
use pigment_ir::{Function, FunctionBuilder, Stage, Type, WriteMask};

/// A scene's vertices after the vertex stage, one entry per vertex in each list, and its
/// triangles (indices into them).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SceneVertices {
    /// The clip position (the vertex function's `POSITION` input).
    pub clip: Vec<[f32; 4]>,
    /// The texture coordinate (s, t, 0, 1) (`TEXCOORD0`).
    pub texcoord: Vec<[f32; 4]>,
    /// The eye-space normal (x, y, z, 0) (`TEXCOORD1`).
    pub normal: Vec<[f32; 4]>,
    /// The eye-space position (x, y, z, 1) (`TEXCOORD2`).
    pub position: Vec<[f32; 4]>,
    /// Counter-clockwise or not, as the mesh gives them; a GPU culls none.
    pub triangles: Vec<[u32; 3]>,
}

/// The inputs (and outputs) of the pass-through vertex function, by semantic.
pub const SCENE_SEMANTICS: [&str; 4] = ["POSITION", "TEXCOORD0", "TEXCOORD1", "TEXCOORD2"];

/// The vertices of `scene` seen by `camera` for a `width` x `height` target, in ISL's layout
/// ([`Layout::ISL`]), as [`draw()`](crate::draw()) transforms and snaps them.
///
/// ```
/// use pigment_scene::{gpu, Scene, Shape};
/// let scene = Scene::shape(Shape::Quad);
/// let camera = scene.default_camera(4, 4);
/// let v = gpu::vertices(&scene, &camera, (4, 4));
/// assert_eq!((v.clip.len(), v.triangles.len()), (4, 2));
/// // The reference quad's normal faces the viewer.
/// assert!(v.normal.iter().all(|n| *n == [0.0, 0.0, 1.0, 0.0]));
/// ```
pub fn vertices(scene: &Scene, camera: &Camera, (width, height): (u32, u32)) -> SceneVertices {
    let layout = Layout::ISL;
    let mut out = SceneVertices::default();
    for object in &scene.objects {
        let first = out.clip.len() as u32;
        for v in vertex_stage(object, camera, &layout) {
            out.clip.push(snapped(v.clip, width, height));
            out.texcoord.push(v.attribs[layout.texcoord.index()]);
            out.normal.push(v.attribs[layout.normal.index()]);
            out.position.push(v.attribs[layout.position.index()]);
        }
        let count = out.clip.len() as u32 - first;
        // A hand-built mesh's index out of range is skipped, as the machine's draw skips it.
        let inside = |t: &&[u32; 3]| t.iter().all(|&i| i < count);
        let triangles = object.mesh.triangles.iter().filter(inside);
        out.triangles
            .extend(triangles.map(|t| t.map(|i| i + first)));
    }
    out
}

/// The vertex function of a scene drawn on a GPU: the four attributes of [`SceneVertices`]
/// through to the rasterizer (`POSITION`) and the surface (`TEXCOORD0` to `TEXCOORD2`).
///
/// ```
/// let f = pigment_scene::gpu::pass_through_vertex();
/// assert_eq!((f.name.as_str(), f.inputs.len(), f.outputs.len()), ("scene_vertex", 4, 4));
/// ```
pub fn pass_through_vertex() -> Function {
    let mut b = FunctionBuilder::new("scene_vertex");
    b.set_stage(Stage::Vertex);
    let names = ["position", "texcoord", "normal", "surface_position"];
    for (name, semantic) in names.iter().zip(SCENE_SEMANTICS) {
        let input = b.input(&format!("in_{name}"), Type::FLOAT4, Some(semantic));
        let output = b.output(name, Type::FLOAT4, Some(semantic));
        let value = b.load_input(input);
        b.store(output, WriteMask::all(4), value);
    }
    // The builder only fails on unclosed regions, which this straight-line body has none of.
    b.finish().unwrap_or_else(|_| Function::new("scene_vertex"))
}
