//! libretro `.cgp` shader presets through the library: loaded from a session's files
//! ([`Session::load_preset`], which also brings in every pass and look-up texture the preset
//! names), their parameters and pass sizes worked out ([`Session::preset_parameters`],
//! [`pass_sizes`]), run as a filter chain ([`chain`]: by default in fp32, as RetroArch's Cg
//! runtime runs a preset on a current GPU; with `nv30` as fp30 on the NV_fragment_program
//! machine) and converted for libretro's slang and GLSL runtimes ([`convert`]).
//!
//! The preset's own semantics (its keys, scale rules, libretro's uniforms, framebuffer formats,
//! history) are the `pigment-preset` crate's; this module compiles the passes and reads the files.
//!
//! ```
//! use pigment::preset::{pass_sizes, Picture};
//! use pigment::Session;
//!
//! let mut session = Session::new();
//! session.add_source(
//!     "crt/p.cgp",
//!     "shaders = 1\nshader0 = shaders/pass.cg\nscale_type0 = source\nscale0 = 2\nfilter_linear0 = false\n",
//! );
//! session.add_source(
//!     "crt/shaders/pass.cg",
//!     "#pragma parameter GAIN \"Gain\" 1.0 0.0 2.0 0.1\n\
//!      #ifdef PARAMETER_UNIFORM\nuniform float GAIN;\n#else\n#define GAIN 1.0\n#endif\n\
//!      float4 main_fragment(float2 uv : TEXCOORD0, uniform sampler2D s : TEXUNIT0) : COLOR\n\
//!      { return GAIN * tex2D(s, uv); }\n",
//! );
//! let preset = session.load_preset("crt/p.cgp").unwrap();
//! let parameters = session.preset_parameters(&preset, &[("GAIN".into(), 0.5)]).unwrap();
//! assert_eq!(parameters, vec![("GAIN".to_string(), 0.5)]);
//! assert_eq!(pass_sizes(&preset, (4, 3), (8, 6), false).unwrap(), vec![(8, 6)]);
//!
//! let chain = session.filter_chain(&preset, &Default::default()).unwrap();
//! let input = Picture { width: 4, height: 3, pixels: vec![[0.5, 0.25, 1.0, 1.0]; 12] };
//! let mut last = None;
//! chain.run(&input, (8, 6), 2, |_, picture| { last = Some(picture.clone()); Ok(()) }).unwrap();
//! let last = last.unwrap();
//! assert_eq!((last.width, last.height), (8, 6));
//! // GAIN is 1 by default; the framebuffer is RGBA8, so 0.5 is kept as 128/255.
//! assert_eq!(last.pixels[0].map(|c| (c * 255.0).round() as u8), [128, 64, 255, 255]);
//! ```

pub mod chain;
pub mod convert;
mod info;
mod ir_pass;
mod passes;

use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::Session;
pub use chain::{ChainOptions, FilterChain};
pub use convert::{Converted, Runtime};
pub use info::describe;
use pigment_diag::SourceFiles;
pub use pigment_preset::chain::Picture;
pub use pigment_preset::Preset;
use std::path::Path;

impl Session {
    /// Reads the preset `name` (and the presets it `#reference`s), then every pass's shader and
    /// every look-up texture it names, so that a missing or unreadable file is reported here,
    /// with the pass or texture that needs it. Files the session holds are used as they are;
    /// the rest are read from disk where the session allows it ([`Session::with_disk_access`]).
    pub fn load_preset(&mut self, name: &str) -> Result<Preset> {
        let text = self.read_text(name)?;
        let mut files = SourceFiles::new();
        let mut read = |path: &Path| {
            self.read_text(&path.display().to_string())
                .map_err(|e| reason(&e))
        };
        let preset =
            pigment_preset::parse_text(&mut files, name, text, &mut read).map_err(|errors| {
                let mut found = Diagnostics::new();
                found.extend(&files, &errors);
                Error::Rejected(found)
            })?;
        for (i, pass) in preset.passes.iter().enumerate() {
            let shader = pass.shader.display().to_string();
            let text = self.read_text(&shader).map_err(|e| {
                Error::Request(format!(
                    "pass {i} of `{name}`: {}",
                    stand_alone(&e, &shader)
                ))
            })?;
            self.add_source(shader, text);
        }
        for lut in &preset.textures {
            let path = lut.path.display().to_string();
            let bytes = self.read_bytes(&path).map_err(|e| {
                Error::Request(format!(
                    "texture `{}` of `{name}`: {}",
                    lut.name,
                    stand_alone(&e, &path)
                ))
            })?;
            self.add_bytes(path, bytes);
        }
        Ok(preset)
    }

