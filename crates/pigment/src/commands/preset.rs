//! `pigment preset FILE.cgp`: a libretro shader preset run on a picture (`--input`), or described
//! (`--info`). The preset's semantics (keys, scale rules, libretro's uniforms, framebuffer formats,
//! history) are `pigment-preset`'s; this file compiles each pass as `pigment render` does — the
//! fragment entry `main_fragment` for fp30, the vertex entry `main_vertex` run per vertex in the IR
//! interpreter — and binds the chain's values by Cg name. A pass without `main_vertex` gets the
//! pass-through vertex stage: texture coordinates (s, t) and colour 1.
//!
//! `--convert glsl|slang` waits for the GLSL back end (crates/glsl) and is not offered yet.

use crate::bindings::bind_named;
use crate::cgfront::front_end_options;
use crate::cgfront::{compile_cg, lower_cg, reject};
use crate::cli::{CgArgs, ExecArgs};
use crate::commands::render_stages::lower_vertex;
use crate::commands::vertex_quad::{run_quad_vertices_with, uniform_values, UNSET};
use crate::failure::{CommandResult, Failure};
use crate::load::{print_diagnostics, read_source, Loaded};
use crate::values::parse_size;
use clap::Args;
use nvfp::exec::Machine;
use nvfp::isa::{AttribReg, ATTRIB_COUNT};
use pigment_cg::driver::preprocess_text;
use pigment_diag::{FileId, SourceFiles};
use pigment_ir::interp::NoTextures;
use pigment_ir::{Function, Handle, Input, Module};
use pigment_preset::chain::{format, Bindings, Chain, PassProgram, Picture};
use pigment_preset::draw::{draw, Corner, Placement};
use pigment_preset::fixed::fix_uniforms;
use pigment_preset::pragma;
use pigment_preset::scale::{checked_pass_sizes, drawn_sizes};
use std::path::{Path, PathBuf};

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

/// The size `--info` assumes without `--input`: a typical console frame.
const DEFAULT_INPUT: (u32, u32) = (256, 224);

