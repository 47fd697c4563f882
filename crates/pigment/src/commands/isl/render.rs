//! `pigment render SURFACE.isl`: the surface shader (the one `--entry` names, else the file's
//! first) lowered with the scene's light instances inline and the `--uniform` values, compiled for
//! fp30 and drawn on `--scene` (crates/scene: by default the reference quad, the plane z = 0,
//! normal (0, 0, 1), texture coordinates (s, t), seen straight down; else a built-in shape or an
//! OBJ file, seen by the default camera or from `--camera`) with a depth test. The frame buffer
//! the shader reads as `FB` is a rectangle texture of the target's size holding the clear colour.
//! An atmosphere runs as a second pass over the first pass's frame, on the surfaces the first
//! left visible (the same depth buffer, tested EQUAL). `--param` and `--light-param` set
//! parameters without lowering again; `--texture NAME=FILE.png` gives a texture name its
//! picture, and a name without one is looked for as a PNG beside the shader.

use super::scene::{parameter_bindings, Units};
use super::{checked, print, shaders_of};
use crate::cli::RenderArgs;
use crate::failure::{CommandResult, Failure};
use nvfp::render::Framebuffer;
use pigment_diag::{Diagnostic, SourceFiles};
use pigment_ir::SamplerDim;
use pigment_isl::ast::{ShaderKind, Unit};
use pigment_isl::passes::PassOutput;
use pigment_scene::{Camera, DepthBuffer, DepthTest, DrawOptions};
use std::path::Path;

pub fn render(args: &RenderArgs) -> CommandResult {
    let (mut files, unit) = checked(&args.program)?;
    let units = Units::load(&mut files, unit, &args.isl)?;
    let lights = units.lights(&args.isl)?;
    let atmosphere = units.atmosphere(&args.isl)?;
    let surface = surface(&units.surface, &args.cg.entry).ok_or_else(|| {
        Failure::Usage(format!(
            "`{}` has no surface shader to render",
            args.program.display()
        ))
    })?;
    let mut args = args.clone();
    args.target.bindings.params =
        parameter_bindings(&args.isl, &args.target.bindings.params, &lights)?;
    let uniforms = uniform_settings(&args.isl.uniforms)?;
    let (width, height) = crate::values::parse_size(&args.target.size).map_err(Failure::Usage)?;
    // The frame, its depth buffer and the frame-buffer snapshot, before any of them is made.
    let mut options = pigment::render::RenderOptions::new(width, height);
    options.memory_budget = args.target.max_memory << 20;
    pigment::render::charge_render(&options).map_err(crate::failure::from_library)?;
    let geometry = geometry(&args.isl.scene, &mut files)?;
    let camera = camera(&args, &geometry, (width, height))?;
    let render = Render {
        args: &args,
        files: &files,
        lights: &lights,
        geometry: &geometry,
        camera,
    };
    let mut depth = DepthBuffer::new(width, height);
    let first = pigment_scene::cleared(width, height, clear_colour(&args.isl.clear)?);
    let frame = render.pass(
        &units.surface,
        &surface,
        &uniforms,
        &first,
        (DepthTest::Less, &mut depth),
    )?;
    let frame = match atmosphere {
        // The atmosphere's FB is the rendered frame: the surface pass's result as its texture.
        Some((unit, name)) => {
            render.pass(unit, &name, &[], &frame, (DepthTest::Equal, &mut depth))?
        }
        None => frame,
    };
    crate::commands::run::write_frame(&frame, &args.target, &args.program)
}

/// `--scene`'s geometry; an OBJ file's diagnostics printed (errors make it a failure).
fn geometry(spec: &str, files: &mut SourceFiles) -> Result<pigment_scene::Scene, Failure> {
    let (scene, diagnostics) = pigment_scene::load(spec, files);
    print(files, &diagnostics);
    scene.ok_or(Failure::Rejected)
}

/// `--camera x,y,z` looking at the scene's centre, else the scene's own camera.
fn camera(
    args: &RenderArgs,
    geometry: &pigment_scene::Scene,
    (width, height): (u32, u32),
) -> Result<Camera, Failure> {
    let Some(spec) = &args.isl.camera else {
        return Ok(geometry.default_camera(width, height));
    };
    let eye: Vec<f32> = spec
        .split(',')
        .map(|c| c.trim().parse::<f32>())
        .collect::<Result<_, _>>()
        .ok()
        .filter(|e: &Vec<f32>| e.len() == 3 && e.iter().all(|c| c.is_finite()))
        .ok_or_else(|| Failure::Usage(format!("`--camera {spec}`: give three numbers, x,y,z")))?;
    let (centre, radius) = geometry.bounding_sphere().unwrap_or(([0.0; 3], 1.0));
    let eye = [eye[0], eye[1], eye[2]];
    let distance = pigment_scene::math::length(pigment_scene::math::sub(eye, centre));
    // Near and far hold the whole scene when the eye is outside it.
    let near = (distance - radius).max(distance * 1e-3).max(1e-3);
    let far = distance + radius.max(1e-3) * 2.0;
    let aspect = width.max(1) as f32 / height.max(1) as f32;
    Camera::perspective_look_at(eye, centre, [0.0, 1.0, 0.0], 30.0, aspect, (near, far)).ok_or_else(
        || {
            Failure::Usage(format!(
                "`--camera {spec}`: the eye is at the scene's centre, or straight above it"
            ))
        },
    )
}

