//! Pigment's preset runtime against librashader, the slang preset runtime emulators embed: each of
//! the project's own presets (tests/in/presets, one semantic of the runtime each) is converted with
//! `pigment preset X.cgp --convert slang`, the `.slangp` run by librashader's Vulkan runtime on
//! lavapipe (crates/librashader-oracle), and every frame compared with what `pigment preset` draws
//! from the `.cgp` (by default, each pass in fp32 in the IR's interpreter).
//!
//! Every preset is run by both, on several frames, and the pictures agree within the tolerance:
//! frame counts, history (librashader's history cleared on the first frame, as RetroArch clears
//! it), aliases, look-up textures, parameters, scales (sides rounded, as RetroArch's slang runtime
//! rounds them), the four wrap modes, `mipmap_input`, an unset filter and the samplers of named
//! textures, passes fp30 cannot hold (`fixed` above 2, `tex2Dlod` in a loop), and a global array
//! uniform read in a loop. The one exception is the sRGB framebuffer of the formats preset: lavapipe's sRGB
//! conversions are approximations (llvmpipe's, within D3D10's tolerances), which that preset's
//! last pass magnifies tenfold, so there each side is held to the preset worked out by hand with
//! its own conversions (docs/presets.md gives the evidence).
//!
//! Tolerance: 2/255 per component (alpha included). The two draw the same 8-bit input with the
//! same filters; the chain computes in fp32 where lavapipe does, and rounds each framebuffer
//! to its format as Vulkan does, so a larger difference is a wrong semantic on one side.

mod common;

use common::{pigment, png_pixels, stderr, Scratch};
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

/// Preset `name`'s frames drawn by `pigment preset` and by librashader, and the scratch directory
/// holding their files (kept while the caller's assertions may fail).
fn both(name: &str, viewport: (u32, u32), frames: u32) -> (Vec<Picture>, Vec<Picture>, Scratch) {
    let scratch = Scratch::new(&format!("librashader-{name}"));
    let dir = scratch.path();
    write_png(&dir.join("input.png"), &input());
    let theirs = librashader_frames(name, dir, viewport, frames);
    let ours = pigment_frames(name, dir, viewport, frames);
    assert_eq!(
        (ours.len(), theirs.len()),
        (frames as usize, frames as usize)
    );
    (ours, theirs, scratch)
}

/// Asserts that every frame of `a` agrees with the picture `b` of the same frame, `what` naming
/// the two.
fn assert_frames_agree<'a>(what: &str, a: &[Picture], b: impl Fn(usize) -> &'a Picture) {
    let differences: Vec<String> = a
        .iter()
        .enumerate()
        .filter_map(|(f, p)| first_difference(p, b(f)).map(|d| format!("frame {f}: {d}")))
        .collect();
    assert!(
        differences.is_empty(),
        "{what} differ:\n{}",
        differences.join("\n")
    );
}

/// Runs preset `name` both ways and asserts every frame agrees.
fn agree(name: &str, viewport: (u32, u32), frames: u32) {
    let (ours, theirs, _files) = both(name, viewport, frames);
    let what = format!("{name}: `pigment preset` and librashader (ours first)");
    assert_frames_agree(&what, &ours, |f| &theirs[f]);
}

/// Every preset of ours, with the viewport and the frames it is run for.
const PRESETS: [(&str, (u32, u32), u32); 16] = [
    ("frames", (16, 12), 5),
    ("history", (16, 12), 4),
    ("aliases", (16, 12), 1),
    ("luts", (16, 12), 1),
    ("params", (16, 12), 1),
    ("formats", (16, 12), 1),
    ("scales", (21, 15), 1),
    ("wrap", (16, 12), 1),
    ("mipmap", (8, 6), 1),
    ("samplers", (24, 18), 1),
    ("includes", (16, 12), 1),
    ("fp32", (16, 12), 1),
    ("globals", (16, 12), 1),
    ("half", (16, 12), 1),
    ("varyings", (16, 12), 1),
    ("inputmips", (4, 3), 1),
];

