//! Lowering uniform and parameter code (notes, "Classes and clamping" and "Indexing and
//! matrices"): uniform code runs at lowering time (`repeat` unrolled, `if` decided, functions
//! inlined, no IR control flow left), parameters are IR uniforms whose values change the result
//! without relowering, and parameter arithmetic is not clamped. Expected values by hand.

mod lower_common;

use lower_common::*;
use pigment_ir::print_function;

const GREY: [f32; 4] = [0.5; 4];

fn grey(v: f32) -> [f32; 4] {
    [v; 4]
}

#[test]
fn repeat_is_unrolled_floor_times() {
    let f = lower("surface s() { uniform float n = 0; repeat (3.7) n += 1; FB = n * 0.1; }");
    assert_close(run(&f, GREY), grey(0.3));
    assert!(!print_function(&f).contains("loop"));
    assert_close(
        shade(
            "",
            "uniform float n = 0.5; repeat (-2) n = 0; FB = n;",
            GREY,
        ),
        grey(0.5),
    );
    assert_close(shade("", "repeat (3) FB += 0.1;", GREY), grey(0.8));
}

#[test]
fn a_uniform_if_is_decided_at_lowering_time() {
    let f = lower("surface s(uniform float u = 2) { if (u > 1) FB = 0.25; else FB = 0.75; }");
    assert_close(run(&f, GREY), grey(0.25));
    assert!(!print_function(&f).contains(" if "));
    let body = "uniform float n = 0;
        if (n > 3 && !(n == 5) || n != pi) n = 0.5;
        if (color(1, 2, 3, 4) == color(1, 2, 3, 4) && \"a\" != \"b\") n += 0.25;
        FB = n;";
    assert_close(shade("", body, GREY), grey(0.75));
}

#[test]
fn uniform_functions_are_inlined() {
    let text = "uniform float half(uniform float x = 0) { return x / 2; }
        parameter color tint(parameter color c = 1; uniform float k = 1) { return c * k; }
        surface s(parameter float k = 0.25) {
            uniform float n = 0;
            repeat (half(8)) { n += 0.125; }
            FB = n;
            FB *= tint(color(k), 2);
        }";
    // n = 4 * 0.125 = 0.5; tint = 0.5 (clamped stays 0.5); 0.5 * 0.5.
    assert_close(run(&lower(text), GREY), grey(0.25));
}

#[test]
fn matrices_index_by_rows_and_floor_4i_plus_j() {
    let m = "uniform matrix m = matrix(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);";
    // m[2.5][0] is element floor(10) = 10.
    assert_close(
        shade("", &format!("{m} FB = m[2.5][0] / 16;"), GREY),
        grey(0.625),
    );
    // m[1.9] is row 1.
    assert_close(
        shade("", &format!("{m} FB = m[1.9] / 8;"), GREY),
        [0.5, 0.625, 0.75, 0.875],
    );
    // The product: row 3 of translate(1; 2; 3) * scale(2; 2; 2) is (2, 4, 6, 1).
    let body = "uniform matrix p = translate(1; 2; 3) * scale(2; 2; 2); FB = p[3] / 8;";
    assert_close(shade("", body, GREY), [0.25, 0.5, 0.75, 0.125]);
}

#[test]
fn elements_are_assigned_with_floored_indices() {
    let body = "uniform color c = 0; uniform float a[3]; uniform matrix m = 0;
        c[1.5] = 0.5; a[2.9] = 0.25; m[1][2] = 0.75; m[3] = color(0.125);
        c[0] = a[2]; c[2] = m[1][2]; c[3] = m[3][1];
        FB = c;";
    assert_close(shade("", body, GREY), [0.25, 0.5, 0.75, 0.125]);
}

#[test]
fn a_float_becomes_a_colour_or_float_times_identity() {
    // 2 + identity-scaled: (matrix 2)[0][0] = 2, [0][1] = 0; color(0.25) has four equal channels.
    let body =
        "uniform matrix m = 2; uniform color c = 0.25; FB = color(m[0][0] / 8, m[0][1], c[3], 1);";
    assert_close(shade("", body, GREY), [0.25, 0.0, 0.25, 1.0]);
}

#[test]
fn uniform_maths_built_ins_fold() {
    let body = "FB = color(sign(-3) + 1.5, mod(-1; 4) / 4, step(0.5; 0.5) * smoothstep(0; 2; 0.5), round(0.5) / 2);";
    // sign = -1 → 0.5; mod(-1; 4) = 3 → 0.75; 1 * 0.15625; round(0.5) = 1 → 0.5.
    assert_close(shade("", body, GREY), [0.5, 0.75, 0.15625, 0.5]);
    let body = "uniform matrix m = inverse(scale(2; 4; 8)); FB = color(m[0][0], m[1][1], m[2][2], atan(1; 1) / pi);";
    assert_close(shade("", body, GREY), [0.5, 0.25, 0.125, 0.25]);
}

#[test]
fn octal_and_hex_numbers_and_pi() {
    assert_close(
        shade("", "FB = color(010 / 16, 0x4 / 16, pi / pi, 0);", GREY),
        [0.5, 0.25, 1.0, 0.0],
    );
}

#[test]
fn parameters_are_ir_uniforms_with_their_defaults() {
    let f = lower("surface s(parameter float k = 0.25) { FB = k; }");
    let h = f.uniform("k").expect("a uniform named k");
    assert_eq!(
        f.uniforms[h].default.as_ref().map(|d| d[0].f32(0)),
        Some(0.25)
    );
    assert_close(run(&f, GREY), grey(0.25));
    assert_close(run_with(&f, GREY, [0.0; 2], &[("k", &[0.75])]), grey(0.75));
}

#[test]
fn uniform_formals_are_constants() {
    let f = lower("surface s(uniform float k = 0.25) { FB = k; }");
    assert!(f.uniform("k").is_none());
    assert_close(run(&f, GREY), grey(0.25));
}

#[test]
fn parameter_arithmetic_is_not_clamped() {
    // k * 0.5 = 2 stays 2 (not 1), so 2 - 1.75 = 0.25.
    let f = lower("surface s(parameter float k = 4) { FB = k * 0.5 - 1.75; }");
    assert_close(run(&f, GREY), grey(0.25));
    // k = 3.6: 1.8 - 1.75 = 0.05.
    assert_close(run_with(&f, GREY, [0.0; 2], &[("k", &[3.6])]), grey(0.05));
}

#[test]
fn parameter_colours_and_matrices() {
    let f = lower(
        "surface s(parameter color c = color(0.1, 0.2, 0.3, 0.4); parameter matrix m = translate(0.1; 0; 0)) {
            FB = c; FB = transform(m); }",
    );
    let m = &f.uniforms[f.uniform("m").expect("m")];
    assert_eq!((m.array_len, m.matrix), (Some(4), true));
    let last_row = m.default.as_ref().map(|rows| rows[3].to_f32s());
    assert_eq!(last_row, Some(vec![0.1, 0.0, 0.0, 1.0]));
    // (0.1, 0.2, 0.3, 0.4) * translate(0.1, 0, 0): red += 0.4 * 0.1.
    assert_close(run(&f, GREY), [0.14, 0.2, 0.3, 0.4]);
    let scale2 = [
        2.0, 0., 0., 0., 0., 2., 0., 0., 0., 0., 2., 0., 0., 0., 0., 1.,
    ];
    let r = run_with(
        &f,
        GREY,
        [0.0; 2],
        &[("c", &[0.25, 0.5, 0.75, 1.0]), ("m", &scale2)],
    );
    assert_close(r, [0.5, 1.0, 1.0, 1.0]);
}

