//! The command-line grammar of `pigment` (clap definitions only; the commands live in `commands/`).

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Pigment: parse, check, execute and render classic programmable-shading programs.
///
/// The language is chosen by the file extension — `.fp` is NV_fragment_program (`!!FP1.0`), `.cg` and
/// `.cgh` are Cg — or by `--lang`. cgc's single-dash spellings (`-entry`, `-profile`, `-o`, `-I`,
/// `-D`) are accepted too.
#[derive(Parser, Debug)]
#[command(name = "pigment", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Print at most N diagnostics (default 50); the rest are counted in one closing line.
    #[arg(long, global = true, value_name = "N")]
    pub max_diagnostics: Option<usize>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check that a program loads; print one diagnostic per problem (FILE:LINE:COL: error: MESSAGE).
    ///
    /// Exits 0 when the program loads, 1 when it does not.
    Check(CheckArgs),
    /// Compile a Cg program (`.cg`), an ISL file (`.isl`) or Parasol units (`.p`) to fp30, arbfp1,
    /// arbvp1, glsl:VERSION, spirv, wgsl, msl, hlsl, glsl-naga:VERSION or web; with -E, print the
    /// preprocessed Cg instead.
    Compile(CompileArgs),
    /// Run one fragment (a quad of four identical fragments, so derivatives are 0) and print its
    /// results as one JSON object: {"killed": false, "outputs": {"COLR": [x, y, z, w]}}.
    Eval(EvalArgs),
    /// Render the reference quad with an NV_fragment_program (`.fp`) to a PNG and/or raw floats:
    /// pixel (i, j) gets s = (i + 0.5) / W, t = (j + 0.5) / H (docs/machine.md).
    Run(RunArgs),
    /// Render a Cg program (compiled for fp30, optionally through a vertex entry), an ISL surface
    /// on a scene with lights, or a Parasol program, on the NV_fragment_program machine; `--param`
    /// and `--tex` take the Cg names of uniforms and samplers.
    Render(Box<RenderArgs>),
    /// Run a libretro shader preset (`.cgp`) on a picture, or list its passes (`--info`).
    Preset(PresetArgs),
    /// Serve the playground (docs/playground.md): a page on http://127.0.0.1:8031/ that compiles
    /// as you type, shows diagnostics at their lines, the output and the NV machine's picture.
    Serve(ServeArgs),
}

/// The languages Pigment reads.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// NV_fragment_program (`!!FP1.0`).
    Fp,
    /// Cg.
    Cg,
}

/// Options of the Cg front end.
#[derive(Args, Debug, Clone)]
pub struct CgArgs {
    /// The entry function.
    #[arg(long, value_name = "NAME", default_value = "main")]
    pub entry: String,
    /// cgc's profile: fp30 (the default); arbfp1, arbvp1, glslv or glslf choose that target when
    /// `--target` is not given; a vertex profile (vp40, arbvp1, glslv) compiles the entry as a
    /// vertex program for the GLSL and naga targets.
    #[arg(long, value_name = "PROFILE", default_value = "fp30")]
    pub profile: String,
    /// Add a directory to the `#include` search path.
    #[arg(short = 'I', value_name = "DIR")]
    pub include_dirs: Vec<PathBuf>,
    /// Define a macro: `-D NAME` or `-D NAME=VALUE`.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub defines: Vec<String>,
    /// Undefine a macro.
    #[arg(short = 'U', value_name = "NAME")]
    pub undefines: Vec<String>,
    /// The language, when the extension does not say.
    #[arg(long, value_enum)]
    pub lang: Option<Lang>,
    /// (compile, render) Compute float products as written, without cgc's `-fastmath` regrouping of
    /// constant factors, which is on by default as in cgc.
    #[arg(long = "nofastmath")]
    pub no_fast_math: bool,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The program (`.fp`, `.cg`, `.cgh`, a Parasol unit `.p`, or an ISL file `.isl`).
    pub program: PathBuf,
    /// Further Parasol units, checked together with the first.
    pub units: Vec<PathBuf>,
    #[command(flatten)]
    pub cg: CgArgs,
    /// Also print the program's interface, as its cgc header comments describe it (`.fp` only):
    /// uniforms with their DECLARE or p[N] (matrix rows expanded), samplers with unit and target,
    /// varyings with their attribute register, outputs. `json`: the one reflection schema of
    /// every target ("pigment-reflection-2", docs/reflection.md); `json-v1`: the deprecated
    /// "pigment-reflect-1", kept for one release.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub reflect: Option<ReflectFormat>,
}

