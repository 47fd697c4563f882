//! `pigment check FILE.isl` as a user runs it: a well-formed ISL surface shader checks clean (exit
//! 0), and every problem of a bad one is a `FILE:LINE:COL: error: message` with its source line
//! (exit 1). Expected positions are counted by hand in the sources below.

mod common;

use common::{pigment, render_4x4 as render, scratch, stderr, write};

const GOOD: &str = "// A tinted surface, brightened where red is high.
surface stripes(parameter color tint = color(1, 0.5, 0.25, 1); uniform float gain = 2) {
    uniform float k = gain * 0.5;
    FB = color(0.2, 0.4, 0.6, 1);
    FB *= tint * k;
    if (FB[0] > 0.1) {
        FB += color(0.1, 0.1, 0.1, 0);
    } else {
        FB.rb = color(1, 1, 1, 1);
    }
}
";

const BAD: &str = "surface bad(parameter float p = 1) {
    uniform float u = p;
    FB = colr(1, 0, 0, 1);
}
";

#[test]
fn check_accepts_a_well_formed_surface_shader() {
    let dir = scratch("isl-good");
    let file = write(&dir, "good.isl", GOOD);
    let out = pigment(&["check", &file]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
}

#[test]
fn check_locates_every_error() {
    let dir = scratch("isl-bad");
    let file = write(&dir, "bad.isl", BAD);
    let out = pigment(&["check", &file]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stderr(&out);
    let located: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(": error:"))
        .map(|l| l.split_once("bad.isl:").unwrap().1)
        .collect();
    assert_eq!(
        located,
        [
            "2:23: error: a parameter float value cannot become uniform float (promotion only \
             goes uniform → parameter → varying)",
            "3:10: error: unknown function `colr`",
        ]
    );
    assert!(text.contains("    FB = colr(1, 0, 0, 1);"), "{text}");
}

fn close(a: [f32; 4], b: [f32; 4]) -> bool {
    a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-6)
}

#[test]
fn render_runs_a_surface_shader_over_the_frame_buffer() {
    let dir = scratch("isl-render");
    let file = write(
        &dir,
        "tint.isl",
        GOOD.replace("FB = color(0.2, 0.4, 0.6, 1);\n", "").as_str(),
    );
    // FB starts as the clear colour: (0.6, 0.8, 1, 1) · tint (1, 0.5, 0.25, 1) · k (1) =
    // (0.6, 0.4, 0.25, 1); red > 0.1, so (0.1, 0.1, 0.1, 0) is added.
    for px in render(&file, &["--clear", "0.6,0.8,1,1"]) {
        assert!(close(px, [0.7, 0.5, 0.35, 1.0]), "{px:?}");
    }
    // A parameter set at render time: (0.05, 0.8, 1, 1) · (0.5, 1, 1, 1) = (0.025, 0.8, 1, 1); red
    // is not above 0.1, so red and blue are set to 1.
    for px in render(
        &file,
        &["--clear", "0.05,0.8,1,1", "--param", "tint=0.5,1,1,1"],
    ) {
        assert!(close(px, [1.0, 0.8, 1.0, 1.0]), "{px:?}");
    }
}

#[test]
fn render_binds_a_named_texture() {
    let dir = scratch("isl-texture");
    let file = write(
        &dir,
        "picture.isl",
        "surface picture(uniform string name = \"pic\"; parameter float gain = 0.5) {\n    \
         FB = texture(name);\n    FB *= color(gain, gain, gain, 1);\n}\n",
    );
    // A 2x2 picture: red, green on the top row; blue, white on the bottom (t = 0) row.
    let pic = dir.join("pic.png");
    let mut encoder = png::Encoder::new(std::fs::File::create(&pic).unwrap(), 2, 2);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let texels = [
        255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255,
    ];
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&texels)
        .unwrap();
    let tex = format!("pic=2D:{}", pic.display());
    let pixels = render(&file, &["--tex", &tex, "--filter", "nearest"]);
    let half = |c: [f32; 3]| [c[0] * 0.5, c[1] * 0.5, c[2] * 0.5, 1.0];
    for (k, px) in pixels.iter().enumerate() {
        let (x, y) = (k % 4, k / 4);
        let want = match (x < 2, y < 2) {
            (true, true) => half([0.0, 0.0, 1.0]),
            (false, true) => half([1.0, 1.0, 1.0]),
            (true, false) => half([1.0, 0.0, 0.0]),
            (false, false) => half([0.0, 1.0, 0.0]),
        };
        assert!(close(*px, want), "pixel ({x}, {y}): {px:?}, want {want:?}");
    }
}

