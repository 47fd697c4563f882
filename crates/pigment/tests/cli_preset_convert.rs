//! `pigment preset FILE.cgp --convert slang|glsl -o DIR`: a preset of our own (three passes, an
//! alias, a look-up texture, an absolute scale, a float framebuffer, PREV and a `#pragma
//! parameter`) is written as libretro slang shaders whose every stage glslangValidator compiles to
//! SPIR-V (`-V`, Vulkan GLSL), or as libretro GLSL shaders whose every stage (`#define VERTEX` /
//! `FRAGMENT` after the `#version` line, as RetroArch compiles them) glslangValidator accepts, with
//! the Cg runtime's names replaced by the runtime's, and a `.slangp`/`.glslp` that Pigment's preset
//! parser reads back with the original's keys.

mod common;

use common::{pigment, scratch, stderr, write};
use std::path::Path;
use std::process::Command;

const COMMON: &str = "\
struct input { float2 video_size; float2 texture_size; float2 output_size;
    float frame_count; float frame_direction; sampler2D texture; };
struct pass_tex { float2 video_size; sampler2D texture; };
void main_vertex(float4 position : POSITION, float2 texCoord : TEXCOORD0, float4 color : COLOR,
    uniform float4x4 modelViewProj, out float4 oPosition : POSITION, out float2 oTex : TEXCOORD0,
    out float4 oColor : COLOR)
{
    oPosition = mul(modelViewProj, position);
    oTex = texCoord;
    oColor = color;
}
";

const FIRST: &str = "#pragma parameter GAIN \"gain\" 1.0 0.0 4.0 0.1
#ifdef PARAMETER_UNIFORM
uniform float GAIN;
#else
#define GAIN 1.0
#endif
uniform float BIAS = 0.125;
float4 main_fragment(float2 tex : TEXCOORD0, uniform input IN, uniform pass_tex PREV) : COLOR
{ return GAIN * tex2D(IN.texture, tex) + 0.25 * tex2D(PREV.texture, tex) + IN.frame_count / IN.output_size.x + BIAS; }";
const SECOND: &str = "float4 main_fragment(float2 tex : TEXCOORD0, uniform input IN,
    uniform sampler2D lut, uniform pass_tex ORIG) : COLOR
{ return tex2D(IN.texture, tex) * tex2D(lut, tex) + tex2D(ORIG.texture, tex * IN.video_size / ORIG.video_size); }";
const THIRD: &str =
    "float4 main_fragment(float2 tex : TEXCOORD0, float4 color : COLOR, uniform input IN,
    uniform pass_tex FIRSTPASS) : COLOR
{ return color * abs(tex2D(IN.texture, tex) - tex2D(FIRSTPASS.texture, tex)); }";

