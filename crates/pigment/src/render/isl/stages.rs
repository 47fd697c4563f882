//! An ISL scene as the shaders of a GPU's drawing: the pass-through vertex function of
//! [`super::vertices`] (the machine's vertex stage runs on the CPU, [`Session::isl_scene_vertices`]),
//! the surface lowered as [`Session::render_isl`] lowers it (lights inline, `uniforms` fixed) and,
//! when the scene has one, the atmosphere, written for a GLSL or naga target. The surface's `FB`
//! is the clear colour ([`super::fb`]); the atmosphere's is the surface pass's picture, which the
//! GPU binds, drawn over it on the surfaces the first pass left (depth test EQUAL), as the machine
//! draws it.

use super::fb::{frame_buffer_in_2d, frame_buffer_is};
use super::IslScene;
use crate::artifact::{Artifact, Code, Output, Reflection};
use crate::compile::cg::naga_output;
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::{Session, Target};
use pigment_diag::{Diagnostic, SourceFiles};
use pigment_ir::{Function, SamplerDim, Stage, Vector};

impl Session {
    /// The shaders that draw the ISL surface of `source` on `scene` for `target` (GLSL of any
    /// version, or a naga target: SPIR-V, WGSL, MSL, HLSL), each with its reflection: the vertex
    /// function, the surface's fragment function and, when the scene has an atmosphere, the
    /// atmosphere's, in that order. The vertex function takes the vertices
    /// [`isl_scene_vertices`](Session::isl_scene_vertices) gives. The lights' parameters are
    /// uniforms named `INSTANCE$NAME` (reflected as `INSTANCE.NAME`, as
    /// [`render_isl`](Session::render_isl)'s parameters are named); on a target without
    /// rectangle textures the atmosphere's `FB` is a 2D texture and
    /// [`FB_SCALE`](super::FB_SCALE) a uniform.
    ///
    /// ```
    /// use pigment::render::isl::{IslScene, Light};
    /// use pigment::{Session, Stage};
    ///
    /// let mut session = Session::new();
    /// session.add_source(
    ///     "lit.isl",
    ///     "surface lit() { FB = color(0.5, 0.5, 0.5, 1); FB *= diffuse(); }\n\
    ///      distantlight sun(parameter color c = color(1, 0.5, 0.25, 1)) { FB = c; }\n",
    /// );
    /// let scene = IslScene { lights: vec![Light::new("sun")], ..IslScene::default() };
    /// let target = "glsl:es300".parse().unwrap();
    /// let shaders = session.compile_isl_scene("lit.isl", &scene, target).unwrap();
    /// assert_eq!(shaders.outputs[0].stage, Some(Stage::Vertex));
    /// assert_eq!(shaders.outputs[1].stage, Some(Stage::Fragment));
    /// assert!(shaders.outputs[1].code.text().unwrap().starts_with("#version 300 es"));
    /// ```
    pub fn compile_isl_scene(
        &self,
        source: &str,
        scene: &IslScene,
        target: Target,
    ) -> Result<Artifact> {
        let shaders = self.isl_scene_shaders(source, scene)?;
        let rejected = |errors: &[Diagnostic]| shaders.rejected(errors);
        let surface = &shaders.surface.0;
        let mut outputs = vec![
            written(&shaders.vertex, surface, target, &rejected)?,
            written(&shaders.surface.1, surface, target, &rejected)?,
        ];
        let rectangles = !matches!(target, Target::Glsl(v) if !v.has_sampler(true));
        if let (Some((name, _)), Some(atmosphere)) =
            (&shaders.atmosphere, shaders.atmosphere_for(rectangles))
        {
            outputs.push(written(&atmosphere, name, target, &rejected)?);
        }
        Ok(Artifact {
            outputs,
            warnings: shaders.lowered.found,
        })
    }

    /// The IR functions of [`compile_isl_scene`](Session::compile_isl_scene)'s shaders, for a
    /// caller that writes them itself (the browser's drawing, [`crate::Drawing`]).
    pub(crate) fn isl_scene_shaders(&self, source: &str, scene: &IslScene) -> Result<SceneShaders> {
        let lowered = self.lower_scene(source, scene)?;
        let mut fragment = lowered.surface.1.clone();
        frame_buffer_is(&mut fragment, scene.clear);
        Ok(SceneShaders {
            vertex: pigment_scene::gpu::pass_through_vertex(),
            surface: (lowered.surface.0.clone(), fragment),
            atmosphere: lowered.atmosphere.clone(),
            lowered,
        })
    }

    /// The names of the 2D textures the surface and the atmosphere of `scene` read (`FB` aside):
    /// the samplers a picture can be bound to by name ([`crate::render::TextureSlot::Sampler`])
    /// for [`render_isl`](Session::render_isl).
    pub fn isl_scene_textures(&self, source: &str, scene: &IslScene) -> Result<Vec<String>> {
        let lowered = self.lower_scene(source, scene)?;
        let shaders = std::iter::once(&lowered.surface).chain(&lowered.atmosphere);
        let mut names: Vec<String> = Vec::new();
        for (_, func) in shaders {
            for (_, sampler) in func.samplers.iter() {
                let texture = sampler.dim == SamplerDim::D2 && sampler.name != "FB";
                if texture && !names.contains(&sampler.name) {
                    names.push(sampler.name.clone());
                }
            }
        }
        Ok(names)
    }

