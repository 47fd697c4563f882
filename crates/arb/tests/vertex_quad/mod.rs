//! Test support for ARB vertex programs (included by path from tests/vertex_llvmpipe.rs and
//! examples/measure_arb.rs): the reference quad's conventional attributes, the fragment program
//! that shows one varying, and the picture a vertex function's varying should make, from
//! `run_vertex` at the quad's corners interpolated over the strip's two triangles as GL does.

use super::quad;
use pigment_ir::{Function, ScalarKind, Vector};

/// The conventional attributes gl-oracle's quad gives at corner (s, t), by semantic.
pub fn attribute(semantic: &str, s: f32, t: f32) -> [f32; 4] {
    match semantic.to_ascii_uppercase().as_str() {
        "POSITION" => [2.0 * s - 1.0, 2.0 * t - 1.0, 0.0, 1.0],
        "TEXCOORD0" | "TEXCOORD" => [s, t, 0.0, 1.0],
        "TEXCOORD1" => [1.0 - s, 2.0 * t - 1.0, (s + t) / 2.0, 1.0],
        "COLOR0" | "COLOR" => [s, t, 1.0 - s, 1.0],
        "COLOR1" => [t, s, 0.5, 1.0],
        "NORMAL" => [0.0, 0.0, 1.0, 1.0],
        t if t.starts_with("TEXCOORD") => [0.0, 0.0, 0.0, 1.0],
        // Not fed by the quad: `drawable` refuses programs that read such an input.
        _ => [0.0; 4],
    }
}

/// The fragment program that shows varying `semantic`, and the components it shows.
pub fn shower(semantic: &str) -> Option<(String, usize)> {
    let upper = semantic.to_ascii_uppercase();
    let (register, comps) = match upper.as_str() {
        "COLOR0" | "COLOR" => ("fragment.color".to_string(), 4),
        "COLOR1" => ("fragment.color.secondary".to_string(), 4),
        "FOG" => ("fragment.fogcoord".to_string(), 1),
        t if t.starts_with("TEXCOORD") => {
            let set: u32 = t[8..].parse().unwrap_or(0);
            (format!("fragment.texcoord[{set}]"), 4)
        }
        _ => return None,
    };
    Some((
        format!("!!ARBfp1.0\nMOV result.color, {register};\nEND\n"),
        comps,
    ))
}

/// The uniforms: matrices the identity, libretro's sizes as the measurements set them, the rest
/// their defaults.
pub fn uniforms(f: &Function) -> Vec<Vec<Vector>> {
    let mut values = quad::libretro_uniforms(f);
    for ((_, u), v) in f.uniforms.iter().zip(&mut values) {
        if u.matrix {
            for (row, element) in v.iter_mut().enumerate() {
                let mut r = [0.0; 4];
                r[row] = 1.0;
                *element = Vector::reals(u.ty.kind, &r[..u.ty.width as usize]);
            }
        }
    }
    values
}

/// The components of its register that output `o` decides when `comps` of the register are
/// shown: all of them (with the (0, 0, 0, 1) the back ends leave where it writes nothing) unless
/// another output shares the register, as one without a semantic packed into the free components
/// of a texture coordinate set does (`float2 t8` after a `float2 : TEXCOORD0` is its `.zw`); then
/// only its own.
pub fn owned(f: &Function, o: usize, comps: usize) -> std::ops::Range<usize> {
    let output = &f.outputs[pigment_ir::Handle::from_index(o)];
    let register = |s: &Option<String>| s.as_deref().map(str::to_ascii_uppercase);
    let shared = f
        .outputs
        .iter()
        .any(|(h, p)| h.index() != o && register(&p.semantic) == register(&output.semantic));
    match shared {
        true => {
            let first = usize::from(output.component);
            first..(first + usize::from(output.ty.width)).min(comps)
        }
        false => 0..comps,
    }
}

