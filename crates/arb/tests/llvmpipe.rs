//! Proof by execution: the corpus's fragment programs compiled for arbfp1, drawn on the
//! reference quad by Mesa's llvmpipe (a real ARB_fragment_program implementation, through
//! crates/gl-oracle) and compared pixel by pixel with the IR's reference interpreter.
//!
//! Tolerance: |gpu − interpreter| ≤ 2e-3 · max(1, |interpreter|) per component. arbfp1 computes
//! in fp32 where the interpreter rounds half and fixed after every step, and llvmpipe's ARB
//! instructions are not NV's in every corner (from_nv's documentation lists them). Programs taken:
//! those pigment-naga's tests/vulkan.rs takes (TEXCOORD0/1 and COLOR0/1 read, 2D textures, a real
//! COLOR written); every texture unit gets the same smooth 8x8 RGBA32F texture.

#[path = "../../naga-out/tests/quad/mod.rs"]
mod quad;

use gl_oracle::{Filter, Inputs, Oracle, OracleTexture, TextureTarget};
use pigment_test_support::trig_grid::{noise_pixel, trigonometry_pixel, NOISE_CONSTANTS, SCALES};
use quad::{close, drawable, texels, SIZE, TEX};

/// Programs whose picture is expected to differ, and why.
const EXPECTED_DIFFERENT: &[(&str, &str)] = &[
    (
        "fixed_literals.cg",
        "fixed values beyond [-2, 2047/1024] clamp in the IR; arbfp1 computes fixed in float",
    ),
    (
        "lower_fixed.ir",
        "fixed values beyond [-2, 2047/1024] clamp in the IR; arbfp1 computes fixed in float",
    ),
];

#[test]
fn corpus_programs_render_on_llvmpipe_as_the_interpreter_computes() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let textures: Vec<_> = (0..8)
        .map(|unit| {
            (
                unit,
                OracleTexture::new(TextureTarget::D2, [TEX, TEX, 1], texels(), Filter::Linear),
            )
        })
        .collect();
    let mut failures = Vec::new();
    let (mut drawn, mut refused) = (0, 0);
    for (name, f) in quad::corpus(&[]).into_iter().filter(|(_, f)| drawable(f)) {
        let mut module = pigment_ir::Module::new();
        module.functions.append(f.clone());
        let arb = match pigment_arb::arbfp1(&module, &f.name, &Default::default()) {
            Ok(arb) => arb,
            Err(errors) => {
                assert!(
                    errors
                        .iter()
                        .all(|d| d.message.contains("arbfp1") || d.message.contains("C6")),
                    "{name}: {errors:?}"
                );
                eprintln!(
                    "refused {name}: {:?}",
                    errors.iter().map(|d| &d.message).collect::<Vec<_>>()
                );
                refused += 1;
                continue;
            }
        };
        let inputs = Inputs {
            locals: arb.locals.clone(),
            textures: textures.clone(),
        };
        let gpu = oracle
            .draw_reference_quad(&arb.text, SIZE, SIZE, &inputs)
            .unwrap_or_else(|e| panic!("{name}: {e}\n{}", arb.text));
        let reference = quad::interpreted(&f, &f.initial_uniforms()).unwrap();
        drawn += 1;
        let bad = gpu
            .chunks(4)
            .zip(&reference)
            .enumerate()
            .find(|(_, (g, r))| g.iter().zip(r.iter()).any(|(&g, &r)| !close(g, r)));
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
        if let Some((k, (g, r))) = bad {
            failures.push(format!(
                "{name}: pixel {k}: llvmpipe {g:?}, interpreter {r:?}"
            ));
        }
    }
    assert!(drawn >= 40, "only {drawn} drawn");
    assert!(refused * 10 < drawn, "{refused} refused");
    assert!(
        failures.is_empty(),
        "{} of {drawn} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A DP3 compared with `==` to the same products summed from x (crates/glsl's dot_order.ir, which
/// says why): equal on NV, whose DP3 rounds the products and sums them from x. With stepwise dots
/// (`--precision fp30`) arbfp1 writes DP3 and DP4 as a MUL and ADDs, since Mesa fuses ARB's DP3
/// into `fma`s, which flipped that `==` (and xBR's comparisons of sums of dot products); by
/// default it keeps the shorter DP3.
#[test]
fn dot_products_draw_as_nv_sums_them() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let path = quad::root().join("crates/glsl/tests/in/dot_order.ir");
    let module = pigment_ir::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let stepwise = pigment_arb::FragmentOptions {
        stepwise_dots: true,
        ..Default::default()
    };
    let arb = pigment_arb::arbfp1(&module, "fs", &stepwise).unwrap();
    assert!(!arb.text.contains("DP3"), "{}", arb.text);
    let plain = pigment_arb::arbfp1(&module, "fs", &Default::default()).unwrap();
    assert!(plain.text.contains("DP3"), "{}", plain.text);
    let inputs = Inputs {
        locals: arb.locals.clone(),
        textures: Vec::new(),
    };
    let gpu = oracle
        .draw_reference_quad(&arb.text, SIZE, SIZE, &inputs)
        .unwrap();
    // Red is 1 where the dot product equals the sum: everywhere, as NV computes both.
    let unequal: Vec<usize> = (0..gpu.len() / 4).filter(|k| gpu[4 * k] != 1.0).collect();
    assert!(unequal.is_empty(), "pixels {unequal:?}\n{}", arb.text);
}

