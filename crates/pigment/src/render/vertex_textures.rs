//! Textures for the vertex stage of a two-stage render: a texture is bound to the vertex program's
//! sampler by its Cg name or, with a number, to the sampler whose `TEXUNITn` that is; the same
//! binding may serve the fragment program too.
//!
//! A vertex has no derivatives, so its lookups give their level of detail: `tex2Dlod`'s λ is
//! turned into derivatives of 2^λ texels along s and t (which the machine's texture units turn
//! back into λ, `nvfp::texture::lod`), `tex2D(s, c, dx, dy)` passes its own, and `texelFetch`
//! reads a texel by its indices (`fetch`, which the preset chain's interpreted passes share).

use nvfp::isa::TexTarget;
use nvfp::texture::Texture;
use pigment_ir::interp::{SampleRequest, Textures};
use pigment_ir::Function;

/// The texture of each of a vertex function's samplers (in `Function::samplers` order).
pub struct VertexTextures {
    by_sampler: Vec<Option<Texture>>,
}

impl VertexTextures {
    /// No textures for `func`'s samplers yet (lookups give (0, 0, 0, 0)).
    pub fn new(func: &Function) -> VertexTextures {
        VertexTextures {
            by_sampler: vec![None; func.samplers.len()],
        }
    }

    /// Binds `texture` to the sampler `name` names — its Cg name, or a number: the sampler whose
    /// `TEXUNITn` that is. Returns whether `func` has such a sampler.
    pub fn bind(&mut self, func: &Function, name: &str, texture: impl FnOnce() -> Texture) -> bool {
        match sampler_named(func, name) {
            Some(index) => {
                self.by_sampler[index] = Some(texture());
                true
            }
            None => false,
        }
    }
}

/// The index of `func`'s sampler called `name` (its Cg name, `IN.tex` or `IN$tex`), or bound to
/// texture unit `name` when it is a number.
pub fn sampler_named(func: &Function, name: &str) -> Option<usize> {
    let name = name.trim();
    let number = name.parse::<u32>().ok();
    func.samplers
        .iter()
        .find(|(_, s)| match number {
            Some(n) => s.unit == Some(n),
            None => s.name == name.replace('.', "$") || s.name == name,
        })
        .map(|(h, _)| h.index())
}

/// `texelFetch`: the texel at integer indices `coords` of mip level `level`, read as stored (no
/// filter, no wrap); (0, 0, 0, 0) outside the level or for a level the texture lacks, as GL leaves
/// such a fetch undefined and the IR's interpreter defines it.
pub(crate) fn fetch(texture: &Texture, coords: [f32; 4], level: i32) -> [f32; 4] {
    let [x, y, z, _] = coords.map(|c| c as i64);
    let texel = usize::try_from(level).ok().and_then(|l| {
        let at = |v: i64| usize::try_from(v).ok();
        texture.level(0, l)?.texel(at(x)?, at(y)?, at(z)?)
    });
    texel.map_or([0.0; 4], |t| texture.format().result_vector(t))
}

/// An explicit level of detail λ as derivatives the machine's texture units turn back into λ: one
/// step of 2^λ texels along s and along t (RECT coordinates count texels, the others run over
/// [0, 1]). The preset chain's interpreted passes share it.
pub(crate) fn lod_steps(texture: &Texture, lod: f32) -> (f32, f32) {
    let step = lod.exp2();
    if texture.target() == TexTarget::Rect {
        return (step, step);
    }
    let [w, h, _] = texture.size().map(|n| n.max(1) as f32);
    (step / w, step / h)
}

impl Textures for VertexTextures {
    fn sample(&mut self, r: &SampleRequest) -> [f32; 4] {
        let Some(Some(texture)) = self.by_sampler.get(r.sampler.index()) else {
            return [0.0; 4];
        };
        let c = r.quad_coords[r.fragment];
        if let Some(level) = r.fetch_level {
            return fetch(texture, c, level);
        }
        let xyz = |v: [f32; 4]| [v[0], v[1], v[2]];
        let (dx, dy) = match (r.gradients, r.lod) {
            (Some((dx, dy)), _) => (xyz(dx), xyz(dy)),
            (None, Some(lod)) => {
                let (ds, dt) = lod_steps(texture, lod);
                ([ds, 0.0, 0.0], [0.0, dt, 0.0])
            }
            (None, None) => ([0.0; 3], [0.0; 3]),
        };
        texture.sample(xyz(c), dx, dy)
    }
}