/// `run_vertex`'s value of output `o` at corner (s, t), in its register's components (from its
/// `component` on); the components it does not write are (0, 0, 0, 1)'s, as the back ends start
/// a varying.
pub fn corner(f: &Function, u: &[Vec<Vector>], o: usize, s: f32, t: f32) -> [f32; 4] {
    let inputs: Vec<Vector> = f
        .inputs
        .iter()
        .map(|(_, i)| {
            let a = attribute(i.semantic.as_deref().unwrap_or(""), s, t);
            Vector::reals(i.ty.kind, &a[..i.ty.width as usize])
        })
        .collect();
    let r = pigment_ir::interp::run_vertex(f, &inputs, u, &mut quad::units(f)).unwrap();
    let (v, written) = (r.outputs[o].value, r.outputs[o].written);
    let first = usize::from(f.outputs[pigment_ir::Handle::from_index(o)].component);
    std::array::from_fn(|register_c| match register_c.checked_sub(first) {
        Some(c) => own(v, written, c, register_c),
        None => [0.0, 0.0, 0.0, 1.0][register_c],
    })
}

/// Component `c` of output value `v` (its register's `register_c`), or the start value there
/// where the output does not write it.
fn own(v: Vector, written: pigment_ir::WriteMask, c: usize, register_c: usize) -> f32 {
    match c < v.width() && written.enabled(c) {
        true if v.ty.kind == ScalarKind::Int => v.i32(c) as f32,
        true if v.ty.kind == ScalarKind::Bool => f32::from(u8::from(v.bool(c))),
        true => v.f32(c),
        false => [0.0, 0.0, 0.0, 1.0][register_c],
    }
}

/// The values of `uniforms` in the ARB program's `program.local` slots (one per uniform element,
/// in declaration order, as `slots` lists them).
pub fn locals(slots: &[(u32, [f32; 4])], uniforms: &[Vec<Vector>]) -> Vec<(u32, [f32; 4])> {
    let values = uniforms
        .iter()
        .flatten()
        .map(|v| std::array::from_fn(|c| if c < v.width() { v.f32(c) } else { 0.0 }));
    slots
        .iter()
        .zip(values.chain(std::iter::repeat([0.0; 4])))
        .map(|(&(slot, _), v)| (slot, v))
        .collect()
}

/// Whether every read input of `f` has a conventional attribute the quad sets, and the position
/// output is the position input (as a libretro program with an identity matrix makes it).
pub fn drawable(f: &Function, u: &[Vec<Vector>]) -> bool {
    let known = [
        "POSITION",
        "TEXCOORD0",
        "TEXCOORD",
        "TEXCOORD1",
        "COLOR0",
        "COLOR",
        "COLOR1",
    ];
    let read = pigment_ir::slots::read_inputs(f);
    let inputs_ok = f.inputs.iter().zip(read).all(|((_, i), read)| {
        !read
            || known.contains(
                &i.semantic
                    .as_deref()
                    .unwrap_or("")
                    .to_ascii_uppercase()
                    .as_str(),
            )
    });
    let Some((p, _)) = f.outputs.iter().find(|(_, o)| {
        matches!(
            o.semantic
                .as_deref()
                .map(str::to_ascii_uppercase)
                .as_deref(),
            Some("POSITION" | "HPOS")
        )
    }) else {
        return false;
    };
    inputs_ok
        && [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
            .iter()
            .all(|&(s, t)| {
                corner(f, u, p.index(), s, t)
                    .iter()
                    .zip(attribute("POSITION", s, t))
                    .all(|(a, b)| (a - b).abs() < 1e-6)
            })
}

/// The picture varying output `o` of `f` makes, `size` x `size`, row 0 at the bottom.
pub fn expected(f: &Function, u: &[Vec<Vector>], o: usize, size: u32) -> Vec<[f32; 4]> {
    let corners =
        [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map(|(s, t)| corner(f, u, o, s, t));
    let mut out = Vec::new();
    for j in 0..size {
        for i in 0..size {
            let (s, t) = (
                (i as f32 + 0.5) / size as f32,
                (j as f32 + 0.5) / size as f32,
            );
            out.push(std::array::from_fn(|c| {
                let [v0, v1, v2, v3] = corners.map(|v| v[c]);
                if s + t <= 1.0 {
                    v0 + s * (v1 - v0) + t * (v2 - v0)
                } else {
                    v3 + (1.0 - s) * (v2 - v3) + (1.0 - t) * (v1 - v3)
                }
            }));
        }
    }
    out
}
