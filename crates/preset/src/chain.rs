//! Running a preset's passes in order on consecutive frames, with the uniforms and textures
//! libretro's Cg runtime gives each pass.
//!
//! Pass N reads its source (the input picture for pass 0, pass N-1's framebuffer otherwise) on
//! texture unit 0 and as `IN.texture`; `IN.video_size`, `IN.texture_size` (the source's size),
//! `IN.output_size` (its own), `IN.frame_count` (the frame number from 0, modulo
//! `frame_count_modN` when set) and `IN.frame_direction` (1) are its uniforms. Our framebuffers are
//! exactly the image's size, so `texture_size` equals `video_size` and texture coordinate (s, t)
//! over the quad covers the image from (0, 0) to (1, 1) — libretro's (0, 0)-(video_size /
//! texture_size). `ORIG.*` is the input picture, `PREV.*` and `PREV1.*`..`PREV6.*` the input of 1
//! to 7 frames before (black before the first frame), `PASSk.*` pass k-1's framebuffer (k from 1),
//! `PASSPREVk.*` that of the pass k before this one (`PASSPREV1` its source; counting back past pass
//! 0 reaches the input picture) and `ALIAS.*` that of the pass with that alias; each has `.texture`, `.video_size` and
//! `.texture_size`. LUTs are samplers named as in `textures`; `#pragma parameter` values are float
//! uniforms: their default, the preset's `parameters`, then the caller's overrides.
//!
//! Samplers, as RetroArch sets them: pass N samples its source with `filter_linearN` (nearest when
//! unset, see [`Pass::linear`]), `wrap_modeN` and `mipmap_inputN`. A named texture is sampled as
//! the pass that reads it as its source samples it, whichever pass names it: pass k's output
//! (`PASSk+1`, `PASSPREVm`, its alias) with pass k+1's settings, the input picture (`ORIG`,
//! `PASSPREV` past pass 0) and the history (`PREV`..) with pass 0's (mipmapped only where the
//! chain's [`ChainRules`] make mipmaps of the input). RetroArch's Cg runtime sets
//! them on the framebuffer textures (`gl_create_fbo_texture`: FBO i takes pass i+1's filter, wrap
//! and mipmapping) and its slang runtimes on `pass_outputs[i]` (pass i+1's); librashader 0.12
//! samples pass k's output with pass k's own filter and wrap instead (docs/presets.md).
//!
//! Orientation: RetroArch uploads a frame top row first, so t = 0 is the picture's top in every
//! texture, LUTs included, and libretro's shaders (hqx's LUT indexing, "the line below" offsets)
//! count on it. The chain's [`Picture`]s are therefore stored top row first: row 0 is t = 0.
//! [`Picture::flipped`] converts from and to the machine's PNG convention (row 0 at the bottom).

use crate::model::{Pass, Preset};
use crate::store::{texture, Format};
use nvfp::texture::{Filter, Texture};
use std::collections::VecDeque;
use std::io::IsTerminal;

/// How many past input frames `PREV`..`PREV6` reach.
pub const HISTORY: usize = 7;

/// The most frames one run renders unless the caller raises it: each frame runs every pass, so the
/// count bounds the run's time (10 000 frames is nearly three minutes of 60 Hz video).
pub const MAX_FRAMES: u32 = 10_000;

/// Checks a frame count before a run: at least one frame, at most `max`.
pub fn check_frames(frames: u32, max: u32) -> Result<(), String> {
    if frames == 0 {
        return Err("--frames must be at least 1".into());
    }
    if frames > max {
        return Err(format!(
            "--frames {frames} is over the limit of {max} (--max-frames raises it)"
        ));
    }
    Ok(())
}

