//! The oracle against the reference quad's attribute table (reference-quad.md), value for value, at 4 x 2
//! pixels where every s = (i + 0.5) / 4 and t = (j + 0.5) / 2 is exact in binary, plus the draw's basic
//! contract: row order, unclamped output, kills, locals, program errors.
//! These tests need Mesa's EGL and llvmpipe and fail (never skip) without them.

use gl_oracle::{Inputs, Oracle, OracleError};

const W: u32 = 4;
const H: u32 = 2;

fn oracle() -> Oracle {
    match Oracle::new() {
        Ok(oracle) => oracle,
        Err(e) => panic!("the GL oracle is unavailable (CI installs Mesa's EGL and llvmpipe): {e}"),
    }
}

fn draw(body: &str, inputs: &Inputs) -> Vec<f32> {
    let text = format!("!!ARBfp1.0\n{body}\nEND\n");
    oracle()
        .draw_reference_quad(&text, W, H, inputs)
        .unwrap_or_else(|e| panic!("drawing {body:?}: {e}"))
}

/// The table's value for pixel (i, j), as the expected closure computes it from s, t, i, j.
fn expected(value: impl Fn(f32, f32, f32, f32) -> [f32; 4]) -> Vec<f32> {
    let mut out = Vec::new();
    for j in 0..H {
        for i in 0..W {
            let s = (i as f32 + 0.5) / W as f32;
            let t = (j as f32 + 0.5) / H as f32;
            out.extend(value(s, t, i as f32, j as f32));
        }
    }
    out
}

fn assert_attribute(attribute: &str, value: impl Fn(f32, f32, f32, f32) -> [f32; 4]) {
    let got = draw(
        &format!("MOV result.color, {attribute};"),
        &Inputs::default(),
    );
    assert_eq!(got, expected(value), "{attribute}");
}

#[test]
fn renderer_is_llvmpipe() {
    assert!(oracle().renderer().contains("llvmpipe"));
}

#[test]
fn texcoord0_is_s_t_0_1() {
    assert_attribute("fragment.texcoord[0]", |s, t, _, _| [s, t, 0.0, 1.0]);
}

#[test]
fn texcoord0_at_4x2_is_the_pixel_centres() {
    let got = draw(
        "MOV result.color, fragment.texcoord[0];",
        &Inputs::default(),
    );
    // Row 0 (bottom, t = 0.25) first, left to right.
    #[rustfmt::skip]
    let want = [
        0.125, 0.25, 0.0, 1.0,  0.375, 0.25, 0.0, 1.0,  0.625, 0.25, 0.0, 1.0,  0.875, 0.25, 0.0, 1.0,
        0.125, 0.75, 0.0, 1.0,  0.375, 0.75, 0.0, 1.0,  0.625, 0.75, 0.0, 1.0,  0.875, 0.75, 0.0, 1.0,
    ];
    assert_eq!(got, want);
}

#[test]
fn texcoord1_is_one_minus_s_two_t_minus_one_mean() {
    assert_attribute("fragment.texcoord[1]", |s, t, _, _| {
        [1.0 - s, 2.0 * t - 1.0, (s + t) / 2.0, 1.0]
    });
}

#[test]
fn texcoords_2_to_7_are_0_0_0_1() {
    for set in 2..8 {
        assert_attribute(&format!("fragment.texcoord[{set}]"), |_, _, _, _| {
            [0.0, 0.0, 0.0, 1.0]
        });
    }
}

#[test]
fn primary_colour_is_s_t_one_minus_s_1() {
    assert_attribute("fragment.color", |s, t, _, _| [s, t, 1.0 - s, 1.0]);
}

#[test]
fn secondary_colour_is_t_s_half_1() {
    assert_attribute("fragment.color.secondary", |s, t, _, _| [t, s, 0.5, 1.0]);
}

#[test]
fn position_is_the_pixel_centre_at_depth_half() {
    assert_attribute("fragment.position", |_, _, i, j| {
        [i + 0.5, j + 0.5, 0.5, 1.0]
    });
}

#[test]
fn arb_fog_coordinate_is_0_0_0_1() {
    assert_attribute("fragment.fogcoord", |_, _, _, _| [0.0, 0.0, 0.0, 1.0]);
}

