//! `pigment preset`: presets of our own, checked against outputs computed without the chain runner —
//! the same passes composed from single-pass `pigment render` calls (each reading the previous one's
//! PNG, which is what an 8-bit framebuffer keeps), and pixels computed by hand for the float
//! framebuffer, PREV, frame_count_mod and parameter cases.

mod common;

use common::{pigment, png_pixels, scratch, stderr, stdout, write};
use std::path::Path;

/// libretro's `IN` struct, and a vertex stage that passes the texture coordinate through.
const COMMON: &str = "\
struct input { float2 video_size; float2 texture_size; float2 output_size;
    float frame_count; float frame_direction; sampler2D texture; };
struct pass_tex { sampler2D texture; };
void main_vertex(float4 position : POSITION, float2 texCoord : TEXCOORD0,
    uniform float4x4 modelViewProj, out float4 oPosition : POSITION, out float2 oTex : TEXCOORD0)
{
    oPosition = mul(modelViewProj, position);
    oTex = texCoord;
}
";

/// Writes an 8-bit RGBA PNG, rows top first.
fn write_png(path: &Path, width: u32, height: u32, rgba: &[u8]) {
    let file = std::fs::File::create(path).unwrap();
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .unwrap()
        .write_image_data(rgba)
        .unwrap();
}

fn ok(args: &[&str]) -> String {
    let out = pigment(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

const INVERT: &str = "float4 main_fragment(float2 tex : TEXCOORD0, uniform input IN) : COLOR
{ return float4(1.001, 1.001, 1.001, 1.001) - 0.75 * tex2D(IN.texture, tex); }";
const WITH_LUT: &str = "float4 main_fragment(float2 tex : TEXCOORD0, uniform input IN,
    uniform sampler2D lut) : COLOR
{ return 0.5 * tex2D(IN.texture, tex) + 0.5 * tex2D(lut, tex) + 0.001; }";
const WITH_ALIAS: &str = "float4 main_fragment(float2 tex : TEXCOORD0, uniform input IN,
    uniform pass_tex FIRST) : COLOR
{ return abs(tex2D(IN.texture, tex) - tex2D(FIRST.texture, tex)) + float4(0, 0, 0, 0.4); }";

