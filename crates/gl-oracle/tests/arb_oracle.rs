//! NV programs translated to ARB and drawn by the oracle: checks that Mesa accepts every construct the
//! translator emits and that the result is the NV machine's, worked out by hand from the reference quad
//! (reference-quad.md) at 4 x 2 pixels, where s = (i + 0.5) / 4 and t = (j + 0.5) / 2 are exact.
//! These tests need Mesa's EGL and llvmpipe and fail (never skip) without them.

use gl_oracle::{Filter, Inputs, Oracle, OracleTexture, TextureTarget};
use pigment_arb::from_nv::translate;
use pigment_diag::FileId;

const W: u32 = 4;
const H: u32 = 2;

/// Translates the NV program body and draws it with `inputs` plus its named locals' initial values.
fn run(nv_body: &str, mut inputs: Inputs) -> Vec<f32> {
    let nv = format!("!!FP1.0\n{nv_body}\nEND\n");
    let (ast, diagnostics) = nvfp::syntax::parse(&nv, FileId(0));
    assert!(
        !pigment_diag::has_errors(&diagnostics),
        "{nv}: {diagnostics:?}"
    );
    let program = nvfp::validate::load(&ast, FileId(0)).unwrap_or_else(|d| panic!("{nv}: {d:?}"));
    let translation = translate(&program).unwrap_or_else(|e| panic!("{nv}: {e}"));
    inputs.locals.extend(translation.named_locals);
    let mut oracle = Oracle::new().unwrap_or_else(|e| panic!("the GL oracle is unavailable: {e}"));
    oracle
        .draw_reference_quad(&translation.text, W, H, &inputs)
        .unwrap_or_else(|e| panic!("{e}\n{}", translation.text))
}

/// The expected image: `value(s, t, i, j)` per pixel, bottom row first.
fn image(value: impl Fn(f32, f32, f32, f32) -> [f32; 4]) -> Vec<f32> {
    let mut out = Vec::new();
    for j in 0..H {
        for i in 0..W {
            let (s, t) = ((i as f32 + 0.5) / W as f32, (j as f32 + 0.5) / H as f32);
            out.extend(value(s, t, i as f32, j as f32));
        }
    }
    out
}

#[test]
fn nv_fog_coordinate_has_w_zero() {
    assert_eq!(
        run("MOVR o[COLR], f[FOGC];", Inputs::default()),
        image(|_, _, _, _| [0.0; 4])
    );
}

#[test]
fn unwritten_colour_components_are_zero() {
    assert_eq!(
        run("MOVR o[COLR].xy, f[TEX0];", Inputs::default()),
        image(|s, t, _, _| [s, t, 0.0, 0.0])
    );
}

#[test]
fn absolute_value_and_negation() {
    let got = run("MOVR o[COLR], -|f[TEX1].yxzw|;", Inputs::default());
    let want = image(|s, t, _, _| [-(2.0 * t - 1.0).abs(), -(1.0 - s), -(s + t) / 2.0, -1.0]);
    assert_eq!(got, want);
}

#[test]
fn kil_on_condition_code_lt() {
    // f[TEX1].y = 2t - 1: -0.5 on the bottom row, which is killed.
    let got = run(
        "MOVRC RC.x, f[TEX1].y;\nKIL LT.x;\nMOVR o[COLR], {1, 2, 3, 4};",
        Inputs::default(),
    );
    assert_eq!(
        got,
        image(|_, t, _, _| if t < 0.5 {
            [0.0; 4]
        } else {
            [1.0, 2.0, 3.0, 4.0]
        })
    );
}

#[test]
fn kil_on_condition_code_ne_keeps_only_the_equal_column() {
    // s - 0.375 is zero only in column 1.
    let got = run(
        "SUBRC RC.x, f[TEX0].x, 0.375;\nKIL NE.x;\nMOVR o[COLR], 1;",
        Inputs::default(),
    );
    assert_eq!(
        got,
        image(|_, _, i, _| if i == 1.0 { [1.0; 4] } else { [0.0; 4] })
    );
}

