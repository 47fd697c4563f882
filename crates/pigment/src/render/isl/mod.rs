//! ISL surfaces drawn on a scene: the surface shader (the one [`IslScene::surface`] names, else
//! the file's first) lowered with the scene's light instances inline and the `uniforms` values,
//! compiled for fp30 and drawn on the scene's geometry (crates/scene: by default the reference
//! quad, the plane z = 0, normal (0, 0, 1), texture coordinates (s, t), seen straight down; else a
//! built-in shape or an OBJ file, seen by the default camera or from [`IslScene::camera`]) with a
//! depth test. The frame buffer the shader reads as `FB` is a rectangle texture of the target's
//! size holding the clear colour. An atmosphere runs as a second pass over the first pass's frame,
//! on the surfaces the first left visible (the same depth buffer, tested EQUAL). A shader too
//! large for one fp30 program is split into passes (`pigment_multipass`). A texture name no
//! binding gives a picture is looked for as a PNG beside the shader (a warning where none is).
//!
//! ```
//! use pigment::render::isl::{IslScene, Light};
//! use pigment::render::RenderOptions;
//! use pigment::Session;
//!
//! let mut session = Session::new();
//! session.add_source(
//!     "lit.isl",
//!     "surface lit() { FB = color(0.5, 0.5, 0.5, 1); FB *= diffuse(); }\n\
//!      distantlight sun(parameter color c = color(1, 0.5, 0.25, 1)) { FB = c; }\n",
//! );
//! let scene = IslScene {
//!     lights: vec![Light::new("sun")],
//!     ..IslScene::default()
//! };
//! let rendered = session.render_isl("lit.isl", &scene, &RenderOptions::new(4, 4)).unwrap();
//! // The quad faces the light, which shines down its z axis: diffuse() is the light's colour.
//! let [r, g, b, _] = rendered.image.pixels[0];
//! assert!((r - 0.5).abs() < 1e-3 && (g - 0.25).abs() < 1e-3 && (b - 0.125).abs() < 1e-3);
//! ```

mod draw;
mod fb;
mod places;
mod stages;
mod vertices;

pub use fb::FB_SCALE;
pub use pigment_scene::gpu::{SceneVertices, SCENE_SEMANTICS};

use super::{RenderOptions, Rendered, Timings};
use crate::compile::isl::{checked_into, shaders_of};
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::Session;
use draw::Render;
use pigment_diag::SourceFiles;
use pigment_isl::ast::ShaderKind;
use pigment_scene::{Camera, DepthBuffer, DepthTest};
use places::Units;

/// A light instance in a scene.
#[derive(Clone, Debug, PartialEq)]
pub struct Light {
    /// Where its shader is: `FILE.isl` (the file's first light shader), `FILE.isl:SHADER`, or
    /// `SHADER` (in the surface's file).
    pub place: String,
    /// The instance's name (`None`: the shader's, numbered from 2 when it repeats).
    pub name: Option<String>,
    /// Its parameters' values for the machine, by parameter name (a matrix by rows: `M[0]`...).
    pub params: Vec<(String, [f32; 4])>,
}

impl Light {
    /// The light at `place`, named after its shader, with no parameters set.
    pub fn new(place: impl Into<String>) -> Light {
        Light {
            place: place.into(),
            name: None,
            params: Vec::new(),
        }
    }
}

/// What an ISL surface is drawn on and with.
#[derive(Clone, Debug, PartialEq)]
pub struct IslScene {
    /// The surface shader (`None`: the file's first).
    pub surface: Option<String>,
    /// The light instances, in order.
    pub lights: Vec<Light>,
    /// The atmosphere shader's place (as a light's), if any.
    pub atmosphere: Option<String>,
    /// Values of the shader's `uniform` formals, as ISL text, fixed when lowering.
    pub uniforms: Vec<(String, String)>,
    /// The frame buffer's colour before the surface shader runs (`FB`'s initial value).
    pub clear: [f32; 4],
    /// The geometry: `quad`, `plane`, `sphere`, `torus`, `cube`, or an OBJ file's name in the
    /// session.
    pub geometry: String,
    /// Where the camera is (it looks at the scene's centre, y up, 30° vertical field of view);
    /// `None`: the quad's orthographic view, or one framing the object.
    pub camera: Option<[f32; 3]>,
    /// The filter of the pictures found beside the shader.
    pub texture_filter: nvfp::texture::Filter,
}

impl Default for IslScene {
    fn default() -> IslScene {
        IslScene {
            surface: None,
            lights: Vec::new(),
            atmosphere: None,
            uniforms: Vec::new(),
            clear: [0.0; 4],
            geometry: "quad".into(),
            camera: None,
            texture_filter: nvfp::texture::Filter::Linear,
        }
    }
}