pub fn preset(args: &PresetArgs) -> CommandResult {
    let mut files = SourceFiles::new();
    let preset = pigment_preset::load(&mut files, &args.preset).map_err(|errors| {
        print_diagnostics(&files, &errors);
        Failure::Rejected
    })?;
    if let Some(to) = args.convert {
        let Some(dir) = &args.output else {
            return Err(Failure::Usage(
                "`--convert` writes into a directory: give `-o DIR`".into(),
            ));
        };
        let runtime = match to {
            ConvertTo::Slang => crate::commands::preset_convert::Runtime::Slang,
            ConvertTo::Glsl => crate::commands::preset_convert::Runtime::Glsl,
        };
        return crate::commands::preset_convert::convert(&preset, dir, runtime);
    }
    let input = match &args.input {
        Some(path) => Some(read_picture(path)?),
        None if args.info => None,
        None => {
            return Err(Failure::Usage(
                "`--input FRAME.png` is needed to render".into(),
            ))
        }
    };
    let input_size = input
        .as_ref()
        .map_or(DEFAULT_INPUT, |p| (p.width, p.height));
    let viewport = viewport(args, input_size)?;
    let sizes = if args.nv30 {
        checked_pass_sizes(&preset.passes, input_size, viewport)
    } else {
        drawn_sizes(&preset.passes, input_size, viewport)
    }
    .map_err(Failure::Usage)?;
    let parameters = parameters(&preset, &args.set)?;
    if args.info {
        print_info(&preset, &sizes, &parameters, input_size);
        return Ok(());
    }
    pigment_preset::chain::check_frames(args.frames, args.max_frames).map_err(Failure::Usage)?;
    let programs = preset
        .passes
        .iter()
        .enumerate()
        .map(|(i, pass)| {
            let fallback = if args.nv30 {
                Fallback::ElseBranch
            } else {
                Fallback::Fixed(&parameters)
            };
            compile_pass(i, &pass.shader, &args.exec, fallback)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let luts = preset
        .textures
        .iter()
        .map(|lut| read_picture(&lut.path))
        .collect::<Result<Vec<_>, _>>()?;
    let lut_texels = luts.iter().map(|l| l.width as u64 * l.height as u64).sum();
    nvfp::budget::MemoryBudget::new(args.max_memory << 20)
        .charge(
            "the preset's pictures",
            pigment_preset::chain::peak_bytes(&sizes, input_size, lut_texels),
        )
        .map_err(Failure::Usage)?;
    let chain = Chain {
        preset: &preset,
        programs,
        luts,
        parameters,
        sizes,
    };
    let input = input.expect("rendering has an input");
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| args.preset.with_extension("png"));
    let every = output.to_string_lossy().contains("%d");
    chain
        .run(&input, args.frames, |frame, picture| {
            if !every && frame + 1 < args.frames {
                return Ok(());
            }
            let path = PathBuf::from(output.to_string_lossy().replace("%d", &frame.to_string()));
            let upright = picture.clone().flipped();
            nvfp::image::write_png(&path, upright.width, upright.height, &upright.pixels)
                .map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
            eprintln!(
                "pigment: wrote {} ({}x{})",
                path.display(),
                picture.width,
                picture.height
            );
            Ok(())
        })
        .map_err(Failure::Output)
}

fn read_picture(path: &Path) -> Result<Picture, Failure> {
    // The reader's message names the file.
    let image = nvfp::image::read_png(path).map_err(Failure::Usage)?;
    let picture = Picture {
        width: image.width as u32,
        height: image.height as u32,
        pixels: image.pixels,
    };
    // nvfp reads PNGs bottom row first; the chain wants RetroArch's top-first rows.
    Ok(picture.flipped())
}

fn viewport(args: &PresetArgs, input: (u32, u32)) -> Result<(u32, u32), Failure> {
    if let Some(size) = &args.output_size {
        return parse_size(size).map_err(Failure::Usage);
    }
    let k = args.scale.unwrap_or(1.0);
    if !(k > 0.0 && k <= 64.0) {
        return Err(Failure::Usage(format!(
            "`--scale {k}`: K must be above 0 and at most 64"
        )));
    }
    let side = |n: u32| ((n as f32 * k) as u32).clamp(1, 16384);
    Ok((side(input.0), side(input.1)))
}

/// Every pass's `#pragma parameter` defaults, then the preset's values, then `--set`.
fn parameters(
    preset: &pigment_preset::Preset,
    sets: &[String],
) -> Result<Vec<(String, f32)>, Failure> {
    let mut values: Vec<(String, f32)> = Vec::new();
    for pass in &preset.passes {
        let text = crate::load::read_source(&pass.shader)?;
        for p in pragma::parameters(&text) {
            if !values.iter().any(|(n, _)| *n == p.name) {
                values.push((p.name, p.default));
            }
        }
    }
    let overrides = preset.parameters.iter().cloned();
    let mut given = Vec::new();
    for set in sets {
        let (name, value) = set
            .split_once('=')
            .and_then(|(n, v)| Some((n.trim().to_string(), v.trim().parse::<f32>().ok()?)))
            .ok_or_else(|| Failure::Usage(format!("`--set {set}` should look like NAME=NUMBER")))?;
        if !values.iter().any(|(n, _)| *n == name) {
            let known: Vec<&str> = values.iter().map(|(n, _)| n.as_str()).collect();
            return Err(Failure::Usage(format!(
                "`--set {set}`: the preset has no parameter `{name}` (it has: {})",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            )));
        }
        given.push((name, value));
    }
    for (name, value) in overrides.chain(given) {
        match values.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => values.push((name, value)),
        }
    }
    Ok(values)
}

fn print_info(
    preset: &pigment_preset::Preset,
    sizes: &[(u32, u32)],
    parameters: &[(String, f32)],
    input: (u32, u32),
) {
    println!("input {}x{}", input.0, input.1);
    for (i, (pass, size)) in preset.passes.iter().zip(sizes).enumerate() {
        let alias = pass
            .alias
            .as_deref()
            .map(|a| format!(" alias {a}"))
            .unwrap_or_default();
        let filter = match pass.filter_linear {
            Some(false) => "nearest",
            _ => "linear",
        };
        println!(
            "pass {i}: {} {}x{} {} {filter} {:?}{alias}{}",
            pass.shader.display(),
            size.0,
            size.1,
            format(pass).name(),
            pass.wrap,
            if pass.frame_count_mod > 0 {
                format!(" frame_count_mod {}", pass.frame_count_mod)
            } else {
                String::new()
            },
        );
    }
    for lut in &preset.textures {
        println!("texture {}: {}", lut.name, lut.path.display());
    }
    for (name, value) in parameters {
        println!("parameter {name} = {value}");
    }
}

