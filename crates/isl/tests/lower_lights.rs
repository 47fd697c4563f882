//! Lights (`isl-notes.md`, "Lights"): light shader instances lowered inline into the surface's
//! function, and `ambient()`, `diffuse()` and `specular(e)` summing them per pixel from the normal
//! N (`TEXCOORD1`) and position P (`TEXCOORD2`), checked against values computed by hand from
//! diffuse = Σ colour · max(N·L, 0) and specular = Σ colour · max(N·H, 0)^e, H = normalize(L + V),
//! V = (0, 0, 1), each sum clamped with alpha 1. Every lowered function verifies and compiles
//! with fp30.

mod lower_common;

use lower_common::{assert_close, fp30, Pixel};
use pigment_diag::FileId;
use pigment_ir::interp::run_fragment;
use pigment_ir::{Function, Vector};
use pigment_isl::Light;

const H: f32 = std::f32::consts::FRAC_1_SQRT_2;

/// Checks `text` and lowers its surface `s` lit by `lights` (shader, instance name) of the same
/// file; the result must verify and compile with fp30.
fn lower_lit(text: &str, lights: &[(&str, &str)]) -> Function {
    let (unit, diags) = pigment_isl::parse_and_check(FileId(0), text);
    assert!(diags.is_empty(), "{text}\n{diags:?}");
    let lights: Vec<Light> = lights.iter().map(|(s, n)| light(&unit, s, n)).collect();
    let func = pigment_isl::lower_surface_lit(&unit, "s", &lights)
        .unwrap_or_else(|d| panic!("{text}\n{d:?}"));
    assert!(pigment_ir::verify_function(&func).is_empty());
    fp30(&func);
    func
}

fn light<'u>(unit: &'u pigment_isl::ast::Unit, shader: &str, name: &str) -> Light<'u> {
    Light {
        unit,
        shader: shader.into(),
        name: name.into(),
    }
}

/// Runs `func` at one pixel with normal `n`, position `p`, frame buffer 0.5 and the uniforms
/// `params` set (the others at their defaults).
fn shade_at(func: &Function, n: [f32; 3], p: [f32; 3], params: &[(&str, &[f32])]) -> [f32; 4] {
    let inputs: Vec<Vector> = func
        .inputs
        .iter()
        .map(|(_, i)| match i.semantic.as_deref() {
            Some("TEXCOORD1") => Vector::floats(&[n[0], n[1], n[2], 0.0]),
            Some("TEXCOORD2") => Vector::floats(&[p[0], p[1], p[2], 1.0]),
            _ => Vector::floats(&[0.5, 0.5, 0.0, 1.0]),
        })
        .collect();
    let mut uniforms = func.initial_uniforms();
    for (name, values) in params {
        let h = func.uniform(name).unwrap_or_else(|| panic!("no {name}"));
        let idx = func.uniforms.iter().position(|(k, _)| k == h).unwrap();
        uniforms[idx] = values.chunks(4).map(Vector::floats).collect();
    }
    let mut pixel = Pixel { fb: [0.5; 4] };
    let r = run_fragment(func, &inputs, &uniforms, &mut pixel).expect("runs");
    let out = &r.outputs[0].value;
    [out.f32(0), out.f32(1), out.f32(2), out.f32(3)]
}

const Z: [f32; 3] = [0.0, 0.0, 1.0];
const O: [f32; 3] = [0.0, 0.0, 0.0];

/// A rotation taking +z to +y (rows): row 2, the distant light's direction, is (0, 1, 0).
const ROT_X: [f32; 16] = [
    1.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0,
];

fn translation(x: f32, y: f32, z: f32) -> [f32; 16] {
    [
        1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, x, y, z, 1.0,
    ]
}

const AMBIENT: &str = "ambientlight amb(parameter color c = color(.2, .3, .4, .5)) { FB = c; }\n";
const SUN: &str = "distantlight sun(parameter color c = color(1, .5, .25, 0)) { FB = c; }\n";
const BULB: &str = "pointlight bulb(parameter color c = color(.5, .5, .5, 1)) { FB = c; }\n";