/// glslangValidator -V on each stage of a `.slang` file (the part before `#pragma stage` is shared).
fn validate_slang(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let (shared, stages) = text
        .split_once("#pragma stage vertex\n")
        .expect("a vertex stage");
    let (vertex, fragment) = stages
        .split_once("#pragma stage fragment\n")
        .expect("a fragment stage");
    for (ext, body) in [("vert", vertex), ("frag", fragment)] {
        let file = path.with_extension(ext);
        std::fs::write(&file, format!("{shared}{body}")).unwrap();
        let out = Command::new("glslangValidator")
            .arg("-V")
            .arg(&file)
            .arg("-o")
            .arg(path.with_extension("spv"))
            .output()
            .expect("glslangValidator runs (scripts/test installs glslang-tools)");
        assert!(
            out.status.success(),
            "{}\n{shared}{body}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

/// Each stage of a libretro `.glsl` file: the file with `#define STAGE` after its `#version` line.
fn validate_glsl(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let (version, rest) = text.split_once('\n').unwrap();
    for (stage, ext) in [("VERTEX", "vert"), ("FRAGMENT", "frag")] {
        let file = path.with_extension(ext);
        std::fs::write(&file, format!("{version}\n#define {stage}\n{rest}")).unwrap();
        let out = Command::new("glslangValidator")
            .arg(&file)
            .output()
            .expect("glslangValidator runs (scripts/test installs glslang-tools)");
        assert!(
            out.status.success(),
            "{}\n{text}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

/// Writes the test preset into `dir`.
fn write_preset(dir: &Path) {
    for (name, body) in [("a.cg", FIRST), ("b.cg", SECOND), ("c.cg", THIRD)] {
        write(dir, name, &format!("{COMMON}{body}"));
    }
    std::fs::write(
        dir.join("lut.png"),
        b"not read by the converter, only copied",
    )
    .unwrap();
    write(
        dir,
        "p.cgp",
        "shaders = 3\nshader0 = a.cg\nalias0 = FIRSTPASS\nfloat_framebuffer0 = true\n\
         shader1 = b.cg\nscale_type1 = absolute\nscale1 = 64\nfilter_linear1 = false\n\
         shader2 = c.cg\ntextures = lut\nlut = lut.png\nlut_linear = true\n\
         parameters = GAIN\nGAIN = 2.0\n",
    );
}

/// The original preset and the converted one, as Pigment's parser reads them, agree on their keys.
fn assert_same_keys(original: &Path, converted: &Path) {
    let mut files = pigment_diag::SourceFiles::new();
    let original = pigment_preset::load(&mut files, original).unwrap();
    let converted = pigment_preset::load(&mut files, converted).unwrap();
    for (a, b) in original.passes.iter().zip(&converted.passes) {
        assert_eq!(
            (
                a.alias.clone(),
                a.scale,
                a.float_framebuffer,
                a.filter_linear
            ),
            (
                b.alias.clone(),
                b.scale,
                b.float_framebuffer,
                b.filter_linear
            )
        );
    }
    assert_eq!(original.parameters, converted.parameters);
}

#[test]
fn a_preset_converts_to_slang_that_validates() {
    let dir = scratch("convert-slang");
    write_preset(&dir);
    let out_dir = dir.join("slang");
    let out = pigment(&[
        "preset",
        &dir.join("p.cgp").display().to_string(),
        "--convert",
        "slang",
        "-o",
        &out_dir.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for i in 0..3 {
        validate_slang(&out_dir.join(format!("pass{i}.slang")));
    }
    let first = std::fs::read_to_string(out_dir.join("pass0.slang")).unwrap();
    for name in [
        "global.GAIN",
        // A uniform slang does not know keeps what the Cg runtime gives it: its initialiser.
        "+ 0.125",
        "OriginalHistory1",
        "Source",
        "float(global.FrameCount)",
        "global.OutputSize.x",
        "#pragma parameter GAIN",
    ] {
        assert!(first.contains(name), "`{name}` missing:\n{first}");
    }
    let second = std::fs::read_to_string(out_dir.join("pass1.slang")).unwrap();
    for name in [
        "uniform sampler2D lut;",
        "Original",
        "global.OriginalSize.xy",
    ] {
        assert!(second.contains(name), "`{name}` missing:\n{second}");
    }
    let third = std::fs::read_to_string(out_dir.join("pass2.slang")).unwrap();
    assert!(third.contains("uniform sampler2D FIRSTPASS;"), "{third}");
    assert!(std::fs::read(out_dir.join("lut.png")).is_ok());
    // The written preset reads back with the original's keys.
    assert_same_keys(&dir.join("p.cgp"), &out_dir.join("preset.slangp"));
}

#[test]
fn a_preset_converts_to_libretro_glsl_that_validates() {
    let dir = scratch("convert-glsl");
    write_preset(&dir);
    let out_dir = dir.join("glsl");
    let out = pigment(&[
        "preset",
        &dir.join("p.cgp").display().to_string(),
        "--convert",
        "glsl",
        "-o",
        &out_dir.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for i in 0..3 {
        validate_glsl(&out_dir.join(format!("pass{i}.glsl")));
    }
    let first = std::fs::read_to_string(out_dir.join("pass0.glsl")).unwrap();
    for name in [
        "#version 120",
        "uniform float GAIN;",
        "PrevTexture",
        "uniform sampler2D Texture;",
        "float(FrameCount)",
        "OutputSize.x",
        "attribute vec4 VertexCoord;",
        "MVPMatrix",
    ] {
        assert!(first.contains(name), "`{name}` missing:\n{first}");
    }
    let second = std::fs::read_to_string(out_dir.join("pass1.glsl")).unwrap();
    for name in [
        "uniform sampler2D lut;",
        "OrigTexture",
        "OrigInputSize",
        "InputSize",
    ] {
        assert!(second.contains(name), "`{name}` missing:\n{second}");
    }
    let third = std::fs::read_to_string(out_dir.join("pass2.glsl")).unwrap();
    assert!(
        third.contains("uniform sampler2D FIRSTPASSTexture;"),
        "{third}"
    );
    assert_same_keys(&dir.join("p.cgp"), &out_dir.join("preset.glslp"));
}

#[test]
fn a_pass_without_a_slang_equivalent_is_reported_and_nothing_written() {
    let dir = scratch("convert-refused");
    // Pass 0 reads the output of pass 3, which the runtime cannot give it.
    write(&dir, "a.cg", "struct pass_tex { sampler2D texture; };\nfloat4 main_fragment(float2 tex : TEXCOORD0, uniform pass_tex PASS3) : COLOR { return tex2D(PASS3.texture, tex); }");
    write(&dir, "p.cgp", "shaders = 1\nshader0 = a.cg\n");
    let out_dir = dir.join("slang");
    let out = pigment(&[
        "preset",
        &dir.join("p.cgp").display().to_string(),
        "--convert",
        "slang",
        "-o",
        &out_dir.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("pass 0") && stderr(&out).contains("sampler `PASS3.texture`"),
        "{}",
        stderr(&out)
    );
    assert!(!out_dir.join("preset.slangp").exists());
}
