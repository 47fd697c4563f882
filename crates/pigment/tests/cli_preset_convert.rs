//! `pigment preset FILE.cgp --convert slang|glsl -o DIR`: a preset of our own (three passes, an
//! alias, a look-up texture, an absolute scale, a float framebuffer, PREV and a `#pragma
//! parameter`) is written as libretro slang shaders whose every stage glslangValidator compiles to
//! SPIR-V (`-V`, Vulkan GLSL), or as libretro GLSL shaders whose every stage (`#define VERTEX` /
//! `FRAGMENT` after the `#version` line, as RetroArch compiles them) glslangValidator accepts, with
//! the Cg runtime's names replaced by the runtime's, and a `.slangp`/`.glslp` that Pigment's preset
//! parser reads back with the original's keys. The converted GLSL chain, run on Mesa's llvmpipe by
//! a minimal libretro GLSL runtime written here, draws what `pigment preset` draws on the machine.

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
         filter_linear0 = true\n\
         shader1 = b.cg\nscale_type1 = absolute\nscale1 = 64\nfilter_linear1 = false\n\
         shader2 = c.cg\nfilter_linear2 = true\ntextures = lut\nlut = lut.png\nlut_linear = true\n\
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
    // The alias FIRSTPASS is pass 0's output, named once as slang's PassOutput0.
    assert!(third.contains("uniform sampler2D PassOutput0;"), "{third}");
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
    // The error names the preset (as the user gave it), the pass and the name.
    let preset = format!("of `{}`", dir.join("p.cgp").display());
    assert!(
        stderr(&out).contains("pass 0")
            && stderr(&out).contains(&preset)
            && stderr(&out).contains("sampler `PASS3.texture`"),
        "{}",
        stderr(&out)
    );
    // Located where the shader declares the struct: line 2, column 63 (`PASS3` in the parameter
    // list, counted by hand).
    assert!(
        stderr(&out).contains("a.cg:2:63: error: pass 0"),
        "{}",
        stderr(&out)
    );
    assert!(!out_dir.join("preset.slangp").exists());
}

/// A pass with integer bit operations and a texel fetch (which GLSL has from 1.30 on).
const BITS_PASS: &str = "float4 main_fragment(float2 tex : TEXCOORD0, uniform int mode,
    uniform sampler2D s : TEXUNIT0) : COLOR
{
    int2 p = int2(tex * 8.0);
    int bits = (mode & 6) | (mode ^ 1) << 2;
    return texelFetchOffset(s, p, 0, int2(1, 0)) * float(~bits >> 1);
}";

#[test]
fn bit_operations_and_texel_fetches_convert_to_slang_and_are_refused_by_glsl_120() {
    let dir = scratch("convert-bits");
    write(&dir, "b.cg", BITS_PASS);
    write(&dir, "p.cgp", "shaders = 1\nshader0 = b.cg\n");
    let run = |runtime: &str| {
        let out_dir = dir.join(runtime);
        let out = pigment(&[
            "preset",
            &dir.join("p.cgp").display().to_string(),
            "--convert",
            runtime,
            "-o",
            &out_dir.display().to_string(),
        ]);
        (out, out_dir)
    };
    let (out, out_dir) = run("slang");
    assert!(out.status.success(), "{}", stderr(&out));
    let pass = std::fs::read_to_string(out_dir.join("pass0.slang")).unwrap();
    assert!(
        pass.contains("texelFetch(") && pass.contains(" << "),
        "{pass}"
    );
    validate_slang(&out_dir.join("pass0.slang"));
    let (out, out_dir) = run("glsl");
    assert_eq!(out.status.code(), Some(1));
    // At the first `&` of the source: line 5, where `mode & 6` starts (column 17, by hand).
    assert!(
        stderr(&out).contains("b.cg:5:17: error: pass 0") && stderr(&out).contains("GLSL 1.30"),
        "{}",
        stderr(&out)
    );
    assert!(!out_dir.join("preset.glslp").exists());
}

/// An 8-bit RGBA PNG of `pixels` (row 0 the top).
fn write_png(path: &Path, width: u32, height: u32, pixels: &[[f32; 4]]) {
    let file = std::fs::File::create(path).unwrap();
    let mut encoder = png::Encoder::new(file, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let bytes: Vec<u8> = pixels
        .iter()
        .flat_map(|p| p.map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8))
        .collect();
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&bytes)
        .unwrap();
}

