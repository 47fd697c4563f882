//! ISL files (chosen by the `.isl` extension): `pigment check FILE.isl` parses and checks one file
//! (crates/isl) and prints one `FILE:LINE:COL: error: message` per problem, with the source line;
//! exit 0 when the file is well formed, 1 otherwise. `pigment render FILE.isl [--entry SURFACE]
//! [--light [FILE.isl:]SHADER[=NAME]]... [--clear r,g,b,a] [--param NAME=...]... -o OUT.png`
//! lowers the surface shader (the one `--entry` names, else the file's first) with the light
//! instances inline, compiles it for fp30 and draws it on the reference quad (the plane z = 0,
//! normal (0, 0, 1), texture coordinates (s, t), seen straight down): the quad's vertex stage is
//! `pigment_isl::quad_vertex`, and the frame buffer the shader reads as `FB` is a rectangle
//! texture of the target's size holding the clear colour. Every file of the scene shares one set
//! of sources, so diagnostics name the file they are in.

use crate::cli::{CheckArgs, RenderArgs};
use crate::failure::{CommandResult, Failure};
use crate::load::read_source;
use pigment_diag::{Diagnostic, SourceFiles};
use std::path::Path;

/// Whether a path names an ISL file.
pub fn is_isl(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "isl")
}

pub fn check(args: &CheckArgs) -> CommandResult {
    if !args.units.is_empty() {
        return Err(Failure::Usage(
            "an ISL program is one file: give `pigment check` one `.isl` file".into(),
        ));
    }
    checked(&args.program).map(|_| ())
}

/// The file read, parsed and checked, its diagnostics printed; the files and the unit when it
/// has no errors.
fn checked(path: &Path) -> Result<(SourceFiles, pigment_isl::ast::Unit), Failure> {
    let mut files = SourceFiles::new();
    let unit = checked_into(&mut files, path)?;
    Ok((files, unit))
}

/// [`checked`] into a set of files shared with other units (a scene's light files).
fn checked_into(files: &mut SourceFiles, path: &Path) -> Result<pigment_isl::ast::Unit, Failure> {
    let text = read_source(path)?;
    let file = files.add(path.display().to_string(), text.clone());
    let (unit, diags) = pigment_isl::parse_and_check(file, &text);
    print(files, &diags);
    if diags.iter().any(Diagnostic::is_error) {
        return Err(Failure::Rejected);
    }
    Ok(unit)
}

fn print(files: &SourceFiles, diags: &[Diagnostic]) {
    for d in diags {
        eprint!("{}", pigment_diag::render(files, d));
    }
}

/// The surface shader to render: the one `--entry` names, else the file's first.
fn surface<'u>(unit: &'u pigment_isl::ast::Unit, entry: &str) -> Option<&'u str> {
    use pigment_isl::ast::{FuncKind, Item, ShaderKind};
    let surfaces: Vec<&str> = unit
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Func(f) if matches!(f.kind, FuncKind::Shader(ShaderKind::Surface, _)) => {
                Some(f.name.text.as_str())
            }
            _ => None,
        })
        .collect();
    surfaces
        .iter()
        .find(|&&s| s == entry)
        .or(surfaces.first())
        .copied()
}

/// One `--light [FILE.isl:]SHADER[=NAME]`: the file (`None`: the surface's), the shader, the name.
fn light_spec(spec: &str) -> (Option<&str>, &str, &str) {
    let (place, name) = spec.split_once('=').unwrap_or((spec, ""));
    let (file, shader) = match place.rsplit_once(".isl:") {
        Some((file, shader)) => (Some(&place[..file.len() + 4]), shader),
        None => (None, place),
    };
    (file, shader, if name.is_empty() { shader } else { name })
}

pub fn render(args: &RenderArgs) -> CommandResult {
    let (mut files, unit) = checked(&args.program)?;
    let specs: Vec<_> = args.lights.iter().map(|l| light_spec(l)).collect();
    let atmosphere = args.atmosphere.as_deref().map(light_spec);
    // Each light or atmosphere file once, its diagnostics among the surface's files.
    let mut others: Vec<(&str, pigment_isl::ast::Unit)> = Vec::new();
    for file in specs
        .iter()
        .chain(&atmosphere)
        .filter_map(|(file, _, _)| *file)
    {
        if others.iter().all(|(f, _)| *f != file) {
            others.push((file, checked_into(&mut files, Path::new(file))?));
        }
    }
    let unit_of = |file: &Option<&str>| match file {
        Some(file) => others
            .iter()
            .find(|(f, _)| f == file)
            .map_or(&unit, |(_, u)| u),
        None => &unit,
    };
    let lights: Vec<pigment_isl::Light> = specs
        .iter()
        .map(|(file, shader, name)| pigment_isl::Light {
            unit: unit_of(file),
            shader: shader.to_string(),
            name: name.to_string(),
        })
        .collect();
    let atmosphere = atmosphere.map(|(file, shader, _)| (unit_of(&file), shader));
    let Some(shader) = surface(&unit, &args.cg.entry) else {
        return Err(Failure::Usage(format!(
            "`{}` has no surface shader to render",
            args.program.display()
        )));
    };
    let (width, height) = crate::values::parse_size(&args.target.size).map_err(Failure::Usage)?;
    let first = vec![clear_colour(args)?; (width * height) as usize];
    let size = (width, height);
    let frame = pass(args, &files, &unit, shader, &lights, size, first)?;
    let frame = match atmosphere {
        // The atmosphere's FB is the rendered frame: the surface pass's result as its texture.
        Some((atmosphere_unit, name)) => pass(
            args,
            &files,
            atmosphere_unit,
            name,
            &lights,
            size,
            frame.pixels,
        )?,
        None => frame,
    };
    crate::commands::run::write_frame(&frame, &args.target, &args.program)
}

/// One pass: shader `name` of `unit` lowered with `lights`, compiled for fp30 and shaded over the
/// quad with `fb` (the frame buffer's pixels, `size`, bottom row first) as its `FB`.
fn pass(
    args: &RenderArgs,
    files: &SourceFiles,
    unit: &pigment_isl::ast::Unit,
    name: &str,
    lights: &[pigment_isl::Light],
    size: (u32, u32),
    fb: Vec<[f32; 4]>,
) -> Result<nvfp::render::Framebuffer, Failure> {
    let rejected = |errors: &[Diagnostic]| {
        print(files, errors);
        Failure::Rejected
    };
    let fragment = pigment_isl::lower_surface_lit(unit, name, lights).map_err(|e| rejected(&e))?;
    let loaded = crate::commands::render::compile_function(fragment, rejected)?;
    let units = match loaded.interface.sampler_unit("FB") {
        Ok(unit) => vec![(unit, frame_buffer(size, &fb)?)],
        Err(_) => Vec::new(),
    };
    let vertex = pigment_isl::quad_vertex();
    crate::commands::render_stages::shade_through(args, &vertex, &loaded, &units, &|i, s, t| {
        crate::commands::vertex_quad::attribute(i.semantic.as_deref(), s, t)
    })
}

/// `--clear`'s colour.
fn clear_colour(args: &RenderArgs) -> Result<[f32; 4], Failure> {
    let clear: Vec<f32> = args
        .clear
        .split(',')
        .map(|c| c.trim().parse::<f32>())
        .collect::<Result<_, _>>()
        .ok()
        .filter(|c: &Vec<f32>| c.len() == 4)
        .ok_or_else(|| {
            Failure::Usage(format!(
                "`--clear {}`: give four numbers, r,g,b,a",
                args.clear
            ))
        })?;
    Ok([clear[0], clear[1], clear[2], clear[3]])
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
