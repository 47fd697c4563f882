//! Lowering the frame buffer (notes, "The frame buffer and varying control"): FB starts as the
//! frame buffer's colour, every FB operation clamps to [0, 1], a colour converted to varying is
//! clamped, `FB.C` is a write mask, `v = FB` copies, and the result is stored to `COLOR`. Expected
//! values are worked out by hand from those rules.

mod lower_common;

use lower_common::*;

const GREY: [f32; 4] = [0.5, 0.5, 0.5, 0.5];

#[test]
fn an_empty_shader_keeps_the_frame_buffer() {
    assert_close(shade("", "", [0.1, 0.2, 0.3, 0.4]), [0.1, 0.2, 0.3, 0.4]);
}

#[test]
fn assignment_replaces_and_clamps() {
    assert_close(
        shade("", "FB = color(0.25, 2, -1, 1);", GREY),
        [0.25, 1.0, 0.0, 1.0],
    );
    assert_close(shade("", "FB = 0.75;", GREY), [0.75; 4]);
}

#[test]
fn compound_operations_clamp_every_result() {
    // 0.5 + 0.75 = 1.25 → 1; then 1 - 0.25 = 0.75; then 0.75 * 0.5 = 0.375.
    let body = "FB += 0.75; FB -= 0.25; FB *= 0.5;";
    assert_close(shade("", body, GREY), [0.375; 4]);
    // 0.5 - 0.75 = -0.25 → 0; 0 + 0.2 = 0.2.
    assert_close(shade("", "FB -= 0.75; FB += 0.2;", GREY), [0.2; 4]);
}

#[test]
fn a_colour_converted_to_varying_is_clamped_first() {
    // color(2, 0.5, -1, 4) becomes (1, 0.5, 0, 1) before multiplying.
    let body = "FB *= color(2, 0.5, -1, 4);";
    assert_close(shade("", body, GREY), [0.5, 0.25, 0.0, 0.5]);
}

#[test]
fn the_specs_example_multiplies_by_c_times_f() {
    // c * f = (0.25, 0, 0, 0.25).
    let f = "uniform color c = color(1, 0, 0, 1); uniform float f = .25";
    assert_close(
        shade(f, "FB *= c * f; return FB;", [0.8; 4]),
        [0.2, 0.0, 0.0, 0.2],
    );
}

#[test]
fn channel_masks_write_only_their_channels() {
    assert_close(
        shade("", "FB.rb = color(0.1, 0.2, 0.3, 0.4);", GREY),
        [0.1, 0.5, 0.3, 0.5],
    );
    assert_close(shade("", "FB.a = 1;", GREY), [0.5, 0.5, 0.5, 1.0]);
    // A masked compound operation: green and alpha doubled (and clamped), red and blue kept.
    let fb = [0.2, 0.3, 0.4, 0.7];
    assert_close(shade("", "FB.ga *= 2;", fb), [0.2, 0.3, 0.4, 0.7]);
    assert_close(shade("", "FB.ga += FB;", fb), [0.2, 0.6, 0.4, 1.0]);
}

#[test]
fn a_varying_variable_keeps_a_copy_of_fb() {
    let body = "varying color v; v = FB; FB = 0; FB += v; FB += v;";
    assert_close(shade("", body, [0.2, 0.3, 0.6, 0.1]), [0.4, 0.6, 1.0, 0.2]);
}

#[test]
fn blend_over_and_under_follow_the_notes() {
    let fb = [0.2, 0.4, 0.6, 0.5];
    // v = (1, 0, 0.5, 0.25).  blend: FB(1 - v) + v.
    let v = "varying color v; FB = color(1, 0, 0.5, 0.25); v = FB; FB = color(0.2, 0.4, 0.6, 0.5);";
    assert_close(
        shade("", &format!("{v} FB = blend(v);"), fb),
        [1.0, 0.4, 0.8, 0.625],
    );
    // over: v(1 - FB.a) + FB·FB.a with FB.a = 0.5.
    assert_close(
        shade("", &format!("{v} FB = over(v);"), fb),
        [0.6, 0.2, 0.55, 0.375],
    );
    // under: FB(1 - v.a) + v·v.a with v.a = 0.25.
    assert_close(
        shade("", &format!("{v} FB = under(v);"), fb),
        [0.4, 0.3, 0.575, 0.4375],
    );
}

#[test]
fn transform_multiplies_fb_as_a_row_vector() {
    // FB * translate(0.1; 0.2; 0.3): alpha plays w, so rgb += alpha * (0.1, 0.2, 0.3).
    let fb = [0.2, 0.3, 0.4, 0.5];
    assert_close(
        shade("", "FB = transform(translate(0.1; 0.2; 0.3));", fb),
        [0.25, 0.4, 0.55, 0.5],
    );
    // scale(2; 0.5; 1), with red clamped.
    assert_close(
        shade(
            "",
            "FB = transform(scale(2; 0.5; 1));",
            [0.6, 0.6, 0.6, 0.6],
        ),
        [1.0, 0.3, 0.6, 0.6],
    );
}

#[test]
fn a_varying_function_starts_from_fb_and_returns_its_final_fb() {
    let text = "varying color half() { FB *= 0.5; }
        surface s() { FB = half(); FB += 0.1; }";
    assert_close(run(&lower(text), [0.8; 4]), [0.5; 4]);
}

#[test]
fn instructions_carry_their_statements_location() {
    let text = "surface s() {\n  FB = 0.5;\n}\n";
    let f = lower(text);
    let mut spans = Vec::new();
    pigment_ir::walk(&f.body, &mut |i| spans.extend(i.loc.map(|l| l.span)));
    let stmt = text.find("FB = 0.5;").unwrap() as u32;
    assert!(spans.iter().any(|s| s.start == stmt), "{spans:?}");
}

#[test]
fn lookup_maps_rgb_through_the_table_at_floor_n_fb() {
    let t = "parameter float t[4]; t[0] = 0.1; t[1] = k; t[2] = 0.3; t[3] = 0.4;";
    let f = lower(&format!(
        "surface s(parameter float k = 0.2) {{ {t} FB = lookup(t); }}"
    ));
    // r: floor(4 · 0.3) = 1; g: floor(2.4) = 2; b: floor(4) = 4, clamped to 3; alpha kept.
    let fb = [0.3, 0.6, 1.0, 0.7];
    assert_close(run(&f, fb), [0.2, 0.3, 0.4, 0.7]);
    assert_close(
        run_with(&f, fb, [0.0; 2], &[("k", &[0.9])]),
        [0.9, 0.3, 0.4, 0.7],
    );
    // A colour table gives each channel its own channel of the entry.
    let body = "parameter color ct[2]; ct[0] = color(0.1, 0.2, 0.3, 0.4); ct[1] = color(0.5, 0.6, 0.7, 0.8);
        FB = lookup(ct);";
    assert_close(shade("", body, [0.2, 0.6, 0.5, 0.9]), [0.1, 0.6, 0.7, 0.9]);
}
