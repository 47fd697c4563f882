//! `pigment compile --target arbfp1|arbvp1` (and cgc's `--profile`) as a user runs it: the
//! programs load and draw on Mesa's llvmpipe (a real ARB_fragment_program and
//! ARB_vertex_program) with the uniform values their headers' `c[N]` bindings and `#default`
//! lines give; what ARB lacks is a located error naming the profile.

mod common;

use common::{pigment, scratch, stderr, stdout, write};
use gl_oracle::{Inputs, Oracle};

const TINT: &str = "\
float4 main(float2 uv : TEXCOORD0, uniform half3 tint = half3(0.5, 0.25, 1.0),
            uniform float gain) : COLOR
{
    half3 c = tint * uv.x;
    if (uv.y > 0.5) c = c.bgr;
    return float4(c * (1.0 + gain), 1.0);
}
";

#[test]
fn an_arbfp1_program_draws_on_llvmpipe_with_its_header_bindings() {
    let dir = scratch("arbfp1");
    let file = write(&dir, "tint.cg", TINT);
    let out = pigment(&["compile", &file, "--profile", "arbfp1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("!!ARBfp1.0\n"), "{text}");
    assert!(text.contains("#profile arbfp1"), "{text}");
    // The header says where each uniform goes; the runtime loads the defaults itself.
    let slot = |name: &str| -> u32 {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("#var {name}")) || l.contains(&format!(" {name} :")))
            .unwrap_or_else(|| panic!("no #var for {name}:\n{text}"));
        let c = line.split(" : ").nth(2).unwrap();
        c.trim_start_matches("c[")
            .trim_end_matches(']')
            .parse()
            .unwrap()
    };
    let gain = 0.5;
    let inputs = Inputs {
        locals: vec![
            (slot("tint"), [0.5, 0.25, 1.0, 0.0]),
            (slot("gain"), [gain, 0.0, 0.0, 0.0]),
        ],
        textures: Vec::new(),
    };
    let mut oracle = Oracle::new().expect("llvmpipe (scripts/test installs Mesa)");
    let pixels = oracle.draw_reference_quad(&text, 4, 4, &inputs).unwrap();
    for (k, px) in pixels.chunks(4).enumerate() {
        let (s, t) = ((k % 4) as f32 * 0.25 + 0.125, (k / 4) as f32 * 0.25 + 0.125);
        let c = [0.5 * s, 0.25 * s, 1.0 * s];
        let c = if t > 0.5 { [c[2], c[1], c[0]] } else { c };
        let want = [c[0] * 1.5, c[1] * 1.5, c[2] * 1.5, 1.0];
        assert!(
            px.iter().zip(&want).all(|(g, w)| (g - w).abs() < 1e-5),
            "pixel {k}: {px:?}, want {want:?}"
        );
    }
}

#[test]
fn what_arbfp1_lacks_is_a_located_error() {
    let dir = scratch("arbfp1-refusal");
    let src =
        "float4 main(float2 uv : TEXCOORD0) : COLOR\n{\n    return float4(ddx(uv), 0, 1);\n}\n";
    let file = write(&dir, "d.cg", src);
    let out = pigment(&["compile", &file, "--target", "arbfp1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("d.cg:3:19: error: profile `arbfp1` has no derivatives"),
        "{}",
        stderr(&out)
    );
}

/// A libretro-style pair: the vertex stage scales the texture coordinates and passes a colour.
const PAIR: &str = "\
struct v2f { float4 pos : POSITION; float2 uv : TEXCOORD0; float4 col : COLOR0; };
v2f main_vertex(float4 pos : POSITION, float2 uv : TEXCOORD0,
                uniform float4x4 modelViewProj, uniform float2 scale = float2(2.0, 0.5))
{
    v2f o;
    o.pos = mul(modelViewProj, pos);
    o.uv = uv * scale;
    o.col = float4(uv.x > 0.5 ? 1.0 : 0.0, sin(uv.y), 0.25, 1.0);
    return o;
}
float4 main_fragment(float2 uv : TEXCOORD0, float4 col : COLOR0) : COLOR
{
    return float4(uv, col.x + col.z, col.y);
}
";

#[test]
fn an_arbvp1_and_arbfp1_pair_draws_on_llvmpipe() {
    let dir = scratch("arbvp1");
    let file = write(&dir, "pair.cg", PAIR);
    let vp = pigment(&[
        "compile",
        &file,
        "--profile",
        "arbvp1",
        "--entry",
        "main_vertex",
    ]);
    assert_eq!(vp.status.code(), Some(0), "{}", stderr(&vp));
    let fp = pigment(&[
        "compile",
        &file,
        "--profile",
        "arbfp1",
        "--entry",
        "main_fragment",
    ]);
    assert_eq!(fp.status.code(), Some(0), "{}", stderr(&fp));
    let (vp, fp) = (stdout(&vp), stdout(&fp));
    assert!(
        vp.starts_with("!!ARBvp1.0\n") && vp.contains("#profile arbvp1"),
        "{vp}"
    );
    // The header's bindings: the matrix rows from c[N] on, the scale's default loaded by hand.
    let slot = |name: &str| -> u32 {
        let line = vp
            .lines()
            .find(|l| l.starts_with("#var") && l.contains(&format!(" {name} :")))
            .unwrap_or_else(|| panic!("no #var for {name}:\n{vp}"));
        let c = line.split(" : ").nth(2).unwrap();
        c.trim_start_matches("c[")
            .split(']')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let m = slot("modelViewProj");
    let mut locals: Vec<(u32, [f32; 4])> = (0..4)
        .map(|r| {
            (
                m + r,
                std::array::from_fn(|c| f32::from(u8::from(c == r as usize))),
            )
        })
        .collect();
    locals.push((slot("scale"), [2.0, 0.5, 0.0, 0.0]));
    let vertex = gl_oracle::VertexProgram {
        text: &vp,
        locals: &locals,
    };
    let mut oracle = Oracle::new().expect("llvmpipe (scripts/test installs Mesa)");
    let pixels = oracle
        .draw_with_vertex_program(vertex, &fp, 4, 4, &Inputs::default())
        .unwrap();
    // Varyings are interpolated linearly from the corners' values: the step in x is taken at
    // the corners (0 or 1), sin(t) at t = 0 and 1.
    for (k, px) in pixels.chunks(4).enumerate() {
        let (s, t) = ((k % 4) as f32 * 0.25 + 0.125, (k / 4) as f32 * 0.25 + 0.125);
        let want = [2.0 * s, 0.5 * t, s + 0.25, t * 1f32.sin()];
        assert!(
            px.iter().zip(&want).all(|(g, w)| (g - w).abs() < 1e-4),
            "pixel {k}: {px:?}, want {want:?}"
        );
    }
}

#[test]
fn what_arbvp1_lacks_is_a_located_error() {
    let dir = scratch("arbvp1-refusal");
    let src = "float4 main(float4 p : POSITION, uniform sampler2D s) : POSITION\n{\n    \
               return p + tex2Dlod(s, float4(p.xy, 0, 0));\n}\n";
    let file = write(&dir, "v.cg", src);
    let out = pigment(&["compile", &file, "--target", "arbvp1"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("v.cg:3:"), "{}", stderr(&out));
    assert!(stderr(&out).contains("arbvp1"), "{}", stderr(&out));
}
