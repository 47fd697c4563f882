//! `pigment compile --target glsl:VERSION` as a user runs it: a libretro-style Cg program (a CRT
//! shader: scanlines from the texture size, a shadow mask, a texture lookup, vertex and fragment
//! entries) turned into a vertex and a fragment shader that glslangValidator accepts, bound by
//! their `--reflect json` alone, and drawn on Mesa's llvmpipe: the picture matches `pigment
//! render --vertex-entry`'s (the vertex program in the IR interpreter, the fragment program as
//! fp30 on the NV machine) within 2e-3. Also the errors a user meets.

mod common;

use common::{json, pigment, raw_pixels, scratch, stderr, stdout, write};
use gl_oracle::{Filter, GlslInputs, GlslUniform, Oracle, OracleTexture, TextureTarget};
use std::path::Path;
use std::process::Command;

const CRT: &str = "\
struct input { float2 video_size; float2 texture_size; float2 output_size; };
struct vout { float4 position : POSITION; float2 tex : TEXCOORD0; float2 pix : TEXCOORD1; };

vout main_vertex(float4 position : POSITION, float2 tex : TEXCOORD0,
                 uniform float4x4 modelViewProj, uniform input IN)
{
    vout OUT;
    OUT.position = mul(modelViewProj, position);
    OUT.tex = tex;
    OUT.pix = tex * IN.texture_size;
    return OUT;
}

float4 main_fragment(in vout v, uniform sampler2D decal : TEXUNIT0, uniform input IN) : COLOR
{
    float3 c = tex2D(decal, v.tex).rgb;
    float scan = 0.6 + 0.4 * pow(sin(3.14159265 * frac(v.pix.y)), 2.0);
    float3 mask = frac(v.pix.x * 0.5) < 0.5 ? float3(1.0, 0.7, 0.7) : float3(0.7, 1.0, 0.7);
    return float4(c * scan * mask, 1.0);
}
";

const SIZE: u32 = 32;
const TEX: u32 = 8;

/// An 8x8 RGB test picture, the same upside down (so row order cannot matter).
fn texel(x: u32, y: u32) -> [u8; 4] {
    let y = y.min(TEX - 1 - y);
    [
        (x * 30 + 10) as u8,
        (y * 60 + 20) as u8,
        ((x + y) * 15) as u8,
        255,
    ]
}

fn write_png(path: &Path) {
    let file = std::fs::File::create(path).unwrap();
    let mut encoder = png::Encoder::new(file, TEX, TEX);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let data: Vec<u8> = (0..TEX * TEX)
        .flat_map(|k| texel(k % TEX, k / TEX))
        .collect();
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&data)
        .unwrap();
}