/// The front end's options for `entry` of a pass, with PARAMETER_UNIFORM defined or not.
fn cg_args(entry: &str, uniform_parameters: bool) -> CgArgs {
    CgArgs {
        entry: entry.to_string(),
        profile: "fp30".to_string(),
        include_dirs: Vec::new(),
        defines: if uniform_parameters {
            vec!["PARAMETER_UNIFORM".to_string()]
        } else {
            Vec::new()
        },
        undefines: Vec::new(),
        lang: None,
        no_fast_math: false,
    }
}

/// One pass compiled: its fragment program and, when it has one, its vertex function.
struct CompiledPass {
    fragment: Loaded,
    /// The fragment program's executor (the JIT unless `--no-jit`), made once per pass.
    machine: Machine,
    vertex: Option<Module>,
}

/// What a pass that does not fit fp30 with its parameters as uniforms is compiled with.
#[derive(Clone, Copy)]
enum Fallback<'a> {
    /// The parameters fixed to these values (`pigment_preset::fixed`), as RetroArch would set them.
    Fixed(&'a [(String, f32)]),
    /// Without PARAMETER_UNIFORM: the shader's `#else` macros, as an NV30-era runtime would.
    ElseBranch,
}

fn compile_pass(
    index: usize,
    shader: &Path,
    exec: &ExecArgs,
    fallback: Fallback,
) -> Result<CompiledPass, Failure> {
    let failed = |_| {
        eprintln!(
            "pigment: error: pass {index} (`{}`) does not compile",
            shader.display()
        );
        Failure::Rejected
    };
    // RetroArch compiles with PARAMETER_UNIFORM, which turns the shaders' `#pragma parameter`
    // values from macros into uniforms. Uniforms can cost registers that constants do not, so a
    // pass that does not fit so gets its parameters as constants: the chosen values, or (NV30) the
    // `#else` branch's.
    let mut uniform_parameters = true;
    let compiled = match (
        compile_cg(shader, &cg_args("main_fragment", true)),
        fallback,
    ) {
        (Ok(compiled), _) => compiled,
        (Err(_), Fallback::Fixed(values)) => {
            compile_fixed(index, shader, values).map_err(failed)?
        }
        (Err(_), Fallback::ElseBranch) => {
            eprintln!(
                "pigment: note: pass {index} compiled again without PARAMETER_UNIFORM: its \
                 parameters keep their defaults"
            );
            uniform_parameters = false;
            compile_cg(shader, &cg_args("main_fragment", false)).map_err(failed)?
        }
    };
    let cg = |entry: &str| cg_args(entry, uniform_parameters);
    let program = nvfp::validate::load(&compiled.program, FileId(0)).map_err(|errors| {
        let messages: Vec<String> = errors.iter().map(|d| d.message.clone()).collect();
        Failure::Output(format!(
            "internal: pass {index}'s program does not load: {}",
            messages.join("; ")
        ))
    })?;
    let vertex = if defines_main_vertex(shader, &cg("main_vertex"))? {
        Some(lower_vertex(shader, &cg("main_vertex"), "main_vertex").map_err(failed)?)
    } else {
        None
    };
    Ok(CompiledPass {
        machine: crate::commands::executor::machine(&program, exec),
        fragment: Loaded {
            program,
            interface: compiled.interface,
        },
        vertex,
    })
}

/// The pass's fragment entry with PARAMETER_UNIFORM and its parameter uniforms fixed to `values`.
fn compile_fixed(
    index: usize,
    shader: &Path,
    values: &[(String, f32)],
) -> Result<pigment_fp30::Compiled, Failure> {
    let args = cg_args("main_fragment", true);
    let (front, mut module) = lower_cg(shader, &args)?;
    let names: Vec<String> = values.iter().map(|(n, _)| n.clone()).collect();
    let mut fixed = Vec::new();
    for h in module.functions.handles().collect::<Vec<_>>() {
        fixed.extend(fix_uniforms(&mut module.functions[h], values));
    }
    fixed.retain(|n| names.contains(n));
    fixed.dedup();
    eprintln!(
        "pigment: note: pass {index} does not fit fp30 with its parameters as uniforms: compiled \
         again with {} fixed to their values",
        if fixed.is_empty() {
            "none".to_string()
        } else {
            fixed.join(", ")
        }
    );
    let options = pigment_fp30::Options {
        fast_math: !args.no_fast_math,
        ..pigment_fp30::Options::default()
    };
    pigment_fp30::compile(&module, &args.entry, &options)
        .map_err(|errors| reject(&front, &args.entry, errors))
}

