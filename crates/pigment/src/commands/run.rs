//! `pigment run PROGRAM`: render the reference quad to a PNG and/or raw floats.

use crate::bindings::bind;
use crate::cli::RunArgs;
use crate::failure::{CommandResult, Failure};
use crate::load::load_fragment_program;
use crate::values::parse_size;
use nvfp::exec::Machine;
use nvfp::render::{shade_reference_quad, Framebuffer, Shader};
use std::path::Path;

pub fn run(args: &RunArgs) -> CommandResult {
    let (width, height) = parse_size(&args.size).map_err(Failure::Usage)?;
    let loaded = load_fragment_program(&args.program)?;
    let program = &loaded.program;
    let bound = bind(&loaded, &args.bindings)?;
    let machine = Machine::new(program);
    let shader = Shader {
        program,
        machine: &machine,
        params: &bound.params,
        textures: &bound.textures,
    };
    let mut target = Framebuffer::new(width, height);
    shade_reference_quad(&shader, &mut target);

    if let Some(raw) = &args.raw {
        write_raw(raw, &target)?;
    }
    let png = match (&args.output, &args.raw) {
        (Some(path), _) => Some(path.clone()),
        (None, None) => Some(args.program.with_extension("png")),
        (None, Some(_)) => None,
    };
    if let Some(path) = png {
        nvfp::image::write_png(&path, width, height, &target.pixels)
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
