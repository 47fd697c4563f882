//! `pigment compile --target arbfp1` (and cgc's `--profile arbfp1`) as a user runs it: the
//! program loads and draws on Mesa's llvmpipe (a real ARB_fragment_program) with the uniform
//! values its header's `c[N]` bindings and `#default` lines give; what ARB lacks is a located
//! error naming the profile.

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
    let vp = pigment(&["compile", &file, "--target", "arbvp1"]);
    assert_eq!(vp.status.code(), Some(2));
    assert!(stderr(&vp).contains("arbvp1"), "{}", stderr(&vp));
}