/// Whether the preprocessed pass (its includes too) mentions `main_vertex`; a pass without one
/// gets the pass-through vertex stage.
fn defines_main_vertex(shader: &Path, cg: &CgArgs) -> Result<bool, Failure> {
    let text = read_source(shader)?;
    let options = front_end_options(cg)?;
    let (_, _, preprocessed) = preprocess_text(&shader.display().to_string(), text, &options);
    Ok(preprocessed.text.contains("main_vertex"))
}

impl PassProgram for CompiledPass {
    fn shade(&self, b: &Bindings, width: u32, height: u32) -> Result<Vec<[f32; 4]>, String> {
        let (corners, placement) = match &self.vertex {
            Some(module) => vertex_stage(&module.functions[Handle::from_index(0)], b)?,
            None => (pass_through(), Some(Placement::full())),
        };
        let Some(placement) = placement else {
            // A degenerate quad covers no pixel.
            return Ok(vec![[0.0; 4]; width as usize * height as usize]);
        };
        let bound = bind_named(&self.fragment, &b.uniforms, &b.samplers, b.source.clone());
        Ok(draw(
            &self.machine,
            &bound.params,
            &bound.textures,
            &corners,
            &placement,
            width,
            height,
        ))
    }
}

/// The corners in (s, t) = (0, 0), (1, 0), (0, 1), (1, 1) order.
const CORNERS: [(f32, f32); 4] = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)];

/// The pass-through vertex stage: f[TEX0] = (s, t, 0, 1), f[COL0] = 1.
fn pass_through() -> [Corner; 4] {
    CORNERS.map(|(s, t)| {
        let mut c: Corner = [UNSET; ATTRIB_COUNT];
        c[AttribReg::Tex(0).index()] = [s, t, 0.0, 1.0];
        c[AttribReg::Col0.index()] = [1.0; 4];
        c
    })
}

/// libretro's vertex attributes: the position covers the viewport, colours are white, and every
/// texture coordinate (`TEXCOORD0`, `ORIG.tex_coord`, `PREV.tex_coord`, ...) is (s, t), since
/// every texture is exactly its image's size.
fn libretro_attribute(input: &Input, s: f32, t: f32) -> [f32; 4] {
    match input
        .semantic
        .as_deref()
        .map(str::to_ascii_uppercase)
        .as_deref()
    {
        Some("POSITION" | "POS" | "ATTR0") => [2.0 * s - 1.0, 2.0 * t - 1.0, 0.0, 1.0],
        Some(c) if c.starts_with("COLOR") || c.starts_with("DIFFUSE") => [1.0; 4],
        _ => [s, t, 0.0, 1.0],
    }
}

/// Runs `main_vertex` at the four corners with the pass's uniforms: the corners' attributes and
/// where their positions place the quad.
fn vertex_stage(func: &Function, b: &Bindings) -> Result<([Corner; 4], Option<Placement>), String> {
    let params: Vec<String> = b
        .uniforms
        .iter()
        .map(|(name, v)| format!("{name}={},{},{},{}", v[0], v[1], v[2], v[3]))
        .collect();
    let failure = |f: Failure| format!("the vertex stage: {f}");
    let (uniforms, _) = uniform_values(func, &params).map_err(failure)?;
    let vertices = run_quad_vertices_with(func, &uniforms, &mut NoTextures, &libretro_attribute)
        .map_err(failure)?;
    let mut corners = [[UNSET; ATTRIB_COUNT]; 4];
    let mut clip = [[0.0; 4]; 4];
    for ((corner, position), vertex) in corners.iter_mut().zip(&mut clip).zip(&vertices) {
        *corner = vertex.attribs;
        *position = vertex.clip;
    }
    Ok((corners, Placement::from_clip(&clip)))
}
