//! `pigment check FILE.isl` as a user runs it: a well-formed ISL surface shader checks clean (exit
//! 0), and every problem of a bad one is a `FILE:LINE:COL: error: message` with its source line
//! (exit 1). Expected positions are counted by hand in the sources below.

mod common;

use common::{pigment, scratch, stderr, write};

const GOOD: &str = "// A tinted surface, brightened where red is high.
surface stripes(parameter color tint = color(1, 0.5, 0.25, 1); uniform float gain = 2) {
    uniform float k = gain * 0.5;
    FB = color(0.2, 0.4, 0.6, 1);
    FB *= tint * k;
    if (FB[0] > 0.1) {
        FB += color(0.1, 0.1, 0.1, 0);
    } else {
        FB.rb = color(1, 1, 1, 1);
    }
}
";

const BAD: &str = "surface bad(parameter float p = 1) {
    uniform float u = p;
    FB = colr(1, 0, 0, 1);
}
";

#[test]
fn check_accepts_a_well_formed_surface_shader() {
    let dir = scratch("isl-good");
    let file = write(&dir, "good.isl", GOOD);
    let out = pigment(&["check", &file]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
}

#[test]
fn check_locates_every_error() {
    let dir = scratch("isl-bad");
    let file = write(&dir, "bad.isl", BAD);
    let out = pigment(&["check", &file]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stderr(&out);
    let located: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(": error:"))
        .map(|l| l.split_once("bad.isl:").unwrap().1)
        .collect();
    assert_eq!(
        located,
        [
            "2:23: error: a parameter float value cannot become uniform float (promotion only \
             goes uniform → parameter → varying)",
            "3:10: error: unknown function `colr`",
        ]
    );
    assert!(text.contains("    FB = colr(1, 0, 0, 1);"), "{text}");
}
