//! The command-line grammar of `pigment` (clap definitions only; the commands live in `commands/`).

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Pigment: parse, check, execute and render classic programmable-shading programs.
///
/// Programs are chosen by extension: `.fp` is NV_fragment_program (`!!FP1.0`).
#[derive(Parser, Debug)]
#[command(name = "pigment", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check that a program loads; print one diagnostic per problem (FILE:LINE:COL: error: MESSAGE).
    ///
    /// Exits 0 when the program loads, 1 when it does not.
    Check {
        /// The program (`.fp`).
        program: PathBuf,
    },
    /// Run one fragment (a quad of four identical fragments, so derivatives are 0) and print its
    /// results as one JSON object: {"killed": false, "outputs": {"COLR": [x, y, z, w]}}.
    Eval(EvalArgs),
    /// Render the reference quad (see shared/specs/reference-quad.md) to a PNG and/or raw floats.
    Run(RunArgs),
}

/// Options that bind a program's inputs: parameters and textures.
#[derive(Args, Debug, Clone)]
pub struct BindingArgs {
    /// Numbered local parameter p[N]: `--local N=x,y,z,w` (missing components from (0,0,0,1)).
    #[arg(long = "local", value_name = "N=x,y,z,w")]
    pub locals: Vec<String>,
    /// Named local parameter (a DECLARE): `--param NAME=x,y,z,w`.
    #[arg(long = "param", value_name = "NAME=x,y,z,w")]
    pub params: Vec<String>,
    /// Bind a texture to a unit: `--tex UNIT=TARGET:FILE`, TARGET one of 1D, 2D, 3D, CUBE, RECT.
    /// CUBE and 3D files are described in `pigment run --help` and the README.
    #[arg(long = "tex", value_name = "UNIT=TARGET:FILE")]
    pub textures: Vec<String>,
    /// Texture filtering for every bound texture.
    #[arg(long, value_enum, default_value_t = FilterArg::Linear)]
    pub filter: FilterArg,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FilterArg {
    Nearest,
    Linear,
    /// Trilinear (LINEAR_MIPMAP_LINEAR) with generated mipmaps.
    Mipmap,
}

#[derive(Args, Debug)]
pub struct EvalArgs {
    /// The program (`.fp`).
    pub program: PathBuf,
    /// An attribute register: `--attr NAME=x,y,z,w`, NAME one of WPOS, COL0, COL1, FOGC, TEX0-TEX7.
    /// Attributes not given are (0,0,0,0).
    #[arg(long = "attr", value_name = "NAME=x,y,z,w")]
    pub attrs: Vec<String>,
    #[command(flatten)]
    pub bindings: BindingArgs,
    /// Also print every temporary register the program writes and the condition code.
    #[arg(long)]
    pub dump: bool,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    /// The program (`.fp`).
    pub program: PathBuf,
    /// Size of the target in pixels.
    #[arg(long, value_name = "WxH", default_value = "256x256")]
    pub size: String,
    #[command(flatten)]
    pub bindings: BindingArgs,
    /// The PNG to write (8-bit RGBA, clamped to [0,1], top row first). Defaults to the program's
    /// name with `.png` when --raw is not given.
    #[arg(short = 'o', long = "output", value_name = "OUT.png")]
    pub output: Option<PathBuf>,
    /// Also write W*H*4 little-endian f32, bottom row first, unclamped.
    #[arg(long, value_name = "OUT.f32")]
    pub raw: Option<PathBuf>,
}
