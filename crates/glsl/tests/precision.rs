//! The fp30 precision mode (`Precision::Fp30`): `half` rounded to fp16 and `fixed` to fx12 after each
//! operation. Proof by execution on llvmpipe against the IR interpreter (which computes as fp30):
//! the corpus, the two fixed-point programs the default mode draws differently included, and a
//! program whose fp16 rounding and overflow the default mode misses, and one whose NaN NV's MIN,
//! MAX, saturation and POW keep where Mesa's do not; every output validates. And
//! `pow` of a negative base is NaN as in the IR (undefined in GLSL; this guards llvmpipe's). And a
//! determinant whose value depends on every product being rounded, as fp30 computes, where the
//! driver may reassociate constants in the default mode and the fp30 mode forbids it.

mod common;
#[path = "../../naga-out/tests/quad/mod.rs"]
mod quad;

mod draw;

use draw::{compare_precise, function, llvmpipe_picture};
use gl_oracle::Oracle;
use pigment_glsl::{Precision, Version};
use pigment_ir::Stage;
use pigment_test_support::trig_grid::{noise_pixel, trigonometry_pixel, SCALES};
use quad::drawable;

/// Versions whose fp30 helpers work on the float's bits and whose outputs can be `invariant`.
const VERSIONS: [Version; 2] = [Version::desktop(330), Version::es(300)];

/// Those and versions without bit casts, whose helpers compute by arithmetic (no `invariant`
/// fragment output either, so only programs whose exactness needs no such output draw alike).
const WITH_ARITHMETIC: [Version; 4] = [
    Version::desktop(120),
    Version::desktop(130),
    Version::desktop(330),
    Version::es(300),
];

/// In each of `versions`, `f` drawn on llvmpipe agrees with the interpreter in fp30 precision
/// and differs in the default precision (else the test could not tell the modes apart: `unless`
/// says what would have changed).
fn only_fp30_precision_agrees(
    oracle: &mut Oracle,
    f: &pigment_ir::Function,
    versions: &[Version],
    unless: &str,
) {
    for &version in versions {
        let fp30 = compare_precise(oracle, f, &[], version, Precision::Fp30).unwrap();
        assert_eq!(fp30.0, None, "{version}");
        let target = compare_precise(oracle, f, &[], version, Precision::Target).unwrap();
        assert!(target.0.is_some(), "{version}: {unless}");
    }
}

/// half arithmetic whose f32 result is far from fp16's: (s + 1000) − 1000 keeps s in f32 but
/// rounds it to a multiple of 0.5 in fp16; (300 + 300·s)² overflows fp16 (+INF) but not f32.
const HALF_ROUNDING: &str = "fn fs(in $t: float4 @TEXCOORD0, out $c: float4 @COLOR) {
  %0: float4 = input $t
  %1: float = swizzle %0.x
  %2: half = cvt %1
  %3: half = const 1000.0
  %4: half = add %2, %3
  %5: half = sub %4, %3
  %6: half = const 300.0
  %7: half = mad %2, %6, %6
  %8: half = mul %7, %7
  %9: half = const 0.0
  %10: half4 = construct %5, %8, %2, %9
  %11: float4 = cvt %10
  store $c, %11
}
";

/// A 2x2 determinant `a·d − b·c` as nedi's solves compute it, of entries scaled by constants:
/// here (x·0.1)·10 − x·1. fp30 rounds every MUL (nv_fragment_program.txt), so the determinant is
/// the rounding error of the two products, not 0 at most pixels; a driver that may reassociate
/// the constants (Mesa folds (x·0.1)·10 into x·1, an inexact rewrite) gets 0 instead, as llvmpipe
/// got nedi's singular systems slightly non-singular. Red is 1 where the determinant is 0, green
/// the determinant magnified.
const DETERMINANT: &str = "float4 main_fragment(float4 t : TEXCOORD0) : COLOR
{
    float x = t.x + 0.1;
    float det = determinant(float2x2(x * 0.1, x, 1, 10));
    return float4(det == 0 ? 1 : 0, det * 1e6, t.x, 1);
}
";

fn determinant_program() -> pigment_ir::Function {
    let module = common::lower_cg(
        "determinant.cg",
        DETERMINANT,
        "main_fragment",
        Stage::Fragment,
    );
    let h = module.function("main_fragment").unwrap();
    module.functions[h].clone()
}

#[test]
fn fp30_precision_keeps_every_product_rounded() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let f = determinant_program();
    only_fp30_precision_agrees(
        &mut oracle,
        &f,
        &VERSIONS,
        "llvmpipe no longer rewrites (x·0.1)·10 in the default mode",
    );
    // The reference is IEEE f32 arithmetic one operation at a time, as fp30's: the determinant is
    // not 0 at some pixels, so the comparisons above can tell the two apart.
    let reference = quad::interpreted(&f, &[]).unwrap();
    let mut nonzero = 0;
    for (k, px) in reference.iter().enumerate() {
        let s = ((k as u32 % quad::SIZE) as f32 + 0.5) / quad::SIZE as f32;
        let x = s + 0.1;
        let det = x * 0.1 * 10.0 - x;
        assert_eq!(px[0], f32::from(det == 0.0), "pixel {k}");
        nonzero += usize::from(det != 0.0);
    }
    assert!(nonzero > 0);
}