#[test]
fn one_ambient_light() {
    let f = lower_lit(
        &format!("{AMBIENT}surface s() {{ FB = ambient(); }}"),
        &[("amb", "a")],
    );
    assert_close(shade_at(&f, Z, O, &[]), [0.2, 0.3, 0.4, 1.0]);
    let c: &[f32] = &[0.6, 0.7, 0.8, 0.0];
    assert_close(shade_at(&f, Z, O, &[("a$c", c)]), [0.6, 0.7, 0.8, 1.0]);
}

#[test]
fn ambient_ignores_the_other_lights_and_diffuse_the_ambient_ones() {
    let text = format!("{AMBIENT}{SUN}surface s() {{ FB = ambient(); }}");
    let f = lower_lit(&text, &[("amb", "a"), ("sun", "d")]);
    assert_close(shade_at(&f, Z, O, &[]), [0.2, 0.3, 0.4, 1.0]);
    let text = format!("{AMBIENT}{SUN}surface s() {{ FB = diffuse(); }}");
    let f = lower_lit(&text, &[("amb", "a"), ("sun", "d")]);
    assert_close(shade_at(&f, Z, O, &[]), [1.0, 0.5, 0.25, 1.0]);
}

#[test]
fn distant_light_with_identity_shadermatrix_shines_down_z() {
    let f = lower_lit(
        &format!("{SUN}surface s() {{ FB = diffuse(); }}"),
        &[("sun", "d")],
    );
    assert_close(shade_at(&f, Z, O, &[]), [1.0, 0.5, 0.25, 1.0]);
    // N is normalised: N·L = 1/√2.
    let n = [3.0, 0.0, 3.0];
    assert_close(shade_at(&f, n, O, &[]), [H, 0.5 * H, 0.25 * H, 1.0]);
    assert_close(shade_at(&f, [0.0, 0.0, -1.0], O, &[]), [0.0, 0.0, 0.0, 1.0]);
    // A distant light does not depend on the position.
    assert_close(
        shade_at(&f, Z, [5.0, -3.0, 2.0], &[]),
        [1.0, 0.5, 0.25, 1.0],
    );
}

#[test]
fn distant_light_follows_a_rotating_shadermatrix() {
    let f = lower_lit(
        &format!("{SUN}surface s() {{ FB = diffuse(); }}"),
        &[("sun", "d")],
    );
    let m: &[f32] = &ROT_X;
    let set = [("d$shadermatrix", m)];
    assert_close(
        shade_at(&f, [0.0, 1.0, 1.0], O, &set),
        [H, 0.5 * H, 0.25 * H, 1.0],
    );
    assert_close(
        shade_at(&f, [0.0, 1.0, 0.0], O, &set),
        [1.0, 0.5, 0.25, 1.0],
    );
    assert_close(shade_at(&f, Z, O, &set), [0.0, 0.0, 0.0, 1.0]);
    // The direction is normalised: a scaled row 2 gives the same light.
    let mut scaled = ROT_X;
    scaled[9] = 3.0;
    let set = [("d$shadermatrix", &scaled[..])];
    assert_close(
        shade_at(&f, [0.0, 1.0, 0.0], O, &set),
        [1.0, 0.5, 0.25, 1.0],
    );
}

