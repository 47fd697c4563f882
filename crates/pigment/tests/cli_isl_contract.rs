//! The command-line contract of issue 11 for ISL, as a user types it: `check` over several files,
//! `compile --target fp30 -o DIR`, and `render` with `--light LIGHT.isl` and the `--light-param`s
//! that follow it, `--uniform` (lowered again), `--texture NAME=FILE.png` and a texture found
//! beside the shader. Every expected value is computed by hand from isl-notes.md's rules.

mod common;

use common::{pigment, render_4x4 as render, scratch, stderr, write};

fn assert_all(pixels: &[[f32; 4]], want: [f32; 4]) {
    for px in pixels {
        let near = px.iter().zip(&want).all(|(g, w)| (g - w).abs() < 1e-5);
        assert!(near, "{px:?}, want {want:?}");
    }
}

const SURFACE: &str = "surface shiny(parameter color base = color(0.5, 0.5, 1, 1);
                      uniform float shine = 8) {
    FB = diffuse();
    FB += ambient();
    FB *= base;
    FB += specular(shine);
}
";

const LIGHTS: &str = "distantlight key(parameter color c = color(1, 0.9, 0.8, 1)) { FB = c; }
ambientlight fill() { FB = color(0.1, 0.1, 0.1, 1); }
";

/// `--light LIGHT.isl` takes the file's first light; its `--light-param`s follow it.
#[test]
fn lights_come_from_files_with_their_parameters() {
    let dir = scratch("isl-contract-lights");
    let surface = write(&dir, "shiny.isl", SURFACE);
    let lights = write(&dir, "lights.isl", LIGHTS);
    let fill = format!("{lights}:fill");
    // key (red here) straight down the normal: diffuse (1, 0, 0); fill adds 0.1; times base
    // (0.5, 0.5, 1): (0.55 → 0.5 after the clamp of 1.1, 0.05, 0.1); specular: H = N, so
    // (1, 0, 0)·1⁸ is added: (1, 0.05, 0.1, 1).
    let pixels = render(
        &surface,
        &[
            "--light",
            &lights,
            "--light-param",
            "c=1,0,0,1",
            "--light",
            &fill,
        ],
    );
    assert_all(&pixels, [1.0, 0.05, 0.1, 1.0]);
    // The key light turned to shine along +y (its matrix's z axis goes to y): N·L = 0, so only
    // the specular remains: H = (0, 1, 1)/√2, N·H = 1/√2, (1/√2)⁸ = 1/16 of (1, 0.9, 0.8).
    let turned = "1,0,0,0, 0,0,1,0, 0,-1,0,0, 0,0,0,1".replace(' ', "");
    let matrix = format!("shadermatrix={turned}");
    let pixels = render(&surface, &["--light", &lights, "--light-param", &matrix]);
    assert_all(&pixels, [0.0625, 0.05625, 0.05, 1.0]);
    // The same file twice: instances `key` and `key2`, each with its own colour.
    let pixels = render(
        &surface,
        &[
            "--light",
            &lights,
            "--light-param",
            "c=0.25,0,0,1",
            "--light",
            &lights,
            "--light-param",
            "c=0,0.25,0,1",
        ],
    );
    // diffuse (0.25, 0.25, 0) · base = (0.125, 0.125, 0); specular adds (0.25, 0.25, 0).
    assert_all(&pixels, [0.375, 0.375, 0.0, 1.0]);
    let out = pigment(&["render", &surface, "--light-param", "c=1", "-o", "x.png"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("must follow the `--light`"),
        "{}",
        stderr(&out)
    );
}

/// `--uniform` lowers the shader again with a new uniform value; a misspelt or ill-typed one is
/// an error.
#[test]
fn uniforms_are_overridden_by_lowering_again() {
    let dir = scratch("isl-contract-uniform");
    let surface = write(&dir, "shiny.isl", SURFACE);
    let lights = write(&dir, "lights.isl", LIGHTS);
    let matrix = "shadermatrix=1,0,0,0,0,0,1,0,0,-1,0,0,0,0,0,1";
    // As above with shine 2: (1/√2)² = 1/2 of the key's colour.
    let pixels = render(
        &surface,
        &[
            "--light",
            &lights,
            "--light-param",
            matrix,
            "--uniform",
            "shine=2",
        ],
    );
    assert_all(&pixels, [0.5, 0.45, 0.4, 1.0]);
    for (setting, message) in [
        ("shin=2", "no uniform `shin`"),
        ("shine=2,3", "a float takes one number"),
    ] {
        let out = pigment(&["render", &surface, "--uniform", setting, "-o", "x.png"]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
    }
    // A setting without `=` is a usage error that names the flag and the form it takes.
    let out = pigment(&["render", &surface, "--uniform", "shine", "-o", "x.png"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let message = stderr(&out);
    assert!(
        message.contains("`--uniform`") && message.contains("`shine` should look like NAME=VALUE"),
        "{message}"
    );
}

/// Writes a 2x1 RGBA picture: red on the left, black on the right.
fn picture(path: &std::path::Path) {
    let mut encoder = png::Encoder::new(std::fs::File::create(path).unwrap(), 2, 1);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let texels = [255, 0, 0, 255, 0, 0, 0, 255];
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&texels).unwrap();
}

/// `--texture NAME=FILE.png`, and a texture name that is a PNG beside the shader.
#[test]
fn textures_are_bound_by_name_or_found_beside_the_shader() {
    let dir = scratch("isl-contract-texture");
    picture(&dir.join("red-left.png"));
    let named = write(
        &dir,
        "named.isl",
        "surface named() { FB = texture(\"photo\"); }\n",
    );
    let beside = write(
        &dir,
        "beside.isl",
        "surface beside() { FB = texture(\"red-left.png\"); }\n",
    );
    let file = dir.join("red-left.png").display().to_string();
    let texture = format!("photo={file}");
    for (shader, extra) in [(&named, vec!["--texture", &texture]), (&beside, vec![])] {
        let mut args = extra.clone();
        args.extend(["--filter", "nearest"]);
        for (k, px) in render(shader, &args).iter().enumerate() {
            let want = if k % 4 < 2 {
                [1.0, 0.0, 0.0, 1.0]
            } else {
                [0.0, 0.0, 0.0, 1.0]
            };
            assert_eq!(*px, want, "{shader}: pixel {k}");
        }
    }
}

/// `pigment compile FILE.isl --target fp30 -o DIR` writes each surface and atmosphere shader as
/// `NAME.fp`, whose header names the parameters as the shader does; the program loads.
#[test]
fn compile_writes_each_shader_with_its_parameters_named() {
    let dir = scratch("isl-contract-compile");
    let file = write(
        &dir,
        "two.isl",
        "surface paint(parameter color tint = color(1, 0.5, 0.25, 1)) { FB = tint; }\n\
         atmosphere fog(parameter float thick = 0.5) { FB *= color(thick, thick, thick, 1); }\n",
    );
    let out_dir = dir.join("out");
    let out_text = out_dir.display().to_string();
    let out = pigment(&["compile", &file, "--target", "fp30", "-o", &out_text]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let paint = std::fs::read_to_string(out_dir.join("paint.fp")).unwrap();
    assert!(paint.starts_with("!!FP1.0"), "{paint}");
    assert!(paint.contains("#var float4 tint "), "{paint}");
    assert!(paint.contains("#default tint = 1 0.5 0.25 1"), "{paint}");
    let fog = std::fs::read_to_string(out_dir.join("fog.fp")).unwrap();
    assert!(fog.contains("#var float thick "), "{fog}");
    assert!(fog.contains("#var samplerRECT FB "), "{fog}");
    let fog_path = out_dir.join("fog.fp").display().to_string();
    let out = pigment(&["check", &fog_path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // One shader by name, printed.
    let out = pigment(&["compile", &file, "--shader", "paint"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(String::from_utf8_lossy(&out.stdout), paint);
}

/// `pigment check` over several files: exit 1 when any has an error, each error located in its
/// own file.
#[test]
fn check_takes_several_files() {
    let dir = scratch("isl-contract-check");
    let good = write(&dir, "good.isl", SURFACE);
    let lights = write(&dir, "lights.isl", LIGHTS);
    let out = pigment(&["check", &good, &lights]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let bad = write(&dir, "bad.isl", "surface bad() {\n    FB = 1 +;\n}\n");
    let out = pigment(&["check", &good, &bad, &lights]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stderr(&out);
    assert!(text.contains("bad.isl:2:"), "{text}");
    assert!(!text.contains("good.isl:"), "{text}");
}

/// `pigment render ... --size 64x64 --raw` on a scene: the floats, bottom row first.
fn render_scene(file: &str, extra: &[&str]) -> Vec<[f32; 4]> {
    let raw = format!("{file}.scene.f32");
    let png = format!("{file}.scene.png");
    let mut args = vec!["render", file, "--size", "64x64", "--raw", &raw, "-o", &png];
    args.extend(extra);
    let out = pigment(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    common::raw_pixels(std::path::Path::new(&raw))
}

/// `--scene sphere`: the sphere, framed by the default camera, is lit where it faces the light
/// and the clear colour stays where it is not; an atmosphere changes only the sphere.
#[test]
fn scenes_draw_shapes_with_depth_and_lights() {
    let dir = scratch("isl-contract-scene");
    let surface = write(&dir, "matte.isl", "surface matte() { FB = diffuse(); }\n");
    let lights = write(&dir, "lights.isl", LIGHTS);
    let fog = write(
        &dir,
        "fog.isl",
        "atmosphere fog() { FB *= color(0.5, 0.5, 0.5, 1); }\n",
    );
    let clear = ["--clear", "0.25,0.5,0.75,1"];
    let mut args = vec!["--light", lights.as_str(), "--scene", "sphere"];
    args.extend(clear);
    let pixels = render_scene(&surface, &args);
    // The centre pixel sees the sphere's point facing the eye (eye-space normal (0, 0, 1), up to
    // half a pixel), which the key light (down its z axis) lights fully: (1, 0.9, 0.8).
    let centre = pixels[32 * 64 + 32];
    let key = [1.0, 0.9, 0.8, 1.0];
    assert!(
        centre.iter().zip(key).all(|(c, k)| (c - k).abs() < 2e-3),
        "{centre:?}"
    );
    // A corner is outside the sphere: the clear colour.
    assert_eq!(pixels[0], [0.25, 0.5, 0.75, 1.0]);
    assert_eq!(pixels[64 * 64 - 1], [0.25, 0.5, 0.75, 1.0]);
    // The atmosphere halves what the surface drew, and only there.
    args.extend(["--atmosphere", fog.as_str()]);
    let fogged = render_scene(&surface, &args);
    let half = fogged[32 * 64 + 32];
    assert!((half[0] - centre[0] * 0.5).abs() < 1e-6, "{half:?}");
    assert_eq!(fogged[0], [0.25, 0.5, 0.75, 1.0]);
}

/// An OBJ scene's errors are located in the OBJ file; an unknown scene name is a usage error.
#[test]
fn a_bad_scene_is_reported() {
    let dir = scratch("isl-contract-bad-scene");
    let surface = write(&dir, "matte.isl", "surface matte() { FB = diffuse(); }\n");
    let obj = write(&dir, "bad.obj", "v 0 0 0\nv 1 0 0\nf 1 2 7\n");
    let out = pigment(&["render", &surface, "--scene", &obj, "-o", "x.png"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("bad.obj:3:"), "{}", stderr(&out));
    let out = pigment(&["render", &surface, "--scene", "teapot", "-o", "x.png"]);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        stderr(&out).contains("unknown scene `teapot`"),
        "{}",
        stderr(&out)
    );
}

/// A shader longer than fp30's 1024 instructions: `compile` writes its passes and their
/// description, and `render` draws them, handing the colour on through a float target, to what
/// one pass would give — here the coats applied by hand, in f32, each step clamped as every
/// varying operation is.
#[test]
fn a_shader_too_large_for_one_pass_renders_through_several() {
    let dir = scratch("isl-contract-multipass");
    let coats = 600;
    let file = write(
        &dir,
        "coats.isl",
        &format!(
            "surface coats(parameter color tint = color(0.999, 0.998, 0.996, 1);
                           parameter color glow = color(0.0012, 0.0009, 0.0004, 0)) {{
                FB = color(0.2, 0.3, 0.4, 1);
                repeat ({coats}) {{ FB *= tint; FB += glow; }}
            }}\n"
        ),
    );
    let out_dir = dir.join("out");
    let out = pigment(&["compile", &file, "-o", &out_dir.display().to_string()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let description = std::fs::read_to_string(out_dir.join("coats.passes.txt")).unwrap();
    assert!(
        description.starts_with("2 pass(es), 1 render target(s)"),
        "{description}"
    );
    for n in 0..2 {
        let pass = std::fs::read_to_string(out_dir.join(format!("coats.pass{n}.fp"))).unwrap();
        assert!(pass.starts_with("!!FP1.0"), "{pass}");
    }
    let (tint, glow) = (
        [0.999f32, 0.998, 0.996, 1.0],
        [0.0012f32, 0.0009, 0.0004, 0.0],
    );
    let mut want = [0.2f32, 0.3, 0.4, 1.0];
    for _ in 0..coats {
        for c in 0..4 {
            want[c] = (want[c] * tint[c]).clamp(0.0, 1.0);
            want[c] = (want[c] + glow[c]).clamp(0.0, 1.0);
        }
    }
    for px in render(&file, &[]) {
        let near = px.iter().zip(&want).all(|(g, w)| (g - w).abs() < 1e-6);
        assert!(near, "{px:?}, want {want:?}");
    }
}