#[test]
fn parameter_maths_and_indices_use_ir_operations() {
    let f = lower(
        "surface s(parameter float k = 1.25; parameter float i = 2) {
            parameter color c = color(0.1, 0.2, 0.3, 0.4);
            FB = color(floor(k) * 0.25 + mod(k; 1), clamp(k; 0.2; 0.3), smoothstep(0; 5; k), c[i]);
        }",
    );
    // smoothstep(0; 5; 1.25): t = 0.25, 0.0625 * 2.5 = 0.15625; c[2] = 0.3.
    assert_close(run(&f, GREY), [0.5, 0.3, 0.15625, 0.3]);
    // k = 0.5, i = 3.9: floor 0 + 0.5; clamp 0.3; t = 0.1 → 0.01 * 2.8 = 0.028; c[3] = 0.4.
    let r = run_with(&f, GREY, [0.0; 2], &[("k", &[0.5]), ("i", &[3.9])]);
    assert_close(r, [0.5, 0.3, 0.028, 0.4]);
}

#[test]
fn a_parameter_matrix_row_and_element_by_parameter_index() {
    let f = lower(
        "surface s(parameter float i = 1; parameter matrix m = matrix(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)) {
            FB = m[i] / 16; FB.a = m[i][i] / 16; }",
    );
    // Row 1 = (4, 5, 6, 7); m[1][1] = element 5.
    assert_close(run(&f, GREY), [0.25, 0.3125, 0.375, 0.3125]);
    // i = 2.5: row 2 = (8, 9, 10, 11); element floor(10 + 2.5) = 12.
    let r = run_with(&f, GREY, [0.0; 2], &[("i", &[2.5])]);
    assert_close(r, [0.5, 0.5625, 0.625, 0.75]);
}