/// The surface shader to render: the one `entry` names, else the file's first.
fn surface(unit: &Unit, entry: &str) -> Option<String> {
    let surfaces = shaders_of(unit, |k| k == ShaderKind::Surface);
    surfaces
        .iter()
        .find(|&&s| s == entry)
        .or(surfaces.first())
        .map(|s| s.to_string())
}

/// `--uniform NAME=VALUE`s as (name, value) pairs.
fn uniform_settings(settings: &[String]) -> Result<Vec<(String, String)>, Failure> {
    settings
        .iter()
        .map(|s| {
            s.split_once('=')
                .map(|(n, v)| (n.trim().to_string(), v.to_string()))
                .ok_or_else(|| Failure::Usage(format!("`--uniform {s}`: give NAME=VALUE")))
        })
        .collect()
}

/// What every pass of one render shares.
struct Render<'a> {
    args: &'a RenderArgs,
    files: &'a SourceFiles,
    lights: &'a [pigment_isl::Light<'a>],
    geometry: &'a pigment_scene::Scene,
    camera: Camera,
}

impl Render<'_> {
    /// One shader over the scene: `name` of `unit` lowered with the lights and `uniforms`, split
    /// into as many fp30 passes as it needs (`pigment_isl::passes`), drawn onto `fb` (the frame
    /// buffer as the shader finds it, which every pass reads as `FB`). Its first pass tests
    /// `depth` with `test`, later ones EQUAL on the surfaces it left; a pass before the last
    /// writes a float target the later ones read.
    fn pass(
        &self,
        unit: &Unit,
        name: &str,
        uniforms: &[(String, String)],
        fb: &Framebuffer,
        (test, depth): (DepthTest, &mut DepthBuffer),
    ) -> Result<Framebuffer, Failure> {
        let rejected = |errors: &[Diagnostic]| {
            print(self.files, errors);
            Failure::Rejected
        };
        let fragment = pigment_isl::lower_surface_with(unit, name, self.lights, uniforms)
            .map_err(|e| rejected(&e))?;
        let textures = texture_bindings(self.args, &fragment)?;
        let options = pigment_fp30::Options::default();
        let partition =
            pigment_isl::passes::partition(&fragment, &options).map_err(|e| rejected(&e))?;
        let split = partition.passes.len() > 1;
        let fb_texture = frame_buffer(fb)?;
        let mut targets: Vec<Option<Framebuffer>> = vec![None; partition.targets];
        for (n, pass) in partition.passes.iter().enumerate() {
            let loaded = crate::commands::render::load_compiled(pass.compiled.clone())?;
            let args = self.pass_args(&loaded, &textures, split);
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
            let frame = self.draw(&loaded, &args, &units, start, (test, &mut *depth))?;
            match pass.writes {
                PassOutput::Final => return Ok(frame),
                PassOutput::Target(t) => {
                    if let Some(slot) = targets.get_mut(t) {
                        *slot = Some(frame);
                    }
                }
            }
        }
        Err(Failure::Output(
            "internal: the passes have no final one".into(),
        ))
    }

    /// The command line's bindings for one pass: the shader's textures; a pass of a split shader
    /// declares only the parameters and samplers it reads, so it gets only those.
    fn pass_args(
        &self,
        loaded: &crate::load::Loaded,
        textures: &[String],
        split: bool,
    ) -> RenderArgs {
        let mut args = self.args.clone();
        args.target.bindings.textures = textures.to_vec();
        if split {
            args.target.bindings.params.retain(|p| declares(loaded, p));
            args.target.bindings.textures.retain(|t| {
                let name = t.split_once('=').map_or(t.as_str(), |(n, _)| n);
                loaded.interface.sampler_unit(name.trim()).is_ok()
            });
        }
        args
    }

    /// One fp30 program drawn over the scene with `test` against `depth`, onto a copy of `start`.
    fn draw(
        &self,
        loaded: &crate::load::Loaded,
        args: &RenderArgs,
        units: &[(u8, nvfp::texture::Texture)],
        start: &Framebuffer,
        (test, depth): (DepthTest, &mut DepthBuffer),
    ) -> Result<Framebuffer, Failure> {
        let options = DrawOptions {
            depth_test: test,
            ..DrawOptions::default()
        };
        let bindings = &args.target.bindings;
        crate::commands::run::shade_with_units(
            loaded,
            bindings,
            units,
            &args.target,
            |shader, frame| {
                frame.pixels.clone_from(&start.pixels);
                let (scene, camera) = (self.geometry, &self.camera);
                pigment_scene::draw_with(scene, camera, &options, shader, frame, depth);
                Ok(())
            },
        )
    }
}

