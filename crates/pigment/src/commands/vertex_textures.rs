//! `--tex NAME=TARGET:FILE` for the vertex stage: each binding that names one of the vertex
//! function's samplers is loaded (only those, so that the fragment program's files are not read
//! twice) into the library's [`VertexTextures`].

use crate::bindings::filter_of;
use crate::cli::BindingArgs;
use crate::failure::Failure;
use crate::values::parse_texture_binding;
use pigment::render::vertex_textures::{sampler_named, VertexTextures};
use pigment_ir::Function;

/// The vertex stage's textures and, per `--tex` entry, whether this stage took it.
pub fn bind(func: &Function, args: &BindingArgs) -> Result<(VertexTextures, Vec<bool>), Failure> {
    let filter = filter_of(args.filter);
    let mut textures = VertexTextures::new(func);
    let mut taken = Vec::new();
    for binding in &args.textures {
        let (name, rest) = binding.split_once('=').unwrap_or((binding, ""));
        if sampler_named(func, name).is_none() {
            taken.push(false);
            continue;
        }
        let (_, target, file) =
            parse_texture_binding(&format!("0={rest}")).map_err(Failure::Usage)?;
        let texture = nvfp::image::load_texture(target, &file)
            .map_err(|e| Failure::Usage(format!("`--tex {binding}`: {e}")))?
            .with_filter(filter);
        taken.push(textures.bind(func, name, || texture));
    }
    Ok((textures, taken))
}
