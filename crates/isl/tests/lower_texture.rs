//! Lowering `texture(name [; texgen] [; xform])` (notes, built-ins): a uniform string names a 2-D
//! sampler, sampled at the surface's texture coordinate (s, t, 0, 1), transformed by the optional
//! parameter matrix as a row vector. The test texture answers (s, t, 0.25, 1) at its coordinate.

mod lower_common;

use lower_common::*;
use pigment_ir::SamplerDim;

const GREY: [f32; 4] = [0.5; 4];

#[test]
fn texture_samples_a_2d_sampler_named_by_the_string() {
    let f = lower("surface s(uniform string t = \"wood\") { FB = texture(t); }");
    let h = f.sampler("wood").expect("a sampler named wood");
    assert_eq!(f.samplers[h].dim, SamplerDim::D2);
    assert_close(
        run_with(&f, GREY, [0.25, 0.75], &[]),
        [0.25, 0.75, 0.25, 1.0],
    );
}

#[test]
fn the_frame_buffer_is_a_rectangle_sampler() {
    let f = lower("surface s() { FB = 1; }");
    let h = f.sampler("FB").expect("the FB sampler");
    assert_eq!(f.samplers[h].dim, SamplerDim::Rect);
}

#[test]
fn texture_results_combine_with_fb() {
    let f = lower("surface s(uniform string t = \"wood\") { FB *= texture(t); }");
    assert_close(run_with(&f, GREY, [0.5, 1.0], &[]), [0.25, 0.5, 0.125, 0.5]);
}

#[test]
fn an_optional_matrix_transforms_the_coordinate() {
    let f = lower(
        "surface s(uniform string t = \"wood\"; parameter matrix m = translate(0.5; 0; 0)) {
            FB = texture(t; m); }",
    );
    // (0.25, 0.5, 0, 1) * translate(0.5, 0, 0) = (0.75, 0.5, 0, 1).
    assert_close(run_with(&f, GREY, [0.25, 0.5], &[]), [0.75, 0.5, 0.25, 1.0]);
    let scale = [
        0.5, 0., 0., 0., 0., 2., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1.,
    ];
    let r = run_with(&f, GREY, [0.5, 0.25], &[("m", &scale)]);
    assert_close(r, [0.25, 0.5, 0.25, 1.0]);
}

#[test]
fn texgen_is_accepted_and_ignored() {
    let f = lower(
        "surface s(uniform string t = \"wood\") { FB = texture(t; 1); FB += texture(t; 1; scale(2; 2; 1)); }",
    );
    // (0.25, 0.125, 0.25, 1) + (0.5, 0.25, 0.25, 1), clamped.
    assert_close(
        run_with(&f, GREY, [0.25, 0.125], &[]),
        [0.75, 0.375, 0.5, 1.0],
    );
}

#[test]
fn a_uniform_if_on_strings_chooses_the_texture() {
    let f = lower(
        "surface s(uniform string t = \"wood\") {
            uniform string names[2];
            names[0] = \"wood\";
            if (t == names[0]) FB = texture(\"a\"); else FB = texture(\"b\"); }",
    );
    assert!(f.sampler("a").is_some());
    assert!(f.sampler("b").is_none());
}

#[test]
fn any_texture_name_survives_the_ir_text_form() {
    let f = lower("surface s(uniform string t = \"wood\\n\\\"grain\") { FB = texture(t); }");
    assert!(f.sampler("wood\n\"grain").is_some());
    let mut m = pigment_ir::Module::new();
    m.functions.append(f);
    let text = pigment_ir::print(&m);
    let back = pigment_ir::parse(&text).expect("parses");
    assert_eq!(pigment_ir::print(&back), text);
}
