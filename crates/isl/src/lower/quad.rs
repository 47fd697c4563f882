//! The vertex function that draws a surface on the reference quad: the clip position and the
//! texture coordinate (s, t, 0, 1) pass through, to `POSITION` and `TEXCOORD0`; for the lights
//! ([`super::lights`]) the quad's normal N = (0, 0, 1, 0) goes to `TEXCOORD1` and its surface
//! position P = `POSITION` (on the reference quad (2s − 1, 2t − 1, 0, 1)) to `TEXCOORD2`.

use pigment_ir::{Function, FunctionBuilder, Stage, Type, WriteMask};

/// `quad_vertex`: inputs `POSITION` and `TEXCOORD0` (float4), copied to the outputs of the same
/// semantics; outputs `TEXCOORD1` (the normal (0, 0, 1, 0)) and `TEXCOORD2` (the position).
pub fn quad_vertex() -> Function {
    let mut b = FunctionBuilder::new("quad_vertex");
    b.set_stage(Stage::Vertex);
    let pos = b.input("in_position", Type::FLOAT4, Some("POSITION"));
    let tex = b.input("in_texcoord", Type::FLOAT4, Some("TEXCOORD0"));
    let out_pos = b.output("position", Type::FLOAT4, Some("POSITION"));
    let out_tex = b.output("texcoord", Type::FLOAT4, Some("TEXCOORD0"));
    let out_normal = b.output("normal", Type::FLOAT4, Some("TEXCOORD1"));
    let out_surface = b.output("surface_position", Type::FLOAT4, Some("TEXCOORD2"));
    let p = b.load_input(pos);
    let t = b.load_input(tex);
    let n = b.float(&[0.0, 0.0, 1.0, 0.0]);
    b.store(out_pos, WriteMask::all(4), p);
    b.store(out_tex, WriteMask::all(4), t);
    b.store(out_normal, WriteMask::all(4), n);
    b.store(out_surface, WriteMask::all(4), p);
    // The builder only fails on unclosed regions, which this straight-line body has none of.
    b.finish().unwrap_or_else(|_| Function::new("quad_vertex"))
}
