//! The reference quad drawn through both stages: a vertex function run per vertex of the quad's
//! strip in the IR interpreter ([`super::vertex`]), its outputs interpolated perspective-correct
//! into the attribute registers of a fragment program on the machine.
//!
//! Parameters serve both stages: a name the vertex function has sets its uniform there, and goes
//! to the fragment program too when the fragment's interface knows the name (libretro's
//! `IN.video_size` is in both).

use super::bindings::{Bindings, TextureSlot};
use super::vertex::{run_quad_vertices_with, uniform_values};
use super::vertex_textures::VertexTextures;
use super::{shade, Loaded, RenderOptions, Rendered};
use crate::error::Result;
use nvfp::raster::{rasterize_strip, QuadBatch, Vertex};
use nvfp::texture::Texture;
use pigment_ir::{Function, Input};

/// A vertex stage: the function and the attributes of the quad's corners.
pub struct VertexStage<'a> {
    /// The vertex function.
    pub function: &'a Function,
    /// The attribute an input gets at corner (s, t) ([`super::vertex::attribute`] by semantic).
    pub attribute: &'a dyn Fn(&Input, f32, f32) -> [f32; 4],
}

/// Parameter values by Cg name.
pub type Params = Vec<(String, [f32; 4])>;

/// The strip's vertices from `stage` with `params` (by Cg name), and the parameters the fragment
/// program gets: those the vertex function did not take, and those it took that the fragment's
/// interface names too.
pub fn vertices(
    stage: &VertexStage<'_>,
    params: &[(String, [f32; 4])],
    textures: &mut VertexTextures,
    fragment: &Loaded,
) -> Result<(Vec<Vertex>, Params)> {
    let (uniforms, taken) = uniform_values(stage.function, params)?;
    let vertices = run_quad_vertices_with(stage.function, &uniforms, textures, stage.attribute)?;
    let fragment_params = params
        .iter()
        .zip(&taken)
        .filter(|((name, _), &vertex_took)| !vertex_took || fragment_knows(fragment, name))
        .map(|(param, _)| param.clone())
        .collect();
    Ok((vertices, fragment_params))
}

/// Whether the fragment program's interface has the uniform `name`.
pub fn fragment_knows(loaded: &Loaded, name: &str) -> bool {
    loaded
        .interface
        .parameter_slots(name.trim())
        .is_ok_and(|slots| !slots.is_empty())
}

/// The textures the vertex function's samplers name, and those the fragment program gets: the
/// ones the vertex function did not take, and those it took that the fragment also has (a unit
/// number, or a sampler its interface names).
fn split_textures(
    func: &Function,
    textures: &[(TextureSlot, Texture)],
    fragment: &Loaded,
) -> (VertexTextures, Vec<(TextureSlot, Texture)>) {
    let mut vertex = VertexTextures::new(func);
    let mut rest = Vec::new();
    for (slot, texture) in textures {
        let (name, fragment_has) = match slot {
            TextureSlot::Unit(unit) => (unit.to_string(), true),
            TextureSlot::Sampler(name) => {
                (name.clone(), fragment.interface.sampler_unit(name).is_ok())
            }
        };
        let vertex_took = vertex.bind(func, &name, || texture.clone());
        if !vertex_took || fragment_has {
            rest.push((slot.clone(), texture.clone()));
        }
    }
    (vertex, rest)
}

/// Renders `loaded` behind `stage` into a new target of `options`' size.
pub fn render_through(
    loaded: &Loaded,
    stage: VertexStage<'_>,
    options: &RenderOptions,
) -> Result<Rendered> {
    let (mut textures, fragment_textures) =
        split_textures(stage.function, &options.bindings.textures, loaded);
    let (strip, params) = vertices(&stage, &options.bindings.params, &mut textures, loaded)?;
    let bindings = Bindings {
        locals: options.bindings.locals.clone(),
        params,
        textures: fragment_textures,
    };
    shade(loaded, &bindings, options, |shader, frame| {
        let mut batch = QuadBatch::default();
        rasterize_strip(&strip, frame.width, frame.height, &mut batch);
        nvfp::render::shade(shader, &batch, frame);
    })
}

#[cfg(test)]
mod tests {
    use crate::render::RenderOptions;
    use crate::{CompileRequest, Session, Target};

    /// reference-quad.md: the strip's corners carry TEXCOORD0 = (s, t, 0, 1) at (s, t) in {0, 1}²;
    /// a vertex function that swaps s and t into TEXCOORD0 makes the fragment program that returns
    /// TEXCOORD0 draw (t, s) at each pixel centre: pixel (i, j) of a 4x4 target has
    /// s = (i + 0.5) / 4, t = (j + 0.5) / 4.
    #[test]
    fn the_vertex_stage_feeds_the_fragment_program() {
        let mut session = Session::new();
        session.add_source(
            "swap.cg",
            "void v(float4 p : POSITION, float4 t : TEXCOORD0,\n\
             out float4 op : POSITION, out float4 ot : TEXCOORD0) { op = p; ot = t.yxzw; }\n\
             float4 f(float4 t : TEXCOORD0) : COLOR { return t; }\n",
        );
        let request = CompileRequest::new("swap.cg", Target::Fp30)
            .entry("f")
            .vertex_entry("v");
        let rendered = session.render(&request, &RenderOptions::new(4, 4)).unwrap();
        let (i, j) = (3, 0);
        let pixel = rendered.image.pixels[j * 4 + i];
        assert_eq!(pixel, [0.125, 0.875, 0.0, 1.0]);
    }
}
