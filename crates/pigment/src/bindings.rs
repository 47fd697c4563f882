//! `--local`, `--param`, `--tex` and `--filter` read into the library's bindings
//! ([`pigment::render::bindings`]), texture files loaded, and what did not bind reported as
//! warnings.

use crate::cli::{BindingArgs, FilterArg};
use crate::failure::{from_library, Failure};
use crate::load::{warn, Loaded};
use crate::values::{parse_assignment, parse_texture_binding};
use nvfp::isa::limits::MAX_LOCAL_PARAMETERS;
use nvfp::texture::Filter;
pub use pigment::render::bindings::bind_named;
use pigment::render::bindings::{sampler_unit, Bindings, TextureSlot, Unbound};
pub use pigment::render::Bound;

pub fn bind(loaded: &Loaded, args: &BindingArgs) -> Result<Bound, Failure> {
    let mut bindings = Bindings::default();
    for local in &args.locals {
        let (index, value) = parse_assignment(local).map_err(Failure::Usage)?;
        let slot = index
            .parse::<usize>()
            .ok()
            .filter(|&n| n < MAX_LOCAL_PARAMETERS)
            .ok_or_else(|| {
                Failure::Usage(format!(
                    "`--local {local}`: N must be a number from 0 to 63"
                ))
            })?;
        bindings.locals.push((slot, value));
    }
    for param in &args.params {
        bindings
            .params
            .push(parse_assignment(param).map_err(Failure::Usage)?);
    }
    let filter = filter_of(args.filter);
    for binding in &args.textures {
        let Some(numbered) = with_unit_number(loaded, binding) else {
            continue;
        };
        let (unit, target, file) = parse_texture_binding(&numbered).map_err(Failure::Usage)?;
        let texture = nvfp::image::load_texture(target, &file)
            .map_err(|e| Failure::Usage(format!("`--tex {binding}`: {e}")))?
            .with_filter(filter);
        bindings.textures.push((TextureSlot::Unit(unit), texture));
    }
    let bound = pigment::render::bindings::bind(loaded, &bindings).map_err(from_library)?;
    for unbound in &bound.unbound {
        if let Unbound::Param(i, why) = unbound {
            warn(&format!("`--param {}`: {why}", args.params[*i]));
        }
    }
    Ok(bound)
}

/// The texture filter `--filter` names.
pub fn filter_of(arg: FilterArg) -> Filter {
    match arg {
        FilterArg::Nearest => Filter::Nearest,
        FilterArg::Linear => Filter::Linear,
        FilterArg::Mipmap => Filter::Mipmap,
    }
}

/// `--tex NAME=TARGET:FILE` with a sampler's name rewritten to its unit number (`UNIT=...` is
/// returned as it is); `None`, after a warning, when the header knows no such sampler (so that
/// its file is not read).
fn with_unit_number(loaded: &Loaded, binding: &str) -> Option<String> {
    let Some((name, rest)) = binding.split_once('=') else {
        return Some(binding.to_string());
    };
    let name = name.trim();
    if !name.is_empty() && name.chars().all(|c| c.is_ascii_digit()) {
        return Some(binding.to_string());
    }
    match sampler_unit(&loaded.interface, name) {
        Ok(unit) => Some(format!("{unit}={rest}")),
        Err(why) => {
            warn(&format!("`--tex {binding}`: {why}"));
            None
        }
    }
}