/// NV's NaN rules (nv_fragment_program.txt's special cases of MIN, MAX, POW and RSQ; notes 4-6:
/// saturation keeps a NaN) drawn by llvmpipe with `Style::nan_rules` (`--precision fp30`), each
/// instruction on p[0] = (NaN, -2, 0, 4) and p[1] = (0.5, 0.5, 0.5, 0.5). The expected values are
/// the rules' (NaN where a case says so) and plain arithmetic elsewhere; llvmpipe's own MIN, MAX,
/// saturation, POW and RSQ give numbers for every NaN case here.
#[test]
fn nan_rules_draw_as_nv_computes_them() {
    let nan = f32::NAN;
    // An instruction reads one program parameter: p[1] goes through R1.
    let cases: [(&str, [f32; 4]); 9] = [
        ("MINR o[COLR], p[0], R1;", [nan, -2.0, 0.0, 0.5]),
        ("MAXR o[COLR], p[0], R1;", [nan, 0.5, 0.5, 4.0]),
        ("MOVR_SAT o[COLR], p[0];", [nan, 0.0, 0.0, 1.0]),
        ("MAXR_SAT o[COLR], p[0], R1;", [nan, 0.5, 0.5, 1.0]),
        ("POWR o[COLR], p[0].w, R1.x;", [2.0; 4]),
        ("POWR o[COLR], p[0].y, p[0].w;", [nan; 4]),
        ("POWR o[COLR], p[0].z, p[0].z;", [nan; 4]),
        ("POWR o[COLR], p[0].x, R1.x;", [nan; 4]),
        (
            "RSQR o[COLR].xy, p[0].y; RSQR o[COLR].zw, p[0].w;",
            [nan, nan, 0.5, 0.5],
        ),
    ];
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let style = pigment_arb::from_nv::Style {
        half_rounding: false,
        ..fp30_style(false)
    };
    for (body, want) in cases {
        let nv = format!("!!FP1.0\nMOVR R1, p[1];\n{body}\nEND\n");
        let arb = translate(&nv, style);
        let inputs = Inputs {
            locals: vec![(0, [nan, -2.0, 0.0, 4.0]), (1, [0.5; 4])],
            textures: Vec::new(),
        };
        let gpu = oracle
            .draw_reference_quad(&arb.text, 2, 2, &inputs)
            .unwrap_or_else(|e| panic!("{body}: {e}\n{}", arb.text));
        for pixel in gpu.chunks(4) {
            let alike = pixel.iter().zip(want).all(|(&g, w)| match w.is_nan() {
                true => g.is_nan(),
                false => close(g, w),
            });
            assert!(
                alike,
                "{body}: llvmpipe {pixel:?}, NV {want:?}\n{}",
                arb.text
            );
        }
    }
}