/// An upper bound of the bytes a run of the chain holds at once, from the passes' `sizes`, the
/// `input` size and the texels of every LUT, by how [`Chain::run`] keeps its pictures: the input
/// history and every pass output so far as float pixels, and, while pass N shades, a float texture
/// (with mipmaps) for each picture bound to it (its source, `ORIG`, `PASSPREV`, the history, each
/// earlier output under its `PASSk`, `PASSPREVk` and alias names, every LUT) and its output twice
/// (shaded, then kept). Charge it to a [`nvfp::budget::MemoryBudget`] before running.
pub fn peak_bytes(sizes: &[(u32, u32)], input: (u32, u32), lut_texels: u64) -> u64 {
    use nvfp::budget::{FRAMEBUFFER_BYTES_PER_PIXEL as PIXEL, TEXTURE_BYTES_PER_TEXEL as TEXEL};
    let area = |(w, h): (u32, u32)| w as u64 * h as u64;
    let input_px = area(input);
    let history = (HISTORY as u64 + 1).saturating_mul(input_px);
    let mut outputs_px = 0u64;
    let mut peak = 0u64;
    for &size in sizes {
        let textures = (3 + HISTORY as u64)
            .saturating_mul(input_px)
            .saturating_add(outputs_px.saturating_mul(3))
            .saturating_add(lut_texels);
        let held = history
            .saturating_add(outputs_px)
            .saturating_add(area(size).saturating_mul(2))
            .saturating_mul(PIXEL);
        peak = peak.max(held.saturating_add(textures.saturating_mul(TEXEL)));
        outputs_px = outputs_px.saturating_add(area(size));
    }
    peak
}

/// What one pass is given to shade with.
pub struct Bindings {
    /// The pass's source, for texture unit 0 (where libretro's runtime binds it whatever the
    /// sampler's name).
    pub source: Texture,
    /// Uniform values by Cg name (`IN.video_size`, a parameter's name); a program that lacks one
    /// ignores it.
    pub uniforms: Vec<(String, [f32; 4])>,
    /// Textures by sampler Cg name (`ORIG.texture`, a LUT's name).
    pub samplers: Vec<(String, Texture)>,
}

/// A compiled pass: it shades a framebuffer with the given bindings.
pub trait PassProgram {
    /// `width` x `height` pixels, bottom row first.
    fn shade(&self, bindings: &Bindings, width: u32, height: u32) -> Result<Vec<[f32; 4]>, String>;
}

/// A picture: `width` x `height` RGBA floats, row 0 at t = 0 (the top, in the chain).
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<[f32; 4]>,
}

impl Picture {
    /// The picture with its rows in the opposite order (bottom-first to top-first or back).
    pub fn flipped(mut self) -> Picture {
        let w = self.width as usize;
        if w > 0 {
            let rows: Vec<&[[f32; 4]]> = self.pixels.chunks(w).rev().collect();
            self.pixels = rows.concat();
        }
        self
    }

    fn black(width: u32, height: u32) -> Picture {
        Picture {
            width,
            height,
            pixels: vec![[0.0; 4]; (width * height) as usize],
        }
    }
}

/// A preset ready to run: its programs, LUTs, parameter values and pass sizes.
pub struct Chain<'a, P> {
    pub preset: &'a Preset,
    pub programs: Vec<P>,
    /// LUT pictures, in `preset.textures` order.
    pub luts: Vec<Picture>,
    pub parameters: Vec<(String, f32)>,
    /// Output size of each pass.
    pub sizes: Vec<(u32, u32)>,
    /// The runtime's rules where runtimes differ (framebuffer formats, the input's mipmaps).
    pub rules: ChainRules,
}

/// The runtime whose rules a chain follows where the runtimes differ: what `float_framebufferN`
/// makes, which of `srgb_framebufferN` and `float_framebufferN` wins where a pass sets both, and
/// whether the input picture is mipmapped when pass 0 asks for `mipmap_input0`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChainRules {
    /// RetroArch's slang runtime and librashader (what a current emulator runs): a float
    /// framebuffer is RGBA16F (librashader's `R16G16B16A16Sfloat`), sRGB wins, and the input
    /// picture and its history have one level (librashader binds the caller's frame as it is and
    /// makes mipmaps of passes' outputs only).
    #[default]
    Slang,
    /// RetroArch's GL Cg runtime, the NV30 era's: a float framebuffer is RGBA32F, float wins, and
    /// the frame's texture has mipmaps when pass 0 asks for them.
    CgGl,
}

