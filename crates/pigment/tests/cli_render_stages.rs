//! `pigment render --vertex-entry`: the reference quad drawn through a Cg vertex program (run per
//! vertex) and a fragment program (fp30 on the machine). Expected pixels are computed by hand from
//! reference-quad.md (pixel (i, j) at s = (i + 0.5) / W, t = (j + 0.5) / H, the strip's vertices at
//! (s, t) = 0 and 1) and the shaders' formulas.

mod common;

use common::{pigment, raw_pixels, scratch, stderr, write};
use std::path::Path;

/// W*H RGBA floats of a `--raw` file, bottom row first.
/// Renders `src` at 4x2 with `extra` arguments; the raw pixels.
fn render(test: &str, src: &str, extra: &[&str]) -> Vec<[f32; 4]> {
    let dir = scratch(test);
    let file = write(&dir, "shader.cg", src);
    let raw = dir.join("out.f32");
    let raw_arg = raw.display().to_string();
    let mut args = vec!["render", &file, "--size", "4x2", "--raw", &raw_arg];
    args.extend_from_slice(extra);
    let out = pigment(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("warning"), "{}", stderr(&out));
    raw_pixels(&raw)
}

/// Every pixel of the 4x2 picture `px` is close to `want(s, t)`, (s, t) its centre.
fn assert_each_pixel(px: &[[f32; 4]], want: impl Fn(f32, f32) -> [f32; 4]) {
    for j in 0..2 {
        for i in 0..4 {
            let (s, t) = ((i as f32 + 0.5) / 4.0, (j as f32 + 0.5) / 2.0);
            assert_close(px[j * 4 + i], want(s, t), &format!("({i}, {j})"));
        }
    }
}

fn assert_close(got: [f32; 4], want: [f32; 4], what: &str) {
    let ok = got.iter().zip(&want).all(|(g, w)| (g - w).abs() <= 1e-5);
    assert!(ok, "{what}: got {got:?}, want {want:?}");
}

const MOVE: &str = "\
void main_vertex(float4 position : POSITION, float2 tex : TEXCOORD0,
    uniform float4x4 modelViewProj, uniform float2 shift,
    out float4 oPosition : POSITION, out float2 oTex : TEXCOORD0)
{
    oPosition = mul(modelViewProj, position);
    oTex = tex * 2.0 + shift;
}
float4 main_fragment(float2 uv : TEXCOORD0) : COLOR { return float4(uv, 0.25, 1); }
";

#[test]
fn a_vertex_program_scales_and_moves_texture_coordinates() {
    let px = render(
        "move",
        MOVE,
        &[
            "--vertex-entry",
            "main_vertex",
            "--entry",
            "main_fragment",
            "--param",
            "shift=0.5,-1",
        ],
    );
    // modelViewProj is the identity by default: the quad fills the target.
    assert_each_pixel(&px, |s, t| [2.0 * s + 0.5, 2.0 * t - 1.0, 0.25, 1.0]);
}

#[test]
fn model_view_projection_rows_are_settable() {
    // x' = 0.5x - 0.5: the quad covers the left half; the right half keeps the clear colour.
    let px = render(
        "mvp",
        MOVE,
        &[
            "--vertex-entry",
            "main_vertex",
            "--entry",
            "main_fragment",
            "--param",
            "modelViewProj[0]=0.5,0,0,-0.5",
        ],
    );
    for j in 0..2 {
        let t = (j as f32 + 0.5) / 2.0;
        // Pixel centres at window x 0.5 and 1.5 are s = 0.25 and 0.75 of the squeezed quad.
        assert_close(px[j * 4], [0.5, 2.0 * t, 0.25, 1.0], "left");
        assert_close(px[j * 4 + 1], [1.5, 2.0 * t, 0.25, 1.0], "left");
        assert_eq!(px[j * 4 + 2], [0.0; 4]);
        assert_eq!(px[j * 4 + 3], [0.0; 4]);
    }
}

