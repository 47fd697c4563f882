//! Differential test: every program under `tests/in/fp/diff/` is rendered on the reference quad by
//! Pigment's NV_fragment_program machine and, translated to ARB_fragment_program, by Mesa's llvmpipe (a
//! real OpenGL through surfaceless EGL). The two float images must agree.
//!
//! Each program's header comments configure the comparison:
//! - `# size: WxH` (default 16x16; powers of two keep llvmpipe's interpolated inputs exact),
//! - `# tolerance: T` (absolute per component; default 0 = bit-exact up to NaN),
//! - `# local: N x,y,z,w` (numbered local parameter),
//! - `# texture: UNIT TARGET PATTERN FILTER` (a generated texture bound on both sides; see `make_texture`).
//!
//! The test fails, never skips, when EGL or llvmpipe is missing: `scripts/test` installs Mesa.

use gl_oracle::{arb, Inputs, Oracle, OracleTexture};
use nvfp::exec::{Machine, Parameters};
use nvfp::isa::TexTarget;
use nvfp::program::Program;
use nvfp::render::{shade_reference_quad, Framebuffer, Shader};
use nvfp::texture::{Filter, TexFormat, Texture, TextureUnits};
use pigment_diag::FileId;
use std::path::{Path, PathBuf};

struct Case {
    name: String,
    program: Program,
    width: u32,
    height: u32,
    tolerance: f32,
    locals: Vec<(u32, [f32; 4])>,
    textures: Vec<(u8, Texture)>,
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/in/fp/diff")
}

fn load_case(path: &Path) -> Case {
    let text = std::fs::read_to_string(path).expect("readable test program");
    let program = nvfp::validate::load_text(&text, FileId(0))
        .unwrap_or_else(|d| panic!("{} does not load: {d:?}", path.display()));
    let mut case = Case {
        name: path.file_name().unwrap().to_string_lossy().into_owned(),
        program,
        width: 16,
        height: 16,
        tolerance: 0.0,
        locals: Vec::new(),
        textures: Vec::new(),
    };
    for line in text.lines().filter_map(|l| l.trim().strip_prefix('#')) {
        let Some((key, value)) = line.trim().split_once(':') else {
            continue;
        };
        let value = value.trim();
        match key.trim() {
            "size" => {
                let (w, h) = value.split_once('x').expect("size WxH");
                (case.width, case.height) = (w.parse().unwrap(), h.parse().unwrap());
            }
            "tolerance" => case.tolerance = value.parse().expect("tolerance number"),
            "local" => {
                let (n, v) = value.split_once(' ').expect("local N x,y,z,w");
                case.locals.push((n.parse().unwrap(), vector(v)));
            }
            "texture" => case.textures.push(parse_texture(value)),
            _ => {}
        }
    }
    case
}

fn vector(text: &str) -> [f32; 4] {
    let mut v = [0.0, 0.0, 0.0, 1.0];
    for (slot, part) in v.iter_mut().zip(text.split(',')) {
        *slot = part.trim().parse().expect("number");
    }
    v
}

fn parse_texture(value: &str) -> (u8, Texture) {
    let words: Vec<&str> = value.split_whitespace().collect();
    let [unit, target, pattern, filter] = words[..] else {
        panic!("texture: UNIT TARGET PATTERN FILTER")
    };
    let target = TexTarget::from_name(target).expect("target");
    let filter = match filter {
        "nearest" => Filter::Nearest,
        "linear" => Filter::Linear,
        "mipmap" => Filter::Mipmap,
        other => panic!("unknown filter {other}"),
    };
    (
        unit.parse().unwrap(),
        make_texture(target, pattern).with_filter(filter),
    )
}

/// Generated textures: `checker` (8x8 texels of distinct colours) and `ramp` (a 16-texel-wide colour
/// ramp); sizes per target: 1D 16, 2D/RECT 8x8 or 16x16, 3D 4x4x4, CUBE 4x4 faces.
fn make_texture(target: TexTarget, pattern: &str) -> Texture {
    let texel = |x: usize, y: usize, z: usize| -> [f32; 4] {
        match pattern {
            "checker" => {
                let on = (x + y + z).is_multiple_of(2);
                [
                    x as f32 / 8.0,
                    y as f32 / 8.0,
                    if on { 1.0 } else { 0.25 },
                    (z as f32 + 1.0) / 8.0,
                ]
            }
            "ramp" => [
                x as f32 / 16.0,
                1.0 - y as f32 / 16.0,
                (x * y % 7) as f32 / 7.0,
                1.0,
            ],
            other => panic!("unknown pattern {other}"),
        }
    };
    let plane = |w: usize, h: usize, z: usize| -> Vec<[f32; 4]> {
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| texel(x, y, z))
            .collect()
    };
    let fmt = TexFormat::FloatRgba;
    match target {
        TexTarget::D1 => Texture::from_rgba_f32(target, 16, 1, 1, fmt, &plane(16, 1, 0)),
        TexTarget::D2 | TexTarget::Rect => {
            Texture::from_rgba_f32(target, 8, 8, 1, fmt, &plane(8, 8, 0))
        }
        TexTarget::D3 => {
            let slices: Vec<Vec<[f32; 4]>> = (0..4).map(|z| plane(4, 4, z)).collect();
            let refs: Vec<&[[f32; 4]]> = slices.iter().map(|s| s.as_slice()).collect();
            Texture::from_slices(fmt, 4, 4, &refs)
        }
        TexTarget::Cube => {
            let faces: Vec<Vec<[f32; 4]>> = (0..6).map(|f| plane(4, 4, f)).collect();
            Texture::cube(
                fmt,
                4,
                [
                    &faces[0], &faces[1], &faces[2], &faces[3], &faces[4], &faces[5],
                ],
            )
        }
    }
    .expect("valid generated texture")
}