#[test]
fn a_three_pass_chain_matches_composed_single_pass_renders() {
    let dir = scratch("chain3");
    let d = |name: &str| dir.join(name).display().to_string();
    let shaders = [("a.cg", INVERT), ("b.cg", WITH_LUT), ("c.cg", WITH_ALIAS)];
    for (name, body) in shaders {
        write(&dir, name, &format!("{COMMON}{body}"));
    }
    // The shaders add 0.001 (0.255 of a code) where a value could fall on a rounding tie, which
    // GL leaves open, so that every stored value has one correct 8-bit code.
    let input: Vec<u8> = [
        [10, 200, 90, 255],
        [250, 30, 60, 255],
        [0, 77, 160, 255],
        [140, 140, 20, 255],
        [33, 66, 99, 255],
        [180, 5, 240, 255],
        [222, 111, 44, 255],
        [70, 250, 130, 255],
    ]
    .concat();
    write_png(&dir.join("in.png"), 4, 2, &input);
    write_png(
        &dir.join("lut.png"),
        2,
        1,
        &[20, 40, 60, 255, 200, 180, 160, 255],
    );
    write(
        &dir,
        "p.cgp",
        "shaders = 3\nshader0 = a.cg\nalias0 = FIRST\nfilter_linear0 = false\n\
         shader1 = b.cg\nfilter_linear1 = false\nscale_type1 = absolute\nscale1 = 2\n\
         shader2 = \"c.cg\"\nfilter_linear2 = false\n\
         textures = lut\nlut = lut.png\nlut_linear = false\n",
    );
    ok(&[
        "preset",
        &d("p.cgp"),
        "--input",
        &d("in.png"),
        "-o",
        &d("chain.png"),
    ]);

    // The same passes one `pigment render` at a time, each reading the PNG before it.
    let render = |src: &str, size: &str, tex: &[String], out: &str| {
        let mut args = vec![
            "render",
            src,
            "--vertex-entry",
            "main_vertex",
            "--entry",
            "main_fragment",
            "--filter",
            "nearest",
            "--size",
            size,
            "-o",
            out,
        ];
        for t in tex {
            args.extend(["--tex", t.as_str()]);
        }
        ok(&args);
    };
    render(
        &d("a.cg"),
        "4x2",
        &[format!("IN.texture=2D:{}", d("in.png"))],
        &d("ra.png"),
    );
    render(
        &d("b.cg"),
        "2x2",
        &[
            format!("IN.texture=2D:{}", d("ra.png")),
            format!("lut=2D:{}", d("lut.png")),
        ],
        &d("rb.png"),
    );
    render(
        &d("c.cg"),
        "4x2",
        &[
            format!("IN.texture=2D:{}", d("rb.png")),
            format!("FIRST.texture=2D:{}", d("ra.png")),
        ],
        &d("rc.png"),
    );
    let (size, chain) = png_pixels(&dir.join("chain.png"));
    assert_eq!(size, (4, 2));
    assert_eq!(chain, png_pixels(&dir.join("rc.png")).1);
    // And by hand for the top-left pixel. Pass b's 2x2 pixel at s = 0.25 reads pass a's texel
    // x = 1 (input (250, 30, 60)) and LUT texel 0 (20, 40, 60); pass c at s = 0.125 reads that and
    // FIRST's texel 0 (input (10, 200, 90)). In codes, each rounded: a = 255.255 - 0.75 k,
    // b = (a + lut) / 2 + 0.255, c = |b - a|; in alpha a = 64, b = (64 + 255) / 2 + 0.255 -> 160,
    // c = 96 + 0.4 * 255 = 198.
    let a = |k: f32| (255.255 - 0.75 * k).round().min(255.0);
    let b = |k: f32, l: f32| ((a(k) + l) / 2.0 + 0.255).round();
    let c = |k1: f32, l: f32, k0: f32| (b(k1, l) - a(k0)).abs() as u8;
    let want = [
        c(250.0, 20.0, 10.0),
        c(30.0, 40.0, 200.0),
        c(60.0, 60.0, 90.0),
        198,
    ];
    assert_eq!(&chain[..4], &want);
}

/// pass 0 maps the input into [-1, 3] (kept only by a float framebuffer); pass 1 maps it back, adds
/// PREV, scales by the GAIN parameter and writes the frame count in alpha.
const SPREAD: &str = "float4 main_fragment(float2 tex : TEXCOORD0, uniform input IN) : COLOR
{ return tex2D(IN.texture, tex) * 4.0 - 1.0; }";
const BACK: &str = "#pragma parameter GAIN \"gain\" 1.0 0.0 4.0 0.1
uniform float GAIN;
struct prev { sampler2D texture; };
float4 main_fragment(float2 tex : TEXCOORD0, uniform input IN, uniform prev PREV) : COLOR
{
    float3 back = (tex2D(IN.texture, tex).rgb + 1.0) * 0.25;
    return float4(GAIN * (0.5 * back + 0.5 * tex2D(PREV.texture, tex).rgb),
                  0.25 + 0.25 * IN.frame_count);
}";

/// Runs the two-pass preset (`float` framebuffer or not) for 3 frames; each frame's pixels.
fn spread_back(test: &str, float: bool, set: &[&str]) -> Vec<Vec<u8>> {
    let dir = scratch(test);
    let d = |name: &str| dir.join(name).display().to_string();
    write(&dir, "s.cg", &format!("{COMMON}{SPREAD}"));
    write(&dir, "b.cg", &format!("{COMMON}{BACK}"));
    write_png(
        &dir.join("in.png"),
        2,
        1,
        &[50, 100, 150, 255, 250, 0, 130, 255],
    );
    write(
        &dir,
        "p.cgp",
        &format!(
            "shaders = 2\nshader0 = s.cg\nfloat_framebuffer0 = {float}\nfilter_linear0 = false\n\
             shader1 = b.cg\nfilter_linear1 = false\nframe_count_mod1 = 2\n"
        ),
    );
    let mut args = vec![
        "preset".to_string(),
        d("p.cgp"),
        "--input".into(),
        d("in.png"),
        "--frames".into(),
        "3".into(),
        "-o".into(),
        d("f%d.png"),
    ];
    args.extend(set.iter().map(|s| s.to_string()));
    ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    (0..3)
        .map(|f| png_pixels(&dir.join(format!("f{f}.png"))).1)
        .collect()
}

