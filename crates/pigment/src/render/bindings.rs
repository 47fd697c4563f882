//! A loaded program's parameters and textures from values given by number, by DECLARE name or by
//! Cg name, and textures given by unit or by sampler name.
//!
//! When the program carries cgc's header comments, its Cg names can be used: a parameter may be a
//! uniform's Cg name (`IN.video_size`, `k[0]`, `M[1]` for a matrix row) and sets the DECLARE or
//! `p[N]` its `#var` names; a texture may name a sampler and binds its `texunit N`; the header's
//! `#default` values initialise the parameters first. A name neither the header nor a DECLARE
//! knows is not an error: it is reported in [`Bound::unbound`], as a warning.

use super::Loaded;
use crate::error::{Error, Result};
use nvfp::exec::Parameters;
use nvfp::program::Program;
use nvfp::texture::{Texture, TextureUnits};
use pigment_fp30::header::{ProgramInterface, Slot, Unresolved};

/// Where a texture goes: a unit, or the unit the header gives a sampler.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextureSlot {
    /// Texture unit 0-15.
    Unit(u8),
    /// A sampler's Cg name from the program's header.
    Sampler(String),
}

/// Values and textures for a program.
#[derive(Clone, Debug, Default)]
pub struct Bindings {
    /// Numbered local parameters `p[N]`.
    pub locals: Vec<(usize, [f32; 4])>,
    /// Parameters by DECLARE name or Cg name.
    pub params: Vec<(String, [f32; 4])>,
    /// Textures by unit or sampler name.
    pub textures: Vec<(TextureSlot, Texture)>,
}

/// What a binding did not bind, and why (a warning, not an error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unbound {
    /// A parameter (by the name given) that names nothing the program has.
    Param(String, String),
    /// A texture for a sampler (by the name given) that the header does not give a unit.
    Texture(String, String),
}

/// Parameters and textures ready for the machine.
pub struct Bound {
    /// The parameters.
    pub params: Parameters,
    /// The textures.
    pub textures: TextureUnits,
    /// What was not bound.
    pub unbound: Vec<Unbound>,
}

/// Binds `bindings` for `loaded`.
pub fn bind(loaded: &Loaded, bindings: &Bindings) -> Result<Bound> {
    let (program, header) = (&loaded.program, &loaded.interface);
    let mut params = defaults(program, header);
    for &(n, value) in &bindings.locals {
        let slot = params.numbered.get_mut(n).ok_or_else(|| {
            Error::Request(format!("local parameter p[{n}] does not exist (0 to 63)"))
        })?;
        *slot = value;
    }
    let mut unbound = Vec::new();
    for (name, value) in &bindings.params {
        let result = parameter(program, header, name)
            .and_then(|slot| set(program, &mut params, &slot, *value));
        if let Err(why) = result {
            unbound.push(Unbound::Param(name.clone(), why));
        }
    }
    let mut textures = TextureUnits::new();
    for (slot, texture) in &bindings.textures {
        match slot {
            TextureSlot::Unit(unit) if *unit < nvfp::isa::TEXTURE_UNITS => {
                textures.bind(*unit, texture.clone())
            }
            TextureSlot::Unit(unit) => {
                return Err(Error::Request(format!(
                    "texture unit {unit} does not exist (units are 0-15)"
                )))
            }
            TextureSlot::Sampler(name) => match sampler_unit(header, name) {
                Ok(unit) => textures.bind(unit, texture.clone()),
                Err(why) => unbound.push(Unbound::Texture(name.clone(), why)),
            },
        }
    }
    Ok(Bound {
        params,
        textures,
        unbound,
    })
}

/// The program's parameters with the header's `#default` values.
fn defaults(program: &Program, header: &ProgramInterface) -> Parameters {
    let mut params = Parameters::for_program(program);
    for (slot, value) in header.default_values() {
        // A default for a parameter the program does not DECLARE has nothing to initialise.
        let _ = set(program, &mut params, &slot, value);
    }
    params
}

/// Parameters and textures for one program from values and textures given by Cg name (a preset's
/// pass): `source` goes to texture unit 0, then each sampler the header knows to its unit. Names the
/// program does not have are skipped quietly, since a runtime sets the same names for every pass.
pub fn bind_named(
    loaded: &Loaded,
    uniforms: &[(String, [f32; 4])],
    samplers: &[(String, Texture)],
    source: Texture,
) -> Bound {
    let (program, header) = (&loaded.program, &loaded.interface);
    let mut params = defaults(program, header);
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
    Bound {
        params,
        textures,
        unbound: Vec::new(),
    }
}

/// The unit the header gives the sampler `name`, or why it gives none.
pub fn sampler_unit(header: &ProgramInterface, name: &str) -> std::result::Result<u8, String> {
    header.sampler_unit(name).map_err(|why| match why {
        Unresolved::NotFound => format!("the header names no sampler `{name}`"),
        Unresolved::WrongKind(kind) => format!("`{name}` is a {}, not a sampler", kind.noun()),
        _ => format!("the header gives `{name}` no texture unit"),
    })
}

/// The parameter a name sets: a uniform named in the header, else a DECLARE of that name.
fn parameter(
    program: &Program,
    header: &ProgramInterface,
    name: &str,
) -> std::result::Result<Slot, String> {
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
) -> std::result::Result<(), String> {
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
