//! What a parsed `.cgp` preset says: its passes, look-up textures and parameter overrides.

use std::path::PathBuf;

/// A whole preset, paths resolved against the directory of the file that named them.
#[derive(Clone, Debug, PartialEq)]
pub struct Preset {
    /// The name the preset was read as (its path as the user gave it), for messages.
    pub name: String,
    pub passes: Vec<Pass>,
    pub textures: Vec<Lut>,
    /// `parameters = "a;b"` with each `a = VALUE`: overrides of `#pragma parameter` defaults.
    pub parameters: Vec<(String, f32)>,
}

/// How a pass's size follows from its input, the viewport or a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScaleType {
    /// A multiple of the pass's input size.
    Source,
    /// A multiple of the final output (viewport) size.
    Viewport,
    /// A number of pixels.
    Absolute,
}

/// The size rule of one axis: `factor` times the source or viewport, or `factor` pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    pub kind: ScaleType,
    pub factor: f32,
}

/// `wrap_modeN` / `NAME_wrap_mode`: what a lookup outside [0, 1] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum WrapMode {
    /// RetroArch's default: transparent black outside.
    #[default]
    ClampToBorder,
    ClampToEdge,
    Repeat,
    MirroredRepeat,
}

/// One shader pass.
#[derive(Clone, Debug, PartialEq)]
pub struct Pass {
    pub shader: PathBuf,
    pub alias: Option<String>,
    /// `filter_linearN`; `None` when unset (the runtime's default filter: see [`Pass::linear`]).
    pub filter_linear: Option<bool>,
    pub wrap: WrapMode,
    /// `None` when the pass names no scale type: RetroArch then renders the last pass at the
    /// viewport size and any other one at its source size.
    pub scale: Option<(Scale, Scale)>,
    pub float_framebuffer: bool,
    pub srgb_framebuffer: bool,
    pub mipmap_input: bool,
    /// `frame_count_modN`: `IN.frame_count` is taken modulo this; 0 means no modulus.
    pub frame_count_mod: u32,
}

/// A look-up texture named in `textures`.
#[derive(Clone, Debug, PartialEq)]
pub struct Lut {
    pub name: String,
    pub path: PathBuf,
    pub linear: bool,
    pub wrap: WrapMode,
    pub mipmap: bool,
}

impl Pass {
    /// Whether the pass samples its source with LINEAR filtering: `filter_linearN`, and nearest when
    /// unset. An unset filter is the user's "bilinear filtering" setting in RetroArch
    /// (`video_smooth`, off by default on desktop platforms), and nearest in librashader
    /// (`FilterMode`'s default).
    pub fn linear(&self) -> bool {
        self.filter_linear.unwrap_or(false)
    }
}
