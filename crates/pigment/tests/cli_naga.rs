//! `pigment compile --target ...` as a user runs it: a SPIR-V file that Khronos' `spirv-val`
//! accepts, its disassembly, the text targets, reflection, and located errors.

use std::process::Command;

fn pigment(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_pigment"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .args(args)
        .output()
        .unwrap()
}

/// Khronos' `spirv-val` accepts the SPIR-V file `path`.
fn assert_spirv_val(path: &std::path::Path) {
    let val = Command::new("spirv-val")
        .arg(path)
        .output()
        .expect("spirv-val missing: run scripts/test, which installs spirv-tools");
    assert!(
        val.status.success(),
        "{}",
        String::from_utf8_lossy(&val.stderr)
    );
}

/// `text` written as `file` in a fresh temporary folder named after `tag`.
fn source(tag: &str, file: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("pigment-cli-naga-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    path
}

/// Compiles `program` to SPIR-V beside it with `options`, and has `spirv-val` accept the file.
fn compiles_to_valid_spirv(program: &std::path::Path, options: &[&str]) {
    let spv = program.with_extension("spv");
    let mut args = vec!["compile", program.to_str().unwrap()];
    args.extend_from_slice(options);
    args.extend(["--target", "spirv", "-o", spv.to_str().unwrap()]);
    let o = pigment(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_spirv_val(&spv);
}

#[test]
fn spirv_file_passes_spirv_val() {
    let out = std::env::temp_dir().join(format!("pigment-cli-naga-{}.spv", std::process::id()));
    let o = pigment(&[
        "compile",
        "examples/cg/rings.cg",
        "--target",
        "spirv",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_spirv_val(&out);
    let asm = pigment(&[
        "compile",
        "examples/cg/rings.cg",
        "--target",
        "spirv",
        "--emit",
        "asm",
    ]);
    let text = String::from_utf8_lossy(&asm.stdout);
    assert!(text.contains("OpEntryPoint Fragment"), "{text}");
}

#[test]
fn text_targets_and_reflection() {
    for (target, needle) in [
        ("wgsl", "@fragment"),
        ("msl", "fragment "),
        ("hlsl", "SV_Target0"),
        ("glsl-naga:450", "#version 450"),
    ] {
        let o = pigment(&["compile", "examples/cg/rings.cg", "--target", target]);
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success() && text.contains(needle),
            "{target}: {text}"
        );
    }
    let o = pigment(&[
        "compile",
        "examples/cg/rings.cg",
        "--target",
        "wgsl",
        "--reflect",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // A fragment stage's uniform buffer is group 1, binding 0 (the binding model, ir's `slots`).
    assert_eq!(json["schema"], "pigment-reflection-2");
    assert_eq!(json["uniform_block"]["group"], 1);
    assert_eq!(json["uniform_block"]["binding"], 0);
    assert_eq!(json["uniform_block"]["layout"], "std140");
}

#[test]
fn inexpressible_lookup_is_a_located_error() {
    // A 1D shadow lookup: WGSL has no 1D depth texture.
    let path = source(
        "err",
        "shadow.cg",
        "float4 main(float2 c : TEXCOORD0, uniform sampler1D s) : COLOR {\n  return tex1D(s, c);\n}\n",
    );
    let o = pigment(&[
        "compile",
        path.to_str().unwrap(),
        "--target",
        "spirv",
        "-o",
        "/dev/null",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains("shadow.cg:2:10: error: a shadow-compare lookup"),
        "{err}"
    );
}

#[test]
fn vertex_profile_compiles_a_vertex_stage() {
    let path = source(
        "vs",
        "vs.cg",
        "void main(float4 p : POSITION, float2 uv : TEXCOORD0, uniform float4x4 mvp,\n          out float4 op : POSITION, out float2 ouv : TEXCOORD0) {\n  op = mul(mvp, p);\n  ouv = uv * 2;\n}\n",
    );
    compiles_to_valid_spirv(&path, &["--profile", "vp40"]);
    let p = path.to_str().unwrap();
    let o = pigment(&["compile", p, "--profile", "vp40", "--target", "wgsl"]);
    let wgsl = String::from_utf8_lossy(&o.stdout);
    // POSITION is attribute 0 and the clip position; TEXCOORD0 attribute 8, varying 0.
    for needle in [
        "@vertex",
        "@location(0) p: vec4<f32>",
        "@location(8) uv",
        "@builtin(position)",
        "@location(0) ouv",
    ] {
        assert!(wgsl.contains(needle), "{needle} missing in\n{wgsl}");
    }
}

/// A libretro-style two-stage program: `main_vertex` reads the runtime-bound attributes
/// `ORIG.tex_coord` and `PREV.tex_coord`, which name no semantic.
const RUNTIME_ATTRIBUTES: &str = "struct input { float2 video_size; float2 texture_size; };
struct orig { float2 tex_coord; float2 texture_size; };
struct prev { float2 tex_coord; };
struct out_vertex { float4 position : POSITION; float2 t0 : TEXCOORD0; float2 t1 : TEXCOORD1; };
out_vertex main_vertex(float4 position : POSITION, float2 tex : TEXCOORD0,
                       uniform float4x4 modelViewProj, uniform input IN, orig ORIG, prev PREV) {
  out_vertex o;
  o.position = mul(modelViewProj, position);
  o.t0 = ORIG.tex_coord + tex * 0.5;
  o.t1 = PREV.tex_coord;
  return o;
}
float4 main_fragment(float2 t0 : TEXCOORD0, float2 t1 : TEXCOORD1, uniform sampler2D s) : COLOR {
  return tex2D(s, t0) + tex2D(s, t1);
}
";

#[test]
fn vertex_inputs_without_a_semantic_take_free_attribute_slots() {
    let path = source("orig", "orig.cg", RUNTIME_ATTRIBUTES);
    compiles_to_valid_spirv(&path, &["--entry", "main_vertex", "--profile", "vp30"]);
    let p = path.to_str().unwrap();
    let vertex = ["compile", p, "--entry", "main_vertex", "--profile", "vp30"];
    for target in ["wgsl", "msl", "hlsl", "glsl-naga:450"] {
        let o = pigment(&[&vertex[..], &["--target", target]].concat());
        assert!(
            o.status.success(),
            "{target}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    // POSITION is generic slot 0 and TEXCOORD0 slot 8: the two unnamed attributes take the lowest
    // free ones, 1 and 2, in declaration order, as the GLSL writer places them.
    let o = pigment(&[&vertex[..], &["--target", "wgsl", "--reflect", "json"]].concat());
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let location = |name: &str| {
        json["inputs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["name"] == name)
            .map(|i| i["location"].clone())
    };
    assert_eq!(location("ORIG.tex_coord"), Some(1.into()), "{json}");
    assert_eq!(location("PREV.tex_coord"), Some(2.into()), "{json}");
    assert_eq!(location("position"), Some(0.into()), "{json}");
    assert_eq!(location("tex"), Some(8.into()), "{json}");
}

/// The naga targets check a fragment entry by fp40's rules (libretro's gamma-management.h reads
/// `tex2Dlod`), where the fp30 target refuses the lookup with a located error.
#[test]
fn explicit_lod_lookups_compile_for_spirv_and_are_refused_by_fp30() {
    let src = source(
        "lod",
        "lod.cg",
        "float4 main(float2 uv : TEXCOORD0, uniform sampler2D s) : COLOR\n\
         {\n    return tex2Dlod(s, float4(uv, 0.0, 1.5));\n}\n",
    );
    compiles_to_valid_spirv(&src, &[]);
    let wgsl = pigment(&["compile", src.to_str().unwrap(), "--target", "wgsl"]);
    let text = String::from_utf8_lossy(&wgsl.stdout);
    assert!(text.contains("textureSampleLevel"), "{text}");
    let fp30 = pigment(&["compile", src.to_str().unwrap()]);
    assert_eq!(fp30.status.code(), Some(1));
    let err = String::from_utf8_lossy(&fp30.stderr);
    assert!(
        err.contains("lod.cg:3:12: error:") && err.contains("fp40"),
        "{err}"
    );
}
