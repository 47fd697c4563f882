//! An ISL surface with its lights as the two shaders of a GPU's drawing of the reference quad:
//! the surface lowered as [`Session::render_isl`] lowers it (lights inline, `uniforms` fixed) and
//! the quad's vertex function (`pigment_isl::quad_vertex`: position and texture coordinate through,
//! the normal to `TEXCOORD1`, the position to `TEXCOORD2`), written for a GLSL or naga target. A
//! GPU has no frame buffer to read as `FB`, but on the quad the frame buffer before the surface
//! shader is the scene's clear colour everywhere, so the `FB` lookup becomes that constant: the
//! drawing equals `render_isl`'s on the default scene geometry, without an atmosphere.

use super::IslScene;
use crate::artifact::{Artifact, Code, Output, Reflection};
use crate::compile::cg::naga_output;
use crate::error::{Error, Result};
use crate::{Session, Target};
use pigment_diag::Diagnostic;
use pigment_ir::{Function, InstKind, Stage, Vector};

impl Session {
    /// The vertex and fragment shaders (in that order) that draw the ISL surface of `source` on
    /// `scene` (the quad, seen straight down, with no atmosphere) for `target`: GLSL of any
    /// version, or a naga target (SPIR-V, WGSL, MSL, HLSL), each with its reflection. The lights'
    /// parameters are uniforms named `INSTANCE$NAME` (reflected as `INSTANCE.NAME`, as
    /// [`render_isl`](Session::render_isl)'s parameters are named).
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
        if scene.geometry != "quad" || scene.camera.is_some() || scene.atmosphere.is_some() {
            return Err(Error::Request(
                "an ISL scene compiles for a GPU on the quad, seen straight down, with no atmosphere"
                    .into(),
            ));
        }
        let super::Loaded {
            files,
            found,
            units,
            surface,
        } = self.load_scene(source, scene)?;
        let lights = units.lights(scene)?;
        let rejected = |errors: &[Diagnostic]| {
            let mut all = found.clone();
            all.extend(&files, errors);
            Error::Rejected(all)
        };
        let mut fragment =
            pigment_isl::lower_surface_with(&units.surface, &surface, &lights, &scene.uniforms)
                .map_err(|e| rejected(&e))?;
        frame_buffer_is(&mut fragment, scene.clear);
        for (light, instance) in scene.lights.iter().zip(&lights) {
            for (name, value) in &light.params {
                set_default(&mut fragment, &format!("{}${name}", instance.name), value);
            }
        }
        let mut outputs = Vec::new();
        for func in [pigment_isl::quad_vertex(), fragment] {
            outputs.push(written(&func, &surface, target, &rejected)?);
        }
        Ok(Artifact {
            outputs,
            warnings: found,
        })
    }
}

/// Every lookup of the sampler `FB` replaced by the constant `clear` (the sampler is then unused,
/// and the writers declare no unused sampler).
fn frame_buffer_is(func: &mut Function, clear: [f32; 4]) {
    let Some(fb) = func.sampler("FB") else { return };
    pigment_ir::walk_mut(&mut func.body, &mut |inst| {
        if matches!(inst.kind, InstKind::Sample { sampler, .. } if sampler == fb) {
            inst.kind = InstKind::Const(Vector::floats(&clear));
        }
    });
}

/// Makes `value` the default of uniform `name` (`NAME[k]`: element k of an array, a matrix's row
/// k), so that a GPU starts from the value the machine is given as a parameter. A name the
/// function lacks sets nothing.
fn set_default(func: &mut Function, name: &str, value: &[f32; 4]) {
    let split = name.strip_suffix(']').and_then(|n| n.rsplit_once('['));
    let (base, k) = match split.and_then(|(base, k)| Some((base, k.parse::<usize>().ok()?))) {
        Some((base, k)) => (base, k),
        None => (name, 0),
    };
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
            reflection: Some(Reflection(glsl.reflection)),
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
