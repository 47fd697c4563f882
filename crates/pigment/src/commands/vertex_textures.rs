//! Textures for the vertex stage of `pigment render --vertex-entry`: `--tex NAME=TARGET:FILE`
//! binds a texture to the vertex program's sampler `NAME` (its Cg name) or, with a number, to the
//! sampler whose `TEXUNITn` that is; the same `--tex` may serve the fragment program too.
//!
//! A vertex has no derivatives, so its lookups give their level of detail: `tex2Dlod`'s λ is
//! turned into derivatives of 2^λ texels along s and t (which the machine's texture units turn
//! back into λ, `nvfp::texture::lod`), and `tex2D(s, c, dx, dy)` passes its own.

use crate::bindings::filter_of;
use crate::cli::BindingArgs;
use crate::failure::Failure;
use crate::values::parse_texture_binding;
use nvfp::isa::TexTarget;
use nvfp::texture::Texture;
use pigment_ir::interp::{SampleRequest, Textures};
use pigment_ir::Function;

/// The texture of each of a vertex function's samplers (in `Function::samplers` order).
pub struct VertexTextures {
    by_sampler: Vec<Option<Texture>>,
}

impl VertexTextures {
    /// Loads the `--tex` bindings that name one of `func`'s samplers; returns them and, per
    /// `--tex` entry, whether this stage took it.
    pub fn bind(
        func: &Function,
        args: &BindingArgs,
    ) -> Result<(VertexTextures, Vec<bool>), Failure> {
        let filter = filter_of(args.filter);
        let mut by_sampler = vec![None; func.samplers.len()];
        let mut taken = Vec::new();
        for binding in &args.textures {
            let (name, rest) = binding.split_once('=').unwrap_or((binding, ""));
            let name = name.trim();
            let number = name.parse::<u32>().ok();
            let found = func.samplers.iter().find(|(_, s)| match number {
                Some(n) => s.unit == Some(n),
                None => s.name == name.replace('.', "$") || s.name == name,
            });
            let Some((h, _)) = found else {
                taken.push(false);
                continue;
            };
            let (_, target, file) =
                parse_texture_binding(&format!("0={rest}")).map_err(Failure::Usage)?;
            let texture = nvfp::image::load_texture(target, &file)
                .map_err(|e| Failure::Usage(format!("`--tex {binding}`: {e}")))?
                .with_filter(filter);
            by_sampler[h.index()] = Some(texture);
            taken.push(true);
        }
        Ok((VertexTextures { by_sampler }, taken))
    }
}

impl Textures for VertexTextures {
    fn sample(&mut self, r: &SampleRequest) -> [f32; 4] {
        let Some(Some(texture)) = self.by_sampler.get(r.sampler.index()) else {
            return [0.0; 4];
        };
        let c = r.quad_coords[r.fragment];
        let xyz = |v: [f32; 4]| [v[0], v[1], v[2]];
        let (dx, dy) = match (r.gradients, r.lod) {
            (Some((dx, dy)), _) => (xyz(dx), xyz(dy)),
            (None, Some(lod)) => {
                // One step of 2^λ texels: RECT coordinates are in texels, the others in [0, 1].
                let [w, h, _] = texture.size().map(|n| n.max(1) as f32);
                let step = lod.exp2();
                if texture.target() == TexTarget::Rect {
                    ([step, 0.0, 0.0], [0.0, step, 0.0])
                } else {
                    ([step / w, 0.0, 0.0], [0.0, step / h, 0.0])
                }
            }
            (None, None) => ([0.0; 3], [0.0; 3]),
        };
        texture.sample(xyz(c), dx, dy)
    }
}
