//! The Cg compiler on the command line: `pigment compile` prints an NV_fragment_program that
//! `pigment check` loads, `pigment render` compiles and renders a PNG (pixel values computed by hand
//! from the shader and reference-quad.md's 8-bit rounding), and compile errors — the front end's,
//! lowering's and the back end's — exit 1 with FILE:LINE:COL pointing into the user's source.

mod common;

use common::{json, pigment, png_pixels, scratch, stderr, write};

const SHADER: &str = "\
struct input { float2 video_size; float frame_count; };
float4 shade(float2 uv : TEXCOORD0, uniform sampler2D decal : TEXUNIT1,
             uniform input IN, uniform float4 tint) : COLOR
{
    float4 c = tex2D(decal, uv);
    for (int i = 0; i < 2; i++)
        c.xy += IN.video_size * 0.0;
    return (tint + c) * IN.frame_count;
}
";

/// The stdout of a `pigment` command that must succeed (`compile`, typically): the program text.
fn compiled(args: &[&str]) -> String {
    let out = pigment(args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Writes `text` as `name` in `dir` and asserts that `pigment check` loads it.
fn assert_loads(dir: &std::path::Path, name: &str, text: &str) {
    let fp = write(dir, name, text);
    let check = pigment(&["check", &fp]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
}

#[test]
fn compile_prints_a_program_that_check_loads() {
    let dir = scratch("check");
    let src = write(&dir, "shader.cg", SHADER);
    let text = compiled(&["compile", &src, "--entry", "shade"]);
    assert!(text.starts_with("!!FP1.0\n"), "{text}");
    assert!(text.contains("#program shade"), "{text}");
    assert!(
        text.contains("TEX1, 2D"),
        "the sampler is on its TEXUNIT1: {text}"
    );
    assert!(text.contains("DECLARE IN$frame_count;"), "{text}");
    assert_loads(&dir, "shader.fp", &text);
    // -o writes the same text to a file.
    let to_file = dir.join("out.fp");
    let out = pigment(&[
        "compile",
        &src,
        "-entry",
        "shade",
        "-o",
        &to_file.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&to_file).unwrap(), text);
}

#[test]
fn render_writes_the_png_of_the_compiled_program() {
    let dir = scratch("render");
    let src = write(&dir, "shader.cg", SHADER);
    let png_path = dir.join("out.png");
    let out = pigment(&[
        "render",
        &src,
        "--entry",
        "shade",
        "--size",
        "4x2",
        "--param",
        "tint=1,0.5,0,1",
        // The uniform's fp30 parameter (its DECLARE) is `IN$frame_count`.
        "--param",
        "IN$frame_count=0.8",
        "-o",
        &png_path.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (size, pixels) = png_pixels(&png_path);
    assert_eq!(size, (4, 2));
    // No texture is bound, so c = 0 and every pixel is tint·0.8 = (0.8, 0.4, 0, 0.8):
    // round(255·v) = (204, 102, 0, 204).
    for px in pixels.chunks(4) {
        assert_eq!(px, [204, 102, 0, 204]);
    }
    assert!(!stderr(&out).contains("warning"), "{}", stderr(&out));
}

#[test]
fn errors_point_into_the_users_file() {
    let dir = scratch("errors");
    // The front end: a type error.
    let src = write(
        &dir,
        "types.cg",
        "float4 main() : COLOR {\n  float3 c = 1;\n  return c;\n}\n",
    );
    let out = pigment(&["compile", &src]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("types.cg:3:"), "{}", stderr(&out));
    // Lowering: a `break` nested in a switch case.
    let src = write(
        &dir,
        "lowering.cg",
        "float4 main(float4 a : TEXCOORD0, uniform int m) : COLOR {\n  float4 r = a;\n  switch (m) {\n  case 0:\n    if (a.x > 0) break;\n    r = 1;\n    break;\n  }\n  return r;\n}\n",
    );
    let out = pigment(&["compile", &src]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("lowering.cg:5:18: error"),
        "{}",
        stderr(&out)
    );
    // The back end: a loop whose trip count is known only at run time (cgc's C5013), reported at
    // the loop, through a macro.
    let src = write(
        &dir,
        "loop.cg",
        "#define LOOP(n) for (float i = 0; i < n; i++)\nfloat4 main(uniform float n) : COLOR {\n  float4 c = 0;\n  LOOP(n)\n    c += 1;\n  return c;\n}\n",
    );
    let out = pigment(&["compile", &src]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("loop.cg:4:3: error: C5013"), "{err}");
    // A limit of the whole program (1024 instructions: each iteration is a dependent SIN and ADD)
    // points at the entry function's name.
    let src_limit = write(
        &dir,
        "limit.cg",
        "float4 main(float4 a : TEXCOORD0) : COLOR {\n  for (int i = 0; i < 600; i++)\n    a = sin(a) + a;\n  return a;\n}\n",
    );
    let out = pigment(&["compile", &src_limit]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("limit.cg:1:8: error: C6002"), "{err}");
    // render fails the same way, before rendering anything.
    let png = dir.join("never.png");
    let out = pigment(&["render", &src, "-o", &png.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!png.exists());
}

const DEFAULTS: &str = "\
uniform float3 tint = float3(0.2, 0.4, 0.6);
uniform float gain = 1.0;
float4 main() : COLOR { return float4(tint, 1) * gain; }
";

#[test]
fn uniform_initializers_reach_the_program_and_the_renderer() {
    let dir = scratch("defaults");
    let src = write(&dir, "defaults.cg", DEFAULTS);
    let text = compiled(&["compile", &src]);
    // fp30-profile.md section 7: a `#default` line per uniform with an initializer, and the value
    // as the DECLARE's initial value.
    assert!(text.contains("#default tint = 0.2 0.4 0.6\n"), "{text}");
    assert!(text.contains("#default gain = 1\n"), "{text}");
    assert!(text.contains("DECLARE tint = {0.2, 0.4, 0.6};"), "{text}");
    assert!(text.contains("DECLARE gain = {1};"), "{text}");

    // With nothing set, the pixels are the defaults: round(255·(0.2, 0.4, 0.6, 1)).
    let png = dir.join("default.png");
    let out = pigment(&[
        "render",
        &src,
        "--size",
        "2x2",
        "-o",
        &png.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (_, pixels) = png_pixels(&png);
    for px in pixels.chunks(4) {
        assert_eq!(px, [51, 102, 153, 255]);
    }
    // `--param` overrides one default and leaves the other: 255·0.8·(0.2, 0.4, 0.6, 1) =
    // (40.8, 81.6, 122.4, 204).
    let out = pigment(&[
        "render",
        &src,
        "--size",
        "2x2",
        "--param",
        "gain=0.8",
        "-o",
        &png.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (_, pixels) = png_pixels(&png);
    for px in pixels.chunks(4) {
        assert_eq!(px, [41, 82, 122, 204]);
    }
    // The compiled program run on its own (`pigment run`) starts from the same values.
    let fp = write(&dir, "defaults.fp", &text);
    let out = pigment(&[
        "run",
        &fp,
        "--size",
        "2x2",
        "-o",
        &png.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (_, pixels) = png_pixels(&png);
    for px in pixels.chunks(4) {
        assert_eq!(px, [51, 102, 153, 255]);
    }
}

#[test]
fn a_non_constant_uniform_initializer_is_a_located_error() {
    let dir = scratch("nonconst");
    let src = write(
        &dir,
        "nonconst.cg",
        "uniform float a;\nuniform float b = a + 1;\nfloat4 main() : COLOR { return b; }\n",
    );
    let out = pigment(&["compile", &src]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("nonconst.cg:2:19: error"), "{err}");
    assert!(err.contains("must be a constant expression"), "{err}");
}

#[test]
fn uniforms_named_like_nv_keywords_are_escaped_and_set_by_their_cg_name() {
    let dir = scratch("reserved");
    let src = write(
        &dir,
        "reserved.cg",
        "float4 main(uniform float w, uniform float4 R0) : COLOR { return R0 * w; }\n",
    );
    let text = compiled(&["compile", &src]);
    // `w` is a component letter and `R0` a register: their parameters are `$w` and `$R0`, which
    // the `#var` lines map the Cg names to.
    assert!(text.contains("DECLARE $w;"), "{text}");
    assert!(text.contains("DECLARE $R0;"), "{text}");
    assert!(text.contains("#var float w :  : $w : "), "{text}");
    assert_loads(&dir, "reserved.fp", &text);
    // 2·(0.1, 0.2, 0.3, 0.5) = (0.2, 0.4, 0.6, 1): round(255·v) = (51, 102, 153, 255).
    let png = dir.join("reserved.png");
    let out = pigment(&[
        "render",
        &src,
        "--size",
        "2x2",
        "--param",
        "w=2",
        "--param",
        "R0=0.1,0.2,0.3,0.5",
        "-o",
        &png.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("warning"), "{}", stderr(&out));
    let (_, pixels) = png_pixels(&png);
    for px in pixels.chunks(4) {
        assert_eq!(px, [51, 102, 153, 255]);
    }
}

const CG_NAMES: &str = "\
struct input { float2 video_size; float frame_count; };
uniform float4x4 M;
uniform float4 k[2];
float4 main(uniform input IN) : COLOR
{
    return mul(M, k[1]) * IN.frame_count + float4(IN.video_size, 0, 0);
}
";

#[test]
fn params_are_set_by_their_cg_names() {
    let dir = scratch("cg-names");
    let src = write(&dir, "names.cg", CG_NAMES);
    let text = compiled(&["compile", &src]);
    // fp30-profile.md section 7: struct members as `IN.video_size`, a matrix as one `#var` whose
    // resource is its first row and row count, array elements as `k[0]`; an array the program
    // reads is DECLAREd whole, so `k[0]` has its parameter though unread; the members of entry
    // parameter 0 carry its number, globals -1.
    for line in [
        "#var float2 IN.video_size :  : IN$video_size : 0 : 1",
        "#var float4x4 M :  : M$0, 4 : -1 : 1",
        "#var float4 k[0] :  : k$0 : -1 : 0",
        "#var float4 k[1] :  : k$1 : -1 : 1",
        "DECLARE k$0;",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    // M·k[1]·1 + (0.2, 0.4, 0, 0) with M = diag(0.5, 0.25, 1, 1) and k[1] = (0.4, 0.8, 0.2, 1):
    // (0.4, 0.6, 0.2, 1), round(255·v) = (102, 153, 51, 255).
    let png = dir.join("names.png");
    let out = pigment(&[
        "render",
        &src,
        "--size",
        "2x2",
        "--param",
        "M[0]=0.5,0,0,0",
        "--param",
        "M[1]=0,0.25,0,0",
        "--param",
        "M[2]=0,0,1,0",
        "--param",
        "M[3]=0,0,0,1",
        "--param",
        "k[1]=0.4,0.8,0.2,1",
        "--param",
        "IN.frame_count=1",
        "--param",
        "IN.video_size=0.2,0.4",
        "-o",
        &png.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("warning"), "{}", stderr(&out));
    let (_, pixels) = png_pixels(&png);
    for px in pixels.chunks(4) {
        assert_eq!(px, [102, 153, 51, 255]);
    }
    // The same names work on the compiled program with `pigment run`.
    let fp = write(&dir, "names.fp", &text);
    let out = pigment(&[
        "run",
        &fp,
        "--size",
        "2x2",
        "--param",
        "IN.video_size=0.2,0.4",
        "-o",
        &png.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("warning"), "{}", stderr(&out));
    let (_, pixels) = png_pixels(&png);
    // Everything else is 0: (0.2, 0.4, 0, 0) → (51, 102, 0, 0).
    for px in pixels.chunks(4) {
        assert_eq!(px, [51, 102, 0, 0]);
    }
}

#[test]
fn compile_reflect_json_lists_the_bindings_of_the_header() {
    let dir = scratch("reflect");
    let path = write(&dir, "shader.cg", SHADER);
    let o = pigment(&["compile", &path, "--entry", "shade", "--reflect", "json"]);
    let v = json(&o);
    // SHADER's declarations: `decal : TEXUNIT1`, `uv : TEXCOORD0` (attribute register TEX0,
    // NV_fragment_program), the uniforms `IN.video_size`, `IN.frame_count` and `tint`.
    assert_eq!(v["schema"], "pigment-reflection-2");
    assert_eq!(
        (&v["target"], &v["stage"]),
        (&serde_json::json!("fp30"), &serde_json::json!("fragment"))
    );
    assert_eq!(v["entry"], "shade");
    let textures = v["textures"].as_array().expect("textures");
    assert_eq!(textures.len(), 1);
    assert_eq!(textures[0]["name"], "decal");
    assert_eq!(textures[0]["unit"], 1);
    assert_eq!(textures[0]["dim"], "2D");
    let inputs = v["inputs"].as_array().expect("inputs");
    assert_eq!(inputs[0]["name"], "uv");
    assert_eq!(inputs[0]["register"], "TEX0");
    let uniforms: Vec<_> = v["uniforms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| &u["name"])
        .collect();
    assert_eq!(
        uniforms,
        [
            &serde_json::json!("IN.video_size"),
            &serde_json::json!("IN.frame_count"),
            &serde_json::json!("tint")
        ]
    );
    // The deprecated document of earlier releases is still there for one release.
    let o = pigment(&["compile", &path, "--entry", "shade", "--reflect", "json-v1"]);
    let v1 = json(&o);
    assert_eq!(v1["schema"], "pigment-reflect-1");
    assert_eq!(v1["samplers"][0]["unit"], 1);
    assert_eq!(v1["varyings"][0]["register"], "TEX0");
}

/// Compiles `shader` (written to `dir/name.cg`), evaluates one fragment of the result with `eval_args`
/// and returns the JSON of `eval`.
fn compile_and_eval(
    dir: &std::path::Path,
    name: &str,
    shader: &str,
    eval_args: &[&str],
) -> serde_json::Value {
    let cg = write(dir, &format!("{name}.cg"), shader);
    let fp = dir.join(format!("{name}.fp"));
    let o = pigment(&["compile", &cg, "-o", fp.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let mut args = vec!["eval", fp.to_str().unwrap()];
    args.extend_from_slice(eval_args);
    json(&pigment(&args))
}

#[test]
fn glsl_mod_and_unread_varyings_without_semantics_compile() {
    let dir = scratch("mod-varyings");
    // `extra` has no semantic: cgc ignores it while it is unread. A bare TEXCOORD is set 0.
    let shader = "struct V { float2 uv : TEXCOORD; float2 extra; };
float4 main(in V IN) : COLOR { return float4(mod(IN.uv * 3.0, 1.25), mod(-1.0, 0.75), 1); }
";
    // mod(x, y) = x - y * floor(x / y): mod(1.5, 1.25) = 0.25, mod(3, 1.25) = 0.5, mod(-1, 0.75) = 0.5.
    let v = compile_and_eval(&dir, "m", shader, &["--attr", "TEX0=0.5,1"]);
    assert_eq!(
        v["outputs"]["COLR"],
        serde_json::json!([0.25, 0.5, 0.5, 1.0])
    );
    // A varying without a semantic that is read binds to TEX0, as cgc binds it.
    let read = shader.replace("mod(IN.uv * 3.0, 1.25)", "IN.extra");
    let v = compile_and_eval(&dir, "read", &read, &["--attr", "TEX0=0.5,1"]);
    assert_eq!(
        v["outputs"]["COLR"],
        serde_json::json!([0.5, 1.0, 0.5, 1.0])
    );
}

#[test]
fn varyings_without_semantics_take_the_free_texture_coordinate_sets() {
    let dir = scratch("free-sets");
    // cgc's rule: read varyings without a semantic take the lowest sets that no read varying names,
    // in declaration order; `unread` takes none. Expected registers worked out by hand.
    let shader = "struct V { float2 a; float2 unread; float2 b; };
float4 main(V v, float2 t : TEXCOORD0, float2 c) : COLOR { return float4(v.a + t, v.b + c); }
";
    let args = [
        "--attr",
        "TEX0=1,2",
        "--attr",
        "TEX1=10,20",
        "--attr",
        "TEX2=100,200",
        "--attr",
        "TEX3=1000,2000",
    ];
    let v = compile_and_eval(&dir, "sets", shader, &args);
    // v.a = TEX1, t = TEX0, v.b = TEX2, c = TEX3.
    assert_eq!(
        v["outputs"]["COLR"],
        serde_json::json!([11.0, 22.0, 1100.0, 2200.0])
    );
    // With all eight sets named, the next one is packed into the free components of the first
    // set with room: a float2 after TEXCOORD0's float2 reads TEX0.zw.
    let declared: String = (0..8)
        .map(|i| format!("float{} t{i} : TEXCOORD{i}, ", if i == 0 { 2 } else { 4 }))
        .collect();
    let sum: String = (1..8).map(|i| format!(" + t{i}.x")).collect();
    let shader = format!(
        "float4 main({declared}float2 extra) : COLOR {{ return float4(t0, extra) * (1.0{sum}); }}\n"
    );
    let v = compile_and_eval(&dir, "packed", &shader, &["--attr", "TEX0=1,2,3,4"]);
    assert_eq!(
        v["outputs"]["COLR"],
        serde_json::json!([1.0, 2.0, 3.0, 4.0])
    );
}

#[test]
fn uniform_members_of_a_varying_struct_stay_uniforms() {
    let dir = scratch("uniform-members");
    // cgc's extension used by libretro shaders: a varying struct carrying uniforms and a sampler.
    let shader = "struct prev { uniform float2 video_size; uniform sampler2D texture; float2 coord : TEXCOORD1; };
float4 main(in prev PREV) : COLOR { return float4(PREV.video_size, PREV.coord); }
";
    let args = [
        "--attr",
        "TEX1=0.25,0.75",
        "--param",
        "PREV.video_size=256,224",
    ];
    let v = compile_and_eval(&dir, "u", shader, &args);
    assert_eq!(
        v["outputs"]["COLR"],
        serde_json::json!([256.0, 224.0, 0.25, 0.75])
    );
}

#[test]
fn a_branch_a_constant_condition_never_takes_is_dropped() {
    let dir = scratch("dead-branch");
    // cgc drops the never-taken branch before it resolves names, so `missing` is no error there.
    let shader = "static const bool fancy = false;
float4 main(float2 uv : TEXCOORD0) : COLOR {
    float4 c = float4(uv, 0, 1);
    if (fancy) { c = missing.texture; } else { c.z = 0.5; }
    return c;
}
";
    let v = compile_and_eval(&dir, "d", shader, &["--attr", "TEX0=0.25,0.75"]);
    assert_eq!(
        v["outputs"]["COLR"],
        serde_json::json!([0.25, 0.75, 0.5, 1.0])
    );
}

/// Struct varyings and a struct result: their interface names (`VAR.uv`, `shade.color`) hold a
/// `.`, which the IR's text form quotes.
const STRUCT_SHADER: &str = "\
struct v2f { float2 uv : TEXCOORD0; float4 col : COLOR0; };
struct fout { float4 color : COLOR; };
fout shade(in v2f VAR, uniform sampler2D decal)
{
    fout o;
    o.color = tex2D(decal, VAR.uv) * VAR.col;
    return o;
}
";

#[test]
fn emit_prints_the_ir_before_and_after_legalisation() {
    let dir = scratch("emit-ir");
    let cg = write(&dir, "shade.cg", SHADER);
    let ir = pigment(&["compile", &cg, "--entry", "shade", "--emit", "ir"]);
    assert_eq!(ir.status.code(), Some(0), "{}", stderr(&ir));
    let lowered = String::from_utf8(ir.stdout).unwrap();
    // The lowered IR keeps the source's loop; legalisation unrolls it.
    assert!(lowered.contains("loop"), "{lowered}");
    let legal = pigment(&["compile", &cg, "--entry", "shade", "--emit", "ir-legal"]);
    assert_eq!(legal.status.code(), Some(0), "{}", stderr(&legal));
    let legal = String::from_utf8(legal.stdout).unwrap();
    assert!(!legal.contains("loop"), "{legal}");
    // Both are the IR's text form, which its parser reads back.
    for text in [&lowered, &legal] {
        pigment_ir::parse(text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    }
}

#[test]
fn emitted_ir_with_struct_varyings_reads_back() {
    let dir = scratch("emit-ir-struct");
    let cg = write(&dir, "shade.cg", STRUCT_SHADER);
    for emit in ["ir", "ir-legal"] {
        let text = compiled(&["compile", &cg, "--entry", "shade", "--emit", emit]);
        assert!(text.contains("input $\"VAR.uv\""), "{text}");
        let module = pigment_ir::parse(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
        assert_eq!(pigment_ir::print(&module), text);
        let f = &module.functions[pigment_ir::Handle::from_index(0)];
        let inputs: Vec<&str> = f.inputs.iter().map(|(_, i)| i.name.as_str()).collect();
        assert_eq!(inputs, ["VAR.uv", "VAR.col"]);
        let outputs: Vec<&str> = f.outputs.iter().map(|(_, o)| o.name.as_str()).collect();
        assert_eq!(outputs, ["shade.color"]);
    }
}

#[test]
fn fast_math_regroups_constant_factors_as_cgc_does_unless_turned_off() {
    let dir = scratch("fast-math");
    let shader = "float4 main(uniform float x) : COLOR { return x * 481344.0 / 11.0; }\n";
    // cgc's default -fastmath: x·(481344/11), one multiplication by the folded constant
    // (481344/11 = 43758.5454…, nearest f32 43758.546875).
    let v = compile_and_eval(&dir, "fast", shader, &["--param", "x=0.7"]);
    let expected = 0.7f32 * (481_344.0_f64 / 11.0) as f32;
    let got = v["outputs"]["COLR"][0].as_f64().expect("a number") as f32;
    assert_eq!(got, expected);
    let cg = write(&dir, "slow.cg", shader);
    let exact = pigment(&["compile", &cg, "-nofastmath"]);
    assert_eq!(exact.status.code(), Some(0), "{}", stderr(&exact));
    let text = String::from_utf8(exact.stdout).unwrap();
    // As written: the product by 481344, then by the reciprocal of 11.
    assert!(text.contains("481344"), "{text}");
    assert!(!text.contains("43758"), "{text}");
}