impl ChainRules {
    /// Whether the input picture (pass 0's source, `ORIG`, the history) has mipmaps when pass 0
    /// has `mipmap_input`.
    fn mipmaps_the_input(self) -> bool {
        self == ChainRules::CgGl
    }
}

/// The storage format of a pass's framebuffer under `rules`.
pub fn format(pass: &Pass, rules: ChainRules) -> Format {
    match (rules, pass.srgb_framebuffer, pass.float_framebuffer) {
        (ChainRules::Slang, true, _) | (ChainRules::CgGl, true, false) => Format::Srgb8,
        (ChainRules::Slang, false, true) => Format::Half,
        (ChainRules::CgGl, _, true) => Format::Float,
        (_, false, false) => Format::Unorm8,
    }
}

impl<P: PassProgram> Chain<'_, P> {
    /// Renders `frames` frames of `input`, handing each final picture to `emit` with its number.
    pub fn run(
        &self,
        input: &Picture,
        frames: u32,
        mut emit: impl FnMut(u32, &Picture) -> Result<(), String>,
    ) -> Result<(), String> {
        let mut history: VecDeque<Picture> = (0..HISTORY)
            .map(|_| Picture::black(input.width, input.height))
            .collect();
        if frames == 0 {
            return Err("no frames to render".into());
        }
        let steps = (frames as usize).saturating_mul(self.programs.len());
        let progress = std::io::stderr().is_terminal() && steps > 3;
        for frame in 0..frames {
            let mut outputs: Vec<Picture> = Vec::new();
            for (i, program) in self.programs.iter().enumerate() {
                if progress {
                    eprint!(
                        "\rpigment: frame {}/{frames}, pass {}/{}   ",
                        frame + 1,
                        i + 1,
                        self.programs.len()
                    );
                }
                let bindings = self.bindings(i, frame, input, &history, &outputs)?;
                let (w, h) = self.sizes[i];
                let shaded = program
                    .shade(&bindings, w, h)
                    .map_err(|e| format!("pass {i}: {e}"))?;
                let keep = format(&self.preset.passes[i], self.rules);
                let pixels = shaded.into_iter().map(|c| keep.keep(c)).collect();
                outputs.push(Picture {
                    width: w,
                    height: h,
                    pixels,
                });
            }
            if progress {
                eprint!("\r{:60}\r", "");
            }
            emit(
                frame,
                outputs.last().expect("a preset has at least one pass"),
            )?;
            history.pop_back();
            history.push_front(input.clone());
        }
        Ok(())
    }

    fn bindings(
        &self,
        i: usize,
        frame: u32,
        input: &Picture,
        history: &VecDeque<Picture>,
        outputs: &[Picture],
    ) -> Result<Bindings, String> {
        let pass = &self.preset.passes[i];
        let first = &self.preset.passes[0];
        // The input picture has mipmaps only where the rules make them for pass 0.
        let input_mipmaps = first.mipmap_input && self.rules.mipmaps_the_input();
        let (source, source_mipmaps) = match i {
            0 => (input, input_mipmaps),
            _ => (&outputs[i - 1], pass.mipmap_input),
        };
        let mut b = Bindings {
            source: sampled(source, pass, source_mipmaps)?,
            uniforms: Vec::new(),
            samplers: Vec::new(),
        };
        let modulus = pass.frame_count_mod;
        let count = if modulus > 0 { frame % modulus } else { frame };
        let (w, h) = self.sizes[i];
        b.uniforms
            .push(("IN.output_size".into(), [w as f32, h as f32, 0.0, 1.0]));
        b.uniforms
            .push(("IN.frame_count".into(), [count as f32, 0.0, 0.0, 1.0]));
        b.uniforms
            .push(("IN.frame_direction".into(), [1.0, 0.0, 0.0, 1.0]));
        // Each named picture with the pass that reads it as its source: its sampler's settings.
        // PASSPREVk counts back from this pass: PASSPREV1 is its source, PASSPREV(i+1) the input.
        let mut named = vec![
            ("IN".to_string(), source, pass, source_mipmaps),
            ("ORIG".to_string(), input, first, input_mipmaps),
            (format!("PASSPREV{}", i + 1), input, first, input_mipmaps),
        ];
        for (k, past) in history.iter().enumerate() {
            let name = if k == 0 {
                "PREV".to_string()
            } else {
                format!("PREV{k}")
            };
            named.push((name, past, first, input_mipmaps));
        }
        for (k, out) in outputs.iter().enumerate() {
            let reader = &self.preset.passes[k + 1];
            let mipmaps = reader.mipmap_input;
            named.push((format!("PASS{}", k + 1), out, reader, mipmaps));
            named.push((format!("PASSPREV{}", i - k), out, reader, mipmaps));
            if let Some(alias) = &self.preset.passes[k].alias {
                named.push((alias.clone(), out, reader, mipmaps));
            }
        }
        for (name, picture, reader, mipmaps) in named {
            let size = [picture.width as f32, picture.height as f32, 0.0, 1.0];
            b.uniforms.push((format!("{name}.video_size"), size));
            b.uniforms.push((format!("{name}.texture_size"), size));
            b.samplers.push((
                format!("{name}.texture"),
                sampled(picture, reader, mipmaps)?,
            ));
        }
        for (lut, picture) in self.preset.textures.iter().zip(&self.luts) {
            let filter = filter(lut.mipmap, lut.linear);
            let t = texture(
                picture.width,
                picture.height,
                &picture.pixels,
                filter,
                lut.wrap,
            )?;
            b.samplers.push((lut.name.clone(), t));
        }
        for (name, value) in &self.parameters {
            b.uniforms.push((name.clone(), [*value, 0.0, 0.0, 1.0]));
        }
        Ok(b)
    }
}