#[test]
fn float_framebuffer_prev_frame_count_mod_by_hand() {
    let frames = spread_back("float_prev", true, &[]);
    // Frame 0: PREV is black, so half the input; alpha 0.25 (63.75 -> 64).
    assert_eq!(frames[0], [25, 50, 75, 64, 125, 0, 65, 64]);
    // Frame 1: PREV is the input, so the input itself; frame_count 1 -> alpha 0.5 (127.5 -> 128).
    assert_eq!(frames[1], [50, 100, 150, 128, 250, 0, 130, 128]);
    // Frame 2: frame_count 2 mod 2 = 0.
    assert_eq!(frames[2], [50, 100, 150, 64, 250, 0, 130, 64]);
}

#[test]
fn an_8_bit_framebuffer_clamps_what_a_float_one_keeps() {
    let frames = spread_back("unorm_prev", false, &[]);
    // 50/255 * 4 - 1 < 0 is stored as 0, so back = 0.25 and frame 0 reads 0.125 -> 31.875 -> 32;
    // 100/255 * 4 - 1 is in [0, 1] and kept (to 8 bits: 145/255), back = 400/1020 -> 50;
    // 150/255 * 4 - 1 > 1 is stored as 1, so back = 0.5 -> 0.25 -> 63.75 -> 64.
    assert_eq!(&frames[0][..3], &[32, 50, 64]);
}

