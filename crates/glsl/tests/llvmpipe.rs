//! Proof by execution: corpus fragment programs written as GLSL of several versions, paired with a
//! pass-through vertex shader written by the same crate, drawn on the reference quad by Mesa's
//! llvmpipe (a real OpenGL through crates/gl-oracle) and compared pixel by pixel with the IR's
//! reference interpreter; and a vertex function drawn likewise against `run_vertex`.
//!
//! Tolerance: |gpu − interpreter| ≤ 2e-3 · max(1, |interpreter|) per component (the crate doc
//! lists what GLSL computes differently from the IR). Programs taken: as tests/vulkan.rs of
//! pigment-naga takes them (fragment functions that read only TEXCOORD0/1 and COLOR0/1, use 2D
//! textures and write a real COLOR); every sampler gets the same smooth 8x8 RGBA32F texture,
//! LINEAR and REPEAT, on llvmpipe and in the NV machine's units that serve the interpreter.

mod common;
#[path = "../../naga-out/tests/quad/mod.rs"]
mod quad;

mod draw;

use draw::{compare, function, inputs, llvmpipe_picture};
use gl_oracle::Oracle;
use pigment_glsl::Version;
use pigment_ir::Vector;
use quad::{close, drawable, SIZE};

/// The versions every program is drawn in: the fixed-function built-ins (1.20), `in`/`out` with
/// locations (3.30), and both ES generations.
const VERSIONS: [Version; 5] = [
    Version::desktop(120),
    Version::desktop(150),
    Version::desktop(330),
    Version::es(100),
    Version::es(300),
];

/// Programs whose picture is expected to differ, and why (the crate doc's differences).
const EXPECTED_DIFFERENT: &[(&str, &str)] = &[
    (
        "fixed_literals.cg",
        "fixed values beyond [-2, 2047/1024] clamp in the IR; GLSL computes fixed in float",
    ),
    (
        "lower_fixed.ir",
        "fixed values beyond [-2, 2047/1024] clamp in the IR; GLSL computes fixed in float",
    ),
];

/// Shaders llvmpipe cannot run although they are valid for their version: Mesa's desktop GL runs
/// ES 1.00 shaders without EXT_shader_texture_lod (explicit LOD lookups in a fragment shader).
const NOT_ON_LLVMPIPE: &[(&str, Version)] = &[
    ("textures.ir", Version::es(100)),
    ("texture_forms.cg", Version::es(100)),
];

