//! One ISL shader drawn over the scene: lowered with the lights and uniforms, split into as many
//! fp30 passes as it needs (`pigment_multipass`), each drawn with the depth test onto the frame
//! buffer; the textures each pass reads besides the shader's own (`FB`, earlier passes' targets),
//! and the pictures found beside the shader for texture names nothing binds.

use super::IslScene;
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::render::bindings::{Bindings, TextureSlot, Unbound};
use crate::render::{load_compiled, shade_with_units, Loaded, RenderOptions};
use crate::{Session, Severity};
use nvfp::render::Framebuffer;
use nvfp::texture::Texture;
use pigment_diag::{Diagnostic, SourceFiles};
use pigment_ir::SamplerDim;
use pigment_isl::ast::Unit;
use pigment_multipass::PassOutput;
use pigment_scene::{Camera, DepthBuffer, DepthTest, DrawOptions};
use std::path::Path;
use std::time::Duration;

/// What every pass of one render shares.
pub(super) struct Render<'a> {
    pub session: &'a Session,
    pub source: &'a str,
    pub scene: &'a IslScene,
    pub options: &'a RenderOptions,
    pub files: &'a SourceFiles,
    pub found: &'a Diagnostics,
    pub lights: &'a [pigment_isl::Light<'a>],
    pub geometry: &'a pigment_scene::Scene,
    pub camera: Camera,
}

/// What the passes said and took, gathered over the render.
#[derive(Default)]
pub(super) struct Report {
    pub warnings: Diagnostics,
    pub unbound: Vec<Unbound>,
    pub executor_warning: Option<String>,
    pub jit_compile: Option<Duration>,
    pub shading: Duration,
}

impl Render<'_> {
    /// One shader over the scene: `name` of `unit` lowered with the lights and uniforms, split
    /// into as many fp30 passes as it needs, drawn onto `fb` (the frame buffer as the shader finds
    /// it, which every pass reads as `FB`). Its first pass tests `depth` with `test`, later ones
    /// EQUAL on the surfaces it left; a pass before the last writes a float target the later ones
    /// read.
    pub fn pass(
        &self,
        unit: &Unit,
        name: &str,
        fb: &Framebuffer,
        (test, depth): (DepthTest, &mut DepthBuffer),
        report: &mut Report,
    ) -> Result<Framebuffer> {
        let uniforms = &self.scene.uniforms;
        let fragment = pigment_isl::lower_surface_with(unit, name, self.lights, uniforms)
            .map_err(|e| self.rejected(&e))?;
        let bindings = self.texture_bindings(&fragment, report)?;
        let options = pigment_fp30::Options::default();
        let partition =
            pigment_multipass::partition(&fragment, &options).map_err(|e| self.rejected(&e))?;
        let split = partition.passes.len() > 1;
        let fb_texture = frame_buffer(fb)?;
        let mut targets: Vec<Option<Framebuffer>> = vec![None; partition.targets];
        for (n, pass) in partition.passes.iter().enumerate() {
            let loaded = load_compiled(pass.compiled.clone())?;
            let bindings = match split {
                true => only_declared(&loaded, &bindings),
                false => bindings.clone(),
            };
            let units = pass_units(&loaded, pass, &fb_texture, &targets)?;
            let test = if n == 0 { test } else { DepthTest::Equal };
            let cleared;
            let start = match pass.writes {
                PassOutput::Final => fb,
                PassOutput::Target(_) => {
                    cleared = pigment_scene::cleared(fb.width, fb.height, [0.0; 4]);
                    &cleared
                }
            };
            let frame = self.draw(
                &loaded,
                &bindings,
                &units,
                start,
                (test, &mut *depth),
                report,
            )?;
            match pass.writes {
                PassOutput::Final => return Ok(frame),
                PassOutput::Target(t) => {
                    if let Some(slot) = targets.get_mut(t) {
                        *slot = Some(frame);
                    }
                }
            }
        }
        Err(Error::Internal("the passes have no final one".into()))
    }

    fn rejected(&self, errors: &[Diagnostic]) -> Error {
        let mut all = self.found.clone();
        all.extend(self.files, errors);
        Error::Rejected(all)
    }

    /// One fp30 program drawn over the scene with `test` against `depth`, onto `start`.
    fn draw(
        &self,
        loaded: &Loaded,
        bindings: &Bindings,
        units: &[(u8, Texture)],
        start: &Framebuffer,
        (test, depth): (DepthTest, &mut DepthBuffer),
        report: &mut Report,
    ) -> Result<Framebuffer> {
        // Snapped as a GPU snaps them, so that a GPU given the same vertices
        // (`Session::isl_scene_vertices`) draws the same pixels.
        let options = DrawOptions {
            depth_test: test,
            snap: true,
            ..DrawOptions::default()
        };
        let (scene, camera) = (self.geometry, &self.camera);
        let rendered = shade_with_units(loaded, bindings, units, self.options, |shader, frame| {
            frame.pixels.clone_from(&start.pixels);
            pigment_scene::draw_with(scene, camera, &options, shader, frame, depth);
        })?;
        for u in rendered.unbound {
            if !report.unbound.contains(&u) {
                report.unbound.push(u);
            }
        }
        report.executor_warning = report.executor_warning.take().or(rendered.executor_warning);
        let jit = rendered.timings.jit_compile;
        report.jit_compile = match (report.jit_compile, jit) {
            (Some(a), Some(b)) => Some(a + b),
            (a, b) => a.or(b),
        };
        report.shading += rendered.timings.shading;
        Ok(rendered.image)
    }

    /// The render's bindings with a picture for each 2D texture name of the shader that nothing
    /// binds: a PNG of that name beside the shader (or from where the session reads), else a
    /// warning that it reads as zeros.
    fn texture_bindings(
        &self,
        fragment: &pigment_ir::Function,
        report: &mut Report,
    ) -> Result<Bindings> {
        let mut bindings = self.options.bindings.clone();
        let bound = |name: &str| {
            let mut slots = self.options.bindings.textures.iter();
            slots.any(|(slot, _)| matches!(slot, TextureSlot::Sampler(n) if n == name))
        };
        let beside = Path::new(self.source).parent().unwrap_or(Path::new(""));
        for sampler in fragment.samplers.iter().map(|(_, s)| s) {
            if sampler.dim != SamplerDim::D2 || bound(&sampler.name) {
                continue;
            }
            let candidates = [beside.join(&sampler.name), sampler.name.clone().into()];
            let picture = candidates
                .iter()
                .filter(|p| p.extension().is_some_and(|e| e == "png"))
                .find_map(|p| {
                    let name = p.display().to_string();
                    Some((self.session.read_bytes(&name).ok()?, name))
                });
            match picture {
                Some((bytes, name)) => {
                    let texture =
                        png_texture(&bytes, &name)?.with_filter(self.scene.texture_filter);
                    let slot = TextureSlot::Sampler(sampler.name.clone());
                    bindings.textures.push((slot, texture));
                }
                None => report.warnings.push_message(
                    Severity::Warning,
                    format!(
                        "the texture `{}` has no picture; it reads as zeros",
                        sampler.name
                    ),
                ),
            }
        }
        Ok(bindings)
    }
}