/// Formats of `--reflect`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReflectFormat {
    /// The one reflection schema of every target, `pigment-reflection-2` (docs/reflection.md).
    Json,
    /// Deprecated, kept for one release: each target's own JSON of earlier releases.
    #[value(name = "json-v1")]
    JsonV1,
}

#[derive(Args, Debug, Clone)]
pub struct CompileArgs {
    /// The Cg program (or the first Parasol unit, `.p`).
    pub program: PathBuf,
    /// Further Parasol units, compiled together with the first.
    pub units: Vec<PathBuf>,
    /// (Parasol) The shader to compile, `package.Module.name`.
    #[arg(long, value_name = "PATH")]
    pub shader: Option<String>,
    /// (Parasol) The program to compile, `package.Module.name`: its vertex and fragment shaders,
    /// connected, written into the directory `-o DIR` as NAME.vert and NAME.frag (GLSL) or printed.
    #[arg(long = "program", value_name = "PATH", conflicts_with = "shader")]
    pub parasol_program: Option<String>,
    #[command(flatten)]
    pub cg: CgArgs,
    /// Print the compiled program's bindings in this format instead of the program: inputs,
    /// outputs, uniforms and textures with where the target binds them. `json`: the one schema of
    /// every target ("pigment-reflection-2", docs/reflection.md); `json-v1`: each target's own
    /// JSON of earlier releases, deprecated and kept for one release.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub reflect: Option<ReflectFormat>,
    /// Print the preprocessed source and stop.
    #[arg(short = 'E')]
    pub preprocess_only: bool,
    /// What to print: the fp30 program (default), the shading IR as lowered from Cg, or the IR
    /// after fp30's legalisation (unrolled, predicated: what instruction selection reads).
    #[arg(long, value_enum, value_name = "STAGE", default_value = "fp")]
    pub emit: EmitStage,
    /// Where to write the output (default: stdout).
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// The target: fp30 (the default); arbfp1 or arbvp1 (ARB programs); glsl:VERSION (110-460,
    /// es100-es320, vulkan; Pigment's GLSL writer); through naga spirv, wgsl, msl, hlsl or
    /// glsl-naga:VERSION (330, 450, 300es, 310es, ...); or web (a page, into `-o DIR`). Cg takes
    /// every target; Parasol fp30, glsl:VERSION and naga's; ISL fp30.
    #[arg(long, value_name = "TARGET")]
    pub target: Option<String>,
    /// The stage to compile the entry for (default: the profile's; `glslv`, `vp40`, `arbvp1`
    /// are vertex profiles).
    #[arg(long, value_enum, value_name = "STAGE")]
    pub stage: Option<StageArg>,
    /// With a GLSL target: also compile this vertex entry, and write both shaders (`-o DIR`:
    /// DIR/NAME.vert and DIR/NAME.frag, NAME the program's file stem; else both printed).
    #[arg(long, value_name = "NAME")]
    pub vertex_entry: Option<String>,
    /// How the GLSL and naga targets compute `half` and `fixed`: `target` (floats; mediump/lowp
    /// in GLSL ES) or `fp30` (rounded to fp16 / clamped and quantised to fx12 after each
    /// operation, as fp30 computes; GLSL 3.30 / ES 3.00 and later). With arbfp1, `fp30` writes
    /// DP3/DP4 as rounded products summed in NV's order, which a driver cannot fuse.
    #[arg(long, value_enum, value_name = "MODE", default_value = "target")]
    pub precision: PrecisionArg,
}

/// `compile --precision`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrecisionArg {
    Target,
    Fp30,
}

/// `compile --stage`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageArg {
    Vertex,
    Fragment,
}

/// What `compile --emit` prints.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmitStage {
    /// The NV_fragment_program text with cgc's header.
    Fp,
    /// The shading IR straight from the Cg front end (text form).
    Ir,
    /// The shading IR after fp30 legalisation.
    IrLegal,
    /// With `--target spirv`: the SPIR-V disassembly (spirv-dis).
    Asm,
}