#[test]
fn shadermatrix_is_an_identity_parameter() {
    let f = lower("surface s() { FB = transform(shadermatrix); }");
    assert!(f.uniform("shadermatrix").is_some());
    assert_close(run(&f, [0.1, 0.2, 0.3, 0.4]), [0.1, 0.2, 0.3, 0.4]);
}

#[test]
fn spline_is_catmull_rom_through_every_point() {
    let c = "uniform float c[3]; c[0] = 0; c[1] = 0.5; c[2] = 0.25;";
    // Through the points at x = 0, 0.5, 1; at x = 0.25 (segment 0, t = 0.5, c[-1] = c[0]):
    // ½(0.5·0.5 + 1.75·0.25 - 1.25·0.125) = 0.265625.
    let body =
        format!("{c} FB = color(spline(0; c), spline(0.5; c), spline(1; c), spline(0.25; c));");
    assert_close(shade("", &body, GREY), [0.0, 0.5, 0.25, 0.265625]);
    // A parameter x: at 0.75 (segment 1, t = 0.5, c[3] = c[2]): ½(1 + 0.125 - 0.4375 + 0.125).
    let f = lower(&format!(
        "surface s(parameter float x = 0.25) {{ {c} FB = color(spline(x; c)); }}"
    ));
    assert_close(run(&f, GREY), grey(0.265625));
    assert_close(
        run_with(&f, GREY, [0.0; 2], &[("x", &[0.75])]),
        grey(0.40625),
    );
    // Colours, two points: halfway from (0, 0, 0, 1) to 1.
    let body = "uniform color cc[2]; cc[0] = color(0, 0, 0, 1); cc[1] = 1; FB = spline(0.5; cc);";
    assert_close(shade("", body, GREY), [0.5, 0.5, 0.5, 1.0]);
}

#[test]
fn rotate_turns_row_vectors_like_opengl() {
    // A quarter turn about z takes x to y: (1, 0, 0, 1) becomes (0, 1, 0, 1).
    let f = lower("surface s(parameter float r = 0) { FB = color(1, 0, 0, 1); FB = transform(rotate(0; 0; 1; r)); }");
    let r = run_with(
        &f,
        [0.0; 4],
        [0.0; 2],
        &[("r", &[std::f32::consts::FRAC_PI_2])],
    );
    assert!(close(r, [0.0, 1.0, 0.0, 1.0]), "{r:?}");
    let u = shade(
        "",
        "FB = color(1, 0, 0, 1); FB = transform(rotate(0; 0; 2; pi / 2));",
        GREY,
    );
    assert!(close(u, [0.0, 1.0, 0.0, 1.0]), "{u:?}");
}

