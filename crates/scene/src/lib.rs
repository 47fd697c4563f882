//! Scenes for ISL rendering: what `pigment render --scene quad|plane|sphere|torus|cube|FILE.obj`
//! draws a surface shader on.
//!
//! A [`Scene`] is a list of [`Object`]s, each a [`Mesh`] (built-in, [`mesh`], or read from an OBJ
//! file, [`obj`]) with a model matrix. A [`Camera`] sees it: [`Scene::default_camera`] is the
//! reference quad's orthographic camera for the `quad` scene (so that ISL renders of the quad are
//! those of `reference-quad.md`, pixel for pixel) and a perspective camera framing the object for
//! the others. [`draw()`] transforms the vertices, clips, rasterizes and shades the visible
//! fragments on the NV_fragment_program machine with a depth test ([`mod@draw`] says which
//! attribute registers carry what, and how to provide ISL's `FB`). [`gpu`] gives a GPU the same
//! vertices after the same vertex stage, with a vertex function that passes them through.
//!
//! Geometry reaches the shader in eye space (see [`camera`]): the normal N and position P the
//! lights of `isl-notes.md` use are the eye-space ones, which for the `quad` scene are the quad's
//! own, N = (0, 0, 1) and P = (2s − 1, 2t − 1, 0).
//!
//! A command line draws a surface shader on `--scene SPEC` so (the fragment program compiled and
//! bound as for the reference quad, with its `FB` sampler bound to a rectangle texture of the
//! clear colour):
//!
//! ```text
//! let (scene, diagnostics) = pigment_scene::load(spec, &mut files);   // print; None: fail
//! let camera = scene.default_camera(width, height);
//! let mut frame = pigment_scene::cleared(width, height, clear);
//! let mut depth = pigment_scene::DepthBuffer::new(width, height);
//! let less = DrawOptions::default();
//! pigment_scene::draw_with(&scene, &camera, &less, &surface, &mut frame, &mut depth);
//! // An atmosphere: FB bound to `frame`'s pixels, drawn over a copy of `frame`, same depth buffer:
//! let equal = DrawOptions { depth_test: DepthTest::Equal, ..less };
//! pigment_scene::draw_with(&scene, &camera, &equal, &atmosphere, &mut frame2, &mut depth);
//! ```
#![forbid(unsafe_code)]

pub mod camera;
pub mod draw;
pub mod gpu;
pub mod math;
pub mod mesh;
pub mod obj;

pub use camera::Camera;
pub use draw::{cleared, draw, draw_with, snapped, vertex_stage, DrawOptions, DrawStats, Layout};
pub use math::{Mat4, Vec3};
pub use mesh::{Mesh, Shape};
pub use nvfp::render::{DepthBuffer, DepthTest};

use pigment_diag::read::{read_text, MAX_SOURCE_BYTES};
use pigment_diag::{Diagnostic, SourceFiles};
use std::path::Path;

/// A mesh placed in the world.
#[derive(Clone, Debug, PartialEq)]
pub struct Object {
    pub mesh: Mesh,
    /// Object space to world space.
    pub model: Mat4,
}

/// How a scene is seen when the caller gives no camera.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefaultView {
    /// [`Camera::reference_quad`], whatever the target's shape.
    ReferenceQuad,
    /// [`Camera::framing`] the scene's bounding sphere.
    Framing,
    /// Framing it from higher up ([`camera::GROUND_ELEVATION_DEGREES`]), for the ground plane.
    Ground,
}

/// Objects to draw and how to look at them by default.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub objects: Vec<Object>,
    pub view: DefaultView,
}

impl Scene {
    /// A built-in shape alone at the origin; the `quad` seen as the reference quad.
    pub fn shape(shape: Shape) -> Scene {
        let view = match shape {
            Shape::Quad => DefaultView::ReferenceQuad,
            Shape::Plane => DefaultView::Ground,
            _ => DefaultView::Framing,
        };
        Scene {
            objects: vec![Object {
                mesh: shape.mesh(),
                model: Mat4::IDENTITY,
            }],
            view,
        }
    }

    /// One mesh at the origin, framed.
    pub fn mesh(mesh: Mesh) -> Scene {
        Scene {
            objects: vec![Object {
                mesh,
                model: Mat4::IDENTITY,
            }],
            view: DefaultView::Framing,
        }
    }

    /// The scene with one more object.
    pub fn with(mut self, mesh: Mesh, model: Mat4) -> Scene {
        self.objects.push(Object { mesh, model });
        self
    }

