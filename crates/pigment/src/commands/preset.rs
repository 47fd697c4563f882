//! `pigment preset FILE.cgp`: a libretro shader preset run on a picture (`--input`), described
//! (`--info`) or converted for libretro's slang or GLSL runtime (`--convert`), by the library's
//! [`pigment::preset`].

use crate::cli::{ConvertTo, PresetArgs};
use crate::failure::print_entries;
use crate::failure::{from_library, CommandResult, Failure};
use pigment::preset::{
    describe, pass_sizes, scaled_viewport, ChainOptions, Picture, Preset, Runtime,
};
use pigment::render::Executor;
use pigment::syntax;
use pigment::Session;
use std::path::{Path, PathBuf};

/// The size `--info` assumes without `--input`: a typical console frame.
const DEFAULT_INPUT: (u32, u32) = (256, 224);

pub fn preset(args: &PresetArgs) -> CommandResult {
    let mut session = Session::with_disk_access();
    let preset = session
        .load_preset(&args.preset.display().to_string())
        .map_err(from_library)?;
    if let Some(to) = args.convert {
        return convert(&session, &preset, to, args.output.as_deref());
    }
    let input = match &args.input {
        Some(path) => Some(
            session
                .read_picture(&path.display().to_string())
                .map_err(from_library)?,
        ),
        None if args.info => None,
        None => return Err(usage("`--input FRAME.png` is needed to render")),
    };
    let input_size = input
        .as_ref()
        .map_or(DEFAULT_INPUT, |p| (p.width, p.height));
    let viewport = match &args.output_size {
        Some(size) => syntax::size(size).map_err(from_library)?,
        None => scaled_viewport(input_size, args.scale.unwrap_or(1.0))
            .map_err(|e| Failure::Usage(format!("`--scale`: {e}")))?,
    };
    let sizes = pass_sizes(&preset, input_size, viewport, args.nv30).map_err(from_library)?;
    let options = ChainOptions {
        parameters: sets(&args.set)?,
        nv30: args.nv30,
        executor: match args.exec.no_jit {
            true => Executor::Interpreter,
            false => Executor::Jit,
        },
        memory_budget: args.max_memory << 20,
        max_frames: args.max_frames,
    };
    if args.info {
        let parameters = session
            .preset_parameters(&preset, &options.parameters)
            .map_err(set_error)?;
        print!(
            "{}",
            describe(&preset, &sizes, &parameters, input_size, args.nv30)
        );
        return Ok(());
    }
    pigment_preset::chain::check_frames(args.frames, args.max_frames).map_err(Failure::Usage)?;
    let chain = session.filter_chain(&preset, &options).map_err(set_error)?;
    print_entries(chain.warnings());
    for note in chain.notes() {
        eprintln!("pigment: note: {note}");
    }
    if args.exec.timings {
        report_jit(&chain.jit_compile_times());
    }
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| args.preset.with_extension("png"));
    let input = input.expect("rendering has an input");
    chain
        .run(&input, viewport, args.frames, |frame, picture| {
            write_frame(&output, frame, args.frames, picture)
        })
        .map_err(from_library)
}

fn usage(message: &str) -> Failure {
    Failure::Usage(message.to_string())
}

/// `--set NAME=VALUE` as pairs.
fn sets(sets: &[String]) -> Result<Vec<(String, f32)>, Failure> {
    let setting = |set: &String| {
        syntax::setting(set)
            .map_err(|_| usage(&format!("`--set {set}` should look like NAME=NUMBER")))
    };
    sets.iter().map(setting).collect()
}

/// A `--set` naming no parameter is the user's to fix: the message says which flag.
fn set_error(error: pigment::Error) -> Failure {
    match error {
        pigment::Error::Request(m) if m.contains("no parameter") => {
            Failure::Usage(format!("`--set`: {m}"))
        }
        other => from_library(other),
    }
}

/// Writes frame `frame` of `frames` where `output` says: every frame when its name has `%d`,
/// else only the last.
fn write_frame(output: &Path, frame: u32, frames: u32, picture: &Picture) -> Result<(), String> {
    let every = output.to_string_lossy().contains("%d");
    if !every && frame + 1 < frames {
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
}

fn report_jit(times: &[Option<std::time::Duration>]) {
    for (i, time) in times.iter().enumerate() {
        match time {
            Some(t) => eprintln!(
                "pigment: timings: pass {i}: JIT compile {:.3} ms",
                t.as_secs_f64() * 1e3
            ),
            None => eprintln!("pigment: timings: pass {i}: interpreted (JIT off, or the IR's)"),
        }
    }
}

/// `--convert`: the converted files written into `-o DIR`.
fn convert(session: &Session, preset: &Preset, to: ConvertTo, dir: Option<&Path>) -> CommandResult {
    let Some(dir) = dir else {
        return Err(usage("`--convert` writes into a directory: give `-o DIR`"));
    };
    let runtime = match to {
        ConvertTo::Slang => Runtime::Slang,
        ConvertTo::Glsl => Runtime::Glsl,
    };
    let converted = session
        .convert_preset(preset, runtime)
        .map_err(from_library)?;
    converted.write_into(dir).map_err(from_library)?;
    eprintln!(
        "pigment: wrote {} passes and {} into {}",
        converted.passes,
        converted.preset_name,
        dir.display()
    );
    Ok(())
}