#[test]
fn corpus_programs_render_on_llvmpipe_as_the_interpreter_computes() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let programs: Vec<_> = common::corpus()
        .into_iter()
        .filter(|(_, f)| drawable(f))
        .collect();
    let mut failures = Vec::new();
    let (mut drawn, mut lit, mut refused) = (0, 0, 0);
    for version in VERSIONS {
        for (name, f) in &programs {
            if pigment_glsl::write(f, version).is_err() {
                // Refusals are checked (they name the version) by tests/corpus.rs.
                refused += 1;
                continue;
            }
            let unsupported = NOT_ON_LLVMPIPE
                .iter()
                .any(|(file, v)| name.ends_with(file) && *v == version);
            let (bad, pixels) = match compare(&mut oracle, f, &f.initial_uniforms(), version) {
                Err(e) if unsupported => {
                    assert!(e.contains("unsupported"), "{name}: {e}");
                    continue;
                }
                Ok(_) if unsupported => {
                    panic!("{name} runs as {version} on llvmpipe now: take it off the list")
                }
                Ok(r) => r,
                Err(e) => {
                    failures.push(format!("{name} as {version}: {e}"));
                    continue;
                }
            };
            drawn += 1;
            lit += pixels;
            if let Some((file, why)) = EXPECTED_DIFFERENT
                .iter()
                .find(|(file, _)| name.ends_with(file))
            {
                assert!(
                    bad.is_some(),
                    "{file} renders alike now ({why} no longer shows)"
                );
                continue;
            }
            if let Some(bad) = bad {
                failures.push(format!("{name} as {version}: {bad}"));
            }
        }
    }
    assert!(drawn >= 10 * VERSIONS.len(), "only {drawn} drawn");
    assert!(refused * 20 < drawn, "{refused} refused");
    assert!(
        lit > drawn * (SIZE * SIZE) as usize / 2,
        "only {lit} pixels drawn"
    );
    assert!(
        failures.is_empty(),
        "{} of {drawn} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A vertex function computing its varying (dot products with a uniform matrix, a mad, a
/// conversion through half), drawn with a pass-through fragment function. Its output is affine in
/// the attributes, so the rasterizer's interpolation gives at every pixel what `run_vertex` gives
/// for the attributes at the pixel's centre.
const AFFINE_VERTEX: &str = "vertex fn vs(
    in $p: float4 @POSITION, in $t0: float4 @TEXCOORD0, in $c0: float4 @COLOR0,
    uniform $m: float4[2] = [1.0, 2.0, 3.0, 4.0] [0.5, -1.0, 2.0, 0.25],
    out $pos: float4 @POSITION, out $o: float4 @TEXCOORD0,
) {
  %0: float4 = input $p
  store $pos, %0
  %1: float4 = input $t0
  %2: float4 = input $c0
  %3: float4 = uniform $m[0]
  %4: float4 = uniform $m[1]
  %5: float = dot %3, %1
  %6: float = dot %4, %2
  %7: float = swizzle %1.x
  %8: float = swizzle %4.y
  %9: float = swizzle %2.z
  %10: float = mad %7, %8, %9
  %11: float2 = swizzle %2.yx
  %12: half2 = cvt %11
  %13: float2 = cvt %12
  %14: float4 = construct %5, %6, %13
  store $o.xyzw, %14
  store $o.y, %10
}
fn fs(in $t: float4 @TEXCOORD0, out $c: float4 @COLOR) {
  %0: float4 = input $t
  store $c, %0
}
";

#[test]
fn a_vertex_function_renders_on_llvmpipe_like_run_vertex() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let vs = function(AFFINE_VERTEX, "vs");
    let fs = function(AFFINE_VERTEX, "fs");
    for version in VERSIONS {
        let v = pigment_glsl::write(&vs, version).unwrap();
        let f = pigment_glsl::write(&fs, version).unwrap();
        let bind = inputs(&vs, &vs.initial_uniforms(), &[&v, &f]);
        let gpu = oracle
            .draw_glsl(&v.text, &f.text, SIZE, SIZE, &bind)
            .unwrap();
        for (k, g) in gpu.chunks(4).enumerate() {
            let (i, j) = (k as u32 % SIZE, k as u32 / SIZE);
            let (s, t) = (
                (i as f32 + 0.5) / SIZE as f32,
                (j as f32 + 0.5) / SIZE as f32,
            );
            let attributes = [
                [2.0 * s - 1.0, 2.0 * t - 1.0, 0.0, 1.0],
                [s, t, 0.0, 1.0],
                [s, t, 1.0 - s, 1.0],
            ];
            let inputs = attributes.map(|a| Vector::reals(pigment_ir::ScalarKind::Float, &a));
            let r = pigment_ir::interp::run_vertex(
                &vs,
                &inputs,
                &vs.initial_uniforms(),
                &mut quad::units(&vs),
            )
            .unwrap();
            let o = r.outputs[1].value;
            let want: [f32; 4] = std::array::from_fn(|c| f32::from_bits(o.bits[c]));
            assert!(
                g.iter().zip(&want).all(|(&g, &w)| close(g, w)),
                "{version}, pixel ({i}, {j}): llvmpipe {g:?}, run_vertex {want:?}\n{}",
                v.text
            );
        }
    }
}