#[test]
fn uniform_folding_and_parameter_ir_agree_on_every_maths_built_in() {
    let cases: &[(&str, &[f32])] = &[
        ("abs", &[-0.3]),
        ("ceil", &[0.3]),
        ("floor", &[1.7]),
        ("round", &[0.5]),
        ("sqrt", &[0.3]),
        ("sin", &[0.3]),
        ("cos", &[0.3]),
        ("tan", &[0.3]),
        ("exp", &[0.3]),
        ("log", &[0.7]),
        ("pow", &[0.3, 0.7]),
        ("min", &[0.3, 0.7]),
        ("max", &[0.3, 0.7]),
        ("mod", &[-0.7, 0.3]),
        ("sign", &[-0.3]),
        ("step", &[0.3, 0.7]),
        ("clamp", &[0.9, 0.3, 0.7]),
        ("smoothstep", &[0.3, 0.7, 0.4]),
    ];
    for (name, args) in cases {
        let lits: Vec<String> = args.iter().map(|a| format!("{a}")).collect();
        let uniform = shade(
            "",
            &format!("FB = color({name}({}) * 0.25 + 0.5);", lits.join("; ")),
            GREY,
        );
        let formals: Vec<String> = lits
            .iter()
            .enumerate()
            .map(|(i, a)| format!("parameter float a{i} = {a}"))
            .collect();
        let names: Vec<String> = (0..args.len()).map(|i| format!("a{i}")).collect();
        let param = shade(
            &formals.join("; "),
            &format!("FB = color({name}({}) * 0.25 + 0.5);", names.join("; ")),
            GREY,
        );
        assert!(
            uniform
                .iter()
                .zip(&param)
                .all(|(a, b)| (a - b).abs() < 1e-5),
            "{name}: uniform {uniform:?}, parameter {param:?}"
        );
    }
}

/// Lowers shader `s` of `text` with uniform overrides.
fn lower_with(text: &str, uniforms: &[(&str, &str)]) -> Result<pigment_ir::Function, Vec<String>> {
    let (unit, diags) = pigment_isl::parse_and_check(pigment_diag::FileId(0), text);
    assert!(diags.is_empty(), "{diags:?}");
    let uniforms: Vec<(String, String)> = uniforms
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    pigment_isl::lower_surface_with(&unit, "s", &[], &uniforms)
        .map_err(|d| d.into_iter().map(|d| d.message).collect())
}

/// `--uniform`: a formal's or a global's initialiser replaced before the code runs, so what
/// depends on it follows; a body's local of the same name keeps its own value.
#[test]
fn overridden_uniforms_replace_initialisers() {
    let text = "uniform float g = 0.1;
        uniform float h = g * 2;
        surface s(uniform float u = 0.25; uniform color c = color(0, 0, 0, 0)) {
            FB = u + h;
            FB += c;
        }";
    let f = lower_with(text, &[]).unwrap();
    assert_close(run(&f, GREY), grey(0.45));
    // g = 0.2 makes h 0.4; u = 0.1; c adds (0.1, 0.2, 0.3, 1) (three numbers: alpha 1).
    let f = lower_with(text, &[("g", "0.2"), ("u", "0.1"), ("c", "0.1,0.2,0.3")]).unwrap();
    assert_close(run(&f, GREY), [0.6, 0.7, 0.8, 1.0]);
    let local = "surface s() { uniform float k = 0.5; FB = k; }";
    let errors = lower_with(local, &[("k", "0.25")]).unwrap_err();
    assert!(errors[0].contains("no uniform `k`"), "{errors:?}");
    let errors = lower_with(text, &[("c", "1,2")]).unwrap_err();
    assert!(errors[0].contains("3 or 4 numbers"), "{errors:?}");
}

