//! The `.cgp` parser: each key RetroArch reads, `#reference`, quoting and comments, and an error
//! (`FILE:LINE:COL: error: ...` naming the key) for each malformed or missing value.

use pigment_diag::{render, SourceFiles};
use pigment_preset::{parse_text, Preset, Scale, ScaleType, WrapMode};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

fn parse_with(text: &str, others: &[(&str, &str)]) -> Result<Preset, String> {
    let others: HashMap<PathBuf, String> = others
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect();
    let mut files = SourceFiles::new();
    let mut read = |p: &Path| {
        others
            .get(p)
            .cloned()
            .ok_or_else(|| "no such file".to_string())
    };
    parse_text(&mut files, "dir/p.cgp", text.to_string(), &mut read).map_err(|errors| {
        errors
            .iter()
            .map(|d| render(&files, d))
            .collect::<Vec<_>>()
            .join("")
    })
}

fn parse(text: &str) -> Preset {
    parse_with(text, &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// The first line of the rendered errors.
fn error(text: &str) -> String {
    let e = parse_with(text, &[]).expect_err("should be rejected");
    e.lines().next().unwrap().to_string()
}

#[test]
fn pass_keys() {
    let p = parse(
        "shaders = 2\nshader0 = a.cg\nshader1 = \"sub/b.cg\"\nalias0 = FIRST\nfilter_linear0 = true\n\
         filter_linear1 = false\nwrap_mode0 = repeat\nwrap_mode1 = mirrored_repeat\n\
         float_framebuffer0 = true\nsrgb_framebuffer1 = \"true\"\nmipmap_input1 = true\nframe_count_mod0 = 100\n",
    );
    assert_eq!(p.passes.len(), 2);
    let (a, b) = (&p.passes[0], &p.passes[1]);
    assert_eq!(a.shader, PathBuf::from("dir/a.cg"));
    assert_eq!(b.shader, PathBuf::from("dir/sub/b.cg"));
    assert_eq!(a.alias.as_deref(), Some("FIRST"));
    assert_eq!(b.alias, None);
    assert_eq!(
        (a.filter_linear, b.filter_linear),
        (Some(true), Some(false))
    );
    assert_eq!(
        (a.wrap, b.wrap),
        (WrapMode::Repeat, WrapMode::MirroredRepeat)
    );
    assert!(a.float_framebuffer && !b.float_framebuffer);
    assert!(!a.srgb_framebuffer && b.srgb_framebuffer);
    assert!(!a.mipmap_input && b.mipmap_input);
    assert_eq!((a.frame_count_mod, b.frame_count_mod), (100, 0));
}

#[test]
fn defaults_when_unset() {
    let p = parse("shaders = 1\nshader0 = a.cg\n");
    let a = &p.passes[0];
    assert_eq!(a.filter_linear, None);
    assert_eq!(a.wrap, WrapMode::ClampToBorder);
    assert_eq!(a.scale, None);
    assert!(!a.float_framebuffer && !a.srgb_framebuffer && !a.mipmap_input);
}

#[test]
fn scale_keys() {
    let p = parse(
        "shaders = 3\nshader0 = a\nshader1 = b\nshader2 = c\n\
         scale_type0 = source\nscale0 = 2.0\n\
         scale_type_x1 = absolute\nscale_x1 = 320\nscale_type_y1 = viewport\nscale_y1 = 0.5\n\
         scale_type2 = viewport\nscale2 = 3\nscale_y2 = 1.5\n",
    );
    let s = |k, f| Scale { kind: k, factor: f };
    assert_eq!(
        p.passes[0].scale,
        Some((s(ScaleType::Source, 2.0), s(ScaleType::Source, 2.0)))
    );
    assert_eq!(
        p.passes[1].scale,
        Some((s(ScaleType::Absolute, 320.0), s(ScaleType::Viewport, 0.5)))
    );
    assert_eq!(
        p.passes[2].scale,
        Some((s(ScaleType::Viewport, 3.0), s(ScaleType::Viewport, 1.5)))
    );
}

#[test]
fn textures_and_parameters() {
    let p = parse(
        "shaders = 1\nshader0 = a.cg\ntextures = \"LUT;mask\"\nLUT = lut/pal.png\nLUT_linear = false\n\
         LUT_wrap_mode = repeat\nLUT_mipmap = true\nmask = m.png\nparameters = \"gamma;width\"\n\
         gamma = 2.2\nwidth = \"3\"\n",
    );
    assert_eq!(p.textures.len(), 2);
    let (lut, mask) = (&p.textures[0], &p.textures[1]);
    assert_eq!(
        (lut.name.as_str(), lut.path.clone()),
        ("LUT", PathBuf::from("dir/lut/pal.png"))
    );
    assert!(!lut.linear && lut.mipmap);
    assert_eq!(lut.wrap, WrapMode::Repeat);
    assert!(mask.linear && !mask.mipmap);
    assert_eq!(mask.wrap, WrapMode::ClampToBorder);
    assert_eq!(
        p.parameters,
        vec![("gamma".to_string(), 2.2), ("width".to_string(), 3.0)]
    );
}

#[test]
fn comments_quotes_and_spacing() {
    let p = parse(
        "# a preset\n// another comment\n  shaders=\"1\"   # one pass\n\nshader0 = \"a b.cg\" # quoted, with a space\n\
         alias0 = X#comment right after\r\nfilter_linear0\t=\ttrue\n",
    );
    assert_eq!(p.passes[0].shader, PathBuf::from("dir/a b.cg"));
    assert_eq!(p.passes[0].alias.as_deref(), Some("X"));
    assert_eq!(p.passes[0].filter_linear, Some(true));
}

#[test]
fn block_comments_and_notes_after_a_value() {
    let p = parse(
        "/* a licence\nshaders = 9\n*/\nshaders = 1\n/* one line */\n\
         shader0 = a.cg // what it does\nalias0 = A B\n",
    );
    assert_eq!(p.passes.len(), 1);
    assert_eq!(p.passes[0].shader, PathBuf::from("dir/a.cg"));
    assert_eq!(p.passes[0].alias.as_deref(), Some("A"));
}

#[test]
fn references_are_overridden_by_the_referencing_file() {
    let base = "shaders = 1\nshader0 = ../shaders/base.cg\nscale_type0 = source\nscale0 = 2\n";
    let p = parse_with(
        "#reference \"base/b.cgp\"\nscale0 = 3\n",
        &[("dir/base/b.cgp", base)],
    )
    .unwrap();
    assert_eq!(
        p.passes[0].shader,
        PathBuf::from("dir/base/../shaders/base.cg")
    );
    assert_eq!(p.passes[0].scale.unwrap().0.factor, 3.0);
}

#[test]
fn errors_name_the_file_line_column_and_key() {
    let cases = [
        (
            "shader0 = a\n",
            "dir/p.cgp:1:1: error: the preset has no `shaders` key",
        ),
        (
            "shaders = x\n",
            "dir/p.cgp:1:11: error: `shaders` must be a number of passes",
        ),
        (
            "shaders = 0\n",
            "dir/p.cgp:1:11: error: `shaders` must be a number of passes",
        ),
        (
            "shaders = 2\nshader0 = a\n",
            "dir/p.cgp:1:1: error: the preset has 2 pass(es) but no `shader1`",
        ),
        (
            "shaders = 1\nshader0 = \"\"\n",
            "dir/p.cgp:2:12: error: `shader0` is empty",
        ),
        (
            "shaders = 1\nshader0 = a\nfilter_linear0 = yes\n",
            "dir/p.cgp:3:18: error: `filter_linear0` must be true or false",
        ),
        (
            "shaders = 1\nshader0 = a\nwrap_mode0 = clamp\n",
            "dir/p.cgp:3:14: error: `wrap_mode0` must be clamp_to_border",
        ),
        (
            "shaders = 1\nshader0 = a\nscale_type0 = big\n",
            "dir/p.cgp:3:15: error: `scale_type0` must be source, viewport or absolute",
        ),
        (
            "shaders = 1\nshader0 = a\nscale_type_x0 = source\nscale_x0 = -2\n",
            "dir/p.cgp:4:12: error: `scale_x0` must be a positive number",
        ),
        (
            "shaders = 1\nshader0 = a\nscale_type0 = absolute\nscale0 = 1.5\n",
            "dir/p.cgp:4:10: error: `scale0` is an absolute size",
        ),
        (
            "shaders = 1\nshader0 = a\nfloat_framebuffer0 = 2\n",
            "dir/p.cgp:3:22: error: `float_framebuffer0` must be true or false",
        ),
        (
            "shaders = 1\nshader0 = a\nsrgb_framebuffer0 = on\n",
            "dir/p.cgp:3:21: error: `srgb_framebuffer0` must be true or false",
        ),
        (
            "shaders = 1\nshader0 = a\nmipmap_input0 = t\n",
            "dir/p.cgp:3:17: error: `mipmap_input0` must be true or false",
        ),
        (
            "shaders = 1\nshader0 = a\nframe_count_mod0 = -1\n",
            "dir/p.cgp:3:20: error: `frame_count_mod0` must be a whole number",
        ),
        (
            "shaders = 1\nshader0 = a\ntextures = L\n",
            "dir/p.cgp:3:12: error: `textures` names `L`, but no `L = PATH`",
        ),
        (
            "shaders = 1\nshader0 = a\ntextures = L\nL = l.png\nL_linear = maybe\n",
            "dir/p.cgp:5:12: error: `L_linear` must be true or false",
        ),
        (
            "shaders = 1\nshader0 = a\ntextures = L\nL = l.png\nL_wrap_mode = x\n",
            "dir/p.cgp:5:15: error: `L_wrap_mode` must be",
        ),
        (
            "shaders = 1\nshader0 = a\ntextures = L\nL = l.png\nL_mipmap = 2\n",
            "dir/p.cgp:5:12: error: `L_mipmap` must be true or false",
        ),
        (
            "shaders = 1\nshader0 = a\nparameters = g\n",
            "dir/p.cgp:3:14: error: `parameters` names `g`, but no `g = VALUE`",
        ),
        (
            "shaders = 1\nshader0 = a\nparameters = g\ng = high\n",
            "dir/p.cgp:4:5: error: parameter `g` must be a number",
        ),
        (
            "shaders = 1\nshader0 \"a\"\n",
            "dir/p.cgp:2:1: error: `shader0` should be followed by `= VALUE`",
        ),
        (
            "shaders = 1\n= a\n",
            "dir/p.cgp:2:1: error: a line starts with `=`",
        ),
        (
            "shaders = \"1\nshader0 = a\n",
            "dir/p.cgp:1:11: error: this quote is never closed",
        ),
        (
            "shaders = \"1\" 2\n",
            "dir/p.cgp:1:15: error: unexpected text after the quoted value",
        ),
        (
            "#reference \"missing.cgp\"\n",
            "dir/p.cgp:1:13: error: cannot read `dir/missing.cgp`",
        ),
        (
            "#reference \"\"\n",
            "dir/p.cgp:1:1: error: `#reference` needs a file name",
        ),
    ];
    for (text, expected) in cases {
        let got = error(text);
        assert!(
            got.starts_with(expected),
            "for {text:?}\n  got: {got}\n  expected: {expected}"
        );
    }
}

#[test]
fn a_reference_cycle_is_an_error() {
    let e = parse_with(
        "#reference \"p.cgp\"\n",
        &[("dir/p.cgp", "#reference \"p.cgp\"\n")],
    )
    .unwrap_err();
    assert!(e.contains("nest more than 16 deep"), "{e}");
}