#[test]
fn point_light_sits_at_its_shadermatrix_origin() {
    let f = lower_lit(
        &format!("{BULB}surface s() {{ FB = diffuse(); }}"),
        &[("bulb", "p")],
    );
    // At the origin by default: above a point below it, L = (0, 0, 1).
    assert_close(shade_at(&f, Z, [0.0, 0.0, -2.0], &[]), [0.5, 0.5, 0.5, 1.0]);
    let m = translation(0.0, 0.0, 2.0);
    let set = [("p$shadermatrix", &m[..])];
    assert_close(shade_at(&f, Z, O, &set), [0.5, 0.5, 0.5, 1.0]);
    // From (2, 0, 0) the light at (0, 0, 2) is along (-1, 0, 1)/√2.
    assert_close(
        shade_at(&f, Z, [2.0, 0.0, 0.0], &set),
        [0.5 * H, 0.5 * H, 0.5 * H, 1.0],
    );
    // Behind the surface: nothing.
    assert_close(shade_at(&f, Z, [0.0, 0.0, 3.0], &set), [0.0, 0.0, 0.0, 1.0]);
}

#[test]
fn two_lights_sum_and_the_sum_clamps() {
    let text = format!("{SUN}{BULB}surface s() {{ FB = diffuse(); }}");
    let f = lower_lit(&text, &[("sun", "d"), ("bulb", "p")]);
    let m = translation(0.0, 0.0, 2.0);
    let c: &[f32] = &[0.25, 0.5, 0.125, 1.0];
    let set = [("p$shadermatrix", &m[..]), ("d$c", c)];
    // d: N·L = 1/√2 (N = (1, 0, 1)/√2, L = z); p at (0, 0, 2) from (2, 0, 0): L = (-1, 0, 1)/√2, N·L = 0.
    let got = shade_at(&f, [1.0, 0.0, 1.0], [2.0, 0.0, 0.0], &set);
    assert_close(got, [0.25 * H, 0.5 * H, 0.125 * H, 1.0]);
    // Both fully: 0.25 + 0.5 and so on, the red and green sums over 1 clamped.
    let c: &[f32] = &[0.75, 0.5, 0.125, 1.0];
    let set = [("p$shadermatrix", &m[..]), ("d$c", c)];
    assert_close(shade_at(&f, Z, O, &set), [1.0, 1.0, 0.625, 1.0]);
}

#[test]
fn specular_uses_the_half_vector_and_the_exponent() {
    let text = format!("{SUN}surface s(parameter float e = 4) {{ FB = specular(e); }}");
    let f = lower_lit(&text, &[("sun", "d")]);
    // L = V = z, H = z; N = (0, 1, 1)/√2: N·H = 1/√2, to the 4th = 1/4.
    let n = [0.0, 1.0, 1.0];
    assert_close(shade_at(&f, n, O, &[]), [0.25, 0.125, 0.0625, 1.0]);
    let e: &[f32] = &[2.0];
    assert_close(shade_at(&f, n, O, &[("e", e)]), [0.5, 0.25, 0.125, 1.0]);
    // L = y (rotated): H = (0, 1, 1)/√2; N = z: N·H = 1/√2; N·L = 0 does not matter.
    let set = [("d$shadermatrix", &ROT_X[..]), ("e", e)];
    assert_close(shade_at(&f, Z, O, &set), [0.5, 0.25, 0.125, 1.0]);
}

#[test]
fn specular_of_a_point_light_and_a_uniform_exponent() {
    let text = format!("{BULB}surface s() {{ FB = specular(3); }}");
    let f = lower_lit(&text, &[("bulb", "p")]);
    // Light at (0, 0, 2), P = (2, 0, 0): L = (-1, 0, 1)/√2; H = normalize(L + z).
    let m = translation(0.0, 0.0, 2.0);
    let l = [-H, 0.0, H];
    let h = [l[0], 0.0, l[2] + 1.0];
    let len = (h[0] * h[0] + h[2] * h[2]).sqrt();
    let k = 0.5 * (h[2] / len).powi(3);
    let got = shade_at(&f, Z, [2.0, 0.0, 0.0], &[("p$shadermatrix", &m[..])]);
    assert_close(got, [k, k, k, 1.0]);
}