    /// The value of every `#pragma parameter` of the preset's passes: its default, then the
    /// preset's `parameters` value, then `overrides` (a user's choices). An override naming no
    /// parameter of the preset is an error that lists the ones it has.
    pub fn preset_parameters(
        &self,
        preset: &Preset,
        overrides: &[(String, f32)],
    ) -> Result<Vec<(String, f32)>> {
        let mut values: Vec<(String, f32)> = Vec::new();
        for pass in &preset.passes {
            let lines = passes::parameter_lines(self, &pass.shader.display().to_string())?;
            for p in pigment_preset::pragma::parameters(&lines.join("\n")) {
                if !values.iter().any(|(n, _)| *n == p.name) {
                    values.push((p.name, p.default));
                }
            }
        }
        if let Some((name, _)) = overrides
            .iter()
            .find(|(name, _)| !values.iter().any(|(n, _)| n == name))
        {
            let known: Vec<&str> = values.iter().map(|(n, _)| n.as_str()).collect();
            let known = match known.is_empty() {
                true => "none".to_string(),
                false => known.join(", "),
            };
            return Err(Error::Request(format!(
                "the preset has no parameter `{name}` (it has: {known})"
            )));
        }
        for (name, value) in preset.parameters.iter().chain(overrides) {
            match values.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = *value,
                None => values.push((name.clone(), *value)),
            }
        }
        Ok(values)
    }

    /// The picture held (or, where allowed, on disk) as the PNG `name`, top row first as the
    /// chain wants it.
    pub fn read_picture(&self, name: &str) -> Result<Picture> {
        let bytes = self.read_bytes(name)?;
        let image = nvfp::image::read_png_bytes(&bytes, name).map_err(Error::Request)?;
        let picture = Picture {
            width: image.width as u32,
            height: image.height as u32,
            pixels: image.pixels,
        };
        // nvfp reads PNGs bottom row first; the chain wants RetroArch's top-first rows.
        Ok(picture.flipped())
    }
}

/// The output size of every pass for an `input` picture in a `viewport`: by default the last pass
/// is drawn into the viewport whatever its own scale (as RetroArch's slang runtime and
/// librashader do); `nv30` keeps a last pass's own scale, as the NV30-era Cg runtime did.
pub fn pass_sizes(
    preset: &Preset,
    input: (u32, u32),
    viewport: (u32, u32),
    nv30: bool,
) -> Result<Vec<(u32, u32)>> {
    let sizes = match nv30 {
        true => pigment_preset::scale::checked_pass_sizes(&preset.passes, input, viewport),
        false => pigment_preset::scale::drawn_sizes(&preset.passes, input, viewport),
    };
    sizes.map_err(Error::Request)
}

/// A viewport `k` times the `input` picture's size (each side at least 1, at most 16384);
/// `k` must be above 0 and at most 64.
pub fn scaled_viewport(input: (u32, u32), k: f32) -> Result<(u32, u32)> {
    if !(k > 0.0 && k <= 64.0) {
        return Err(Error::Request(format!(
            "a viewport scale of {k}: it must be above 0 and at most 64"
        )));
    }
    let side = |n: u32| ((n as f32 * k) as u32).clamp(1, 16384);
    Ok((side(input.0), side(input.1)))
}

/// A picture from 8-bit RGBA bytes (`width` x `height` x 4, top row first, as an emulator's
/// frame is), each component read as `byte / 255`.
pub fn picture_from_rgba8(width: u32, height: u32, rgba: &[u8]) -> Result<Picture> {
    let expected = width as u64 * height as u64 * 4;
    if width == 0 || height == 0 || rgba.len() as u64 != expected {
        return Err(Error::Request(format!(
            "a {width}x{height} RGBA8 picture has {expected} bytes, not {}",
            rgba.len()
        )));
    }
    let pixels = rgba
        .chunks_exact(4)
        .map(|p| [p[0], p[1], p[2], p[3]].map(|c| c as f32 / 255.0))
        .collect();
    Ok(Picture {
        width,
        height,
        pixels,
    })
}

/// A picture as 8-bit RGBA bytes, each component clamped and rounded as a PNG of it stores it.
pub fn picture_to_rgba8(picture: &Picture) -> Vec<u8> {
    picture
        .pixels
        .iter()
        .flat_map(|p| p.map(nvfp::image::to_png8))
        .collect()
}

/// Why a referenced file could not be read, without its name (the preset parser names it).
fn reason(error: &Error) -> String {
    match error {
        Error::Read(e) => e.reason.to_string(),
        Error::NoSource(_) => "not among the session's files".into(),
        other => other.to_string(),
    }
}

/// A read error that names the file once: `cannot read `PATH`: REASON`.
fn stand_alone(error: &Error, path: &str) -> String {
    match error {
        Error::Read(e) => e.to_string(),
        other => format!("cannot read `{path}`: {}", reason(other)),
    }
}
