//! Lowering varying control (notes, "The frame buffer and varying control"; spec section X):
//! `if (FB[i] op x)` restricts only frame-buffer operations to the pixels where the relation held
//! at the `if`; `else` gets (active at the if) and not the relation; ifs nest; uniform operations
//! and varying-variable assignments inside still happen at every pixel.

mod lower_common;

use lower_common::*;

fn grey(v: f32) -> [f32; 4] {
    [v; 4]
}

#[test]
fn if_and_else_pick_per_pixel() {
    let f = lower("surface s() { if (FB[0] > 0.5) FB = 1; else FB = 0.25; }");
    assert_close(run(&f, [0.7, 0.0, 0.0, 0.0]), grey(1.0));
    assert_close(run(&f, [0.3, 0.0, 0.0, 0.0]), grey(0.25));
    // The boundary: 0.5 > 0.5 is false.
    assert_close(run(&f, [0.5, 0.0, 0.0, 0.0]), grey(0.25));
}

#[test]
fn the_relation_is_taken_when_the_if_is_reached() {
    // After FB = 0 the relation no longer holds, but the whole block stays active.
    let f = lower("surface s() { if (FB[1] >= 0.5) { FB = 0; FB += 0.3; } }");
    assert_close(run(&f, [0.9, 0.6, 0.9, 0.9]), grey(0.3));
    assert_close(run(&f, [0.9, 0.4, 0.9, 0.9]), [0.9, 0.4, 0.9, 0.9]);
}

#[test]
fn nested_ifs_and_their_conditions() {
    let f = lower(
        "surface s() {
            if (FB[0] > 0.5) { if (FB[1] > 0.5) FB = 1; else FB = 0.75; } else FB.b = 0.25;
         }",
    );
    assert_close(run(&f, [0.6, 0.6, 0.0, 0.0]), grey(1.0));
    assert_close(run(&f, [0.6, 0.4, 0.0, 0.0]), grey(0.75));
    assert_close(run(&f, [0.4, 0.6, 0.0, 0.0]), [0.4, 0.6, 0.25, 0.0]);
}

#[test]
fn else_if_chains() {
    let f = lower(
        "surface s() { if (FB[3] == 1) FB = 0.1; else if (FB[3] < 0.5) FB = 0.2; else FB = 0.3; }",
    );
    assert_close(run(&f, [0.0, 0.0, 0.0, 1.0]), grey(0.1));
    assert_close(run(&f, [0.0, 0.0, 0.0, 0.25]), grey(0.2));
    assert_close(run(&f, [0.0, 0.0, 0.0, 0.75]), grey(0.3));
}

#[test]
fn uniform_code_inside_runs_at_every_pixel() {
    // The pixel fails the relation, yet n = 1 and v = FB happen (v copies the unchanged FB,
    // since FB = 0 is masked); with v never set, blue would end 0.
    let body = "uniform float n = 0; varying color v;
        if (FB[0] > 0.5) { n = 1; FB = 0; v = FB; }
        FB.g = n; FB.b = 0; FB.b += v;";
    assert_close(
        shade("", body, [0.25, 0.0, 0.6, 0.5]),
        [0.25, 1.0, 0.6, 0.5],
    );
}

#[test]
fn a_parameter_reference_and_a_uniform_channel_index() {
    let f = lower(
        "surface s(uniform float u = 2.5; parameter float p = 0.5) { if (FB[u] <= p) FB = 1; else FB = 0; }",
    );
    // Channel floor(2.5) = 2, the blue one.
    assert_close(run(&f, [0.9, 0.9, 0.4, 0.9]), grey(1.0));
    assert_close(run(&f, [0.1, 0.1, 0.6, 0.1]), grey(0.0));
    let r = run_with(&f, [0.1, 0.1, 0.6, 0.1], [0.0; 2], &[("p", &[0.7])]);
    assert_close(r, grey(1.0));
}
