//! `pigment check FILE.p...`: Parasol units checked together with the standard library; exit 0 or 1,
//! one `FILE:LINE:COL: error[CODE]: message` per error. Expected lines and codes are written by hand
//! from the spec and the reference compiler's error names.

mod common;

use common::{pigment, scratch, stderr, write};

const SHADERS: &str = "package demo;

module Shaders is
  import com.io7m.parasol.Sampler2D as S;

  shader vertex v is
    in position : vector_4f;
    in uv : vector_2f;
    out vertex clip : vector_4f;
    out f_uv : vector_2f;
  as
    out clip = position;
    out f_uv = uv;
  end;

  shader fragment f is
    parameter t : sampler_2d;
    in f_uv : vector_2f;
    out colour : vector_4f as 0;
  with
    value c = S.texture (t, f_uv);
  as
    out colour = c;
  end;
end;
";

#[test]
fn check_accepts_units_that_import_each_other() {
    let dir = scratch("parasol-ok");
    let a = write(&dir, "shaders.p", SHADERS);
    let b = write(
        &dir,
        "program.p",
        "package demo;\n\nmodule Main is\n  import demo.Shaders;\n  shader program p is\n    vertex Shaders.v;\n    fragment Shaders.f;\n  end;\nend;\n",
    );
    let o = pigment(&["check", &a, &b]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).is_empty());
    // Without the unit it imports, the program's import is unknown.
    let o = pigment(&["check", &b]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with(&format!("{b}:4:3: error[RESOLVER_IMPORT_UNKNOWN]: ")),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_type_error_names_its_line_and_the_reference_error_name() {
    let dir = scratch("parasol-type");
    let text = SHADERS.replace(
        "value c = S.texture (t, f_uv);",
        "value c = if f_uv then S.texture (t, f_uv) else S.texture (t, f_uv) end;",
    );
    let p = write(&dir, "bad.p", &text);
    let o = pigment(&["check", &p]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let firsts: Vec<&str> = err.lines().filter(|l| l.contains(": error[")).collect();
    assert_eq!(firsts.len(), 1, "{err}");
    assert!(
        firsts[0].starts_with(&format!(
            "{p}:21:18: error[TYPE_ERROR_EXPRESSION_CONDITION_NOT_BOOLEAN]: "
        )),
        "{err}"
    );
}

#[test]
fn compile_a_fragment_shader_to_fp30() {
    let dir = scratch("parasol-fp30");
    let p = write(&dir, "shaders.p", SHADERS);
    let o = common::pigment(&[
        "compile",
        &p,
        "--shader",
        "demo.Shaders.f",
        "--target",
        "fp30",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = common::stdout(&o);
    // The texture lookup reads the first input, bound to f[TEX0], and writes o[COLR].
    assert!(text.contains("!!FP1.0"), "{text}");
    assert!(
        text.contains("f[TEX0]") && text.contains("o[COLR]"),
        "{text}"
    );
    // A GLSL version that never existed is refused clearly.
    let o = common::pigment(&[
        "compile",
        &p,
        "--shader",
        "demo.Shaders.f",
        "--target",
        "glsl:331",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown GLSL version `331`"),
        "{}",
        stderr(&o)
    );
}

/// fp30 writes one colour: a shader with two colour outputs compiles to two programs, output n in
/// FILE.outN.fp, each computing its own output (values worked out by hand).
#[test]
fn each_colour_output_of_a_shader_compiles_to_its_own_fp30_program() {
    let dir = scratch("parasol-outputs");
    let p = write(
        &dir,
        "two.p",
        "package demo;

module Two is
  import com.io7m.parasol.Vector4f as V4;

  shader fragment f is
    in f_uv : vector_2f;
    out first : vector_4f as 0;
    out second : vector_4f as 1;
  with
    value c = new vector_4f (f_uv, 0.5, 1.0);
    value d = V4.add (c, c);
  as
    out first = c;
    out second = d;
  end;
end;
",
    );
    let out = dir.join("two.fp").display().to_string();
    let o = pigment(&[
        "compile",
        &p,
        "--shader",
        "demo.Two.f",
        "--target",
        "fp30",
        "-o",
        &out,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let second = dir.join("two.out1.fp").display().to_string();
    for (file, expected) in [
        (&out, [0.25, 0.75, 0.5, 1.0]),
        (&second, [0.5, 1.5, 1.0, 2.0]),
    ] {
        let o = pigment(&["eval", file, "--attr", "TEX0=0.25,0.75,0,1"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let json: serde_json::Value = serde_json::from_str(&common::stdout(&o)).expect("JSON");
        let colr: Vec<f64> = serde_json::from_value(json["outputs"]["COLR"].clone()).unwrap();
        assert_eq!(colr, expected.map(f64::from), "{file}");
    }
    // Without -o: output 0 on stdout, and a note naming the others.
    let o = pigment(&["compile", &p, "--shader", "demo.Two.f", "--target", "fp30"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(common::stdout(&o).contains("# colour output 0 of 2"));
    assert!(
        stderr(&o).contains("has 2 colour outputs and fp30 writes one"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn emit_ir_prints_a_vertex_shader_lowered() {
    let dir = scratch("parasol-ir");
    let p = write(&dir, "shaders.p", SHADERS);
    let o = common::pigment(&["compile", &p, "--shader", "demo.Shaders.v", "--emit", "ir"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = common::stdout(&o);
    // The IR text form marks vertex functions; attributes in declaration order, POSITION first.
    assert!(text.contains("vertex fn v"), "{text}");
    assert!(
        text.contains("ATTR0") && text.contains("ATTR1") && text.contains("POSITION"),
        "{text}"
    );
}

#[test]
fn both_shaders_compile_to_spirv_that_spirv_val_accepts() {
    let dir = scratch("parasol-spirv");
    let p = write(&dir, "shaders.p", SHADERS);
    for (shader, model) in [("demo.Shaders.v", "Vertex"), ("demo.Shaders.f", "Fragment")] {
        let spv = dir.join(format!("{shader}.spv")).display().to_string();
        let o = pigment(&[
            "compile", &p, "--shader", shader, "--target", "spirv", "-o", &spv,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let val = std::process::Command::new("spirv-val")
            .arg(&spv)
            .output()
            .expect("spirv-val missing: run scripts/test, which installs spirv-tools");
        assert!(
            val.status.success(),
            "{}",
            String::from_utf8_lossy(&val.stderr)
        );
        let asm = pigment(&[
            "compile", &p, "--shader", shader, "--target", "spirv", "--emit", "asm",
        ]);
        let text = common::stdout(&asm);
        assert!(text.contains(&format!("OpEntryPoint {model}")), "{text}");
    }
    // WGSL: the fragment entry and its texture, as WebGPU separates it from the sampler.
    let o = pigment(&[
        "compile",
        &p,
        "--shader",
        "demo.Shaders.f",
        "--target",
        "wgsl",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = common::stdout(&o);
    assert!(
        text.contains("@fragment") && text.contains("texture_2d<f32>"),
        "{text}"
    );
}

#[test]
fn both_shaders_compile_to_glsl_that_glslang_accepts() {
    let dir = scratch("parasol-glsl");
    let p = write(&dir, "shaders.p", SHADERS);
    for version in ["110", "120", "330", "es100", "es300"] {
        for (shader, ext) in [("demo.Shaders.v", "vert"), ("demo.Shaders.f", "frag")] {
            let target = format!("glsl:{version}");
            let out = dir.join(format!("s.{ext}")).display().to_string();
            let o = pigment(&[
                "compile", &p, "--shader", shader, "--target", &target, "-o", &out,
            ]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            let text = std::fs::read_to_string(&out).unwrap();
            // The program's own names stay: the attribute `uv`, the parameter `t`.
            assert!(text.contains("uv") || text.contains(" t;"), "{text}");
            let val = std::process::Command::new("glslangValidator")
                .arg(&out)
                .output()
                .expect("glslangValidator missing: run scripts/test, which installs glslang-tools");
            assert!(
                val.status.success(),
                "{}\n{text}",
                String::from_utf8_lossy(&val.stdout)
            );
        }
    }
}

#[test]
fn a_program_becomes_a_linked_glsl_pair_that_draws_on_llvmpipe() {
    let dir = scratch("parasol-program");
    let shaders = write(&dir, "shaders.p", SHADERS);
    let main = write(
        &dir,
        "main.p",
        "package demo;\n\nmodule Main is\n  import demo.Shaders;\n  shader program p is\n    vertex Shaders.v;\n    fragment Shaders.f;\n  end;\nend;\n",
    );
    let out = dir.join("glsl");
    let o = pigment(&[
        "compile",
        &main,
        &shaders,
        "--program",
        "demo.Main.p",
        "--target",
        "glsl:120",
        "-o",
        &out.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let vs = std::fs::read_to_string(out.join("p.vert")).unwrap();
    let fs = std::fs::read_to_string(out.join("p.frag")).unwrap();
    // The texture is one texel, so every pixel shows it if the pair links and the lookup runs.
    let texel = [0.25, 0.5, 0.75, 1.0];
    let inputs = gl_oracle::GlslInputs {
        samplers: vec![("t".into(), 0)],
        textures: vec![(
            0,
            gl_oracle::OracleTexture::new(
                gl_oracle::TextureTarget::D2,
                [1, 1, 1],
                vec![texel],
                gl_oracle::Filter::Nearest,
            ),
        )],
        attributes: vec![("position".into(), 0), ("uv".into(), 8)],
        ..Default::default()
    };
    let mut oracle = gl_oracle::Oracle::new().expect("llvmpipe (scripts/test installs Mesa)");
    let pixels = oracle
        .draw_glsl(&vs, &fs, 4, 4, &inputs)
        .unwrap_or_else(|e| panic!("{e}\n{vs}\n{fs}"));
    for px in pixels.chunks(4) {
        assert_eq!(px, texel, "{vs}\n{fs}");
    }
    let fp30 = pigment(&["compile", &main, &shaders, "--program", "demo.Main.p"]);
    assert_eq!(fp30.status.code(), Some(2), "{}", stderr(&fp30));
}

/// A program whose vertex shader scales the texture coordinate by a parameter and whose fragment
/// shader shows it: rendered, every pixel is (k·s, k·t, 0.5, 1) at its centre (s, t).
const SCALING: &str = "package demo;

module Scale is
  import com.io7m.parasol.Vector2f as V2;

  shader vertex v is
    parameter k : float;
    in position : vector_4f;
    in uv : vector_2f;
    out vertex clip : vector_4f;
    out f_uv : vector_2f;
  with
    value scaled = V2.multiply_scalar (uv, k);
  as
    out clip = position;
    out f_uv = scaled;
  end;

  shader fragment f is
    in f_uv : vector_2f;
    out colour : vector_4f as 0;
  with
    value c = new vector_4f (f_uv, 0.5, 1.0);
  as
    out colour = c;
  end;

  shader program p is
    vertex v;
    fragment f;
  end;
end;
";

#[test]
fn render_draws_a_program_through_both_shaders() {
    let dir = scratch("parasol-render");
    let unit = write(&dir, "scale.p", SCALING);
    let raw = dir.join("out.raw");
    let o = pigment(&[
        "render",
        &unit,
        "--program",
        "demo.Scale.p",
        "--param",
        "k=0.5",
        "--size",
        "4x4",
        "--raw",
        &raw.display().to_string(),
        "-o",
        &dir.join("out.png").display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(&raw).unwrap();
    let floats: Vec<f32> = bytes
        .chunks(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    assert_eq!(floats.len(), 4 * 4 * 4);
    for (k, px) in floats.chunks(4).enumerate() {
        let (s, t) = ((k % 4) as f32 * 0.25 + 0.125, (k / 4) as f32 * 0.25 + 0.125);
        let want = [0.5 * s, 0.5 * t, 0.5, 1.0];
        assert!(
            px.iter().zip(&want).all(|(g, w)| (g - w).abs() < 1e-6),
            "pixel {k}: {px:?}, want {want:?}"
        );
    }
    // Without `--program` the command says what it needs.
    let o = pigment(&["render", &unit]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--program"), "{}", stderr(&o));
}

/// What the reference compiler's version checker excludes from GLSL 1.10, 1.20 and ES 1.00.
const LEGACY: &str = "package demo;

module Legacy is
  import com.io7m.parasol.Sampler2D as S;

  shader vertex v is
    in position : vector_4f;
    in id : vector_2i;
    out vertex clip : vector_4f;
    out f_id : vector_2i;
  as
    out clip = position;
    out f_id = id;
  end;

  shader fragment f is
    parameter t : sampler_2d;
    in f_id : vector_2i;
    out colour : vector_4f as 0;
    out shine : vector_4f as 1;
  with
    value uv = new vector_2f (0.5, 0.5);
    value c = S.texture_with_lod (t, uv, 1.0);
  as
    out colour = c;
    out shine = c;
  end;

  shader program p is
    vertex v;
    fragment f;
  end;
end;
";

#[test]
fn versions_the_reference_excludes_are_located_errors() {
    let dir = scratch("parasol-versions");
    let unit = write(&dir, "legacy.p", LEGACY);
    let compile = |target: &str| {
        pigment(&[
            "compile",
            &unit,
            "--program",
            "demo.Legacy.p",
            "--target",
            target,
            "-o",
            &dir.join(target.replace(':', "_")).display().to_string(),
        ])
    };
    let es100 = compile("glsl:es100");
    assert_eq!(es100.status.code(), Some(1), "{}", stderr(&es100));
    let lines: Vec<String> = stderr(&es100)
        .lines()
        .filter(|l| l.contains(": error["))
        .map(|l| {
            l.split_once("legacy.p:")
                .unwrap()
                .1
                .split(" is of")
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        lines,
        [
            "8:8: error[GLSL_VERSION_EXCLUDED]: the vertex shader input `id`",
            "10:9: error[GLSL_VERSION_EXCLUDED]: the vertex shader output `f_id`",
            "18:8: error[GLSL_VERSION_EXCLUDED]: the fragment shader input `f_id`",
            "20:9: error[GLSL_VERSION_EXCLUDED]: the fragment shader declares more than one \
             output (`shine` is its second); GLSL ES 1.00 has one (the reference compiler's \
             version check)",
            "23:15: error[GLSL_VERSION_EXCLUDED]: `Sampler2D.texture_with_lod` is not available \
             in GLSL ES 1.00: its declaration excludes that version (the reference \
             compiler's version check)",
        ]
    );
    // GLSL 1.20 has several outputs (gl_FragData), the rest is excluded there too.
    let v120 = compile("glsl:120");
    assert_eq!(v120.status.code(), Some(1), "{}", stderr(&v120));
    assert_eq!(
        stderr(&v120)
            .matches("error[GLSL_VERSION_EXCLUDED]")
            .count(),
        4
    );
    assert!(!stderr(&v120).contains("more than one output"));
    // From 1.30 on the program is expressible.
    for target in ["glsl:130", "glsl:es300", "glsl:330"] {
        let o = compile(target);
        assert_eq!(o.status.code(), Some(0), "{target}: {}", stderr(&o));
    }
}