fn oracle_texture(texture: &Texture) -> OracleTexture {
    let target = match texture.target() {
        TexTarget::D1 => gl_oracle::TextureTarget::D1,
        TexTarget::D2 => gl_oracle::TextureTarget::D2,
        TexTarget::D3 => gl_oracle::TextureTarget::D3,
        TexTarget::Cube => gl_oracle::TextureTarget::Cube,
        TexTarget::Rect => gl_oracle::TextureTarget::Rect,
    };
    let filter = match texture.filter() {
        Filter::Nearest => gl_oracle::Filter::Nearest,
        Filter::Linear => gl_oracle::Filter::Linear,
        Filter::Mipmap => gl_oracle::Filter::Mipmap,
    };
    let faces = if target == gl_oracle::TextureTarget::Cube {
        6
    } else {
        1
    };
    let level_texels = |level: usize| -> Vec<[f32; 4]> {
        (0..faces)
            .flat_map(|f| texture.level(f, level).expect("level").texels().to_vec())
            .collect()
    };
    let [w, h, d] = texture.size().map(|n| n as u32);
    let size = if faces == 6 { [w, h, 6] } else { [w, h, d] };
    let mut oracle = OracleTexture::new(target, size, level_texels(0), filter);
    if filter == gl_oracle::Filter::Mipmap {
        oracle.mip_levels = (1..texture.level_count()).map(level_texels).collect();
    }
    oracle
}

/// Renders `case` with the JIT (the CLI's default executor), after checking that its pixels are the
/// interpreter's bit for bit.
fn render_pigment(case: &Case) -> Vec<f32> {
    let (jit, compiled) = nvfp_jit::machine(&case.program);
    compiled.unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let interpreted = render_with(case, &Machine::new(&case.program));
    let compiled = render_with(case, &jit);
    let differs = |(a, b): (&f32, &f32)| a.to_bits() != b.to_bits();
    if let Some(i) = compiled.iter().zip(&interpreted).position(differs) {
        panic!(
            "{}: JIT and interpreter differ at float {i}: {} vs {}",
            case.name, compiled[i], interpreted[i]
        );
    }
    compiled
}

fn render_with(case: &Case, machine: &Machine) -> Vec<f32> {
    let mut params = Parameters::for_program(&case.program);
    for &(n, v) in &case.locals {
        params.numbered[n as usize] = v;
    }
    let mut textures = TextureUnits::new();
    for (unit, texture) in &case.textures {
        textures.bind(*unit, texture.clone());
    }
    let shader = Shader {
        program: &case.program,
        machine,
        params: &params,
        textures: &textures,
    };
    let mut target = Framebuffer::new(case.width, case.height);
    shade_reference_quad(&shader, &mut target);
    target.to_floats()
}

fn render_llvmpipe(oracle: &mut Oracle, case: &Case) -> Vec<f32> {
    let translation = arb::translate(&case.program)
        .unwrap_or_else(|u| panic!("{}: ARB cannot express {}", case.name, u.what));
    let mut inputs = Inputs::default();
    inputs.locals.extend(case.locals.iter().copied());
    inputs
        .locals
        .extend(translation.named_locals.iter().copied());
    for (unit, texture) in &case.textures {
        inputs
            .textures
            .push((*unit as u32, oracle_texture(texture)));
    }
    oracle
        .draw_reference_quad(&translation.text, case.width, case.height, &inputs)
        .unwrap_or_else(|e| panic!("{}: llvmpipe failed: {e}\n{}", case.name, translation.text))
}

/// Mismatching components as readable lines (pixel, channel, both values); empty when they agree.
fn compare(case: &Case, ours: &[f32], theirs: &[f32]) -> Vec<String> {
    let mut problems = Vec::new();
    for (i, (&a, &b)) in ours.iter().zip(theirs).enumerate() {
        let same = (a.is_nan() && b.is_nan()) || a == b || (a - b).abs() <= case.tolerance;
        if !same {
            let (pixel, channel) = (i / 4, i % 4);
            let (x, y) = (pixel as u32 % case.width, pixel as u32 / case.width);
            problems.push(format!(
                "pixel ({x},{y}) channel {channel}: pigment {a:e} llvmpipe {b:e}"
            ));
        }
    }
    problems
}

#[test]
fn pigment_matches_llvmpipe_on_every_program_of_the_corpus() {
    let mut oracle =
        Oracle::new().expect("Mesa llvmpipe through surfaceless EGL (installed by scripts/test)");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/in/fp/diff exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "fp"))
        .collect();
    paths.sort();
    assert!(
        paths.len() >= 10,
        "the differential corpus is unexpectedly small"
    );
    let mut cases: Vec<Case> = paths.iter().map(|p| load_case(p)).collect();
    // The bundled example and the benchmark programs are checked too (approximations inside).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (path, tolerance) in [
        ("../../examples/fp/sphere.fp", 2e-5),
        ("benches/programs/lighting.fp", 2e-5),
        ("benches/programs/arith.fp", 1e-5),
    ] {
        let mut case = load_case(&root.join(path));
        case.tolerance = tolerance;
        cases.push(case);
    }
    let mut failures = Vec::new();
    for case in &cases {
        let (ours, theirs) = (render_pigment(case), render_llvmpipe(&mut oracle, case));
        assert_eq!(ours.len(), theirs.len());
        let problems = compare(case, &ours, &theirs);
        if !problems.is_empty() {
            failures.push(format!(
                "{}: {} components differ (tolerance {}), first: {}",
                case.name,
                problems.len(),
                case.tolerance,
                problems[..problems.len().min(4)].join("; ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