impl Session {
    /// Draws the ISL surface of the file `source` on `scene`, as [`render_isl`](self) describes;
    /// `options` gives the target's size, parameters and textures by name (a light's parameters
    /// come with its [`Light`]), the executor and the memory budget.
    pub fn render_isl(
        &self,
        source: &str,
        scene: &IslScene,
        options: &RenderOptions,
    ) -> Result<Rendered> {
        let Loaded {
            mut files,
            mut found,
            units,
            surface,
        } = self.load_scene(source, scene)?;
        let lights = units.lights(scene)?;
        let atmosphere = units.atmosphere(scene)?;
        let mut options = options.clone();
        for (light, instance) in scene.lights.iter().zip(&lights) {
            let named = light.params.iter().map(|(name, value)| {
                // The header names a light's uniform `INSTANCE$NAME`, its Cg-style name
                // `INSTANCE.NAME`.
                (format!("{}.{name}", instance.name), *value)
            });
            options.bindings.params.extend(named);
        }
        super::charge_render(&options)?;
        let geometry = self.geometry(&scene.geometry, &mut files, &mut found)?;
        let size = (options.width, options.height);
        let camera = camera(scene.camera, &geometry, size)?;
        let render = Render {
            session: self,
            source,
            scene,
            options: &options,
            files: &files,
            found: &found,
            lights: &lights,
            geometry: &geometry,
            camera,
        };
        let mut depth = DepthBuffer::new(size.0, size.1);
        let first = pigment_scene::cleared(size.0, size.1, scene.clear);
        let mut report = draw::Report::default();
        let test = (DepthTest::Less, &mut depth);
        let frame = render.pass(&units.surface, &surface, &first, test, &mut report)?;
        let frame = match atmosphere {
            // The atmosphere's FB is the rendered frame: the surface pass's result as its texture.
            Some((unit, name)) => {
                let test = (DepthTest::Equal, &mut depth);
                render.pass(unit, &name, &frame, test, &mut report)?
            }
            None => frame,
        };
        let mut warnings = found;
        warnings.append(report.warnings);
        Ok(Rendered {
            image: frame,
            warnings,
            unbound: report.unbound,
            executor_warning: report.executor_warning,
            timings: Timings {
                jit_compile: report.jit_compile,
                shading: report.shading,
            },
        })
    }

    /// The surface's file and every file the scene's lights and atmosphere name, read and
    /// checked, and the surface shader to draw.
    fn load_scene(&self, source: &str, scene: &IslScene) -> Result<Loaded> {
        let mut files = SourceFiles::new();
        let mut found = Diagnostics::new();
        let text = self.read_text(source)?;
        let unit = checked_into(&mut files, source, &text, &mut found)?;
        let units = Units::load(self, &mut files, unit, scene, &mut found)?;
        let surface = surface(&units.surface, scene.surface.as_deref())
            .ok_or_else(|| Error::Request(format!("`{source}` has no surface shader")))?;
        Ok(Loaded {
            files,
            found,
            units,
            surface,
        })
    }

    /// The scene's geometry; an OBJ file's diagnostics added to `found` (errors reject it).
    fn geometry(
        &self,
        spec: &str,
        files: &mut SourceFiles,
        found: &mut Diagnostics,
    ) -> Result<pigment_scene::Scene> {
        let mut read = |path: &std::path::Path| {
            self.read_text(&path.display().to_string())
                .map_err(|e| e.to_string())
        };
        let (scene, diagnostics) = pigment_scene::load_with(spec, files, &mut read);
        found.extend(files, &diagnostics);
        scene.ok_or_else(|| Error::Rejected(found.clone()))
    }
}

/// A scene's files read and checked: the files, their warnings, the units and the surface
/// shader's name.
struct Loaded {
    files: SourceFiles,
    found: Diagnostics,
    units: Units,
    surface: String,
}

/// The camera at `eye` looking at the scene's centre, else the scene's own camera.
fn camera(
    eye: Option<[f32; 3]>,
    geometry: &pigment_scene::Scene,
    size: (u32, u32),
) -> Result<Camera> {
    match eye {
        Some(eye) => geometry.camera_at(eye, size).map_err(Error::Request),
        None => Ok(geometry.default_camera(size.0, size.1)),
    }
}

/// The surface shader to render: the one `entry` names, else the file's first.
fn surface(unit: &pigment_isl::ast::Unit, entry: Option<&str>) -> Option<String> {
    let surfaces = shaders_of(unit, |k| k == ShaderKind::Surface);
    surfaces
        .iter()
        .find(|&&s| Some(s) == entry)
        .or(surfaces.first())
        .map(|s| s.to_string())
}
