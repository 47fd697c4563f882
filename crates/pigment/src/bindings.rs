//! Turning `--local`, `--param`, `--tex` and `--filter` into the executor's parameters and textures.
//!
//! When the program carries cgc's header comments, its Cg names can be used too: `--param` accepts a
//! uniform's Cg name (`IN.video_size`, `k[0]`, `M[1]` for a matrix row) and sets the DECLARE or
//! `p[N]` its `#var` names, `--tex` accepts a sampler's Cg name and binds its `texunit N`, and the
//! header's `#default` values initialise the parameters before the options apply. A name neither
//! the header nor a DECLARE knows is a warning, as for plain programs.

use crate::cli::{BindingArgs, FilterArg};
use crate::failure::Failure;
use crate::load::{warn, Loaded};
use crate::values::{parse_assignment, parse_texture_binding};
use nvfp::exec::Parameters;
use nvfp::program::Program;
use nvfp::texture::{Filter, TextureUnits};
use pigment_fp30::header::{ProgramInterface, Slot, Unresolved};

/// Parameters and textures for one program.
pub struct Bound {
    pub params: Parameters,
    pub textures: TextureUnits,
}

pub fn bind(loaded: &Loaded, args: &BindingArgs) -> Result<Bound, Failure> {
    let (program, header) = (&loaded.program, &loaded.interface);
    let mut params = Parameters::for_program(program);
    for (slot, value) in header.default_values() {
        // A default for a parameter the program does not DECLARE has nothing to initialise.
        let _ = set(program, &mut params, &slot, value);
    }
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
        let result = parameter(program, header, &name)
            .and_then(|slot| set(program, &mut params, &slot, value));
        if let Err(why) = result {
            warn(&format!("`--param {param}`: {why}"));
        }
    }
    let filter = filter_of(args.filter);
    let mut textures = TextureUnits::new();
    for binding in &args.textures {
        let Some(numbered) = with_unit_number(header, binding) else {
            continue;
        };
        let (unit, target, file) = parse_texture_binding(&numbered).map_err(Failure::Usage)?;
        let texture = nvfp::image::load_texture(target, &file)
            .map_err(|e| Failure::Usage(format!("`--tex {binding}`: {e}")))?
            .with_filter(filter);
        textures.bind(unit, texture);
    }
    Ok(Bound { params, textures })
}

/// The texture filter `--filter` names.
pub fn filter_of(arg: FilterArg) -> Filter {
    match arg {
        FilterArg::Nearest => Filter::Nearest,
        FilterArg::Linear => Filter::Linear,
        FilterArg::Mipmap => Filter::Mipmap,
    }
}

/// Parameters and textures for one program from values and textures given by Cg name (a preset's
/// pass): `source` goes to texture unit 0, then each sampler the header knows to its unit. Names the
/// program does not have are skipped quietly, since a runtime sets the same names for every pass.
pub fn bind_named(
    loaded: &Loaded,
    uniforms: &[(String, [f32; 4])],
    samplers: &[(String, nvfp::texture::Texture)],
    source: nvfp::texture::Texture,
) -> Bound {
    let (program, header) = (&loaded.program, &loaded.interface);
    let mut params = Parameters::for_program(program);
    for (slot, value) in header.default_values() {
        let _ = set(program, &mut params, &slot, value);
    }
    for (name, value) in uniforms {
        if let Ok(slot) = parameter(program, header, name) {
            let _ = set(program, &mut params, &slot, *value);
        }
    }
    let mut textures = TextureUnits::new();
    textures.bind(0, source);
    for (name, texture) in samplers {
        if let Ok(unit) = header.sampler_unit(name) {
            textures.bind(unit, texture.clone());
        }
    }
    Bound { params, textures }
}

/// The parameter `--param NAME` sets: a uniform named in the header, else a DECLARE of that name.
fn parameter(program: &Program, header: &ProgramInterface, name: &str) -> Result<Slot, String> {
    let declared = || {
        program
            .named_locals
            .iter()
            .any(|l| l.name == name)
            .then(|| Slot::Declare(name.to_string()))
    };
    match header.parameter_slots(name) {
        Ok(mut slots) if slots.len() == 1 => Ok(slots.remove(0).slot),
        Ok(slots) => {
            let names: Vec<String> = slots.iter().map(|s| format!("`{}`", s.cg_name)).collect();
            Err(format!(
                "`{name}` fills {} parameters; set them one at a time: {}",
                slots.len(),
                names.join(", ")
            ))
        }
        Err(why) => declared().ok_or_else(|| match why {
            Unresolved::NotFound => format!("the program declares no parameter `{name}`"),
            Unresolved::NotReferenced => {
                format!("the program does not use `{name}`, so it has no parameter")
            }
            Unresolved::WrongKind(kind) => format!("`{name}` is a {}, not a uniform", kind.noun()),
            other => format!("`{name}`: {other}"),
        }),
    }
}

/// Stores `value` in `slot`; an error says why it cannot.
fn set(
    program: &Program,
    params: &mut Parameters,
    slot: &Slot,
    value: [f32; 4],
) -> Result<(), String> {
    let target = match slot {
        Slot::Declare(name) => program
            .named_locals
            .iter()
            .position(|l| &l.name == name)
            .map(|i| &mut params.named[i])
            .ok_or_else(|| {
                format!("the header binds it to `{name}`, which the program does not DECLARE")
            })?,
        Slot::Local(n) => params
            .numbered
            .get_mut(*n as usize)
            .ok_or_else(|| format!("the header binds it to p[{n}], beyond p[63]"))?,
    };
    *target = value;
    Ok(())
}

/// `--tex NAME=TARGET:FILE` with a sampler's name rewritten to its unit number (`UNIT=...` is
/// returned as it is); `None`, after a warning, when the header knows no such sampler.
fn with_unit_number(header: &ProgramInterface, binding: &str) -> Option<String> {
    let Some((name, rest)) = binding.split_once('=') else {
        return Some(binding.to_string());
    };
    let name = name.trim();
    if !name.is_empty() && name.chars().all(|c| c.is_ascii_digit()) {
        return Some(binding.to_string());
    }
    match header.sampler_unit(name) {
        Ok(unit) => Some(format!("{unit}={rest}")),
        Err(why) => {
            let why = match why {
                Unresolved::NotFound => format!("the header names no sampler `{name}`"),
                Unresolved::WrongKind(kind) => {
                    format!("`{name}` is a {}, not a sampler", kind.noun())
                }
                _ => format!("the header gives `{name}` no texture unit"),
            };
            warn(&format!("`--tex {binding}`: {why}"));
            None
        }
    }
}
