//! `pigment run PROGRAM`: render the reference quad to a PNG and/or raw floats. [`render_loaded`]
//! is shared with `pigment render`, which compiles a Cg program first.

use crate::bindings::bind;
use crate::cli::{BindingArgs, RunArgs, TargetArgs};
use crate::failure::{CommandResult, Failure};
use crate::load::{load_fragment_program, Loaded};
use crate::values::parse_size;
use nvfp::render::{shade_reference_quad, Framebuffer, Shader};
use std::path::Path;

pub fn run(args: &RunArgs) -> CommandResult {
    let loaded = load_fragment_program(&args.program)?;
    render_loaded(&loaded, &args.target, &args.program)
}

/// Renders the reference quad with `loaded` and writes what `target` asks for; without `-o` or
/// `--raw`, the PNG goes next to `program`.
pub fn render_loaded(loaded: &Loaded, target: &TargetArgs, program: &Path) -> CommandResult {
    render_with(
        loaded,
        &target.bindings,
        target,
        program,
        |shader, frame| {
            shade_reference_quad(shader, frame);
            Ok(())
        },
    )
}

/// Binds `bindings` for `loaded`, lets `draw` shade a cleared target of `target`'s size with it, and
/// writes the result as `target` asks (see [`render_loaded`]).
pub fn render_with(
    loaded: &Loaded,
    bindings: &BindingArgs,
    target: &TargetArgs,
    program: &Path,
    draw: impl FnOnce(&Shader<'_>, &mut Framebuffer) -> CommandResult,
) -> CommandResult {
    render_with_units(loaded, bindings, &[], target, program, draw)
}

/// [`render_with`] with textures the caller made (`units`: unit and texture) bound after the
/// command line's.
pub fn render_with_units(
    loaded: &Loaded,
    bindings: &BindingArgs,
    units: &[(u8, nvfp::texture::Texture)],
    target: &TargetArgs,
    program: &Path,
    draw: impl FnOnce(&Shader<'_>, &mut Framebuffer) -> CommandResult,
) -> CommandResult {
    let frame = shade_with_units(loaded, bindings, units, target, draw)?;
    write_frame(&frame, target, program)
}

/// The frame [`render_with_units`] shades, not written anywhere (a pass whose result the next
/// one reads).
pub fn shade_with_units(
    loaded: &Loaded,
    bindings: &BindingArgs,
    units: &[(u8, nvfp::texture::Texture)],
    target: &TargetArgs,
    draw: impl FnOnce(&Shader<'_>, &mut Framebuffer) -> CommandResult,
) -> Result<Framebuffer, Failure> {
    let (width, height) = parse_size(&target.size).map_err(Failure::Usage)?;
    let mut bound = bind(loaded, bindings)?;
    for (unit, texture) in units {
        bound.textures.bind(*unit, texture.clone());
    }
    let machine = crate::commands::executor::machine(&loaded.program, &target.exec);
    let shader = Shader {
        program: &loaded.program,
        machine: &machine,
        params: &bound.params,
        textures: &bound.textures,
    };
    let mut frame = Framebuffer::new(width, height);
    crate::commands::executor::timed(&target.exec, "shading", || draw(&shader, &mut frame))?;
    Ok(frame)
}

/// Writes `frame` as `target` asks: `--raw` floats, and the PNG (`-o`, else the program's name
/// with `.png` when there is no `--raw`).
pub fn write_frame(frame: &Framebuffer, target: &TargetArgs, program: &Path) -> CommandResult {
    if let Some(raw) = &target.raw {
        write_raw(raw, frame)?;
    }
    let png = match (&target.output, &target.raw) {
        (Some(path), _) => Some(path.clone()),
        (None, None) => Some(program.with_extension("png")),
        (None, Some(_)) => None,
    };
    if let Some(path) = png {
        let (width, height) = (frame.width, frame.height);
        nvfp::image::write_png(&path, width, height, &frame.pixels)
            .map_err(|e| Failure::Output(format!("cannot write `{}`: {e}", path.display())))?;
        eprintln!("pigment: wrote {} ({width}x{height})", path.display());
    }
    Ok(())
}

/// W*H*4 little-endian f32, bottom row first.
fn write_raw(path: &Path, target: &Framebuffer) -> CommandResult {
    let bytes: Vec<u8> = target
        .to_floats()
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    std::fs::write(path, bytes)
        .map_err(|e| Failure::Output(format!("cannot write `{}`: {e}", path.display())))
}
