//! The vertex stage of a two-stage render (`pigment render --vertex-entry`): the vertex function runs in the IR's
//! reference interpreter once per vertex of the reference quad's triangle strip, and its outputs
//! become the rasterizer's vertices.
//!
//! The four vertices sit at (s, t) = (0,0), (1,0), (0,1), (1,1) (reference-quad.md) and carry the
//! attributes the spec's table gives, by semantic: `POSITION` = (2s-1, 2t-1, 0, 1), `TEXCOORD0` =
//! (s, t, 0, 1), `TEXCOORD1` = (1-s, 2t-1, (s+t)/2, 1), `COLOR0` = (s, t, 1-s, 1), `COLOR1` =
//! (t, s, 0.5, 1); every other attribute (0, 0, 0, 1). Uniforms hold their defaults, a matrix
//! without one the identity, until `--param` sets them by Cg name (`modelViewProj[1]` a row,
//! `IN.video_size` a struct member). The outputs go to the attribute registers the fragment program
//! reads: `TEXCOORDn` to `f[TEXn]`, `COLOR0`/`COLOR1` to `f[COL0]`/`f[COL1]`, `FOG` to `f[FOGC]`; the
//! `POSITION` output is the clip position; an output cgc packs into a used set (its `component`)
//! fills that set from its component on. Components a narrower output leaves, or the program does
//! not write, are (0, 0, 0, 1)'s.
//! Texture lookups go to [`super::vertex_textures`].

use crate::error::{Error, Result};
use crate::uniforms::typed;
use nvfp::isa::AttribReg;
use nvfp::raster::Vertex;
use pigment_cg::check::{vertex_input, vertex_output};
use pigment_ir::interp::{run_vertex, Textures};
use pigment_ir::{Function, Input, Vector};

/// The strip's corners, (s, t), in drawing order.
const CORNERS: [(f32, f32); 4] = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)];

/// What a register holds where nothing wrote it.
pub const UNSET: [f32; 4] = [0.0, 0.0, 0.0, 1.0];

/// The value of the attribute with `semantic` at corner (s, t).
pub fn attribute(semantic: Option<&str>, s: f32, t: f32) -> [f32; 4] {
    match semantic.and_then(vertex_input).as_deref() {
        Some("POSITION") => [2.0 * s - 1.0, 2.0 * t - 1.0, 0.0, 1.0],
        Some("TEXCOORD0") => [s, t, 0.0, 1.0],
        Some("TEXCOORD1") => [1.0 - s, 2.0 * t - 1.0, (s + t) / 2.0, 1.0],
        Some("COLOR0") => [s, t, 1.0 - s, 1.0],
        Some("COLOR1") => [t, s, 0.5, 1.0],
        _ => UNSET,
    }
}

/// The uniform values of `func`: defaults, identity matrices, then every parameter that names one
/// of its uniforms by Cg name. Returns the values and, per `params` entry, whether this stage took
/// it.
pub fn uniform_values(
    func: &Function,
    params: &[(String, [f32; 4])],
) -> Result<(Vec<Vec<Vector>>, Vec<bool>)> {
    let mut values = crate::uniforms::initial_values(func);
    let mut taken = Vec::new();
    for (name, value) in params {
        let value = *value;
        let path = name.replace(['.', '['], "$").replace(']', "");
        let found = func.uniforms.iter().find_map(|(h, u)| {
            // `None`: no index given.
            let element = match path.strip_prefix(u.name.as_str())? {
                "" => None,
                rest => Some(rest.strip_prefix('$')?.parse::<usize>().ok()?),
            };
            Some((h, u, element))
        });
        let Some((h, u, element)) = found else {
            taken.push(false);
            continue;
        };
        let len = u.array_len.unwrap_or(1) as usize;
        let element = match (element, u.array_len) {
            (None, None) => Some(0),
            (Some(e), Some(_)) if e < len => Some(e),
            _ => None,
        };
        let Some(element) = element else {
            return Err(Error::Request(format!(
                "`--param {name}`: the vertex program's `{name}` has {len} element(s); set each \
                 as `{name}[N]`, N from 0"
            )));
        };
        values[h.index()][element] = typed(u.ty, value);
        taken.push(true);
    }
    Ok((values, taken))
}

