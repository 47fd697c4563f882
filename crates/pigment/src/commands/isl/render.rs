//! `pigment render SURFACE.isl`: the surface shader (the one `--entry` names, else the file's
//! first) lowered with the scene's light instances inline and the `--uniform` values, compiled for
//! fp30 and drawn on the reference quad (the plane z = 0, normal (0, 0, 1), texture coordinates
//! (s, t), seen straight down): the quad's vertex stage is `pigment_isl::quad_vertex`, and the
//! frame buffer the shader reads as `FB` is a rectangle texture of the target's size holding the
//! clear colour. An atmosphere runs as a second pass over the first pass's frame. `--param` and
//! `--light-param` set parameters without lowering again; `--texture NAME=FILE.png` gives a
//! texture name its picture, and a name without one is looked for as a PNG beside the shader.

use super::scene::{parameter_bindings, Units};
use super::{checked, print, shaders_of};
use crate::cli::RenderArgs;
use crate::failure::{CommandResult, Failure};
use pigment_diag::{Diagnostic, SourceFiles};
use pigment_ir::SamplerDim;
use pigment_isl::ast::{ShaderKind, Unit};
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
    let scene = Scene {
        args: &args,
        files: &files,
        lights: &lights,
    };
    let (width, height) = crate::values::parse_size(&args.target.size).map_err(Failure::Usage)?;
    let first = vec![clear_colour(&args.isl.clear)?; (width * height) as usize];
    let size = (width, height);
    let frame = scene.pass(&units.surface, &surface, &uniforms, size, first)?;
    let frame = match atmosphere {
        // The atmosphere's FB is the rendered frame: the surface pass's result as its texture.
        Some((unit, name)) => scene.pass(unit, &name, &[], size, frame.pixels)?,
        None => frame,
    };
    crate::commands::run::write_frame(&frame, &args.target, &args.program)
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
struct Scene<'a> {
    args: &'a RenderArgs,
    files: &'a SourceFiles,
    lights: &'a [pigment_isl::Light<'a>],
}

impl Scene<'_> {
    /// One pass: shader `name` of `unit` lowered with the lights and `uniforms`, compiled for fp30
    /// and shaded over the quad with `fb` (the frame buffer's pixels, `size`, bottom row first)
    /// as its `FB`.
    fn pass(
        &self,
        unit: &Unit,
        name: &str,
        uniforms: &[(String, String)],
        size: (u32, u32),
        fb: Vec<[f32; 4]>,
    ) -> Result<nvfp::render::Framebuffer, Failure> {
        let rejected = |errors: &[Diagnostic]| {
            print(self.files, errors);
            Failure::Rejected
        };
        let fragment = pigment_isl::lower_surface_with(unit, name, self.lights, uniforms)
            .map_err(|e| rejected(&e))?;
        let mut args = self.args.clone();
        args.target.bindings.textures = texture_bindings(&args, &fragment);
        let loaded = crate::commands::render::compile_function(fragment, rejected)?;
        let units = match loaded.interface.sampler_unit("FB") {
            Ok(unit) => vec![(unit, frame_buffer(size, &fb)?)],
            Err(_) => Vec::new(),
        };
        let vertex = pigment_isl::quad_vertex();
        crate::commands::render_stages::shade_through(
            &args,
            &vertex,
            &loaded,
            &units,
            &|i, s, t| crate::commands::vertex_quad::attribute(i.semantic.as_deref(), s, t),
        )
    }
}

/// The machine's `--tex` bindings of a lowered shader: `--tex` as given, each `--texture
/// NAME=FILE` as a 2D texture, and each other 2D texture name the shader uses that names a file
/// beside the shader (or from the working directory).
fn texture_bindings(args: &RenderArgs, fragment: &pigment_ir::Function) -> Vec<String> {
    let mut bindings = args.target.bindings.textures.clone();
    let named: Vec<&str> = args
        .isl
        .textures
        .iter()
        .filter_map(|t| t.split_once('=').map(|(name, _)| name))
        .collect();
    bindings.extend(args.isl.textures.iter().filter_map(|t| {
        let (name, file) = t.split_once('=')?;
        Some(format!("{name}=2D:{file}"))
    }));
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
    bindings
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

/// The frame buffer a pass reads as `FB`: `pixels` (the target's size, bottom row first) as a
/// rectangle texture, read at the fragment's window position.
fn frame_buffer(
    (width, height): (u32, u32),
    pixels: &[[f32; 4]],
) -> Result<nvfp::texture::Texture, Failure> {
    nvfp::texture::Texture::from_rgba_f32(
        nvfp::isa::TexTarget::Rect,
        width as usize,
        height as usize,
        1,
        nvfp::texture::TexFormat::FloatRgba,
        pixels,
    )
    .map(|t| t.with_filter(nvfp::texture::Filter::Nearest))
    .map_err(|e| Failure::Output(format!("the frame buffer texture: {e}")))
}