/// Options that bind a program's inputs: parameters and textures.
#[derive(Args, Debug, Clone)]
pub struct BindingArgs {
    /// Numbered local parameter p[N]: `--local N=x,y,z,w` (missing components from (0,0,0,1)).
    #[arg(long = "local", value_name = "N=x,y,z,w")]
    pub locals: Vec<String>,
    /// Named local parameter: `--param NAME=x,y,z,w`, NAME a DECLARE or, when the program carries
    /// cgc's `#var` header, a uniform's Cg name (`IN.video_size`, `k[0]`, `M[1]` for a matrix row).
    /// The header's `#default` values apply first.
    #[arg(long = "param", value_name = "NAME=x,y,z,w")]
    pub params: Vec<String>,
    /// Bind a texture to a unit: `--tex UNIT=TARGET:FILE`, TARGET one of 1D, 2D, 3D, CUBE, RECT;
    /// UNIT may also be a sampler's Cg name from the program's `#var` header (`--tex decal=2D:a.png`).
    /// CUBE and 3D files are described in docs/commands.md. (ISL shaders take `--texture`.)
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

/// `pigment render FILE.isl`'s scene: lights, atmosphere, frame buffer, geometry, and the values
/// a shader's formals take.
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "ISL scene")]
pub struct IslArgs {
    /// (ISL) A light shader instance in the scene: `LIGHT.isl` (the file's first light shader),
    /// `FILE.isl:SHADER`, or `SHADER` (in the surface's file), with `=NAME` to name the instance
    /// (default: the shader's name, numbered when it repeats).
    #[arg(long = "light", value_name = "LIGHT.isl|[FILE.isl:]SHADER[=NAME]")]
    pub lights: Vec<String>,
    /// (ISL) A parameter of the light given just before: `NAME=VALUES` (a float, a colour's 3 or
    /// 4 numbers, or a matrix's 16 numbers row by row, `shadermatrix` among them).
    #[arg(long = "light-param", value_name = "NAME=VALUES")]
    pub light_params: Vec<String>,
    /// Which `--light` each `--light-param` follows (filled from the command line's order).
    #[arg(skip)]
    pub light_param_owners: Vec<Option<usize>>,
    /// (ISL) An atmosphere shader run after the surface, its `FB` the rendered frame (a second
    /// pass): `FILE.isl` (its first atmosphere shader), `FILE.isl:SHADER` or `SHADER`.
    #[arg(long, value_name = "FILE.isl|[FILE.isl:]SHADER")]
    pub atmosphere: Option<String>,
    /// (ISL) Override a uniform formal's default (the shader is lowered again): `NAME=VALUE`, a
    /// number, a colour's 3 or 4 numbers, a matrix's 16, or the text of a string.
    #[arg(long = "uniform", value_name = "NAME=VALUE")]
    pub uniforms: Vec<String>,
    /// (ISL) The picture behind a texture name (the string the shader passes to `texture`):
    /// `NAME=FILE.png`. A name without one is read as a PNG path beside the shader, if it exists.
    #[arg(long = "texture", id = "isl_textures", value_name = "NAME=FILE.png")]
    pub textures: Vec<String>,
    /// (ISL) The frame buffer's colour before the surface shader runs (`FB`'s initial value),
    /// `r,g,b,a`.
    #[arg(long, value_name = "R,G,B,A", default_value = "0,0,0,0")]
    pub clear: String,
    /// (ISL) What the surface covers: `quad` (the reference quad, seen straight down), `plane`,
    /// `sphere`, `torus`, `cube`, or an OBJ file (positions, normals, texture coordinates).
    #[arg(
        long,
        value_name = "quad|plane|sphere|torus|cube|FILE.obj",
        default_value = "quad"
    )]
    pub scene: String,
    /// (ISL) Where the camera is, `x,y,z`: it looks at the scene's centre, y up, with a 30°
    /// vertical field of view. Default: the quad's orthographic view, or one framing the object.
    #[arg(long, value_name = "X,Y,Z")]
    pub camera: Option<String>,
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
    #[command(flatten)]
    pub exec: ExecArgs,
}

/// How NV_fragment_program code is executed (`pigment eval`, `run`, `render`).
#[derive(Args, Debug, Default, Clone)]
pub struct ExecArgs {
    /// Interpret instead of running code compiled by the JIT (also `PIGMENT_JIT=0`). The JIT is the
    /// default on x86_64 and aarch64; elsewhere the interpreter always runs.
    #[arg(long)]
    pub no_jit: bool,
    /// Report the JIT's compile time and the shading time on stderr.
    #[arg(long)]
    pub timings: bool,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    /// The program (`.fp`).
    pub program: PathBuf,
    #[command(flatten)]
    pub target: TargetArgs,
}