/// fp16 results rounded by `Style::half_rounding` (`--precision fp30`), drawn by llvmpipe. The
/// expected values are fp16's by hand (notes 4: nearest, ties to even; 11 significant bits):
/// 1 + 2^-11 + 2^-20 is past the midpoint of 1 and 1 + 2^-10; in [2048, 4096) the spacing is 2,
/// so 2049 ties to 2048 (even significand) and 2051 to 2052; π in [2, 4) is 1608.495·2^-9, so
/// 1608·2^-9. DP3H rounds each product and partial sum: (2049, 1, 0.5)·(1, 1, 1) is
/// 2048 + 1 = 2049 → 2048, then 2048 + 0.5 → 2048 (rounded once at the end: 2050).
#[test]
fn half_rounding_draws_fp16_values() {
    let pi = std::f32::consts::PI;
    let cases: [(&str, [f32; 4], [f32; 4]); 2] = [
        (
            "MULH H0, p[0], R1; MOVR o[COLR], H0;",
            [1.0 + 2f32.powi(-11) + 2f32.powi(-20), 2049.0, 2051.0, pi],
            [1.0 + 2f32.powi(-10), 2048.0, 2052.0, 3.140625],
        ),
        (
            "DP3H H0.x, p[0], R1; MOVR o[COLR], H0.x;",
            [2049.0, 1.0, 0.5, 0.0],
            [2048.0; 4],
        ),
    ];
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    let style = fp30_style(false);
    for (body, p0, want) in cases {
        let nv = format!("!!FP1.0\nMOVR R1, p[1];\n{body}\nEND\n");
        let arb = translate(&nv, style);
        let inputs = Inputs {
            locals: vec![(0, p0), (1, [1.0; 4])],
            textures: Vec::new(),
        };
        let gpu = oracle
            .draw_reference_quad(&arb.text, 2, 2, &inputs)
            .unwrap_or_else(|e| panic!("{body}: {e}\n{}", arb.text));
        for pixel in gpu.chunks(4) {
            assert_eq!(pixel, want, "{body}\n{}", arb.text);
        }
    }
}

/// The NV program of `nv_sine_and_cosine_draw_the_machines_bits`: pixel (i, j) of the 16x16
/// picture computes n = 16j + i − 128 (exact: FLR of the texture coordinate times 16), then
/// x = n · p[0].x and y = n · p[0].y (one MUL each, as the expected values compute them), and
/// writes (SIN x, COS x, SIN y, COS y). The noise program writes frac(sin(d) · 43758.5453) for
/// d = (i/16)·12.9898 + (j/16)·78.233, the noise shaders' expression, products and sum rounded
/// one at a time.
const TRIGONOMETRY: &str = "!!FP1.0
MULR R0.xy, f[TEX0], p[1].x;
FLRR R0.xy, R0;
MULR R2.x, R0.y, p[1].x;
ADDR R2.x, R2.x, R0.x;
ADDR R2.x, R2.x, p[1].y;
MULR R1.x, R2.x, p[0].x;
MULR R1.y, R2.x, p[0].y;
SINR o[COLR].x, R1.x;
COSR o[COLR].y, R1.x;
SINR o[COLR].z, R1.y;
COSR o[COLR].w, R1.y;
END
";
const NOISE: &str = "!!FP1.0
MULR R0.xy, f[TEX0], p[1].x;
FLRR R0.xy, R0;
MULR R0.xy, R0, p[1].z;
MULR R0.xy, R0, p[2];
ADDR R0.x, R0.x, R0.y;
SINR R0.x, R0.x;
MULR R0.x, R0.x, p[2].z;
FRCR o[COLR], R0.x;
END
";

/// (16, −128, 1/16, 0): the index arithmetic's constants (p[1]).
const INDEX: [f32; 4] = [16.0, -128.0, 0.0625, 0.0];