fn glslang_accepts(dir: &Path, text: &str, ext: &str) {
    let path = dir.join(format!("shader.{ext}"));
    std::fs::write(&path, text).unwrap();
    let out = Command::new("glslangValidator")
        .arg(&path)
        .output()
        .expect("glslangValidator runs (scripts/test installs glslang-tools)");
    assert!(
        out.status.success(),
        "{}\n{text}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// Compiles one stage; its text and its reflection.
fn stage(file: &str, entry: &str, stage: &str, target: &str) -> (String, serde_json::Value) {
    let base = [
        "compile", file, "--entry", entry, "--stage", stage, "--target", target,
    ];
    let text = pigment(&base);
    assert_eq!(text.status.code(), Some(0), "{}", stderr(&text));
    let reflection = json(&pigment(&[&base[..], &["--reflect", "json"]].concat()));
    (stdout(&text), reflection)
}

/// Everything the two stages' reflections (docs/reflection.md) ask to bind: uniforms by Cg name,
/// samplers by unit, each under the name the GLSL declares (`target_name`); what the shader does
/// not declare has none.
fn bindings(reflections: &[&serde_json::Value]) -> GlslInputs {
    let mut inputs = GlslInputs::default();
    let declared = |list: &serde_json::Value| -> Vec<serde_json::Value> {
        let all = list.as_array().unwrap().iter();
        all.filter(|e| e["target_name"].is_string())
            .cloned()
            .collect()
    };
    for r in reflections {
        assert_eq!(r["schema"], "pigment-reflection-2");
        for u in declared(&r["uniforms"]) {
            let name = u["target_name"].as_str().unwrap().to_string();
            let elements = match u["name"].as_str().unwrap() {
                "IN.texture_size" => vec![[TEX as f32, TEX as f32, 0.0, 0.0]],
                "modelViewProj" => (0..4)
                    .map(|r| std::array::from_fn(|c| f32::from(r == c)))
                    .collect(),
                other => panic!("unexpected uniform {other}"),
            };
            // The GLSL type of one element: a matrix is declared as its rows (`vec4 M[4]`).
            let ty = u["target_type"].as_str().unwrap();
            let width = ty
                .trim_start_matches(char::is_alphabetic)
                .parse()
                .unwrap_or(1);
            inputs.uniforms.push(GlslUniform {
                name,
                width,
                int: false,
                elements,
            });
        }
        for s in declared(&r["textures"]) {
            let unit = s["unit"].as_u64().unwrap() as u32;
            inputs
                .samplers
                .push((s["target_name"].as_str().unwrap().into(), unit));
            let texels = (0..TEX * TEX)
                .map(|k| texel(k % TEX, k / TEX).map(|b| f32::from(b) / 255.0))
                .collect();
            inputs.textures.push((
                unit,
                OracleTexture::new(TextureTarget::D2, [TEX, TEX, 1], texels, Filter::Linear),
            ));
        }
        // A vertex stage's inputs are the attributes; a fragment stage's outputs the colours.
        let vertex = r["stage"] == "vertex";
        for a in declared(&r["inputs"]).iter().filter(|_| vertex) {
            if let Some(l) = a["location"].as_u64() {
                inputs
                    .attributes
                    .push((a["target_name"].as_str().unwrap().into(), l as u32));
            }
        }
        for o in declared(&r["outputs"]).iter().filter(|_| !vertex) {
            if let (Some(l), None) = (o["location"].as_u64(), o.get("builtin")) {
                inputs
                    .outputs
                    .push((o["target_name"].as_str().unwrap().into(), l as u32));
            }
        }
    }
    inputs
}

/// The GLSL versions the drawing tests compile for.
const TARGETS: [&str; 4] = ["glsl:120", "glsl:330", "glsl:es300", "glsl:es100"];

/// The machine's rendering of `file`'s `main_vertex` and `main_fragment` (`pigment render`, with
/// `extra` arguments), SIZE x SIZE.
fn machine_render(dir: &Path, file: &str, extra: &[&str]) -> Vec<[f32; 4]> {
    let raw = dir.join("machine.f32");
    let size = format!("{SIZE}x{SIZE}");
    let raw_arg = raw.display().to_string();
    let mut args = vec![
        "render",
        file,
        "--vertex-entry",
        "main_vertex",
        "--entry",
        "main_fragment",
        "--size",
        &size,
        "--raw",
        &raw_arg,
    ];
    args.extend_from_slice(extra);
    let rendered = pigment(&args);
    assert_eq!(rendered.status.code(), Some(0), "{}", stderr(&rendered));
    raw_pixels(&raw)
}

/// `file`'s `main_vertex` and `main_fragment` as `target` GLSL, each accepted by glslangValidator,
/// with their reflections.
fn both_stages(
    dir: &Path,
    file: &str,
    target: &str,
) -> (String, serde_json::Value, String, serde_json::Value) {
    let (vs, vr) = stage(file, "main_vertex", "vertex", target);
    let (fs, fr) = stage(file, "main_fragment", "fragment", target);
    glslang_accepts(dir, &vs, "vert");
    glslang_accepts(dir, &fs, "frag");
    (vs, vr, fs, fr)
}

#[test]
fn a_crt_shader_becomes_glsl_that_draws_what_pigment_renders() {
    let dir = scratch("crt");
    let file = write(&dir, "crt.cg", CRT);
    let png = dir.join("picture.png");
    write_png(&png);
    let tex = format!("0=2D:{}", png.display());
    let machine = machine_render(
        &dir,
        &file,
        &["--tex", &tex, "--param", "IN.texture_size=8,8"],
    );
    let mut oracle = Oracle::new().expect("llvmpipe (scripts/test installs Mesa)");
    for target in TARGETS {
        let (vs, vr, fs, fr) = both_stages(&dir, &file, target);
        assert!(
            vs.contains("IN_texture_size"),
            "Cg names stay recognisable:\n{vs}"
        );
        let gpu = oracle
            .draw_glsl(&vs, &fs, SIZE, SIZE, &bindings(&[&vr, &fr]))
            .unwrap_or_else(|e| panic!("{target}: {e}\n{vs}\n{fs}"));
        let mut lit = 0;
        for (k, (g, m)) in gpu.chunks(4).zip(&machine).enumerate() {
            lit += usize::from(g[0] > 0.05);
            let close = g
                .iter()
                .zip(m)
                .all(|(g, m)| (g - m).abs() <= 2e-3 * m.abs().max(1.0));
            assert!(
                close,
                "{target}: pixel {k}: llvmpipe {g:?}, machine {m:?}\n{fs}"
            );
        }
        assert!(
            lit > (SIZE * SIZE / 2) as usize,
            "{target}: the picture is mostly black"
        );
    }
}

#[test]
fn varyings_packed_into_used_sets_draw_on_llvmpipe_as_pigment_renders_them() {
    // t8 and t9 live in the free components of TEXCOORD0 and TEXCOORD1 (common::PACKED_VARYINGS):
    // each GLSL version writes and reads them there, and the two stages, compiled apart, meet.
    let dir = scratch("packed");
    let file = write(&dir, "packed.cg", common::PACKED_VARYINGS);
    let machine = machine_render(&dir, &file, &[]);
    let mut oracle = Oracle::new().expect("llvmpipe (scripts/test installs Mesa)");
    for target in TARGETS {
        let (vs, vr, fs, fr) = both_stages(&dir, &file, target);
        let gpu = oracle
            .draw_glsl(&vs, &fs, SIZE, SIZE, &bindings(&[&vr, &fr]))
            .unwrap_or_else(|e| panic!("{target}: {e}\n{vs}\n{fs}"));
        for (k, (g, m)) in gpu.chunks(4).zip(&machine).enumerate() {
            let close = g.iter().zip(m).all(|(g, m)| (g - m).abs() <= 2e-3);
            assert!(
                close,
                "{target}: pixel {k}: llvmpipe {g:?}, machine {m:?}\n{vs}\n{fs}"
            );
        }
    }
}

#[test]
fn what_a_version_cannot_express_is_a_located_error_naming_it() {
    let dir = scratch("refusal");
    let src = "float4 main(float2 uv : TEXCOORD0, uniform samplerRECT r) : COLOR { return texRECT(r, uv); }\n";
    let file = write(&dir, "rect.cg", src);
    let out = pigment(&["compile", &file, "--target", "glsl:es300"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("rect.cg:1:")
            && stderr(&out).contains("GLSL ES 3.00 has no rectangle samplers"),
        "{}",
        stderr(&out)
    );
    let ok = pigment(&["compile", &file, "--target", "glsl:140"]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    assert!(
        stdout(&ok).contains("uniform sampler2DRect r;"),
        "{}",
        stdout(&ok)
    );
    let bad = pigment(&["compile", &file, "--target", "glsl:350"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("unknown GLSL version `350`"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn cgc_profile_names_select_glsl_and_the_stage() {
    let dir = scratch("profiles");
    let file = write(&dir, "crt.cg", CRT);
    let vertex = pigment(&[
        "compile",
        &file,
        "--profile",
        "glslv",
        "--entry",
        "main_vertex",
    ]);
    assert_eq!(vertex.status.code(), Some(0), "{}", stderr(&vertex));
    assert!(
        stdout(&vertex).starts_with("#version 120\n"),
        "{}",
        stdout(&vertex)
    );
    assert!(
        stdout(&vertex).contains("gl_TexCoord[0] = vec4(gl_MultiTexCoord0.xy, 0.0, 1.0);"),
        "{}",
        stdout(&vertex)
    );
    let fragment = pigment(&[
        "compile",
        &file,
        "--profile",
        "glslf",
        "--entry",
        "main_fragment",
    ]);
    assert_eq!(fragment.status.code(), Some(0), "{}", stderr(&fragment));
    assert!(
        stdout(&fragment).contains("gl_FragColor = "),
        "{}",
        stdout(&fragment)
    );
}

#[test]
fn one_command_writes_both_stages() {
    let dir = scratch("pair");
    let file = write(&dir, "crt.cg", CRT);
    let out = dir.join("glsl");
    let o = pigment(&[
        "compile",
        &file,
        "--target",
        "glsl:330",
        "--vertex-entry",
        "main_vertex",
        "--entry",
        "main_fragment",
        "-o",
        &out.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let vs = std::fs::read_to_string(out.join("crt.vert")).unwrap();
    let fs = std::fs::read_to_string(out.join("crt.frag")).unwrap();
    // The same texts as one stage at a time.
    assert_eq!(vs, stage(&file, "main_vertex", "vertex", "glsl:330").0);
    assert_eq!(fs, stage(&file, "main_fragment", "fragment", "glsl:330").0);
    glslang_accepts(&dir, &vs, "vert");
    glslang_accepts(&dir, &fs, "frag");
}

/// `--precision fp30`: `half` arithmetic goes through the fp16 rounding helper, the shader still
/// validates, the default output has no helper, and a version without bit casts gets the helper
/// by arithmetic.
#[test]
fn precision_fp30_rounds_half_with_or_without_bit_casts() {
    let dir = scratch("glsl-precision");
    let file = write(
        &dir,
        "h.cg",
        "half4 main(half2 uv : TEXCOORD0, uniform half k) : COLOR { return half4(uv * k + 0.1, uv.x / k, 1); }\n",
    );
    let compile = |version: &str, extra: &[&str]| {
        pigment(&[&["compile", &file, "--target", version], extra].concat())
    };
    let exact = compile("glsl:330", &["--precision", "fp30"]);
    assert_eq!(exact.status.code(), Some(0), "{}", stderr(&exact));
    let text = stdout(&exact);
    assert!(text.contains("cg_half("), "{text}");
    glslang_accepts(&dir, &text, "frag");
    let plain = stdout(&compile("glsl:330", &[]));
    assert!(!plain.contains("cg_half"), "{plain}");
    let old = compile("glsl:120", &["--precision", "fp30"]);
    assert_eq!(old.status.code(), Some(0), "{}", stderr(&old));
    let text = stdout(&old);
    assert!(
        text.contains("cg_half(") && !text.contains("BitsTo"),
        "{text}"
    );
    glslang_accepts(&dir, &text, "frag");
}