/// Inverse trigonometry of a parameter is computed per pixel by the Cg library's reference
/// polynomials (|error| < 7e-5 for asin and acos, 1e-5 for atan); expected values from f64.
#[test]
fn parameter_inverse_trigonometry_runs_per_pixel() {
    let f = lower(
        "surface s(parameter float p = 0.3; parameter float q = -0.8) {
            FB = color(asin(p), acos(q) / pi, atan(p), atan(q; p) / pi);
        }",
    );
    let (p, q) = (0.3f64, -0.8f64);
    let want = [
        p.asin(),
        q.acos() / std::f64::consts::PI,
        p.atan(),
        q.atan2(p) / std::f64::consts::PI,
    ];
    let got = run(&f, GREY);
    for (g, w) in got.iter().zip(want) {
        // FB clamps: atan2(-0.8, 0.3)/pi is negative, so 0.
        let w = w.clamp(0.0, 1.0) as f32;
        assert!((g - w).abs() < 1e-4, "{got:?} vs {want:?}");
    }
}

/// `inverse` of a parameter matrix is computed per pixel: the parameter matrix times its inverse
/// is the identity, and the inverse of a known matrix agrees with the compile-time one.
#[test]
fn parameter_matrix_inverse_runs_per_pixel() {
    let m = [
        2.0, 0.5, 0.0, 0.0, //
        -0.25, 1.5, 0.3, 0.0, //
        0.1, 0.0, 0.8, 0.0, //
        0.4, -0.6, 0.2, 1.0,
    ];
    let f = lower(
        "surface s(parameter matrix m = 1) {
            parameter matrix p = m * inverse(m);
            FB = color(p[0][0], p[1][0] + 0.5, p[2][3] + 0.5, p[3][3]);
            FB.a = color(0, 0, 0, p[3][0] + 0.5);
        }",
    );
    let r = run_with(&f, GREY, [0.0; 2], &[("m", &m)]);
    assert_close(r, [1.0, 0.5, 0.5, 0.5]);
    // The inverse itself, row 1, against the compile-time inverse of the same (uniform) matrix.
    let entries = "2, 0.5, 0, 0, -0.25, 1.5, 0.3, 0, 0.1, 0, 0.8, 0, 0.4, -0.6, 0.2, 1";
    let row = |class: &str| {
        let f = lower(&format!(
            "surface s({class} matrix m = matrix({entries})) {{
                {class} matrix i = inverse(m);
                FB = color(i[1][0] + 0.5, i[1][1], i[1][2] + 0.5, i[3][1] + 0.5);
            }}"
        ));
        run(&f, GREY)
    };
    assert_close(row("parameter"), row("uniform"));
}

/// `perspective(d)` as RenderMan's `RiPerspective` in row-vector form: (x, y, z, 1) goes to
/// (f·x, f·y, z − 1, z), f = 1/tan(d/2); uniform (folded) and parameter (per pixel) alike.
#[test]
fn perspective_projects_down_z() {
    for class in ["uniform", "parameter"] {
        let f = lower(&format!(
            "surface s({class} float d = 90) {{
                {class} matrix m = perspective(d);
                FB = color(m[0][0] * 0.5, m[2][3], m[3][2] + 1.5, m[2][2] * 0.25);
            }}"
        ));
        // f = 1/tan(45°) = 1.
        assert_close(run(&f, GREY), [0.5, 1.0, 0.5, 0.25]);
    }
    let f = lower("surface s(parameter float d = 60) { FB = color(perspective(d)[1][1] / 2); }");
    // 1/tan(30°) = √3.
    let v = 3f32.sqrt() / 2.0;
    assert_close(run(&f, GREY), [v, v, v, v]);
}