/// The word each version has for it: `precise` from GLSL 4.00 and ES 3.20 (Vulkan GLSL is 4.50),
/// `invariant` before (GLSL 3.30 and ES 3.00 and 3.10 allow it on fragment outputs); glslang
/// accepts both where they are written, and the default mode writes neither.
#[test]
fn fp30_precision_forbids_contraction_in_each_versions_words() {
    let f = determinant_program();
    let precise = [400, 410, 420, 430, 440, 450, 460].map(Version::desktop);
    let expected = precise
        .into_iter()
        .chain([Version::es(320), Version::VULKAN])
        .map(|v| (v, "precise"))
        .chain(
            [Version::desktop(330), Version::es(300), Version::es(310)].map(|v| (v, "invariant")),
        );
    for (version, word) in expected {
        let g =
            pigment_glsl::write_precise(&f, version, &Default::default(), Precision::Fp30).unwrap();
        assert!(
            g.text.contains(&format!("\n{word} fragColor;\n")),
            "{version}:\n{}",
            g.text
        );
        common::glslang(&g.text, Stage::Fragment, version)
            .unwrap_or_else(|e| panic!("{version}: {e}\n{}", g.text));
    }
    let g = pigment_glsl::write(&f, Version::desktop(330)).unwrap();
    assert!(!g.text.contains("invariant") && !g.text.contains("precise"));
}

/// `pow` of negative bases (the file says why).
const POW: &str = include_str!("../../../tests/in/precision/pow.ir");

#[test]
fn pow_keeps_the_irs_special_cases() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let f = function(POW, "fs");
    for version in [
        Version::desktop(120),
        Version::desktop(330),
        Version::es(300),
    ] {
        let (bad, _) = compare_precise(&mut oracle, &f, &[], version, Precision::Target).unwrap();
        assert_eq!(bad, None, "{version}");
    }
}

/// NaN through `min`, `max`, `sat` and `pow` (the file says why).
const NAN: &str = include_str!("../../../tests/in/precision/nan.ir");

#[test]
fn nv_nan_rules_draw_as_the_interpreter_computes_in_fp30_precision() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let f = function(NAN, "fs");
    only_fp30_precision_agrees(
        &mut oracle,
        &f,
        &WITH_ARITHMETIC,
        "Mesa keeps NaN through min/max/pow now",
    );
}

#[test]
fn fp16_rounding_and_overflow_draw_as_the_interpreter_computes() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let f = function(HALF_ROUNDING, "fs");
    only_fp30_precision_agrees(
        &mut oracle,
        &f,
        &WITH_ARITHMETIC,
        "f32 arithmetic draws alike",
    );
}

#[test]
fn corpus_programs_in_fp30_precision_render_as_the_interpreter_computes() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let mut failures = Vec::new();
    let mut drawn = 0;
    for (name, f) in common::corpus().iter().filter(|(_, f)| drawable(f)) {
        for version in WITH_ARITHMETIC {
            let uniforms = f.initial_uniforms();
            match compare_precise(&mut oracle, f, &uniforms, version, Precision::Fp30) {
                Ok((None, _)) => drawn += 1,
                Ok((Some(bad), _)) => failures.push(format!("{name} as {version}: {bad}")),
                // Refusals (explicit LOD in ES 1.00, ...) are tests/llvmpipe.rs's.
                Err(_) => {}
            }
        }
    }
    assert!(drawn >= 20, "only {drawn} drawn");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fp30_precision_output_passes_glslang() {
    let f = function(HALF_ROUNDING, "fs");
    let nan = function(NAN, "fs");
    let noise = cg_function(NOISE);
    let mut checked = 0;
    let programs = common::corpus();
    let all = programs.iter().map(|(_, f)| f).chain([&f, &nan, &noise]);
    for f in all {
        for version in [
            Version::desktop(120),
            Version::desktop(130),
            Version::es(100),
            Version::desktop(330),
            Version::es(300),
            Version::VULKAN,
        ] {
            let Ok(g) =
                pigment_glsl::write_precise(f, version, &Default::default(), Precision::Fp30)
            else {
                continue;
            };
            common::glslang(&g.text, f.stage, version)
                .unwrap_or_else(|e| panic!("{} as {version}: {e}\n{}", f.name, g.text));
            checked += 1;
        }
    }
    assert!(checked > 50, "only {checked} checked");
}

