//! `texture`, `environment` and `project` (notes, built-ins; crates/isl/src/lower/texmap.rs):
//! their coordinates — the texture coordinate, OpenGL's sphere map of the reflected view vector,
//! the surface position projected down z — with the optional matrix, and parameter tables read as
//! 1-D textures. The test texture answers (s, t, 0.25, 1) at its coordinate; every expected value
//! is worked out by hand.

mod lower_common;

use lower_common::*;

const GREY: [f32; 4] = [0.5; 4];

#[test]
fn project_reads_the_position_down_z() {
    let f = lower("surface s(uniform string t = \"slide\") { FB = project(t); }");
    let at = |p: [f32; 4]| run_at(&f, GREY, &[("TEXCOORD2", p)], &[]);
    assert_close(at([0.3, 0.6, 0.9, 1.0]), [0.3, 0.6, 0.25, 1.0]);
    assert_close(at([0.1, 0.2, -5.0, 1.0]), [0.1, 0.2, 0.25, 1.0]);
}

#[test]
fn project_transforms_before_projecting() {
    // (x, y, z, 1)·M with M's third row (1, 0, 0, 0) and fourth (0, 0.1, 0, 1): x' = z,
    // y' = y + 0.1.
    let f = lower(
        "surface s(uniform string t = \"slide\";
                   parameter matrix m = matrix(0, 0, 0, 0,  0, 1, 0, 0,  1, 0, 0, 0,  0, 0.1, 0, 1)) {
            FB = project(t; m); }",
    );
    let r = run_at(&f, GREY, &[("TEXCOORD2", [0.3, 0.6, 0.9, 1.0])], &[]);
    assert_close(r, [0.9, 0.7, 0.25, 1.0]);
}

#[test]
fn environment_is_a_sphere_map_of_the_normal() {
    let f = lower("surface s(uniform string t = \"sky\") { FB = environment(t); }");
    let at = |n: [f32; 4]| run_at(&f, GREY, &[("TEXCOORD1", n)], &[]);
    // Facing the viewer: r = (0, 0, 1), m = 4, the map's centre.
    assert_close(at([0.0, 0.0, 1.0, 0.0]), [0.5, 0.5, 0.25, 1.0]);
    // N = (0.6, 0, 0.8): r = (0.96, 0, 0.28), m = 2·√(0.9216 + 1.28²) = 3.2, s = 0.3 + 0.5.
    assert_close(at([0.6, 0.0, 0.8, 0.0]), [0.8, 0.5, 0.25, 1.0]);
    // The normal is normalised first: (0, 3, 4) is (0, 0.6, 0.8).
    assert_close(at([0.0, 3.0, 4.0, 0.0]), [0.5, 0.8, 0.25, 1.0]);
}

#[test]
fn environment_transforms_the_map_coordinate() {
    let f = lower(
        "surface s(uniform string t = \"sky\"; parameter matrix m = translate(0.1; -0.2; 0)) {
            FB = environment(t; m); }",
    );
    let r = run_at(&f, GREY, &[("TEXCOORD1", [0.6, 0.0, 0.8, 0.0])], &[]);
    assert_close(r, [0.9, 0.3, 0.25, 1.0]);
}

#[test]
fn a_table_is_a_one_dimensional_texture() {
    let table = "parameter color ct[2]; ct[0] = color(1, 0, 0, 1); ct[1] = color(0, 1, 0, 0.5);";
    let f = lower(&format!("surface s() {{ {table} FB = texture(ct); }}"));
    // n·s floored and clamped to the ends: s = 0.25 → 0, 0.75 → 1, 1 → 2 → 1, −0.5 → 0.
    for (s, want) in [
        (0.25, [1.0, 0.0, 0.0, 1.0]),
        (0.75, [0.0, 1.0, 0.0, 0.5]),
        (1.0, [0.0, 1.0, 0.0, 0.5]),
        (-0.5, [1.0, 0.0, 0.0, 1.0]),
    ] {
        assert_close(run_with(&f, GREY, [s, 0.9], &[]), want);
    }
    // A float table is grey with that alpha; `project` reads it at x.
    let f = lower(
        "surface s() { parameter float g[4]; g[0] = 0.1; g[1] = 0.2; g[2] = 0.3; g[3] = 0.4;
                       FB = project(g); }",
    );
    let r = run_at(&f, GREY, &[("TEXCOORD2", [0.6, 0.0, 0.0, 1.0])], &[]);
    assert_close(r, [0.3; 4]);
}
