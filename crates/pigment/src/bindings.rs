//! Turning `--local`, `--param`, `--tex` and `--filter` into the executor's parameters and textures.

use crate::cli::{BindingArgs, FilterArg};
use crate::failure::Failure;
use crate::load::warn;
use crate::values::{parse_assignment, parse_texture_binding};
use nvfp::exec::Parameters;
use nvfp::program::Program;
use nvfp::texture::{Filter, TextureUnits};

/// Parameters and textures for one program.
pub struct Bound {
    pub params: Parameters,
    pub textures: TextureUnits,
}

pub fn bind(program: &Program, args: &BindingArgs) -> Result<Bound, Failure> {
    let mut params = Parameters::for_program(program);
    for local in &args.locals {
        let (index, value) = parse_assignment(local).map_err(Failure::Usage)?;
        let slot = index
            .parse::<usize>()
            .ok()
            .filter(|&n| n < params.numbered.len())
            .ok_or_else(|| {
                Failure::Usage(format!(
                    "`--local {local}`: N must be a number from 0 to 63"
                ))
            })?;
        params.numbered[slot] = value;
    }
    for param in &args.params {
        let (name, value) = parse_assignment(param).map_err(Failure::Usage)?;
        match program.named_locals.iter().position(|l| l.name == name) {
            Some(i) => params.named[i] = value,
            None => warn(&format!(
                "`--param {param}`: the program declares no parameter `{name}`"
            )),
        }
    }
    let filter = match args.filter {
        FilterArg::Nearest => Filter::Nearest,
        FilterArg::Linear => Filter::Linear,
        FilterArg::Mipmap => Filter::Mipmap,
    };
    let mut textures = TextureUnits::new();
    for binding in &args.textures {
        let (unit, target, file) = parse_texture_binding(binding).map_err(Failure::Usage)?;
        let texture = nvfp::image::load_texture(target, &file)
            .map_err(|e| Failure::Usage(format!("`--tex {binding}`: {e}")))?
            .with_filter(filter);
        textures.bind(unit, texture);
    }
    Ok(Bound { params, textures })
}
