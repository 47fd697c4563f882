//! Drawing an IR fragment function as GLSL on llvmpipe and by the IR interpreter, shared by
//! tests/llvmpipe.rs and examples/measure_glsl.rs: a pass-through vertex shader written by this crate,
//! the bindings read from the shaders' reflection, and the first pixel that differs.
#![allow(dead_code)]

use crate::quad::{self, close, texels, SIZE, TEX};
use gl_oracle::{Filter, GlslInputs, GlslUniform, Oracle, OracleTexture, TextureTarget};
use pigment_glsl::{names::source_name, Glsl, Precision, Version};
use pigment_ir::{Function, Vector};

pub const PASS_THROUGH: &str = "vertex fn quad(
    in $p: float4 @POSITION, in $t0: float4 @TEXCOORD0, in $t1: float4 @TEXCOORD1,
    in $c0: float4 @COLOR0, in $c1: float4 @COLOR1,
    out $pos: float4 @POSITION, out $o0: float4 @TEXCOORD0, out $o1: float4 @TEXCOORD1,
    out $oc0: float4 @COLOR0, out $oc1: float4 @COLOR1,
) {
  %0: float4 = input $p
  store $pos, %0
  %1: float4 = input $t0
  store $o0, %1
  %2: float4 = input $t1
  store $o1, %2
  %3: float4 = input $c0
  store $oc0, %3
  %4: float4 = input $c1
  store $oc1, %4
}
";

pub fn function(text: &str, name: &str) -> Function {
    let module = pigment_ir::parse(text).unwrap();
    let h = module.function(name).unwrap();
    module.functions[h].clone()
}

/// What the draw binds, from the shaders' reflection: uniform values by Cg name, sampler units
/// with the test texture, attribute and output locations by name.
pub fn inputs(f: &Function, uniforms: &[Vec<Vector>], shaders: &[&Glsl]) -> GlslInputs {
    let mut inputs = GlslInputs::default();
    for glsl in shaders {
        let r = &glsl.reflection;
        for u in r["uniforms"].as_array().unwrap() {
            let cg = u["cg_name"].as_str().unwrap();
            let Some((h, iu)) = f.uniforms.iter().find(|(_, x)| source_name(&x.name) == cg) else {
                continue;
            };
            inputs.uniforms.push(GlslUniform {
                name: u["name"].as_str().unwrap().into(),
                width: iu.ty.width,
                int: !iu.ty.kind.is_real(),
                elements: uniforms[h.index()]
                    .iter()
                    .map(|v| {
                        std::array::from_fn(|c| {
                            if c < iu.ty.width as usize {
                                if iu.ty.kind.is_real() {
                                    v.f32(c)
                                } else {
                                    v.bits[c] as i32 as f32
                                }
                            } else {
                                0.0
                            }
                        })
                    })
                    .collect(),
            });
        }
        for s in r["samplers"].as_array().unwrap() {
            let unit = s["unit"].as_u64().unwrap() as u32;
            inputs
                .samplers
                .push((s["name"].as_str().unwrap().into(), unit));
            let texture =
                OracleTexture::new(TextureTarget::D2, [TEX, TEX, 1], texels(), Filter::Linear);
            inputs.textures.push((unit, texture));
        }
        for a in r["attributes"].as_array().unwrap() {
            if let Some(l) = a["location"].as_u64() {
                inputs
                    .attributes
                    .push((a["name"].as_str().unwrap().into(), l as u32));
            }
        }
        for o in r["outputs"].as_array().unwrap() {
            if let (Some(l), false) = (o["location"].as_u64(), o["builtin"].as_bool().unwrap()) {
                inputs
                    .outputs
                    .push((o["name"].as_str().unwrap().into(), l as u32));
            }
        }
    }
    inputs
}

/// The first pixel where llvmpipe's picture of `f` as GLSL `version` differs from the
/// interpreter's, and how many pixels llvmpipe drew.
pub fn compare(
    oracle: &mut Oracle,
    f: &Function,
    uniforms: &[Vec<Vector>],
    version: Version,
) -> Result<(Option<String>, usize), String> {
    compare_precise(oracle, f, uniforms, version, Precision::Target)
}

/// [`compare`] with the fragment shader written in `precision`.
pub fn compare_precise(
    oracle: &mut Oracle,
    f: &Function,
    uniforms: &[Vec<Vector>],
    version: Version,
    precision: Precision,
) -> Result<(Option<String>, usize), String> {
    let fs = pigment_glsl::write_precise(f, version, &Default::default(), precision)
        .map_err(|d| d.message)?;
    let gpu = llvmpipe_picture(oracle, f, &fs, uniforms, version)?;
    let reference = quad::interpreted(f, uniforms)?;
    let lit = gpu
        .chunks(4)
        .filter(|px| px.iter().any(|&c| c != 0.0))
        .count();
    let bad = gpu
        .chunks(4)
        .zip(&reference)
        .enumerate()
        .find(|(_, (g, r))| g.iter().zip(r.iter()).any(|(&g, &r)| !close(g, r)))
        .map(|(k, (g, r))| {
            format!(
                "pixel ({}, {}): llvmpipe {g:?}, interpreter {r:?}\n{}",
                k as u32 % SIZE,
                k as u32 / SIZE,
                fs.text
            )
        });
    Ok((bad, lit))
}

/// llvmpipe's picture (4 floats a pixel, row j = 0 first) of the fragment shader `fs`, written
/// for `f` as GLSL `version`, with a pass-through vertex shader; an error carries the text.
pub fn llvmpipe_picture(
    oracle: &mut Oracle,
    f: &Function,
    fs: &Glsl,
    uniforms: &[Vec<Vector>],
    version: Version,
) -> Result<Vec<f32>, String> {
    let vertex = function(PASS_THROUGH, "quad");
    let vs = pigment_glsl::write(&vertex, version).map_err(|d| d.message)?;
    let bind = inputs(f, uniforms, &[&vs, fs]);
    oracle
        .draw_glsl(&vs.text, &fs.text, SIZE, SIZE, &bind)
        .map_err(|e| format!("{e}\n{}", fs.text))
}