/// `picture` as a texture sampled as `reader` samples its source: its filter (mipmapped where
/// `mipmaps` says: `mipmap_input`, for the input picture as the rules allow) and its wrap mode.
fn sampled(picture: &Picture, reader: &Pass, mipmaps: bool) -> Result<Texture, String> {
    let filter = filter(mipmaps, reader.linear());
    texture(
        picture.width,
        picture.height,
        &picture.pixels,
        filter,
        reader.wrap,
    )
}

/// The machine's filter for a texture, mipmapped or not, read LINEAR or NEAREST.
fn filter(mipmap: bool, linear: bool) -> Filter {
    match (mipmap, linear) {
        (true, _) => Filter::Mipmap,
        (false, true) => Filter::Linear,
        (false, false) => Filter::Nearest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nvfp::budget::MemoryBudget;

    #[test]
    fn frame_counts_are_checked_at_both_ends() {
        assert!(check_frames(0, MAX_FRAMES)
            .unwrap_err()
            .contains("at least 1"));
        assert!(check_frames(1, MAX_FRAMES).is_ok());
        assert!(check_frames(MAX_FRAMES, MAX_FRAMES).is_ok());
        let e = check_frames(1_000_000_000, MAX_FRAMES).unwrap_err();
        assert!(e.contains("over the limit of 10000"), "{e}");
    }

    #[test]
    fn the_peak_covers_at_least_each_output_and_the_history_in_floats() {
        let input = (256, 224);
        let sizes = [(512, 448), (1024, 896)];
        let floats = |(w, h): (u32, u32)| w as u64 * h as u64 * 16;
        let at_least = floats(input) * HISTORY as u64 + floats(sizes[0]) + floats(sizes[1]);
        assert!(peak_bytes(&sizes, input, 0) >= at_least);
        assert!(peak_bytes(&sizes, input, 1000) > peak_bytes(&sizes, input, 0));
    }

    #[test]
    fn a_16k_output_is_over_the_default_budget_and_a_small_chain_within_it() {
        let mut budget = MemoryBudget::default();
        let huge = peak_bytes(&[(16384, 16384)], (256, 224), 0);
        assert!(budget.charge("the chain", huge).is_err());
        let small = peak_bytes(&[(512, 448), (640, 480)], (256, 224), 64 * 64);
        assert!(budget.charge("the chain", small).is_ok());
    }
}
