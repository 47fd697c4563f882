//! `pigment run PROGRAM.fp`: render the reference quad to a PNG and/or raw floats.
//! [`render_request`] is shared with `pigment render`: the library renders
//! ([`pigment::Session::render`]), this module reads the options and writes the picture.

use crate::bindings::{read, warn_unbound};
use crate::cli::{BindingArgs, ExecArgs, RunArgs, TargetArgs};
use crate::failure::print_entries;
use crate::failure::{from_library, CommandResult, Failure};
use nvfp::image::FrameFiles;
use nvfp::render::Framebuffer;
use pigment::render::{Executor, Keep, RenderOptions, Rendered};
use pigment::syntax;
use pigment::{CompileRequest, Language, Session, Target};
use std::path::{Path, PathBuf};

pub fn run(args: &RunArgs) -> CommandResult {
    let mut session = Session::new();
    let source = session.add_file(&args.program).map_err(from_library)?;
    let request = CompileRequest::new(source, Target::Fp30).language(Language::NvProgram);
    render_request(&session, &request, &args.target, &args.program)
}

/// Renders what `request` names as `target` asks and writes the picture; without `-o` or
/// `--raw`, the PNG goes next to `program`.
pub fn render_request(
    session: &Session,
    request: &CompileRequest,
    target: &TargetArgs,
    program: &Path,
) -> CommandResult {
    let (width, height) = syntax::size(&target.size).map_err(from_library)?;
    let options = RenderOptions {
        width,
        height,
        bindings: read(&target.bindings, &mut |_| false)?,
        executor: executor(&target.exec),
        memory_budget: target.max_memory << 20,
    };
    // The files are written band by band while the picture is shaded.
    let files = frame_files(width, height, target, program);
    let rendered = session
        .render_streamed(request, &options, &files, Keep::SinkOnly)
        .map_err(from_library)?;
    report(&rendered, &target.bindings, &target.exec);
    finish(files, width, height, target, program)
}

fn executor(args: &ExecArgs) -> Executor {
    match args.no_jit {
        true => Executor::Interpreter,
        false => Executor::Jit,
    }
}

/// The warnings, what did not bind, and the timings when asked for.
fn report(rendered: &Rendered, bindings: &BindingArgs, exec: &ExecArgs) {
    print_entries(&rendered.warnings);
    warn_unbound(&rendered.unbound, bindings);
    if let Some(warning) = &rendered.executor_warning {
        eprintln!("pigment: warning: {warning}");
    }
    if exec.timings {
        crate::commands::executor::report_timings(&rendered.timings);
    }
}

/// Writes `frame` as `target` asks: `--raw` floats, and the PNG (`-o`, else the program's name
/// with `.png` when there is no `--raw`).
pub fn write_frame(frame: &Framebuffer, target: &TargetArgs, program: &Path) -> CommandResult {
    let files = frame_files(frame.width, frame.height, target, program);
    pigment::render::send_rows(&files, frame);
    finish(files, frame.width, frame.height, target, program)
}

/// The outputs `target` asks for.
fn frame_files(width: u32, height: u32, target: &TargetArgs, program: &Path) -> FrameFiles {
    let png = png_path(target, program);
    FrameFiles::new(width, height, target.raw.as_deref(), png.as_deref())
}

/// The PNG's path: `-o`, else the program's name with `.png` when there is no `--raw`.
fn png_path(target: &TargetArgs, program: &Path) -> Option<PathBuf> {
    match (&target.output, &target.raw) {
        (Some(path), _) => Some(path.clone()),
        (None, None) => Some(program.with_extension("png")),
        (None, Some(_)) => None,
    }
}

/// Completes the files and says where the PNG went.
fn finish(
    files: FrameFiles,
    width: u32,
    height: u32,
    target: &TargetArgs,
    program: &Path,
) -> CommandResult {
    files.finish().map_err(Failure::Output)?;
    if let Some(path) = png_path(target, program) {
        eprintln!("pigment: wrote {} ({width}x{height})", path.display());
    }
    Ok(())
}