#[test]
fn varyings_interpolate_perspective_correct() {
    // w = 0.5x + 1: the left vertices have w = 0.5, the right ones 1.5. Along the quad, clip x =
    // 2s - 1 and w = 0.5 + s, so a pixel at NDC X sees s = (1 + X/2) / (2 - X): X = -0.75, -0.25,
    // 0.25 give 0.227273, 0.388889, 0.642857; X = 0.75 lies right of the right edge (NDC 2/3).
    // (Screen-space interpolation would give 0.46875 for the first.)
    let src = "\
void main_vertex(float4 position : POSITION, float2 tex : TEXCOORD0, uniform float4x4 modelViewProj,
    out float4 oPosition : POSITION, out float2 oTex : TEXCOORD0)
{ oPosition = mul(modelViewProj, position); oTex = tex; }
float4 main_fragment(float2 uv : TEXCOORD0) : COLOR { return float4(uv.x, 0, 0, 1); }
";
    let px = render(
        "perspective",
        src,
        &[
            "--vertex-entry",
            "main_vertex",
            "--entry",
            "main_fragment",
            "--param",
            "modelViewProj[3]=0.5,0,0,1",
        ],
    );
    for j in 0..2 {
        for (i, s) in [0.625f32 / 2.75, 0.875 / 2.25, 1.125 / 1.75]
            .into_iter()
            .enumerate()
        {
            assert_close(px[j * 4 + i], [s, 0.0, 0.0, 1.0], &format!("({i}, {j})"));
        }
        assert_eq!(px[j * 4 + 3], [0.0; 4]);
    }
}

/// A two-stage shader shaped like libretro's: a struct of outputs whose `texel` member names no
/// semantic (the lowest free texture coordinate set on both sides: TEXCOORD1), computed in the
/// vertex program from the `IN` uniforms the fragment program shares.
const LIBRETRO: &str = "\
struct input { float2 video_size; float2 texture_size; float2 output_size; };
struct out_vertex {
    float4 position : POSITION;
    float2 tex : TEXCOORD0;
    float2 texel;
    float4 color : COLOR;
};
out_vertex main_vertex(float4 position : POSITION, float2 tex : TEXCOORD0, float4 color : COLOR,
    uniform float4x4 modelViewProj, uniform input IN)
{
    out_vertex OUT;
    OUT.position = mul(modelViewProj, position);
    OUT.tex = tex;
    OUT.texel = tex * IN.texture_size / IN.video_size;
    OUT.color = color;
    return OUT;
}
float4 main_fragment(in out_vertex VOUT, uniform input IN) : COLOR
{
    return float4(VOUT.texel, VOUT.tex.x * IN.output_size.x, VOUT.color.z);
}
";

#[test]
fn a_libretro_shaped_shader_renders_through_both_stages() {
    let px = render(
        "libretro",
        LIBRETRO,
        &[
            "--vertex-entry",
            "main_vertex",
            "--entry",
            "main_fragment",
            "--param",
            "IN.video_size=2,4",
            "--param",
            "IN.texture_size=4,8",
            "--param",
            "IN.output_size=3,0",
        ],
    );
    // texel = (s, t)·(4, 8)/(2, 4) = (2s, 2t); tex.x·3; COLOR0's z = 1 - s.
    assert_each_pixel(&px, |s, t| [2.0 * s, 2.0 * t, 3.0 * s, 1.0 - s]);
}

#[test]
fn without_a_vertex_entry_render_uses_the_reference_quad() {
    // TEXCOORD0 straight from the reference quad: (s, t).
    let px = render("plain", MOVE, &["--entry", "main_fragment"]);
    assert_close(px[0], [0.125, 0.25, 0.25, 1.0], "(0, 0)");
    assert_close(px[7], [0.875, 0.75, 0.25, 1.0], "(3, 1)");
}