/// The pixels of an 8-bit RGBA PNG, row 0 the top, and its size.
fn read_png(path: &Path) -> (Vec<[f32; 4]>, u32, u32) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut bytes = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut bytes).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba, "{}", path.display());
    let pixels = bytes[..info.buffer_size()]
        .chunks(4)
        .map(|p| std::array::from_fn(|c| f32::from(p[c]) / 255.0))
        .collect();
    (pixels, info.width, info.height)
}

/// One picture of the GLSL chain: `size`, pixels row 0 at t = 0, as an 8-bit or float
/// framebuffer keeps them.
#[derive(Clone)]
struct Frame {
    size: (u32, u32),
    pixels: Vec<[f32; 4]>,
}

impl Frame {
    fn texture(&self, linear: bool) -> gl_oracle::OracleTexture {
        let filter = if linear {
            gl_oracle::Filter::Linear
        } else {
            gl_oracle::Filter::Nearest
        };
        let mut t = gl_oracle::OracleTexture::new(
            gl_oracle::TextureTarget::D2,
            [self.size.0, self.size.1, 1],
            self.pixels.clone(),
            filter,
        );
        // The runtime's default wrap mode, clamp to border (transparent black outside).
        t.wrap = gl_oracle::Wrap::ClampToBorder;
        t
    }
}

/// A minimal libretro GLSL runtime on llvmpipe, written from the runtime's documented names: pass
/// `i` of the converted preset in `dir` drawn at `size` from `source`, with the original picture,
/// the earlier passes' outputs (pass 0 aliased FIRSTPASS), an all-black previous frame, the LUT
/// and the parameter GAIN = 2; every texture of the pass filtered as the pass says.
fn draw_glsl_pass(
    oracle: &mut gl_oracle::Oracle,
    dir: &Path,
    i: usize,
    size: (u32, u32),
    frames: &[Frame],
    lut: &Frame,
    linear: &[bool],
) -> Vec<[f32; 4]> {
    use gl_oracle::GlslUniform;
    let text = std::fs::read_to_string(dir.join(format!("pass{i}.glsl"))).unwrap();
    let (version, rest) = text.split_once('\n').unwrap();
    let stage = |name: &str| format!("{version}\n#define {name}\n{rest}");
    let source = &frames[i];
    let original = &frames[0];
    let black = Frame {
        size: original.size,
        pixels: vec![[0.0; 4]; original.pixels.len()],
    };
    let vec2 = |name: &str, (w, h): (u32, u32)| GlslUniform {
        name: name.into(),
        width: 2,
        int: false,
        elements: vec![[w as f32, h as f32, 0.0, 0.0]],
    };
    let int = |name: &str, v: f32| GlslUniform {
        name: name.into(),
        width: 1,
        int: true,
        elements: vec![[v, 0.0, 0.0, 0.0]],
    };
    let identity = (0..4)
        .map(|c| std::array::from_fn(|r| f32::from(u8::from(r == c))))
        .collect();
    let mut inputs = gl_oracle::GlslInputs {
        uniforms: vec![
            GlslUniform {
                name: "MVPMatrix".into(),
                width: 4,
                int: false,
                elements: identity,
            },
            GlslUniform {
                name: "GAIN".into(),
                width: 1,
                int: false,
                elements: vec![[2.0, 0.0, 0.0, 0.0]],
            },
            vec2("OutputSize", size),
            int("FrameCount", 0.0),
            int("FrameDirection", 1.0),
        ],
        attributes: vec![
            ("VertexCoord".into(), 0),
            ("TexCoord".into(), 8),
            ("COLOR".into(), 5),
        ],
        constant_attributes: vec![(5, [1.0; 4])],
        ..Default::default()
    };
    // RetroArch's samplers: the source with this pass's filter, the input and history with pass
    // 0's, pass 0's output (FIRSTPASS) with pass 1's, whichever pass names them.
    let mut textures: Vec<(&str, Frame, bool)> = vec![
        ("", source.clone(), linear[i]),
        ("Orig", original.clone(), linear[0]),
        ("Prev", black, linear[0]),
        ("lut", lut.clone(), true),
    ];
    if i > 0 {
        textures.push(("FIRSTPASS", frames[1].clone(), linear[1]));
    }
    for (unit, (prefix, frame, linear)) in textures.into_iter().enumerate() {
        let sampler = if prefix == "lut" {
            prefix.to_string()
        } else {
            inputs
                .uniforms
                .push(vec2(&format!("{prefix}InputSize"), frame.size));
            inputs
                .uniforms
                .push(vec2(&format!("{prefix}TextureSize"), frame.size));
            format!("{prefix}Texture")
        };
        inputs.samplers.push((sampler, unit as u32));
        inputs.textures.push((unit as u32, frame.texture(linear)));
    }
    let floats = oracle
        .draw_glsl(
            &stage("VERTEX"),
            &stage("FRAGMENT"),
            size.0,
            size.1,
            &inputs,
        )
        .unwrap_or_else(|e| panic!("pass {i}: {e}\n{text}"));
    floats
        .chunks(4)
        .map(|p| std::array::from_fn(|c| p[c]))
        .collect()
}