/// A lookup of the reference texture at TEXCOORD0. Pixel centres sample it at bilinear weights 1/4
/// and 3/4 of texels that are multiples of 1/16, so llvmpipe's filtering and the NV machine's
/// units that serve the interpreter give the same bits: the premise for comparing programs whose
/// comparisons are knife-edge (with texels of x/7 the blends differed in the last bit, and
/// reverse-aa, 2xSaL and multiLUT of libretro's collection flipped on that).
const LOOKUP: &str =
    "fn fs(in $t: float2 @TEXCOORD0, sampler $s: sampler2d, out $c: float4 @COLOR) {
  %0: float2 = input $t
  %1: float4 = tex $s, %0
  store $c, %1
}
";

#[test]
fn the_reference_textures_lookups_are_bit_exact_on_llvmpipe() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let f = function(LOOKUP, "fs");
    let version = Version::desktop(330);
    let fs = pigment_glsl::write(&f, version).unwrap();
    let gpu = llvmpipe_picture(&mut oracle, &f, &fs, &[], version).unwrap();
    let reference = quad::interpreted(&f, &[]).unwrap();
    for (k, (g, r)) in gpu.chunks(4).zip(&reference).enumerate() {
        let bits = |p: &[f32]| p.iter().map(|c| c.to_bits()).collect::<Vec<_>>();
        assert_eq!(
            bits(g),
            bits(r),
            "pixel ({}, {}): llvmpipe {g:?}, interpreter {r:?}",
            k as u32 % SIZE,
            k as u32 / SIZE
        );
    }
}

/// An array uniform indexed at run time, its index running from −1 to 4 across the picture (so
/// below and above the array's three elements). The runtime's overrides give its elements as
/// expressions: versions with array constructors index an array made of them, older ones
/// (GLSL 1.10, ES 1.00) select among them; both must clamp the index as the IR does.
const OVERRIDDEN_ARRAY: &str = "fn fs(
    in $t: float2 @TEXCOORD0,
    uniform $k: float4[3] = [0.25, 0.0, 0.0, 1.0] [0.5, 0.125, 0.0, 1.0] [0.75, 0.25, 0.5, 1.0],
    out $c: float4 @COLOR,
) {
  %0: float2 = input $t
  %1: float = swizzle %0.x
  %2: float = const 6.0
  %3: float = mul %1, %2
  %4: float = const -1.5
  %5: float = add %3, %4
  %6: int = cvt %5
  %7: float4 = uniform $k[%6]
  store $c, %7
}
";

#[test]
fn an_overridden_array_uniform_indexed_at_run_time_takes_the_clamped_element_on_llvmpipe() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let f = function(OVERRIDDEN_ARRAY, "fs");
    let mut overrides = pigment_glsl::Overrides::default();
    let elements = [
        "vec4(0.25, 0.0, 0.0, 1.0)",
        "vec4(0.5, 0.125, 0.0, 1.0)",
        "vec4(0.75, 0.25, 0.5, 1.0)",
    ];
    overrides
        .uniforms
        .insert("k".into(), elements.map(String::from).to_vec());
    let reference = quad::interpreted(&f, &f.initial_uniforms()).unwrap();
    let first_and_last = |p: &[f32; 4]| p[0] == 0.25 || p[0] == 0.75;
    assert!(
        reference.iter().filter(|p| first_and_last(p)).count() > reference.len() / 3,
        "the index does not reach past both ends"
    );
    let forms = [
        (Version::desktop(110), "== 2 ?"),
        (Version::es(100), "== 2 ?"),
        (Version::desktop(120), "vec4[3]("),
        (Version::desktop(330), "vec4[3]("),
    ];
    for (version, form) in forms {
        let fs = pigment_glsl::write_with(&f, version, &overrides).unwrap();
        assert!(
            fs.text.contains(form),
            "{version}: no `{form}`\n{}",
            fs.text
        );
        let gpu = llvmpipe_picture(&mut oracle, &f, &fs, &[], version).unwrap();
        for (k, (g, r)) in gpu.chunks(4).zip(&reference).enumerate() {
            assert_eq!(
                g,
                r,
                "{version}, pixel ({}, {}): llvmpipe {g:?}, interpreter {r:?}\n{}",
                k as u32 % SIZE,
                k as u32 / SIZE,
                fs.text
            );
        }
    }
}