/// A 2D texture from PNG bytes.
fn png_texture(bytes: &[u8], name: &str) -> Result<Texture> {
    let image = nvfp::image::read_png_bytes(bytes, name).map_err(Error::Request)?;
    let (w, h) = (image.width, image.height);
    Texture::from_rgba_f32(
        nvfp::isa::TexTarget::D2,
        w,
        h,
        1,
        image.format(),
        &image.pixels,
    )
    .map_err(|e| Error::Request(format!("{name}: {e}")))
}

/// A split shader's pass declares only the parameters and samplers it reads, so it gets only
/// those.
fn only_declared(loaded: &Loaded, bindings: &Bindings) -> Bindings {
    let mut own = bindings.clone();
    own.params.retain(|(name, _)| declares(loaded, name));
    own.textures.retain(|(slot, _)| match slot {
        TextureSlot::Sampler(name) => loaded.interface.sampler_unit(name).is_ok(),
        TextureSlot::Unit(_) => false,
    });
    own
}

/// Whether a parameter `name` is one of the program's.
fn declares(loaded: &Loaded, name: &str) -> bool {
    loaded.interface.parameter_slots(name).is_ok()
        || loaded.program.named_locals.iter().any(|l| l.name == name)
}

/// The textures a pass reads besides the shader's own: `FB` and the render targets of earlier
/// passes, by unit.
fn pass_units(
    loaded: &Loaded,
    pass: &pigment_multipass::Pass,
    fb: &Texture,
    targets: &[Option<Framebuffer>],
) -> Result<Vec<(u8, Texture)>> {
    let mut units = Vec::new();
    if let Ok(unit) = loaded.interface.sampler_unit("FB") {
        units.push((unit, fb.clone()));
    }
    for read in &pass.reads {
        let internal = || Error::Internal(format!("no target for `{}`", read.sampler));
        let unit = loaded
            .interface
            .sampler_unit(&read.sampler)
            .map_err(|_| internal())?;
        let target = targets.get(read.target).and_then(Option::as_ref);
        units.push((unit, frame_buffer(target.ok_or_else(internal)?)?));
    }
    Ok(units)
}

/// The frame buffer a pass reads as `FB`: the frame's pixels (bottom row first) as a rectangle
/// texture, read at the fragment's window position.
fn frame_buffer(frame: &Framebuffer) -> Result<Texture> {
    Texture::from_rgba_f32(
        nvfp::isa::TexTarget::Rect,
        frame.width as usize,
        frame.height as usize,
        1,
        nvfp::texture::TexFormat::FloatRgba,
        &frame.pixels,
    )
    .map(|t| t.with_filter(nvfp::texture::Filter::Nearest))
    .map_err(|e| Error::Internal(format!("the frame buffer texture: {e}")))
}
