//! README's worked examples on the bundled files under examples/ work as README shows them: the
//! scanline preset runs (every third row darkened by its parameter) and converts to slang, and the
//! Parasol program checks, compiles to fp30 and draws what its formulas give. (The Cg → SPIR-V
//! example is `cli_naga.rs`'s, the ISL ball `cli_isl.rs`'s.)

mod common;

use common::{pigment, png_pixels, raw_pixels, scratch, stderr};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn example(path: &str) -> String {
    format!("{ROOT}/examples/{path}")
}

fn ok(args: &[&str]) {
    let o = pigment(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
}

#[test]
fn the_scanline_preset_darkens_every_third_row_and_converts_to_slang() {
    let dir = scratch("scanlines");
    let d = |name: &str| dir.join(name).display().to_string();
    let testcard = example("cg/testcard.cg");
    ok(&["render", &testcard, "--size", "256x224", "-o", &d("in.png")]);
    let preset = example("presets/scanlines.cgp");
    ok(&[
        "preset",
        &preset,
        "--input",
        &d("in.png"),
        "--scale",
        "3",
        "-o",
        &d("out.png"),
    ]);

    // The last pass is drawn into the viewport (3x the input, as RetroArch shows it); 3x nearest, then one row of each three scaled by 1 − DARKNESS = 0.5: the other two rows
    // are equal, and the dark one holds half their 8-bit codes (rounded), in the same place in
    // every block.
    let ((w, h), pixels) = png_pixels(&dir.join("out.png"));
    assert_eq!((w, h), (768, 672));
    let row = |y: u32| &pixels[(y * w * 4) as usize..((y + 1) * w * 4) as usize];
    let mut dark_rows = Vec::new();
    for block in 0..h / 3 {
        let rows = [row(3 * block), row(3 * block + 1), row(3 * block + 2)];
        let dark = (0..3)
            .find(|&i| rows[(i + 1) % 3] == rows[(i + 2) % 3])
            .unwrap_or_else(|| panic!("block {block}: no two rows equal"));
        let bright = rows[(dark + 1) % 3];
        for (x, (&d, &b)) in rows[dark].iter().zip(bright).enumerate() {
            let alpha = x % 4 == 3;
            let want = if alpha { b as i32 } else { b as i32 / 2 };
            assert!(
                (d as i32 - want).abs() <= 1,
                "block {block}, byte {x}: {d} against {b}"
            );
        }
        dark_rows.push(dark);
    }
    assert!(
        dark_rows.iter().all(|&d| d == dark_rows[0]),
        "{dark_rows:?}"
    );
    assert!(pixels.iter().any(|&c| c > 64), "the picture is not black");

    ok(&["preset", &preset, "--convert", "slang", "-o", &d("slang")]);
    for file in ["pass0.slang", "pass1.slang", "preset.slangp"] {
        assert!(dir.join("slang").join(file).exists(), "{file}");
    }
    let pass1 = std::fs::read_to_string(dir.join("slang/pass1.slang")).unwrap();
    assert!(pass1.contains("#pragma parameter DARKNESS"), "{pass1}");
}

#[test]
fn the_parasol_rings_check_compile_and_draw_their_formula() {
    let unit = example("parasol/rings.p");
    ok(&["check", &unit]);
    let fp30 = pigment(&[
        "compile",
        &unit,
        "--shader",
        "examples.Rings.f",
        "--target",
        "fp30",
    ]);
    assert_eq!(fp30.status.code(), Some(0), "{}", stderr(&fp30));
    assert!(String::from_utf8_lossy(&fp30.stdout).starts_with("!!FP1.0"));

    let dir = scratch("parasol-rings");
    let raw = dir.join("rings.f32").display().to_string();
    let png = dir.join("rings.png").display().to_string();
    ok(&[
        "render",
        &unit,
        "--program",
        "examples.Rings.rings",
        "--param",
        "frequency=9",
        "--size",
        "4x4",
        "--raw",
        &raw,
        "-o",
        &png,
    ]);
    // The fragment shader's formula at each pixel centre (s, t), bottom row first.
    let mix = |a: f64, b: f64, k: f64| a + (b - a) * k;
    for (k, px) in raw_pixels(dir.join("rings.f32").as_path())
        .iter()
        .enumerate()
    {
        let (s, t) = ((k % 4) as f64 * 0.25 + 0.125, (k / 4) as f64 * 0.25 + 0.125);
        let r = ((2.0 * s - 1.0).powi(2) + (2.0 * t - 1.0).powi(2)).sqrt();
        // The shader writes 2π as 6.2831853; the difference is far below the tolerance.
        let wave = 0.5 + 0.5 * (r * 9.0 * std::f64::consts::TAU).cos();
        let fade = (1.3 - r * r).clamp(0.0, 1.0);
        let want = [
            mix(0.1, 0.95, wave) * fade,
            mix(0.2, 0.55, wave) * fade,
            mix(0.45, 0.25, wave) * fade,
            1.0,
        ];
        for c in 0..4 {
            assert!(
                (px[c] as f64 - want[c]).abs() < 1e-3,
                "pixel {k}: {px:?}, want {want:?}"
            );
        }
    }
}