/// The bundled ISL examples check and render what their formulas give.
#[test]
fn the_bundled_examples_render() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/isl");
    let dir = scratch("isl-examples");
    // glaze: (0.4, 0.3, 0.2, 1) · (0.9, 0.8, 1, 1) + 3 · (0.05, 0.05, 0.08, 0).
    let glaze = dir.join("glaze.isl");
    std::fs::copy(format!("{root}/glaze.isl"), &glaze).unwrap();
    for px in render(&glaze.display().to_string(), &["--clear", "0.4,0.3,0.2,1"]) {
        assert!(close(px, [0.51, 0.39, 0.44, 1.0]), "{px:?}");
    }
    // duotone: a picture whose left column is red: the light ink there, the dark one elsewhere.
    let duotone = dir.join("duotone.isl");
    std::fs::copy(format!("{root}/duotone.isl"), &duotone).unwrap();
    let pic = dir.join("photo.png");
    let mut encoder = png::Encoder::new(std::fs::File::create(&pic).unwrap(), 2, 1);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let texels = [255, 0, 0, 255, 0, 0, 0, 255];
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&texels)
        .unwrap();
    let tex = format!("picture=2D:{}", pic.display());
    let pixels = render(
        &duotone.display().to_string(),
        &["--tex", &tex, "--filter", "nearest"],
    );
    for (k, px) in pixels.iter().enumerate() {
        let want = if k % 4 < 2 {
            [0.95, 0.85, 0.6, 1.0]
        } else {
            [0.1, 0.15, 0.35, 1.0]
        };
        assert!(close(*px, want), "pixel {k}: {px:?}, want {want:?}");
    }
}

const LIT: &str = "surface lit(parameter color paint = color(0.8, 0.6, 0.4, 1)) {
    FB = diffuse();
    FB += ambient();
    FB *= paint;
}
distantlight sun(parameter color c = color(0.5, 0.4, 0.3, 1)) { FB = c; }
ambientlight sky(parameter color c = color(0.1, 0.1, 0.2, 1)) { FB = c; }
";

/// Lights from the surface's file and from another, on the quad (normal (0, 0, 1), position
/// (2s − 1, 2t − 1, 0)).
#[test]
fn render_lights_a_surface() {
    let dir = scratch("isl-lights");
    let file = write(&dir, "lit.isl", LIT);
    // The sun shines down +z onto the normal: N·L = 1. (0.5, 0.4, 0.3) + (0.1, 0.1, 0.2), alpha
    // clamped to 1, times the paint.
    for px in render(&file, &["--light", "sun", "--light", "sky"]) {
        assert!(close(px, [0.48, 0.3, 0.2, 1.0]), "{px:?}");
    }
    // A white point light one unit above the origin, from another file under its own name: at a
    // 4x4 pixel centre P = (x, y, 0), N·L = 1 / |(−x, −y, 1)|.
    let bulb = write(
        &dir,
        "bulb.isl",
        "pointlight bulb(parameter color c = color(1, 1, 1, 1)) { FB = c; }\n",
    );
    let light = format!("{bulb}:bulb=b1");
    let pixels = render(
        &file,
        &["--light", &light, "--param", "b1.shadermatrix[3]=0,0,1,1"],
    );
    for (k, px) in pixels.iter().enumerate() {
        let (x, y) = ((k % 4) as f32 * 0.5 - 0.75, (k / 4) as f32 * 0.5 - 0.75);
        let d = 1.0 / (x * x + y * y + 1.0).sqrt();
        let want = [0.8 * d, 0.6 * d, 0.4 * d, 1.0];
        assert!(
            px.iter().zip(&want).all(|(g, w)| (g - w).abs() < 1e-5),
            "pixel {k}: {px:?}, want {want:?}"
        );
    }
}

/// An atmosphere shader runs after the surface, in a second pass whose `FB` is the rendered frame.
#[test]
fn render_runs_an_atmosphere_over_the_rendered_frame() {
    let dir = scratch("isl-atmosphere");
    let file = write(
        &dir,
        "hazy.isl",
        "surface base() { FB = color(0.8, 0.6, 0.4, 1); }\n\
         atmosphere haze(parameter float thin = 0.5) {\n    \
         FB *= color(thin, thin, thin, 1);\n    FB += color(0.1, 0.1, 0.1, 0);\n}\n",
    );
    for px in render(&file, &[]) {
        assert!(close(px, [0.8, 0.6, 0.4, 1.0]), "{px:?}");
    }
    // (0.8, 0.6, 0.4) · 0.5 + 0.1.
    for px in render(&file, &["--atmosphere", "haze"]) {
        assert!(close(px, [0.5, 0.4, 0.3, 1.0]), "{px:?}");
    }
    // The atmosphere's parameter, set at render time: (0.8, 0.6, 0.4) · 0.25 + 0.1.
    for px in render(&file, &["--atmosphere", "haze", "--param", "thin=0.25"]) {
        assert!(close(px, [0.3, 0.25, 0.2, 1.0]), "{px:?}");
    }
}