/// Every preset converts and librashader runs it, each frame the viewport's size; `pigment
/// preset` draws each frame at that size too (the last pass into the viewport, as librashader).
#[test]
fn every_preset_converts_runs_in_librashader_and_is_drawn_at_the_viewports_size() {
    for (name, viewport, frames) in PRESETS {
        let scratch = Scratch::new(&format!("librashader-run-{name}"));
        let dir = scratch.path();
        write_png(&dir.join("input.png"), &input());
        let theirs = librashader_frames(name, dir, viewport, frames);
        let ours = pigment_frames(name, dir, viewport, frames);
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

#[test]
fn a_global_array_read_at_a_run_time_index_keeps_its_initialiser() {
    agree("globals", (16, 12), 1);
}

#[test]
fn history_and_orig_with_an_unnamed_attribute() {
    agree("history", (16, 12), 4);
}

#[test]
fn an_alias_read_two_passes_later_and_as_passk() {
    agree("aliases", (16, 12), 2);
}

/// The last pass of the aliases preset writes (the alias's width + PASS1's height) / 64 as alpha:
/// (16 + 12) / 64 for the 16x12 input at source scale 1, so both runtimes must bind the sizes of
/// an alias and of `PASSk` (slang's `PassOutputSize0`), not leave them 0.
#[test]
fn the_sizes_of_an_alias_and_of_passk_are_bound() {
    let (ours, theirs, _files) = both("aliases", (16, 12), 1);
    let expected = (28.0f32 / 64.0 * 255.0).round() as u8;
    for (who, frame) in [("pigment", &ours[0]), ("librashader", &theirs[0])] {
        for alpha in frame.rgba.chunks(4).map(|p| p[3]) {
            assert!(
                alpha.abs_diff(expected) <= TOLERANCE,
                "{who}: alpha {alpha}, not {expected}"
            );
        }
    }
}

/// A float framebuffer is RGBA16F, as librashader and RetroArch's slang runtime make it, and its
/// conversion rounds toward zero, as lavapipe's does (Vulkan leaves the rounding to the driver):
/// the half preset shows what its float framebuffer dropped of values fp16 cannot hold, here
/// worked out by hand. Kept as floats, every pixel would show 128; rounded to nearest, blue would
/// show 77.
#[test]
fn float_framebuffers_are_half_floats_rounded_toward_zero() {
    let (ours, theirs, _files) = both("half", (16, 12), 1);
    let shown = |exact: f64, steps: f64| {
        let dropped = (exact - half_toward_zero(exact)) * steps;
        ((dropped + 1.0) * 0.5 * 255.0).round() as u8
    };
    let (w, h) = (16u32, 12u32);
    let mut rgba = Vec::new();
    for y in 0..h {
        for x in 0..w {
            // t = 0 at the top row, as in libretro's textures.
            let (s, t) = ((x as f64 + 0.5) / w as f64, (y as f64 + 0.5) / h as f64);
            let r = 0.5 + 0.33 * (s * 0.73 + t * 0.29);
            let g = 0.25 + 0.19 * (s * 0.37 + t * 0.17);
            rgba.extend([shown(r, 2048.0), shown(g, 4096.0), shown(0.7, 2048.0), 255]);
        }
    }
    let by_hand = Picture {
        width: w,
        height: h,
        rgba,
    };
    assert_eq!(by_hand.pixel(0, 0)[2], 204);
    assert_frames_agree("half: pigment and the preset by hand", &ours, |_| &by_hand);
    assert_frames_agree("half: librashader and the preset by hand", &theirs, |_| {
        &by_hand
    });
}

/// `v` converted to fp16 toward zero, from fp16's description: 10 fraction bits, exponents from
/// -14 (below 2^-14, multiples of 2^-24).
fn half_toward_zero(v: f64) -> f64 {
    let exponent = v.abs().log2().floor().max(-14.0);
    let step = 2f64.powf(exponent - 10.0);
    (v / step).trunc() * step
}

/// A varying input that names no semantic takes the value the runtime sets by that name (the
/// varyings preset's `ORIG.texture_size`, in a struct not declared `uniform`, as scalefx
/// declares `PASSPREV5`): each pixel shows the texel below it, the last row the border's black.
#[test]
fn a_varying_named_as_a_runtime_value_takes_it() {
    let (ours, theirs, _files) = both("varyings", (16, 12), 1);
    let source = input();
    let mut by_hand = source.clone();
    for (i, pixel) in by_hand.rgba.chunks_mut(4).enumerate() {
        let below = i + source.width as usize;
        let texel = source.rgba.get(4 * below..4 * below + 3).unwrap_or(&[0; 3]);
        pixel[..3].copy_from_slice(texel);
    }
    assert_frames_agree("varyings: pigment and the preset by hand", &ours, |_| {
        &by_hand
    });
    assert_frames_agree(
        "varyings: librashader and the preset by hand",
        &theirs,
        |_| &by_hand,
    );
}

/// `mipmap_input0` asks for mipmaps of the input picture, which librashader binds as the caller
/// gives it, one level: the inputmips preset, minifying the 16x12 input four times with LINEAR,
/// shows at each pixel the mean of the four texels around its centre (a 4x4 block's mean would
/// come from level 2).
#[test]
fn the_input_picture_has_no_mipmaps() {
    let (ours, theirs, _files) = both("inputmips", (4, 3), 1);
    let source = input();
    let mut rgba = Vec::new();
    for y in 0..3 {
        for x in 0..4 {
            let texels = [(1, 1), (2, 1), (1, 2), (2, 2)]
                .map(|(dx, dy)| source.pixel(4 * x + dx, 4 * y + dy));
            let mean = |c: usize| {
                (texels.iter().map(|t| f64::from(t[c])).sum::<f64>() / 4.0).round() as u8
            };
            rgba.extend([mean(0), mean(1), mean(2), 255]);
        }
    }
    let by_hand = Picture {
        width: 4,
        height: 3,
        rgba,
    };
    assert_frames_agree("inputmips: pigment and the preset by hand", &ours, |_| {
        &by_hand
    });
    assert_frames_agree(
        "inputmips: librashader and the preset by hand",
        &theirs,
        |_| &by_hand,
    );
}

/// Float and sRGB framebuffers. lavapipe converts to and from sRGB with approximations (see
/// docs/presets.md), which the formats preset's last pass magnifies tenfold, so the two are not
/// compared with each other: each is compared with the preset worked out by hand with its own sRGB
/// conversions (Pigment with IEC 61966-2-1's, librashader with llvmpipe's), and the two hand
/// computations differ where docs/presets.md says.
#[test]
fn float_and_srgb_framebuffers_differ_by_lavapipes_srgb_approximations_alone() {
    let (ours, theirs, _files) = both("formats", (16, 12), 2);
    let exact = formats_by_hand(&input(), srgb::iec_code, srgb::iec_linear);
    let lavapipe = formats_by_hand(&input(), srgb::llvmpipe_code, srgb::llvmpipe_linear);
    let what = "formats: `pigment preset` and the preset by hand with exact sRGB";
    assert_frames_agree(what, &ours, |_| &exact);
    let what = "formats: librashader and the preset by hand with llvmpipe's sRGB";
    assert_frames_agree(what, &theirs, |_| &lavapipe);
    // The first difference docs/presets.md gives.
    assert_eq!(exact.pixel(0, 4), [0, 91, 205, 255]);
    assert_eq!(lavapipe.pixel(0, 4), [0, 94, 206, 255]);
}

/// The formats preset worked out by hand for `input` (shown at its own size), its sRGB
/// framebuffer storing a linear value as the code `code` gives and reading a code back as
/// `linear` says: pass 0 keeps (c − 0.5)·4 in half floats, pass 1 stores (that·0.25 + 0.5)·0.1 (c/10)
/// as sRGB, pass 2 shows 10 times what it reads back, with alpha 1.
fn formats_by_hand(input: &Picture, code: fn(f64) -> u8, linear: fn(u8) -> f64) -> Picture {
    let shown = |c: u8| {
        let spread = half_toward_zero((f64::from(c) / 255.0 - 0.5) * 4.0);
        let dark = (spread * 0.25 + 0.5) * 0.1;
        let bright = (10.0 * linear(code(dark))).clamp(0.0, 1.0);
        (bright * 255.0).round() as u8
    };
    let rgba = input
        .rgba
        .chunks(4)
        .flat_map(|p| [shown(p[0]), shown(p[1]), shown(p[2]), 255])
        .collect();
    Picture { rgba, ..*input }
}

/// 8-bit sRGB storage, two ways.
mod srgb {
    /// IEC 61966-2-1's encoding of linear `l` (clamped to [0, 1]), rounded to the nearest code.
    pub fn iec_code(l: f64) -> u8 {
        let l = l.clamp(0.0, 1.0);
        let s = if l <= 0.003_130_8 {
            12.92 * l
        } else {
            1.055 * l.powf(1.0 / 2.4) - 0.055
        };
        (s * 255.0).round() as u8
    }

    /// IEC 61966-2-1's linear value of a code.
    pub fn iec_linear(code: u8) -> f64 {
        let s = f64::from(code) / 255.0;
        if s <= 0.040_45 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    }

    /// llvmpipe's encoding, as Mesa documents it (gallivm's lp_bld_format_srgb.c): above the
    /// linear segment, 255·(0.675·1.0622·l^0.375 + 0.325·1.0622·l^0.5 − 0.062), rounded.
    pub fn llvmpipe_code(l: f64) -> u8 {
        let l = l.clamp(0.0, 1.0);
        let code = if l <= 0.003_130_8 {
            l * 12.92 * 255.0
        } else {
            let k = 1.0622 * 255.0;
            0.675 * k * l.powf(0.375) + 0.325 * k * l.sqrt() - 0.062 * 255.0
        };
        code.round() as u8
    }

    /// llvmpipe's decoding: code/(12.6·255) up to code 15, above it the cubic
    /// 0.0023 + 0.0030·x + 0.6935·x² + 0.3012·x³ of x = code/255.
    pub fn llvmpipe_linear(code: u8) -> f64 {
        let x = f64::from(code) / 255.0;
        if code <= 15 {
            x / 12.6
        } else {
            0.0023 + x * (0.0030 + x * (0.6935 + x * 0.3012))
        }
    }
}

#[test]
fn absolute_source_and_viewport_scales_with_linear_filtering() {
    agree("scales", (21, 15), 2);
}

#[test]
fn the_four_wrap_modes() {
    agree("wrap", (16, 12), 2);
}

#[test]
fn mipmap_input_minifies_a_pass_output() {
    agree("mipmap", (8, 6), 2);
}

/// An unset `filter_linearN` is nearest, and a texture a pass names (`PASS1`, `ORIG`) is sampled
/// as the pass that reads it as its source samples it, not as the naming pass: the samplers
/// preset's last pass, linear and repeating, reads them between texels and beyond [0, 1].
#[test]
fn named_textures_keep_their_readers_samplers_and_an_unset_filter_is_nearest() {
    agree("samplers", (24, 18), 2);
}

#[test]
fn a_vertex_stage_in_an_included_file_and_a_parameter_another_pass_declares() {
    agree("includes", (16, 12), 1);
}

/// The default chain runs what fp30 cannot hold, in fp32 as a current GPU does: a `fixed` sum that
/// reaches 4.5 in a pass fp30 holds (compiled), and `tex2Dlod` in a loop bounded by a parameter
/// uniform with a `fixed` sum reaching 3 in one it does not (interpreted).
#[test]
fn fixed_in_fp32_and_tex2dlod_in_a_parameter_bounded_loop() {
    let (ours, theirs, _files) = both("fp32", (16, 12), 1);
    let what = "fp32: `pigment preset` and librashader (ours first)";
    assert_frames_agree(what, &ours, |f| &theirs[f]);
    // Were `fixed` clamped to 2, red (pass 0's sum / 4.5, averaged) would stay at or below
    // 2/4.5 = 113/255 and blue (pass 1's sum / 3) at or below 2/3 = 170/255.
    let brightest = |p: &Picture, c: usize| {
        let pixels = (0..p.height).flat_map(|y| (0..p.width).map(move |x| (x, y)));
        pixels.map(|(x, y)| p.pixel(x, y)[c]).max().unwrap()
    };
    for picture in [&ours[0], &theirs[0]] {
        assert!(brightest(picture, 0) > 150, "{}", brightest(picture, 0));
        assert!(brightest(picture, 2) > 175, "{}", brightest(picture, 2));
    }
}