/// The textures a pass reads besides the shader's own: `FB` and the render targets of earlier
/// passes, by unit.
fn pass_units(
    loaded: &crate::load::Loaded,
    pass: &pigment_isl::passes::Pass,
    fb: &nvfp::texture::Texture,
    targets: &[Option<Framebuffer>],
) -> Result<Vec<(u8, nvfp::texture::Texture)>, Failure> {
    let mut units = Vec::new();
    if let Ok(unit) = loaded.interface.sampler_unit("FB") {
        units.push((unit, fb.clone()));
    }
    for read in &pass.reads {
        let internal = || Failure::Output(format!("internal: no target for `{}`", read.sampler));
        let unit = loaded
            .interface
            .sampler_unit(&read.sampler)
            .map_err(|_| internal())?;
        let target = targets.get(read.target).and_then(Option::as_ref);
        units.push((unit, frame_buffer(target.ok_or_else(internal)?)?));
    }
    Ok(units)
}

/// Whether `--param NAME=...` names a parameter of the program.
fn declares(loaded: &crate::load::Loaded, param: &str) -> bool {
    let name = param.split_once('=').map_or(param, |(n, _)| n).trim();
    loaded.interface.parameter_slots(name).is_ok()
        || loaded.program.named_locals.iter().any(|l| l.name == name)
}

/// The machine's `--tex` bindings of a lowered shader: `--tex` as given, each `--texture
/// NAME=FILE` as a 2D texture, and each other 2D texture name the shader uses that names a file
/// beside the shader (or from the working directory).
fn texture_bindings(
    args: &RenderArgs,
    fragment: &pigment_ir::Function,
) -> Result<Vec<String>, Failure> {
    let mut bindings = args.target.bindings.textures.clone();
    let named: Vec<&str> = args
        .isl
        .textures
        .iter()
        .filter_map(|t| t.split_once('=').map(|(name, _)| name))
        .collect();
    for texture in &args.isl.textures {
        let Some((name, file)) = texture.split_once('=') else {
            continue;
        };
        // Read here first, so that an error names the option the user gave.
        nvfp::image::load_texture(nvfp::isa::TexTarget::D2, file)
            .map_err(|e| Failure::Usage(format!("`--texture {texture}`: {e}")))?;
        bindings.push(format!("{name}=2D:{file}"));
    }
    let beside = args.program.parent().unwrap_or(Path::new(""));
    for sampler in fragment.samplers.iter().map(|(_, s)| s) {
        if sampler.dim != SamplerDim::D2 || named.contains(&sampler.name.as_str()) {
            continue;
        }
        let found = [beside.join(&sampler.name), sampler.name.clone().into()]
            .into_iter()
            .find(|p| p.extension().is_some_and(|e| e == "png") && p.is_file());
        match found {
            Some(file) => bindings.push(format!("{}=2D:{}", sampler.name, file.display())),
            None => eprintln!(
                "pigment: warning: the texture `{}` has no picture (give `--texture {}=FILE.png`); \
                 it reads as zeros",
                sampler.name, sampler.name
            ),
        }
    }
    Ok(bindings)
}

/// `--clear`'s colour.
fn clear_colour(clear: &str) -> Result<[f32; 4], Failure> {
    let parsed: Vec<f32> = clear
        .split(',')
        .map(|c| c.trim().parse::<f32>())
        .collect::<Result<_, _>>()
        .ok()
        .filter(|c: &Vec<f32>| c.len() == 4)
        .ok_or_else(|| Failure::Usage(format!("`--clear {clear}`: give four numbers, r,g,b,a")))?;
    Ok([parsed[0], parsed[1], parsed[2], parsed[3]])
}

/// The frame buffer a pass reads as `FB`: the frame's pixels (bottom row first) as a rectangle
/// texture, read at the fragment's window position.
fn frame_buffer(frame: &Framebuffer) -> Result<nvfp::texture::Texture, Failure> {
    nvfp::texture::Texture::from_rgba_f32(
        nvfp::isa::TexTarget::Rect,
        frame.width as usize,
        frame.height as usize,
        1,
        nvfp::texture::TexFormat::FloatRgba,
        &frame.pixels,
    )
    .map(|t| t.with_filter(nvfp::texture::Filter::Nearest))
    .map_err(|e| Failure::Output(format!("the frame buffer texture: {e}")))
}