/// The program `nv` drawn on llvmpipe at 16x16 with locals p[0], p[1] = [`INDEX`], p[2] =
/// [`NOISE_CONSTANTS`], translated with or without `nv_trigonometry`.
fn draw_nv(oracle: &mut Oracle, nv: &str, p0: [f32; 4], nv_trigonometry: bool) -> Vec<f32> {
    let style = fp30_style(nv_trigonometry);
    let arb = translate(nv, style);
    let inputs = Inputs {
        locals: vec![(0, p0), (1, INDEX), (2, NOISE_CONSTANTS)],
        textures: Vec::new(),
    };
    oracle
        .draw_reference_quad(&arb.text, 16, 16, &inputs)
        .unwrap_or_else(|e| panic!("{e}\n{}", arb.text))
}

/// The pixels where `gpu` is not `want`'s bits (−0 and +0 count as equal).
fn differing(gpu: &[f32], want: impl Fn(usize) -> [f32; 4]) -> Vec<(usize, [f32; 4], [f32; 4])> {
    gpu.chunks(4)
        .enumerate()
        .filter_map(|(k, pixel)| {
            let want = want(k);
            let alike = pixel.iter().zip(want).all(|(&g, w)| g == w);
            (!alike).then(|| (k, [pixel[0], pixel[1], pixel[2], pixel[3]], want))
        })
        .collect()
}

/// SIN and COS with `Style::nv_trigonometry` (`--precision fp30`) drawn by llvmpipe equal the
/// machine's bits: pigment_numeric's `approx::sine` and `cosine` are what the fp30 machine
/// executes, so they are the expected values here (the claim under test is that the ARB program
/// reproduces the machine, not that the machine is accurate). 1 024 arguments from 0 and ±10^-30
/// to ±10^4, and the noise shaders' expression. Without the option, llvmpipe's own SIN and COS
/// differ in the last bits, which the noise's ×43758 magnifies.
#[test]
fn nv_sine_and_cosine_draw_the_machines_bits() {
    let mut oracle = Oracle::new().expect("llvmpipe (run scripts/test, which installs Mesa)");
    for s in SCALES {
        let p0 = [s[0], s[1], 0.0, 0.0];
        let gpu = draw_nv(&mut oracle, TRIGONOMETRY, p0, true);
        let wrong = differing(&gpu, |k| trigonometry_pixel(k, s));
        assert!(wrong.is_empty(), "scales {s:?}: {wrong:?}");
    }
    let gpu = draw_nv(&mut oracle, NOISE, [0.0; 4], true);
    let wrong = differing(&gpu, noise_pixel);
    assert!(wrong.is_empty(), "noise: {wrong:?}");

    let s = SCALES[0];
    let gpu = draw_nv(&mut oracle, TRIGONOMETRY, [s[0], s[1], 0.0, 0.0], false);
    assert!(!differing(&gpu, |k| trigonometry_pixel(k, s)).is_empty());
    let gpu = draw_nv(&mut oracle, NOISE, [0.0; 4], false);
    assert!(!differing(&gpu, noise_pixel).is_empty());
}

/// The NV program `nv` (which must load) translated to arbfp1 with `style`.
fn translate(nv: &str, style: pigment_arb::from_nv::Style) -> pigment_arb::from_nv::Translation {
    let (ast, diagnostics) = nvfp::syntax::parse(nv, pigment_diag::FileId(0));
    assert!(!pigment_diag::has_errors(&diagnostics), "{nv}");
    let program = nvfp::validate::load(&ast, pigment_diag::FileId(0)).unwrap();
    pigment_arb::from_nv::translate_with(&program, style).unwrap()
}

/// The style `--precision fp30` gives arbfp1, with or without NV's SIN and COS.
fn fp30_style(nv_trigonometry: bool) -> pigment_arb::from_nv::Style {
    pigment_arb::from_nv::Style {
        fp32: true,
        stepwise_dots: true,
        nan_rules: true,
        half_rounding: true,
        nv_trigonometry,
    }
}