#[test]
fn conditional_write_on_ge_le_eq() {
    // CC = (0.5 - s, 2t - 1, (s + t) / 2 - 0.1875, 1): x >= 0 in columns 0-1, y <= 0 on the bottom row,
    // z == 0 only at pixel (0, 0).
    let body = "SUBRC RC, f[TEX1], {0.5, 0, 0.1875, 0};\nMOVR R0, 0;\nMOVR R0.x (GE.x), 0.5;\nMOVR R0.y (LE.y), 7;\nMOVR R0.z (EQ.z), 9;\nMOVR o[COLR], R0;";
    let want = image(|_, _, i, j| {
        let x = if i < 2.0 { 0.5 } else { 0.0 };
        let y = if j == 0.0 { 7.0 } else { 0.0 };
        let z = if (i, j) == (0.0, 0.0) { 9.0 } else { 0.0 };
        [x, y, z, 0.0]
    });
    assert_eq!(run(body, Inputs::default()), want);
}

#[test]
fn condition_codes_only_change_where_both_masks_allow() {
    // CC.x = 0.5 - s: positive in columns 0-1, negative in 2-3. The masked update sets it to 0 (EQ) only
    // where it was GT; writing y must leave x alone.
    let body = "SUBRC RC.x, f[TEX1].x, 0.5;\nMOVRC RC.x (GT.x), 0;\nMOVRC RC.y, -1;\n\
                MOVR o[COLR], 1;\nMOVR o[COLR] (LT.x), 2;\nMOVR o[COLR].y (EQ.x), 3;";
    let want = image(|_, _, i, _| {
        if i < 2.0 {
            [1.0, 3.0, 1.0, 1.0]
        } else {
            [2.0; 4]
        }
    });
    assert_eq!(run(body, Inputs::default()), want);
}

#[test]
fn comparisons_sgt_sle_seq_sne() {
    let body = "MOVR R1, f[TEX0];\nSGTR R0.x, R1.x, 0.5;\nSLER R0.y, R1.y, 0.25;\nSEQR R0.z, R1.x, 0.625;\nSNER R0.w, R1.x, 0.625;\nMOVR o[COLR], R0;";
    let want = image(|s, t, _, _| {
        let b = |c: bool| if c { 1.0 } else { 0.0 };
        [b(s > 0.5), b(t <= 0.25), b(s == 0.625), b(s != 0.625)]
    });
    assert_eq!(run(body, Inputs::default()), want);
}

#[test]
fn locals_numbered_and_named() {
    let inputs = Inputs {
        locals: vec![(2, [10.0, 20.0, 30.0, 40.0])],
        textures: vec![],
    };
    let got = run(
        "DECLARE k = {1, 2, 3, 4};\nMOVR R0, p[2];\nADDR o[COLR], R0, k;",
        inputs,
    );
    assert_eq!(got, image(|_, _, _, _| [11.0, 22.0, 33.0, 44.0]));
}

#[test]
fn depth_outside_zero_one_discards_the_fragment() {
    // o[DEPR].z = x_window / 2 = 0.25, 0.75, 1.25, 1.75: the last two columns are discarded.
    let got = run(
        "MULR o[DEPR].z, f[WPOS].x, 0.5;\nMOVR o[COLR], 1;",
        Inputs::default(),
    );
    assert_eq!(
        got,
        image(|_, _, i, _| if i < 2.0 { [1.0; 4] } else { [0.0; 4] })
    );
}

#[test]
fn texture_lookup_and_saturation() {
    let texels = vec![[-1.0, 0.5, 2.0, 1.0], [3.0, 0.25, -0.5, 1.0]];
    let texture = OracleTexture::new(TextureTarget::D1, [2, 1, 1], texels, Filter::Nearest);
    let inputs = Inputs {
        locals: vec![],
        textures: vec![(5, texture)],
    };
    let got = run("TEX R0, f[TEX0], TEX5, 1D;\nMOVR_SAT o[COLR], R0;", inputs);
    // Columns 0-1 read texel 0, columns 2-3 texel 1, clamped to [0, 1].
    assert_eq!(
        got,
        image(|s, _, _, _| if s < 0.5 {
            [0.0, 0.5, 1.0, 1.0]
        } else {
            [1.0, 0.25, 0.0, 1.0]
        })
    );
}

#[test]
fn scalar_instructions_replicate() {
    let got = run("RCPR R0, f[WPOS].x;\nMOVR o[COLR], R0;", Inputs::default());
    // RCP of x_window = i + 0.5 lands in all four components; only 1 / 0.5 = 2 is checked for its value,
    // as llvmpipe's reciprocal of the others may round its own way.
    for (p, pixel) in got.chunks(4).enumerate() {
        assert!(pixel.iter().all(|v| *v == pixel[0]), "pixel {p}: {pixel:?}");
    }
    assert_eq!(got[0], 2.0);
}