/// The attribute register a vertex output feeds, by its semantic.
fn register(semantic: &str) -> Option<AttribReg> {
    let canonical = vertex_output(semantic)?;
    match canonical.as_str() {
        "COLOR0" => Some(AttribReg::Col0),
        "COLOR1" => Some(AttribReg::Col1),
        "FOG" => Some(AttribReg::Fogc),
        c => c
            .strip_prefix("TEXCOORD")
            .and_then(|n| n.parse().ok())
            .map(AttribReg::Tex),
    }
}

/// Runs `func` (a vertex function) for the four vertices of the strip, the attributes of each
/// corner given by `attribute(input, s, t)` ([`attribute`] by semantic; a runtime with its own
/// conventions, as libretro's presets and Parasol programs, gives its own).
pub fn run_quad_vertices_with(
    func: &Function,
    uniforms: &[Vec<Vector>],
    textures: &mut dyn Textures,
    attribute: &dyn Fn(&Input, f32, f32) -> [f32; 4],
) -> Result<Vec<Vertex>> {
    let is_position =
        |s: &Option<String>| s.as_deref().and_then(vertex_output).as_deref() == Some("POSITION");
    let Some((position, _)) = func.outputs.iter().find(|(_, o)| is_position(&o.semantic)) else {
        return Err(Error::Request(format!(
            "the vertex entry `{}` has no POSITION output",
            func.name
        )));
    };
    CORNERS
        .iter()
        .map(|&(s, t)| {
            let inputs: Vec<Vector> = func
                .inputs
                .iter()
                .map(|(_, i)| typed(i.ty, attribute(i, s, t)))
                .collect();
            let result = run_vertex(func, &inputs, uniforms, &mut *textures).map_err(|e| {
                Error::Internal(format!("the vertex entry `{}` fails: {e}", func.name))
            })?;
            let mut vertex = Vertex::default();
            for reg in vertex.attribs.iter_mut() {
                *reg = UNSET;
            }
            // NV's f[FOGC] is (f, 0, 0, 0).
            vertex.attribs[AttribReg::Fogc.index()] = [0.0; 4];
            vertex.clip = UNSET;
            for ((h, o), out) in func.outputs.iter().zip(&result.outputs) {
                let target = if h == position {
                    &mut vertex.clip
                } else if let Some(reg) = o.semantic.as_deref().and_then(register) {
                    &mut vertex.attribs[reg.index()]
                } else {
                    continue;
                };
                // Only written components: an output the program never writes binds nothing. A
                // packed output starts at its component (`TEXCOORD0` from z).
                let first = usize::from(o.component);
                for (c, x) in out.value.to_f32s().into_iter().enumerate() {
                    if out.written.0 & (1 << c) != 0 {
                        if let Some(slot) = target.get_mut(first + c) {
                            *slot = x;
                        }
                    }
                }
            }
            Ok(vertex)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_follow_the_reference_quad_table() {
        assert_eq!(attribute(Some("POSITION"), 1.0, 0.0), [1.0, -1.0, 0.0, 1.0]);
        assert_eq!(attribute(Some("TEXCOORD"), 0.0, 1.0), [0.0, 1.0, 0.0, 1.0]);
        assert_eq!(attribute(Some("TEXCOORD1"), 0.0, 1.0), [1.0, 1.0, 0.5, 1.0]);
        assert_eq!(attribute(Some("DIFFUSE"), 1.0, 1.0), [1.0, 1.0, 0.0, 1.0]);
        assert_eq!(attribute(Some("COLOR1"), 1.0, 0.0), [0.0, 1.0, 0.5, 1.0]);
        assert_eq!(attribute(Some("NORMAL"), 1.0, 0.0), UNSET);
        assert_eq!(attribute(None, 1.0, 0.0), UNSET);
    }

    #[test]
    fn outputs_feed_the_fragment_registers() {
        assert_eq!(register("TEXCOORD3"), Some(AttribReg::Tex(3)));
        assert_eq!(register("TEX2"), Some(AttribReg::Tex(2)));
        assert_eq!(register("COLOR"), Some(AttribReg::Col0));
        assert_eq!(register("COL1"), Some(AttribReg::Col1));
        assert_eq!(register("FOG"), Some(AttribReg::Fogc));
        assert_eq!(register("PSIZE"), None);
        assert_eq!(register("POSITION"), None);
    }
}
