//! `--local`, `--param`, `--tex` and `--filter` read into the library's bindings
//! ([`pigment::render::bindings`]), texture files loaded, and what did not bind reported as
//! warnings in the words the user typed.

use crate::cli::{BindingArgs, FilterArg};
use crate::failure::{from_library, Failure};
use crate::load::{warn, Loaded};
use nvfp::isa::limits::MAX_LOCAL_PARAMETERS;
use nvfp::texture::Filter;
use pigment::render::bindings::{sampler_unit, Bindings, TextureSlot, Unbound};
pub use pigment::render::Bound;
use pigment::syntax;

/// The command line's bindings, textures loaded. A texture for a sampler name is bound by the
/// library, which reports a name no stage has as [`Unbound`]; where the program is known,
/// `skip(name)` says which sampler names to leave out without reading their files.
pub fn read(args: &BindingArgs, skip: &mut dyn FnMut(&str) -> bool) -> Result<Bindings, Failure> {
    let mut bindings = Bindings::default();
    for local in &args.locals {
        let (index, value) = syntax::assignment(local).map_err(from_library)?;
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
            .push(syntax::assignment(param).map_err(from_library)?);
    }
    let filter = filter_of(args.filter);
    for binding in &args.textures {
        let (slot, rest) = syntax::texture_slot(binding).map_err(from_library)?;
        if matches!(&slot, TextureSlot::Sampler(name) if skip(name)) {
            continue;
        }
        let (_, target, file) =
            syntax::texture_binding(&format!("0={rest}")).map_err(from_library)?;
        let texture = nvfp::image::load_texture(target, &file)
            .map_err(|e| Failure::Usage(format!("`--tex {binding}`: {e}")))?
            .with_filter(filter);
        bindings.textures.push((slot, texture));
    }
    Ok(bindings)
}

/// Binds the command line's bindings for `loaded`, warning about what did not bind.
pub fn bind(loaded: &Loaded, args: &BindingArgs) -> Result<Bound, Failure> {
    let mut unknown = Vec::new();
    let mut skip = |name: &str| match sampler_unit(&loaded.interface, name) {
        Ok(_) => false,
        Err(why) => {
            unknown.push(Unbound::Texture(name.to_string(), why));
            true
        }
    };
    let bindings = read(args, &mut skip)?;
    let mut bound = pigment::render::bindings::bind(loaded, &bindings).map_err(from_library)?;
    bound.unbound.extend(unknown);
    warn_unbound(&bound.unbound, args);
    Ok(bound)
}

/// A warning for each binding that did not bind, quoting the option as it was given.
pub fn warn_unbound(unbound: &[Unbound], args: &BindingArgs) {
    let given = |options: &[String], name: &str| -> String {
        let named = |o: &&String| o.split_once('=').is_some_and(|(n, _)| n.trim() == name);
        options
            .iter()
            .find(named)
            .cloned()
            .unwrap_or_else(|| name.to_string())
    };
    for u in unbound {
        match u {
            Unbound::Param(name, why) => {
                warn(&format!("`--param {}`: {why}", given(&args.params, name)))
            }
            Unbound::Texture(name, why) => {
                warn(&format!("`--tex {}`: {why}", given(&args.textures, name)))
            }
        }
    }
}

/// The texture filter `--filter` names.
pub fn filter_of(arg: FilterArg) -> Filter {
    match arg {
        FilterArg::Nearest => Filter::Nearest,
        FilterArg::Linear => Filter::Linear,
        FilterArg::Mipmap => Filter::Mipmap,
    }
}