#[test]
fn output_is_not_clamped() {
    let got = draw(
        "MOV result.color, {-1.5, 2.5, 100, 0.25};",
        &Inputs::default(),
    );
    assert_eq!(got, expected(|_, _, _, _| [-1.5, 2.5, 100.0, 0.25]));
}

#[test]
fn killed_fragments_keep_the_clear_colour() {
    // texcoord[1].y = 2t - 1 is -0.5 on the bottom row (killed) and 0.5 on the top row.
    let got = draw(
        "KIL fragment.texcoord[1].y;\nMOV result.color, {1, 2, 3, 4};",
        &Inputs::default(),
    );
    assert_eq!(
        got,
        expected(|_, t, _, _| if t < 0.5 {
            [0.0; 4]
        } else {
            [1.0, 2.0, 3.0, 4.0]
        })
    );
}

#[test]
fn locals_reach_program_local() {
    let inputs = Inputs {
        locals: vec![(3, [0.5, -2.0, 7.0, 1e6]), (0, [1.0; 4])],
        textures: vec![],
    };
    let got = draw(
        "ADD result.color, program.local[3], program.local[0];",
        &inputs,
    );
    assert_eq!(got, expected(|_, _, _, _| [1.5, -1.0, 8.0, 1e6 + 1.0]));
}

#[test]
fn unset_locals_are_zero() {
    let got = draw("MOV result.color, program.local[5];", &Inputs::default());
    assert_eq!(got, vec![0.0; (W * H * 4) as usize]);
}

#[test]
fn arithmetic_matches_hand_computation() {
    // MAD of s and t with local 1: (s * 2 + t, ...), all exact at these pixel centres.
    let inputs = Inputs {
        locals: vec![(1, [2.0, 4.0, 0.5, 0.0])],
        textures: vec![],
    };
    let body = "TEMP r;\nMAD r, fragment.texcoord[0], program.local[1], fragment.texcoord[0].yxzw;\nMOV result.color, r;";
    let got = draw(body, &inputs);
    assert_eq!(
        got,
        expected(|s, t, _, _| [2.0 * s + t, 4.0 * t + s, 0.0, 1.0])
    );
}

#[test]
fn a_bad_program_reports_gl_message_and_position() {
    let text = "!!ARBfp1.0\nMOV result.color, nonsense;\nEND\n";
    match oracle().draw_reference_quad(text, W, H, &Inputs::default()) {
        Err(OracleError::Program { position, message }) => {
            // GL points into the second line, at or after the start of the bad operand.
            let bad_operand = text.find("nonsense").expect("the text has the operand") as i64;
            assert!(
                position >= 11 && position <= bad_operand + 8,
                "position {position}"
            );
            assert!(!message.is_empty());
        }
        other => panic!("expected a program error, got {other:?}"),
    }
}

#[test]
fn bad_sizes_and_locals_are_errors() {
    let mut oracle = oracle();
    let program = "!!ARBfp1.0\nMOV result.color, program.local[0];\nEND\n";
    for (w, h) in [(0, 2), (2, 0), (1 << 30, 1)] {
        let result = oracle.draw_reference_quad(program, w, h, &Inputs::default());
        assert!(
            matches!(result, Err(OracleError::InvalidInput(_))),
            "{w}x{h}: {result:?}"
        );
    }
    let inputs = Inputs {
        locals: vec![(100_000, [0.0; 4])],
        textures: vec![],
    };
    let result = oracle.draw_reference_quad(program, 2, 2, &inputs);
    assert!(
        matches!(result, Err(OracleError::InvalidInput(_))),
        "{result:?}"
    );
}

#[test]
fn sizes_change_between_draws() {
    let mut oracle = oracle();
    let program = "!!ARBfp1.0\nMOV result.color, fragment.position;\nEND\n";
    let big = oracle
        .draw_reference_quad(program, 8, 4, &Inputs::default())
        .expect("8x4 draw");
    assert_eq!(big.len(), 8 * 4 * 4);
    assert_eq!(&big[big.len() - 4..], &[7.5, 3.5, 0.5, 1.0]);
    let small = oracle
        .draw_reference_quad(program, 1, 1, &Inputs::default())
        .expect("1x1 draw");
    assert_eq!(small, vec![0.5, 0.5, 0.5, 1.0]);
}