    /// The surface of `scene` and its atmosphere lowered with the lights (their parameters'
    /// values the uniforms' defaults) and the uniforms.
    fn lower_scene(&self, source: &str, scene: &IslScene) -> Result<Lowered> {
        let super::Loaded {
            files,
            found,
            units,
            surface,
        } = self.load_scene(source, scene)?;
        let lights = units.lights(scene)?;
        let mut lowered = Lowered {
            files,
            found,
            surface: (surface, Function::new("")),
            atmosphere: None,
        };
        let lower = |unit, name: &str| {
            let mut func = pigment_isl::lower_surface_with(unit, name, &lights, &scene.uniforms)
                .map_err(|e| lowered.rejected(&e))?;
            for (light, instance) in scene.lights.iter().zip(&lights) {
                for (param, value) in &light.params {
                    set_default(&mut func, &format!("{}${param}", instance.name), value);
                }
            }
            Ok::<_, Error>(func)
        };
        let surface = lower(&units.surface, &lowered.surface.0)?;
        let atmosphere = match units.atmosphere(scene)? {
            Some((unit, name)) => Some((name.clone(), lower(unit, &name)?)),
            None => None,
        };
        lowered.surface.1 = surface;
        lowered.atmosphere = atmosphere;
        Ok(lowered)
    }
}

/// The functions that draw a scene: the pass-through vertex function, `(name, function)` of the
/// surface (its `FB` the clear colour) and of the atmosphere (its `FB` a rectangle texture).
pub(crate) struct SceneShaders {
    pub vertex: Function,
    pub surface: (String, Function),
    pub atmosphere: Option<(String, Function)>,
    lowered: Lowered,
}

impl SceneShaders {
    /// The warnings so far and `errors`, as a rejection.
    pub fn rejected(&self, errors: &[Diagnostic]) -> Error {
        self.lowered.rejected(errors)
    }

    /// The warnings of the scene's files.
    pub fn warnings(&self) -> &Diagnostics {
        &self.lowered.found
    }

    /// The atmosphere for a target with `rectangles` (textures), else reading `FB` as a 2D
    /// texture at the window position times [`FB_SCALE`](super::FB_SCALE).
    pub fn atmosphere_for(&self, rectangles: bool) -> Option<Function> {
        let mut atmosphere = self.atmosphere.as_ref()?.1.clone();
        if !rectangles {
            frame_buffer_in_2d(&mut atmosphere);
        }
        Some(atmosphere)
    }
}

/// A scene's shaders lowered: `(name, function)` of the surface and of the atmosphere, and the
/// files and warnings their errors are reported with.
struct Lowered {
    files: SourceFiles,
    found: Diagnostics,
    surface: (String, Function),
    atmosphere: Option<(String, Function)>,
}

impl Lowered {
    /// The warnings so far and `errors`, as a rejection.
    fn rejected(&self, errors: &[Diagnostic]) -> Error {
        let mut all = self.found.clone();
        all.extend(&self.files, errors);
        Error::Rejected(all)
    }
}

/// Makes `value` the default of uniform `name` (`NAME[k]`: element k of an array, a matrix's row
/// k), so that a GPU starts from the value the machine is given as a parameter. A name the
/// function lacks sets nothing.
fn set_default(func: &mut Function, name: &str, value: &[f32; 4]) {
    let (base, k) = crate::compile::web::element_of(name);
    let k = k.unwrap_or(0);
    let Some(handle) = func.uniform(base) else {
        return;
    };
    let uniform = &mut func.uniforms[handle];
    if !uniform.ty.kind.is_real() {
        return;
    }
    let width = (uniform.ty.width as usize).min(4);
    let count = uniform.array_len.unwrap_or(1) as usize;
    let mut elements = uniform.default.take().unwrap_or_default();
    elements.resize(count, Vector::zero(uniform.ty));
    if let Some(slot) = elements.get_mut(k) {
        *slot = Vector::reals(uniform.ty.kind, &value[..width]);
    }
    uniform.default = Some(elements);
}

/// `func` written for `target`, named after the surface and the stage; a writer's error as
/// `rejected` makes it.
fn written(
    func: &Function,
    surface: &str,
    target: Target,
    rejected: &dyn Fn(&[Diagnostic]) -> Error,
) -> Result<Output> {
    let stage = func.stage;
    let (suffix, ext) = match stage {
        Stage::Vertex => ("_vertex", "vert"),
        Stage::Fragment => ("", "frag"),
    };
    let name = format!("{surface}{suffix}");
    if let Target::Glsl(version) = target {
        let glsl = pigment_glsl::write(func, version).map_err(|d| rejected(&[d]))?;
        return Ok(Output {
            name: format!("{name}.{ext}"),
            stage: Some(stage),
            code: Code::Text(glsl.text),
            reflection: Some(Reflection::new(glsl.typed_reflection, glsl.reflection)),
        });
    }
    let Some(naga) = target.naga() else {
        return Err(Error::Request(format!(
            "an ISL scene compiles for a GPU to glsl:VERSION, spirv, wgsl, msl, hlsl or glsl-naga:VERSION, not `{target}`"
        )));
    };
    let emitted = pigment_naga::emit(func, naga).map_err(|d| rejected(&[d]))?;
    naga_output(&name, stage, naga, emitted)
}