/// Where and how the reference quad is rendered (`pigment run`, `pigment render`).
#[derive(Args, Debug, Clone)]
pub struct TargetArgs {
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
    /// The most memory the render may allocate, in MiB (its target, depth buffer and output
    /// copies, and an ISL scene's pass targets), checked before allocating.
    #[arg(long, value_name = "MIB", default_value_t = 1024)]
    pub max_memory: u64,
    #[command(flatten)]
    pub exec: ExecArgs,
}

#[derive(Args, Debug, Clone)]
pub struct RenderArgs {
    /// The Cg program (`.cg`), the first Parasol unit (`.p`), or an ISL surface shader (`.isl`).
    pub program: PathBuf,
    /// Further Parasol units, rendered together with the first.
    pub units: Vec<PathBuf>,
    /// (Parasol) The program to render, `package.Module.name`: its vertex shader runs per vertex
    /// of the quad (inputs in declaration order: position, texture coordinate, colour, second
    /// coordinate set), its fragment shader on the machine.
    #[arg(long = "program", value_name = "PATH")]
    pub parasol_program: Option<String>,
    #[command(flatten)]
    pub isl: IslArgs,
    /// Render through both stages: this vertex entry runs per vertex of the quad and its outputs
    /// are interpolated into the fragment entry's inputs (`--entry`).
    #[arg(long = "vertex-entry", value_name = "NAME")]
    pub vertex_entry: Option<String>,
    #[command(flatten)]
    pub cg: CgArgs,
    #[command(flatten)]
    pub target: TargetArgs,
}

/// `pigment preset`'s arguments.
#[derive(Args, Debug)]
pub struct PresetArgs {
    /// The libretro preset (`.cgp`).
    pub preset: PathBuf,
    /// The picture (PNG) each frame shows.
    #[arg(long, value_name = "FRAME.png")]
    pub input: Option<PathBuf>,
    /// Frames to render: the input replayed, so PREV and IN.frame_count change.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub frames: u32,
    /// The most frames `--frames` may ask for.
    #[arg(long, default_value_t = pigment_preset::chain::MAX_FRAMES, value_name = "N")]
    pub max_frames: u32,
    /// The most memory the chain's pictures may take, in MiB, checked before the run.
    #[arg(long, value_name = "MIB", default_value_t = 1024)]
    pub max_memory: u64,
    /// The viewport (final output) size; default the input's size times --scale.
    #[arg(long = "output-size", value_name = "WxH", conflicts_with = "scale")]
    pub output_size: Option<String>,
    /// The viewport as a multiple of the input's size.
    #[arg(long, value_name = "K")]
    pub scale: Option<f32>,
    /// Set a `#pragma parameter`: `--set NAME=VALUE`.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// The output PNG; `%d` in the name writes every frame (else the last one is written).
    #[arg(short = 'o', long, value_name = "OUT.png")]
    pub output: Option<PathBuf>,
    /// List the passes, their sizes and formats, and the parameters, instead of rendering.
    #[arg(long)]
    pub info: bool,
    /// Convert the preset for another runtime instead of rendering: `slang` (`glsl`) writes one
    /// `.slang` (`.glsl`) file per pass, the look-up textures and `preset.slangp` (`.glslp`)
    /// into the directory `-o DIR`.
    #[arg(long, value_enum, value_name = "RUNTIME")]
    pub convert: Option<ConvertTo>,
    /// Draw as an NV30-era Cg runtime would: a pass that does not fit fp30 with its parameters as
    /// uniforms is compiled with them as the shader's `#else` macros, and a last pass with a scale
    /// of its own is drawn at that size. By default parameters are always the preset's values and
    /// the last pass is drawn into the viewport, as RetroArch's slang runtime and librashader do.
    #[arg(long)]
    pub nv30: bool,
    #[command(flatten)]
    pub exec: ExecArgs,
}

/// `preset --convert`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConvertTo {
    /// libretro's slang shaders (Vulkan GLSL) and a `.slangp`.
    Slang,
    /// libretro's GLSL shaders (GLSL 1.20, both stages in one file) and a `.glslp`.
    Glsl,
}

/// `pigment serve`'s arguments.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free one).
    #[arg(long, default_value_t = 8031)]
    pub port: u16,
    /// The address to listen on; anything but 127.0.0.1 lets other machines in.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: String,
    /// Open the page in the desktop's browser.
    #[arg(long)]
    pub open: bool,
}