    /// The world-space sphere holding every vertex: the centre of their bounding box and the
    /// distance to the farthest. `None` for a scene without vertices.
    pub fn bounding_sphere(&self) -> Option<(Vec3, f32)> {
        let world = || {
            self.objects.iter().flat_map(|o| {
                o.mesh.positions.iter().map(|p| {
                    let w = o.model.apply([p[0], p[1], p[2], 1.0]);
                    [w[0], w[1], w[2]]
                })
            })
        };
        let first = world().next()?;
        let (lo, hi) = world().fold((first, first), |(lo, hi), p| {
            (
                [lo[0].min(p[0]), lo[1].min(p[1]), lo[2].min(p[2])],
                [hi[0].max(p[0]), hi[1].max(p[1]), hi[2].max(p[2])],
            )
        });
        let centre = math::scaled(math::add(lo, hi), 0.5);
        let radius = world()
            .map(|p| math::length(math::sub(p, centre)))
            .fold(0.0f32, f32::max);
        Some((centre, radius))
    }

    /// The camera the scene is seen by on a `width` x `height` target unless the caller says
    /// otherwise (see [`DefaultView`]).
    pub fn default_camera(&self, width: u32, height: u32) -> Camera {
        match self.view {
            DefaultView::ReferenceQuad => Camera::reference_quad(),
            DefaultView::Framing | DefaultView::Ground => {
                let aspect = width.max(1) as f32 / height.max(1) as f32;
                let (centre, radius) = self.bounding_sphere().unwrap_or(([0.0; 3], 1.0));
                let elevation = match self.view {
                    DefaultView::Ground => camera::GROUND_ELEVATION_DEGREES,
                    _ => camera::FRAMING_ELEVATION_DEGREES,
                };
                Camera::framing_from(centre, radius, aspect, elevation)
            }
        }
    }

    /// A perspective camera at `eye` looking at the scene's centre (30 degrees of vertical
    /// field, up the y axis, near and far holding the whole scene when the eye is outside it),
    /// for a `width` x `height` target; an error saying why there is none.
    ///
    /// ```
    /// use pigment_scene::{Scene, Shape};
    /// let sphere = Scene::shape(Shape::Sphere);
    /// assert!(sphere.camera_at([0.0, 0.0, 5.0], (8, 8)).is_ok());
    /// assert!(sphere.camera_at([0.0, 5.0, 0.0], (8, 8)).is_err()); // straight above
    /// assert!(sphere.camera_at([f32::NAN, 0.0, 5.0], (8, 8)).is_err());
    /// ```
    pub fn camera_at(&self, eye: [f32; 3], (width, height): (u32, u32)) -> Result<Camera, String> {
        let [x, y, z] = eye;
        if !eye.iter().all(|c| c.is_finite()) {
            return Err(format!(
                "the camera at {x},{y},{z}: give three finite numbers"
            ));
        }
        let (centre, radius) = self.bounding_sphere().unwrap_or(([0.0; 3], 1.0));
        let distance = math::length(math::sub(eye, centre));
        // Near and far hold the whole scene when the eye is outside it.
        let near = (distance - radius).max(distance * 1e-3).max(1e-3);
        let far = distance + radius.max(1e-3) * 2.0;
        let aspect = width.max(1) as f32 / height.max(1) as f32;
        Camera::perspective_look_at(eye, centre, [0.0, 1.0, 0.0], 30.0, aspect, (near, far))
            .ok_or_else(|| {
                format!(
                    "the camera at {x},{y},{z}: the eye is at the scene's centre, or straight above it"
                )
            })
    }
}

/// The scene `--scene SPEC` names: a built-in shape's name, or a path ending in `.obj` (read,
/// added to `files` so that its diagnostics can be rendered, and parsed). Returns the scene when
/// there is one to draw, and every diagnostic: warnings, or the errors that left none (an
/// unreadable file or an unknown name is an error without a location).
pub fn load(spec: &str, files: &mut SourceFiles) -> (Option<Scene>, Vec<Diagnostic>) {
    load_with(spec, files, &mut |path| {
        read_text(path, MAX_SOURCE_BYTES).map_err(|e| e.to_string())
    })
}

/// [`load`] with the OBJ file read by `read` (which says why it cannot, naming the file): a
/// library caller's files held in memory.
pub fn load_with(
    spec: &str,
    files: &mut SourceFiles,
    read: &mut dyn FnMut(&Path) -> Result<String, String>,
) -> (Option<Scene>, Vec<Diagnostic>) {
    if let Some(shape) = Shape::from_name(spec) {
        return (Some(Scene::shape(shape)), Vec::new());
    }
    let path = Path::new(spec);
    if !path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("obj"))
    {
        let names: Vec<&str> = Shape::ALL.iter().map(|s| s.name()).collect();
        let message = format!(
            "unknown scene `{spec}`: expected {} or a FILE.obj",
            names.join(", ")
        );
        return (None, vec![Diagnostic::error(message)]);
    }
    let text = match read(path) {
        Ok(text) => text,
        Err(e) => return (None, vec![Diagnostic::error(e)]),
    };
    let file = files.add(spec, text.clone());
    let (mesh, diagnostics) = obj::parse(file, &text);
    let scene = (!pigment_diag::has_errors(&diagnostics)).then(|| Scene::mesh(mesh));
    (scene, diagnostics)
}