#[test]
fn vertex_profile_errors_point_into_the_file() {
    let dir = scratch("errors");
    let file = write(
        &dir,
        "bad.cg",
        "float4 main_vertex(float4 p : POSITION) : POSITION\n{\n    return ddx(p);\n}\nfloat4 main(float2 uv : TEXCOORD0) : COLOR { return 1; }\n",
    );
    let out = pigment(&[
        "render",
        &file,
        "--vertex-entry",
        "main_vertex",
        "-o",
        &dir.join("x.png").display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out)
            .contains("bad.cg:3:12: error: `ddx` is not available in vertex profile `vp40`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_vertex_entry_without_a_position_is_refused() {
    let dir = scratch("noposition");
    let file = write(
        &dir,
        "nopos.cg",
        "void main_vertex(float2 tex : TEXCOORD0, out float2 o : TEXCOORD0) { o = tex; }\nfloat4 main(float2 uv : TEXCOORD0) : COLOR { return 1; }\n",
    );
    let out = pigment(&[
        "render",
        &file,
        "--vertex-entry",
        "main_vertex",
        "-o",
        &dir.join("x.png").display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("has no POSITION output"),
        "{}",
        stderr(&out)
    );
}

/// Writes a 2x2 RGBA PNG whose texel in column c and picture row r (row 0 on top, at t = 1) is
/// (255c, 255(1 - r), 128, 255).
fn write_lut(dir: &Path) -> String {
    let path = dir.join("lut.png");
    let file = std::fs::File::create(&path).unwrap();
    let mut encoder = png::Encoder::new(file, 2, 2);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let rows: Vec<u8> = [0u8, 1]
        .iter()
        .flat_map(|&r| (0..2u8).flat_map(move |c| [255 * c, 255 * (1 - r), 128, 255]))
        .collect();
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&rows)
        .unwrap();
    path.display().to_string()
}

/// Renders a two-stage program whose vertex stage writes `lookup` (an expression reading the 2x2
/// `lut` of [`write_lut`] at the corner's `tex`) into COLOR0, which the fragment stage returns.
fn vertex_lookup(name: &str, lookup: &str, options: &[&str]) -> Vec<[f32; 4]> {
    let dir = scratch(name);
    let tex = format!("lut=2D:{}", write_lut(&dir));
    let src = format!(
        "\
void main_vertex(float4 position : POSITION, float2 tex : TEXCOORD0, uniform sampler2D lut,
    out float4 oPosition : POSITION, out float4 oColor : COLOR0)
{{
    oPosition = position;
    oColor = {lookup};
}}
float4 main_fragment(float4 c : COLOR0) : COLOR {{ return c; }}
"
    );
    let mut args = vec![
        "--vertex-entry",
        "main_vertex",
        "--entry",
        "main_fragment",
        "--tex",
        &tex,
    ];
    args.extend_from_slice(options);
    render(name, &src, &args)
}

#[test]
fn vertex_programs_read_textures_at_an_explicit_level_of_detail() {
    // Each corner reads the texel at (0.25 + 0.5s, 0.25 + 0.5t): column s, the row at t, so
    // COLOR0 = (s, t, 128/255, 1) at the corners, affine in (s, t): every pixel gets its own
    // (s, t). The fragment program does not know `lut`, and no warning says it.
    let px = vertex_lookup(
        "vertex_texture",
        "tex2Dlod(lut, float4(0.25 + 0.5 * tex, 0, 0))",
        &["--filter", "nearest"],
    );
    assert_each_pixel(&px, |s, t| [s, t, 128.0 / 255.0, 1.0]);
}

#[test]
fn vertex_programs_fetch_texels_by_their_indices() {
    // Corner (s, t) fetches texel (s, t) of level 0: storage row 1 is the picture's top row (t = 1),
    // so COLOR0 = (s, t, 128/255, 1) at the corners, as with tex2Dlod above. A filtered lookup at
    // those integer coordinates would wrap 1 to 0 and give other colours at three corners.
    let px = vertex_lookup("vertex_fetch", "texelFetch(lut, int2(tex), 0)", &[]);
    assert_each_pixel(&px, |s, t| [s, t, 128.0 / 255.0, 1.0]);
}

#[test]
fn an_unassigned_member_leaves_its_set_to_an_unnamed_one() {
    // `d : TEXCOORD1` is never assigned, so the unnamed `a` takes TEXCOORD1 on both sides (cgc's
    // binding) and d's declaration, after a's, must not overwrite it.
    let src = "\
struct V { float4 pos : POSITION; float2 a; float4 d : TEXCOORD1; };
V main_vertex(float4 position : POSITION, float2 tex : TEXCOORD0)
{ V o; o.pos = position; o.a = tex * 3.0; return o; }
float4 main_fragment(in V v) : COLOR { return float4(v.a, 0, 1); }
";
    let px = render(
        "unassigned",
        src,
        &["--vertex-entry", "main_vertex", "--entry", "main_fragment"],
    );
    assert_each_pixel(&px, |s, t| [3.0 * s, 3.0 * t, 0.0, 1.0]);
}

#[test]
fn outputs_packed_into_used_sets_meet_the_fragment_inputs_packed_alike() {
    // t8 is TEX0.zw and t9 TEX1.w on both sides (common::PACKED_VARYINGS, bindings from cgc).
    let px = render(
        "packed",
        common::PACKED_VARYINGS,
        &["--vertex-entry", "main_vertex", "--entry", "main_fragment"],
    );
    assert_each_pixel(&px, |s, t| {
        [
            s / 2.0,
            t / 2.0,
            t / 4.0 + 0.25 + (1.0 - s) / 2.0,
            s / 4.0 + 0.25 + 0.1875,
        ]
    });
}
