//! What the lowering does not do yet, and what cannot be lowered, are located errors (never a
//! panic): shaders other than surface ones, and parameter maths without an IR form.

mod lower_common;

use lower_common::lower_errors;
use pigment_diag::FileId;

fn located(text: &str, shader: &str) -> Vec<String> {
    let (unit, diags) = pigment_isl::parse_and_check(FileId(0), text);
    assert!(diags.is_empty(), "{diags:?}");
    let errs = pigment_isl::lower_surface(&unit, shader).expect_err("an error");
    errs.iter()
        .map(|d| {
            assert!(d.primary.is_some(), "unlocated: {d:?}");
            d.message.clone()
        })
        .collect()
}

#[test]
fn lighting_without_lights_is_an_empty_sum() {
    for call in ["ambient()", "diffuse()", "specular(2)"] {
        let f = lower_common::lower(&format!("surface s() {{ FB = {call}; }}"));
        lower_common::assert_close(lower_common::run(&f, [0.5; 4]), [0.0, 0.0, 0.0, 1.0]);
    }
}

#[test]
fn only_surface_and_atmosphere_shaders_are_lowered() {
    let text = "distantlight d() { FB = 1; } atmosphere a() { FB *= 0.5; } uniform float f(uniform float x = 0) { return x; }";
    for name in ["d", "f"] {
        let errs = located(text, name);
        assert!(
            errs[0].contains("not a surface or atmosphere shader"),
            "{errs:?}"
        );
    }
    // isl.txt: an atmosphere is "equivalent to surface".
    let (unit, _) = pigment_isl::parse_and_check(FileId(0), text);
    assert!(pigment_isl::lower_surface(&unit, "a").is_ok());
    let (unit, _) = pigment_isl::parse_and_check(FileId(0), text);
    let errs = pigment_isl::lower_surface(&unit, "nowhere").expect_err("absent");
    assert!(errs[0].message.contains("no shader `nowhere`"));
}

#[test]
fn a_known_index_outside_its_range_is_an_error() {
    let errs = lower_errors("surface s() { uniform float a[2]; FB = a[2]; }");
    assert_eq!(errs, ["index 2 is outside 0..2"]);
}

#[test]
fn runaway_unrolling_is_an_error() {
    let errs = lower_errors("surface s() { uniform float n = 0; repeat (1e9) n += 1; }");
    assert_eq!(errs, ["this `repeat` runs too many times to unroll"]);
    let errs = lower_errors(
        "surface s() { uniform float n = 0; repeat (1000) repeat (1000) n += 1; FB = n; }",
    );
    assert_eq!(errs.len(), 1, "{errs:?}");
}

#[test]
fn recursion_is_cut_off_with_an_error() {
    let errs = lower_errors(
        "uniform float f(uniform float x = 0) { return f(x) + f(x); }
         surface s() { FB = f(1); }",
    );
    assert!(!errs.is_empty() && errs.len() < 100, "{errs:?}");
    assert!(errs.iter().any(|e| e.contains("cannot inline")), "{errs:?}");
}

#[test]
fn an_error_in_unrolled_code_is_reported_once() {
    let errs = lower_errors("surface s() { repeat (100) FB = texture(\"FB\"); }");
    assert_eq!(
        errs,
        ["the texture name `FB` clashes with another interface name"]
    );
}