#[test]
fn light_parameters_are_prefixed_uniforms() {
    let text = "distantlight sun(parameter color c = 1; parameter float k = .5) { FB = c * k; }
                surface s() { FB = diffuse(); }";
    let f = lower_lit(text, &[("sun", "key"), ("sun", "fill")]);
    for name in ["key$c", "key$k", "key$shadermatrix", "fill$c", "fill$k"] {
        assert!(f.uniform(name).is_some(), "{name}");
    }
    assert!(f.uniform("c").is_none() && f.uniform("shadermatrix").is_none());
    assert_close(shade_at(&f, Z, O, &[]), [1.0, 1.0, 1.0, 1.0]);
    let k: &[f32] = &[0.125];
    let c: &[f32] = &[1.0, 0.5, 0.0, 1.0];
    let got = shade_at(&f, Z, O, &[("key$k", k), ("fill$k", k), ("fill$c", c)]);
    assert_close(got, [0.25, 0.1875, 0.125, 1.0]);
}

#[test]
fn a_light_starts_from_no_light_and_uses_its_own_globals_and_functions() {
    let text = "uniform float g = .25;
                uniform float half(uniform float x = 0) { return x / 2; }
                ambientlight a(uniform float k = 1) { FB += color(g * k + half(g)); }
                surface s() { FB = ambient(); }";
    let f = lower_lit(text, &[("a", "amb")]);
    assert_close(shade_at(&f, Z, O, &[]), [0.375, 0.375, 0.375, 1.0]);
}

#[test]
fn a_light_returns_a_clamped_varying_colour() {
    let text = "distantlight d(parameter color c = color(2, -1, .5, 1)) { return c; }
                surface s() { FB = diffuse(); FB *= .5; }";
    let f = lower_lit(text, &[("d", "d")]);
    assert_close(shade_at(&f, Z, O, &[]), [0.5, 0.0, 0.25, 0.5]);
}

#[test]
fn lights_in_another_file() {
    let (lu, d) = pigment_isl::parse_and_check(FileId(1), SUN);
    assert!(d.is_empty());
    let (su, d) = pigment_isl::parse_and_check(FileId(0), "surface s() { FB = diffuse(); }");
    assert!(d.is_empty());
    let f = pigment_isl::lower_surface_lit(&su, "s", &[light(&lu, "sun", "d")]).expect("lowers");
    fp30(&f);
    assert_close(shade_at(&f, Z, O, &[]), [1.0, 0.5, 0.25, 1.0]);
}

#[test]
fn bad_light_instances_are_errors() {
    let text = format!("{SUN}surface s() {{ FB = diffuse(); }}");
    let (unit, _) = pigment_isl::parse_and_check(FileId(0), &text);
    let cases: &[&[(&str, &str)]] = &[
        &[("sun", "a"), ("sun", "a")],
        &[("sun", "")],
        &[("sun", "a$b")],
        &[("sun", "a b")],
        &[("sun", "a.b")],
        &[("moon", "a")],
        &[("s", "a")],
    ];
    for case in cases {
        let lights: Vec<Light> = case.iter().map(|(s, n)| light(&unit, s, n)).collect();
        let errs = pigment_isl::lower_surface_lit(&unit, "s", &lights).expect_err("an error");
        assert!(!errs.is_empty(), "{case:?}");
    }
}

#[test]
fn lighting_combines_with_the_surface() {
    let text = format!(
        "{AMBIENT}{SUN}surface s(uniform color k = color(.5, 1, 1, 1)) {{
            FB = ambient(); FB += diffuse(); FB *= k; }}"
    );
    let f = lower_lit(&text, &[("amb", "a"), ("sun", "d")]);
    // ambient (.2, .3, .4) + diffuse (1, .5, .25)·1/√2, clamped, times k.
    let got = shade_at(&f, [1.0, 0.0, 1.0], O, &[]);
    let sum = |a: f32, d: f32| (a + d * H).min(1.0);
    assert_close(
        got,
        [0.5 * sum(0.2, 1.0), sum(0.3, 0.5), sum(0.4, 0.25), 1.0],
    );
}
