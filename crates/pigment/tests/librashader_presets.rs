//! Pigment's preset runtime against librashader, the slang preset runtime emulators embed: each of
//! the project's own presets (tests/in/presets, one semantic of the runtime each) is converted with
//! `pigment preset X.cgp --convert slang`, the `.slangp` run by librashader's Vulkan runtime on
//! lavapipe (crates/librashader-oracle), and every frame compared with what `pigment preset` draws
//! from the `.cgp` on the NV machine.
//!
//! Every preset is run by both; the pictures are compared for the semantics where the two agree
//! (frame counts, look-up textures, parameters). Where they do not yet (history, aliases, float and
//! sRGB framebuffers, linearly filtered scales, wrap modes, `mipmap_input`) docs/presets.md lists
//! the first difference found, which is still to be traced to one side.
//!
//! Tolerance: 2/255 per component (alpha included). The two draw the same 8-bit input with the
//! same filters; the NV machine computes in fp32 where lavapipe does, and rounds each framebuffer
//! to its format as Vulkan does, so a larger difference is a wrong semantic on one side.

mod common;

use common::{pigment, png_pixels, scratch, stderr};
use librashader_oracle::{Picture, Run};
use std::path::{Path, PathBuf};

const TOLERANCE: u8 = 2;

/// The input picture: 16x12, red rising to the right, green downwards, blue a hashed pattern.
fn input() -> Picture {
    let (w, h) = (16u32, 12u32);
    let mut rgba = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let b = (x * 7 + y * 3) % 16;
            rgba.extend([(x * 17) as u8, (y * 23) as u8, (b * 17) as u8, 255]);
        }
    }
    Picture {
        width: w,
        height: h,
        rgba,
    }
}

fn write_png(path: &Path, p: &Picture) {
    let file = std::fs::File::create(path).unwrap();
    let mut encoder = png::Encoder::new(file, p.width, p.height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&p.rgba)
        .unwrap();
}

fn preset_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/in/presets")
        .join(name)
}

/// `pigment preset` on the preset `name` for `frames` frames in a `viewport`: every frame.
fn pigment_frames(name: &str, dir: &Path, viewport: (u32, u32), frames: u32) -> Vec<Picture> {
    let input = dir.join("input.png");
    let out = dir.join("pigment-%d.png");
    let cgp = preset_dir(name).join("p.cgp");
    let o = pigment(&[
        "preset",
        &cgp.display().to_string(),
        "--input",
        &input.display().to_string(),
        "--frames",
        &frames.to_string(),
        "--output-size",
        &format!("{}x{}", viewport.0, viewport.1),
        "-o",
        &out.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    (0..frames)
        .map(|f| {
            let path = dir.join(format!("pigment-{f}.png"));
            let ((width, height), rgba) = png_pixels(&path);
            Picture {
                width,
                height,
                rgba,
            }
        })
        .collect()
}

/// librashader's frames of the preset `name` converted to slang.
fn librashader_frames(name: &str, dir: &Path, viewport: (u32, u32), frames: u32) -> Vec<Picture> {
    let slang = dir.join("slang");
    let cgp = preset_dir(name).join("p.cgp");
    let o = pigment(&[
        "preset",
        &cgp.display().to_string(),
        "--convert",
        "slang",
        "-o",
        &slang.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let input = input();
    let run = Run {
        preset: &slang.join("preset.slangp"),
        input: &input,
        viewport,
        frames,
    };
    librashader_oracle::render(&run).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The first pixel where `a` and `b` differ by more than the tolerance, described.
fn first_difference(a: &Picture, b: &Picture) -> Option<String> {
    if (a.width, a.height) != (b.width, b.height) {
        return Some(format!(
            "sizes {}x{} and {}x{}",
            a.width, a.height, b.width, b.height
        ));
    }
    (0..a.height)
        .flat_map(|y| (0..a.width).map(move |x| (x, y)))
        .find_map(|(x, y)| {
            let (p, q) = (a.pixel(x, y), b.pixel(x, y));
            let far = p.iter().zip(&q).any(|(u, v)| u.abs_diff(*v) > TOLERANCE);
            far.then(|| format!("pixel ({x}, {y}): {p:?} and {q:?}"))
        })
}

/// Runs preset `name` both ways and asserts every frame agrees.
fn agree(name: &str, viewport: (u32, u32), frames: u32) {
    let dir = scratch(&format!("librashader-{name}"));
    write_png(&dir.join("input.png"), &input());
    let theirs = librashader_frames(name, &dir, viewport, frames);
    let ours = pigment_frames(name, &dir, viewport, frames);
    let differences: Vec<String> = ours
        .iter()
        .zip(&theirs)
        .enumerate()
        .filter_map(|(f, (a, b))| first_difference(a, b).map(|d| format!("frame {f}: {d}")))
        .collect();
    assert!(
        differences.is_empty(),
        "{name}: `pigment preset` and librashader differ (ours first):\n{}",
        differences.join("\n")
    );
}

/// Every preset of ours, with the viewport and the frames it is run for.
const PRESETS: [(&str, (u32, u32), u32); 9] = [
    ("frames", (16, 12), 5),
    ("history", (16, 12), 4),
    ("aliases", (16, 12), 1),
    ("luts", (16, 12), 1),
    ("params", (16, 12), 1),
    ("formats", (16, 12), 1),
    ("scales", (21, 15), 1),
    ("wrap", (16, 12), 1),
    ("mipmap", (8, 6), 1),
];

/// Every preset converts and librashader runs it, each frame the viewport's size; `pigment
/// preset` draws each frame at that size too (the last pass into the viewport, as librashader).
#[test]
fn every_preset_converts_runs_in_librashader_and_is_drawn_at_the_viewports_size() {
    for (name, viewport, frames) in PRESETS {
        let dir = scratch(&format!("librashader-run-{name}"));
        write_png(&dir.join("input.png"), &input());
        let theirs = librashader_frames(name, &dir, viewport, frames);
        let ours = pigment_frames(name, &dir, viewport, frames);
        assert_eq!(theirs.len(), frames as usize, "{name}");
        for p in theirs.iter().chain(&ours) {
            assert_eq!((p.width, p.height), viewport, "{name}");
        }
    }
}

#[test]
fn frame_count_and_frame_count_mod() {
    agree("frames", (16, 12), 5);
}

#[test]
fn look_up_textures_with_filter_wrap_and_mipmaps() {
    agree("luts", (16, 12), 1);
}

#[test]
fn parameters_take_the_presets_values() {
    agree("params", (16, 12), 1);
}