/// Versions without bit casts get the arithmetic helpers (crates/glsl's precision::arithmetic):
/// no bit cast, `isnan` or `roundEven` in the text, and Veltkamp's split for fp16.
#[test]
fn fp30_precision_without_bit_casts_computes_by_arithmetic() {
    let f = function(HALF_ROUNDING, "fs");
    let nan = function(NAN, "fs");
    for version in [
        Version::desktop(120),
        Version::desktop(130),
        Version::es(100),
    ] {
        for f in [&f, &nan] {
            let g = pigment_glsl::write_precise(f, version, &Default::default(), Precision::Fp30)
                .unwrap();
            let builtins = g.text.replace("cg_isnan", "");
            for absent in ["BitsTo", "isnan(", "roundEven"] {
                assert!(
                    !builtins.contains(absent),
                    "{version}: {absent}\n{}",
                    g.text
                );
            }
        }
        let g =
            pigment_glsl::write_precise(&f, version, &Default::default(), Precision::Fp30).unwrap();
        assert!(g.text.contains("t - (t - x)"), "{version}\n{}", g.text);
    }
}

#[test]
fn default_output_has_no_rounding_helpers() {
    let f = function(HALF_ROUNDING, "fs");
    let g = pigment_glsl::write(&f, Version::desktop(330)).unwrap();
    assert!(!g.text.contains("cg_half"), "{}", g.text);
    let p = pigment_glsl::write_precise(
        &f,
        Version::desktop(330),
        &Default::default(),
        Precision::Fp30,
    )
    .unwrap();
    assert!(
        p.text.contains("cg_half(cg_half("),
        "mad rounds twice:\n{}",
        p.text
    );
}

/// Pixel (i, j) of the 16x16 picture computes n = 16j + i − 128 (exact), x = n·SX and y = n·SY
/// (one product each), and writes (sin x, cos x, sin y, cos y); `NOISE` writes the noise shaders'
/// frac(sin(dot(co, (12.9898, 78.233))) · 43758.5453) for co = (i, j)/16.
const TRIGONOMETRY: &str = "float4 main_fragment(float4 t : TEXCOORD0) : COLOR
{
    float2 ij = floor(t.xy * 16);
    float n = ij.y * 16 + ij.x - 128;
    float x = n * SX;
    float y = n * SY;
    return float4(sin(x), cos(x), sin(y), cos(y));
}
";
const NOISE: &str = "float4 main_fragment(float4 t : TEXCOORD0) : COLOR
{
    float2 co = floor(t.xy * 16) * 0.0625;
    float v = frac(sin(dot(co, float2(12.9898, 78.233))) * 43758.5453);
    return float4(v, v, v, v);
}
";

fn cg_function(text: &str) -> pigment_ir::Function {
    let module = common::lower_cg("trig.cg", text, "main_fragment", Stage::Fragment);
    let h = module.function("main_fragment").unwrap();
    module.functions[h].clone()
}

/// How many pixels of `f` drawn by llvmpipe as `version` in `precision` are not `want`'s bits
/// (−0 and +0 count as equal), with the first of them.
fn differing(
    oracle: &mut Oracle,
    f: &pigment_ir::Function,
    version: Version,
    precision: Precision,
    want: impl Fn(usize) -> [f32; 4],
) -> (usize, String) {
    let fs = pigment_glsl::write_precise(f, version, &Default::default(), precision).unwrap();
    let gpu = llvmpipe_picture(oracle, f, &fs, &[], version).unwrap();
    let wrong: Vec<String> = gpu
        .chunks(4)
        .enumerate()
        .filter(|(k, pixel)| pixel.iter().zip(want(*k)).any(|(&g, w)| g != w))
        .map(|(k, pixel)| format!("pixel {k}: llvmpipe {pixel:?}, machine {:?}", want(k)))
        .collect();
    let first = wrong.first().cloned().unwrap_or_default();
    (
        wrong.len(),
        format!("{version} {precision:?}: {first}\n{}", fs.text),
    )
}

/// `sin` and `cos` in fp30 precision (`cg_nv_sin`, `cg_nv_cos`) drawn by llvmpipe equal the
/// machine's bits in every version the mode has two forms for: pigment_numeric's `approx::sine`
/// and `cosine` are what the fp30 machine (and the IR interpreter) execute, so they are the
/// expected values (the claim under test is that the GLSL reproduces the machine). 1 024
/// arguments from 0 and ±10^-30 to ±10^4, and the noise shaders' expression. In the default
/// precision llvmpipe's `sin` and `cos` differ in the last bits, which the noise magnifies.
#[test]
fn nv_sine_and_cosine_draw_the_machines_bits() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let noise = cg_function(NOISE);
    for version in [
        Version::desktop(120),
        Version::es(100),
        Version::desktop(330),
    ] {
        for s in SCALES {
            let text = TRIGONOMETRY
                .replace("SX", &format!("{:?}", s[0]))
                .replace("SY", &format!("{:?}", s[1]));
            let f = cg_function(&text);
            let (wrong, first) = differing(&mut oracle, &f, version, Precision::Fp30, |k| {
                trigonometry_pixel(k, s)
            });
            assert_eq!(wrong, 0, "scales {s:?}: {first}");
        }
        let (wrong, first) = differing(&mut oracle, &noise, version, Precision::Fp30, noise_pixel);
        assert_eq!(wrong, 0, "noise: {first}");
        let (wrong, _) = differing(&mut oracle, &noise, version, Precision::Target, noise_pixel);
        assert!(
            wrong > 0,
            "{version}: the default precision draws the noise as NV does"
        );
    }
}