/// An 8-bit framebuffer's value of a shaded colour.
fn unorm8(c: [f32; 4]) -> [f32; 4] {
    c.map(|x| (x.clamp(0.0, 1.0) * 255.0).round() / 255.0)
}

#[test]
fn the_converted_glsl_chain_draws_on_llvmpipe_what_the_machine_chain_draws() {
    let dir = scratch("convert-glsl-chain");
    write_preset(&dir);
    let picture: Vec<[f32; 4]> = (0..64)
        .map(|k| [(k % 8) as f32 / 7.0, (k / 8) as f32 / 7.0, 0.5, 1.0])
        .collect();
    let lut: Vec<[f32; 4]> = (0..16)
        .map(|k| {
            let (x, y) = ((k % 4) as f32, (k / 4) as f32);
            [x / 3.0, 1.0 - y / 3.0, (x + y) / 6.0, 1.0]
        })
        .collect();
    write_png(&dir.join("in.png"), 8, 8, &picture);
    write_png(&dir.join("lut.png"), 4, 4, &lut);
    let machine_png = dir.join("machine.png");
    let p = dir.join("p.cgp").display().to_string();
    let out = pigment(&[
        "preset",
        &p,
        "--input",
        &dir.join("in.png").display().to_string(),
        "--output-size",
        "16x16",
        "-o",
        &machine_png.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let glsl_dir = dir.join("glsl");
    let out = pigment(&[
        "preset",
        &p,
        "--convert",
        "glsl",
        "-o",
        &glsl_dir.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    // The chain: pass 0 at the source's size into a float framebuffer, pass 1 at 64x64 reading
    // its source unfiltered (filter_linear1 = false) into an 8-bit one, pass 2 at the output
    // size; each entry (size, linear filtering of the pass's source, 8-bit framebuffer).
    let mut oracle = gl_oracle::Oracle::new().expect("llvmpipe (scripts/test installs Mesa)");
    let quantized = |p: Vec<[f32; 4]>| p.into_iter().map(unorm8).collect();
    let lut = Frame {
        size: (4, 4),
        pixels: quantized(lut),
    };
    let mut frames = vec![Frame {
        size: (8, 8),
        pixels: quantized(picture),
    }];
    let passes = [
        ((8, 8), true, false),
        ((64, 64), false, true),
        ((16, 16), true, true),
    ];
    let linear = passes.map(|(_, linear, _)| linear);
    for (i, &(size, _, unorm)) in passes.iter().enumerate() {
        let pixels = draw_glsl_pass(&mut oracle, &glsl_dir, i, size, &frames, &lut, &linear);
        let pixels = if unorm { quantized(pixels) } else { pixels };
        frames.push(Frame { size, pixels });
    }
    let (machine, w, h) = read_png(&machine_png);
    assert_eq!((w, h), (16, 16));
    let gpu = &frames[3].pixels;
    let mut lit = 0;
    for (k, (g, m)) in gpu.iter().zip(&machine).enumerate() {
        lit += usize::from(m[..3].iter().any(|&c| c > 0.05));
        assert!(
            g.iter().zip(m).all(|(g, m)| (g - m).abs() <= 1.5 / 255.0),
            "pixel ({}, {}): llvmpipe {g:?}, machine {m:?}",
            k % 16,
            k / 16
        );
    }
    assert!(lit > 128, "only {lit} of 256 pixels show anything");
}