#[test]
fn set_overrides_a_pragma_parameter() {
    let frames = spread_back("gain", true, &["--set", "GAIN=0.5"]);
    assert_eq!(&frames[1][..4], &[25, 50, 75, 128]);
    // An unreadable input named on the command line is a usage error (exit 2), as for every
    // other command.
    let out = pigment(&["preset", "nowhere.cgp", "--info"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot read `nowhere.cgp`"));
}

#[test]
fn info_lists_passes_sizes_formats_and_parameters() {
    let dir = scratch("info");
    write(&dir, "b.cg", &format!("{COMMON}{BACK}"));
    write(
        &dir,
        "p.cgp",
        "shaders = 2\nshader0 = b.cg\nscale_type0 = source\nscale0 = 2\nfloat_framebuffer0 = true\n\
         shader1 = b.cg\nsrgb_framebuffer1 = true\nalias1 = LAST\n",
    );
    let p = dir.join("p.cgp").display().to_string();
    let info = ok(&["preset", &p, "--info", "--output-size", "640x480"]);
    // A float framebuffer is the slang runtimes' RGBA16F, and RetroArch's GL Cg runtime's
    // RGBA32F with `--nv30`.
    assert!(
        info.contains("pass 0: ") && info.contains(" 512x448 RGBA16F"),
        "{info}"
    );
    let nv30 = ok(&["preset", &p, "--info", "--output-size", "640x480", "--nv30"]);
    assert!(nv30.contains(" 512x448 RGBA32F"), "{nv30}");
    assert!(
        info.contains(" 640x480 SRGB8_ALPHA8") && info.contains("alias LAST"),
        "{info}"
    );
    assert!(info.contains("parameter GAIN = 1"), "{info}");
    let bad = pigment(&["preset", &p, "--info", "--set", "NOPE=1"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("no parameter `NOPE` (it has: GAIN)"),
        "{}",
        stderr(&bad)
    );
}

/// A parameter declared in an included file (crt-royale declares its parameters in headers) is
/// the preset's, with the value the preset gives it, and `--set` reaches it.
#[test]
fn a_parameter_declared_in_an_included_file_is_the_presets() {
    let p = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/in/presets/includes/p.cgp"
    );
    let info = ok(&["preset", p, "--info"]);
    assert!(info.contains("parameter GAIN = 0.5"), "{info}");
    let set = ok(&["preset", p, "--info", "--set", "GAIN=0.25"]);
    assert!(set.contains("parameter GAIN = 0.25"), "{set}");
}

#[test]
fn a_malformed_preset_is_a_located_error() {
    let dir = scratch("malformed");
    write(
        &dir,
        "p.cgp",
        "shaders = 1\nshader0 = a.cg\nscale_type0 = huge\n",
    );
    let out = pigment(&["preset", &dir.join("p.cgp").display().to_string(), "--info"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("p.cgp:3:15: error: `scale_type0` must be source"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn t_zero_is_the_top_row_as_in_retroarch() {
    // A 1x2 input and LUT, red on top and blue below; every pixel reads t = 0.25 of both.
    let dir = scratch("orientation");
    let d = |name: &str| dir.join(name).display().to_string();
    write_png(&dir.join("in.png"), 1, 2, &[255, 0, 0, 255, 0, 0, 255, 255]);
    write_png(&dir.join("lut.png"), 1, 2, &[0, 255, 0, 255, 0, 0, 0, 255]);
    let body = "float4 main_fragment(float2 tex : TEXCOORD0, uniform input IN,
        uniform sampler2D lut) : COLOR
    { return tex2D(IN.texture, float2(0.5, 0.25)) + tex2D(lut, float2(0.5, 0.25)); }";
    write(&dir, "o.cg", &format!("{COMMON}{body}"));
    write(
        &dir,
        "p.cgp",
        "shaders = 1\nshader0 = o.cg\nfilter_linear0 = false\ntextures = lut\nlut = lut.png\n\
         lut_linear = false\n",
    );
    ok(&[
        "preset",
        &d("p.cgp"),
        "--input",
        &d("in.png"),
        "-o",
        &d("o.png"),
    ]);
    // Red from the input's top row, green from the LUT's; the output stays upright (2 rows).
    let (size, px) = png_pixels(&dir.join("o.png"));
    assert_eq!(size, (1, 2));
    assert_eq!(px, [255, 255, 0, 255, 255, 255, 0, 255]);
}

#[test]
fn a_main_vertex_from_an_include_runs() {
    let dir = scratch("vertex_include");
    let d = |name: &str| dir.join(name).display().to_string();
    write(
        &dir,
        "v.inc",
        "void main_vertex(float4 position : POSITION, uniform float4x4 modelViewProj,
            uniform input IN, out float4 oPosition : POSITION, out float2 oConst : TEXCOORD1)
        {
            oPosition = mul(modelViewProj, position);
            oConst = float2(0.2, 0.6) * IN.video_size / float2(2.0, 1.0);
        }\n",
    );
    let src = "struct input { float2 video_size; float2 texture_size; float2 output_size;
        float frame_count; float frame_direction; sampler2D texture; };
    #include \"v.inc\"
    float4 main_fragment(float2 c : TEXCOORD1) : COLOR { return float4(c, 0, 1); }";
    write(&dir, "i.cg", src);
    write(&dir, "p.cgp", "shaders = 1\nshader0 = i.cg\n");
    write_png(&dir.join("in.png"), 2, 1, &[0; 8]);
    ok(&[
        "preset",
        &d("p.cgp"),
        "--input",
        &d("in.png"),
        "-o",
        &d("o.png"),
    ]);
    // video_size (2, 1): (0.2, 0.6) -> codes 51, 153.
    assert_eq!(png_pixels(&dir.join("o.png")).1[..4], [51, 153, 0, 255]);
}

#[test]
fn an_srgb_framebuffer_stores_encoded_and_reads_linear() {
    // Pass 0 writes 0.2; pass 1 reads it and multiplies by 4. An sRGB framebuffer stores
    // round(255 * srgb(0.2)) = round(123.55) = 124, read back as linear(124/255) = 0.201556, so
    // pass 1 gives 0.80622 -> 205.59 -> 206; an RGBA8 one stores 51/255 = 0.2 -> 0.8 -> 204.
    let dir = scratch("srgb");
    let d = |name: &str| dir.join(name).display().to_string();
    let first =
        "float4 main_fragment(float2 tex : TEXCOORD0) : COLOR { return float4(0.2, 0.2, 0.2, 1); }";
    let times4 = "float4 main_fragment(float2 tex : TEXCOORD0, uniform input IN) : COLOR
    { return 4.0 * tex2D(IN.texture, tex); }";
    write(&dir, "a.cg", &format!("{COMMON}{first}"));
    write(&dir, "b.cg", &format!("{COMMON}{times4}"));
    write_png(&dir.join("in.png"), 1, 1, &[0, 0, 0, 255]);
    for (srgb, want) in [(true, 206), (false, 204)] {
        let preset = format!("p{srgb}.cgp");
        write(
            &dir,
            &preset,
            &format!("shaders = 2\nshader0 = a.cg\nsrgb_framebuffer0 = {srgb}\nshader1 = b.cg\n"),
        );
        ok(&[
            "preset",
            &d(&preset),
            "--input",
            &d("in.png"),
            "-o",
            &d("o.png"),
        ]);
        assert_eq!(png_pixels(&dir.join("o.png")).1[0], want, "srgb {srgb}");
    }
}

#[test]
fn passprev_counts_back_from_the_pass() {
    // Pass 0 writes (0.2, 0, 0, 1); pass 1 adds PASSPREV1 (pass 0's output) to PASSPREV2 (two
    // back: the input picture), so (30, 100, 200) + (51, 0, 0) = (81, 100, 200).
    let dir = scratch("passprev");
    let d = |name: &str| dir.join(name).display().to_string();
    let first =
        "float4 main_fragment(float2 tex : TEXCOORD0) : COLOR { return float4(0.2, 0, 0, 1); }";
    let sum = "float4 main_fragment(float2 tex : TEXCOORD0, uniform pass_tex PASSPREV1,
        uniform pass_tex PASSPREV2) : COLOR
    { return float4(tex2D(PASSPREV1.texture, tex).rgb + tex2D(PASSPREV2.texture, tex).rgb, 1); }";
    write(&dir, "a.cg", &format!("{COMMON}{first}"));
    write(&dir, "b.cg", &format!("{COMMON}{sum}"));
    write(
        &dir,
        "p.cgp",
        "shaders = 2\nshader0 = a.cg\nshader1 = b.cg\n",
    );
    write_png(&dir.join("in.png"), 1, 1, &[30, 100, 200, 255]);
    ok(&[
        "preset",
        &d("p.cgp"),
        "--input",
        &d("in.png"),
        "-o",
        &d("o.png"),
    ]);
    assert_eq!(png_pixels(&dir.join("o.png")).1, [81, 100, 200, 255]);
}

/// `--nv30` compiles every pass for fp30 and names the pass that does not fit it (`tex2Dlod`, which
/// fp30 lacks, even with the parameters as macros), where the default chain draws the preset.
#[test]
fn nv30_names_the_pass_that_does_not_fit_fp30() {
    let dir = scratch("nv30-does-not-fit");
    let cgp = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/presets/fp32/p.cgp");
    let input = dir.join("in.png");
    write_png(&input, 4, 2, &[200u8; 4 * 4 * 2]);
    let run = |nv30: bool| {
        let out = dir.join(format!("out-{nv30}.png"));
        let mut args = vec![
            "preset".to_string(),
            cgp.display().to_string(),
            "--input".into(),
            input.display().to_string(),
            "-o".into(),
            out.display().to_string(),
        ];
        if nv30 {
            args.push("--nv30".into());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        pigment(&args)
    };
    let nv30 = run(true);
    assert_eq!(nv30.status.code(), Some(1), "{}", stderr(&nv30));
    let e = stderr(&nv30);
    assert!(
        e.contains("`tex2Dlod` is not supported in profile `fp30`"),
        "{e}"
    );
    let lod = std::fs::read_to_string(cgp.with_file_name("lod.cg")).unwrap();
    let line = 1 + lod.lines().position(|l| l.contains("tex2Dlod(")).unwrap();
    assert!(e.contains(&format!("lod.cg:{line}:16: error")), "{e}");
    assert!(e.contains("error: pass 1 (`"), "{e}");
    assert!(e.contains("lod.cg`) does not fit fp30"), "{e}");
    let default = run(false);
    assert_eq!(default.status.code(), Some(0), "{}", stderr(&default));
}
