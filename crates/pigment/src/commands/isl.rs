//! `pigment render SURFACE.isl`: the scene the command line describes (`--light`, each
//! `--light-param` belonging to the `--light` before it, `--atmosphere`, `--uniform`, `--param`,
//! `--texture`, `--clear`, `--scene`, `--camera`) handed to the library's
//! [`pigment::Session::render_isl`], and the picture written as `pigment run` writes it.

use crate::bindings::{read, warn_unbound};
use crate::cli::{IslArgs, RenderArgs};
use crate::failure::print_entries;
use crate::failure::{from_library, CommandResult, Failure};
use pigment::render::isl::{IslScene, Light};
use pigment::render::{Executor, RenderOptions};
use pigment::syntax;
use pigment::Session;

pub fn render(args: &RenderArgs) -> CommandResult {
    let isl = &args.isl;
    let mut session = Session::with_disk_access();
    let source = session.add_file(&args.program).map_err(from_library)?;
    let mut bindings_args = args.target.bindings.clone();
    bindings_args.params = Vec::new();
    for param in &args.target.bindings.params {
        bindings_args
            .params
            .extend(syntax::matrix_rows(param).map_err(from_library)?);
    }
    for texture in &isl.textures {
        let (name, file) = texture
            .split_once('=')
            .ok_or_else(|| Failure::Usage(format!("`--texture {texture}`: give NAME=FILE.png")))?;
        // Read here first, so that an error names the option the user gave.
        nvfp::image::load_texture(nvfp::isa::TexTarget::D2, file)
            .map_err(|e| Failure::Usage(format!("`--texture {texture}`: {e}")))?;
        bindings_args.textures.push(format!("{name}=2D:{file}"));
    }
    let (width, height) = syntax::size(&args.target.size).map_err(from_library)?;
    let options = RenderOptions {
        width,
        height,
        bindings: read(&bindings_args, &mut |_| false)?,
        executor: match args.target.exec.no_jit {
            true => Executor::Interpreter,
            false => Executor::Jit,
        },
        memory_budget: args.target.max_memory << 20,
    };
    let scene = IslScene {
        surface: Some(args.cg.entry.clone()),
        lights: lights(isl)?,
        atmosphere: isl.atmosphere.clone(),
        uniforms: uniform_settings(&isl.uniforms)?,
        clear: numbers(&isl.clear, "--clear", "r,g,b,a")?,
        geometry: isl.scene.clone(),
        camera: isl
            .camera
            .as_deref()
            .map(|c| numbers(c, "--camera", "x,y,z"))
            .transpose()?,
        texture_filter: crate::bindings::filter_of(args.target.bindings.filter),
    };
    let rendered = session
        .render_isl(&source, &scene, &options)
        .map_err(from_library)?;
    print_entries(&rendered.warnings);
    warn_unbound(&rendered.unbound, &bindings_args);
    if let Some(warning) = &rendered.executor_warning {
        eprintln!("pigment: warning: {warning}");
    }
    if args.target.exec.timings {
        crate::commands::executor::report_timings(&rendered.timings);
    }
    crate::commands::run::write_frame(&rendered.image, &args.target, &args.program)
}

/// The `--light`s, each with its `--light-param`s.
fn lights(isl: &IslArgs) -> Result<Vec<Light>, Failure> {
    let mut lights: Vec<Light> = isl.lights.iter().map(|spec| syntax::light(spec)).collect();
    for (param, owner) in isl.light_params.iter().zip(&isl.light_param_owners) {
        let Some(light) = owner.and_then(|i| lights.get_mut(i)) else {
            return Err(Failure::Usage(format!(
                "`--light-param {param}` must follow the `--light` it sets"
            )));
        };
        for row in syntax::matrix_rows(param).map_err(from_library)? {
            let setting = syntax::assignment(&row).map_err(from_library)?;
            light.params.push(setting);
        }
    }
    Ok(lights)
}

/// `--uniform NAME=VALUE`s as (name, value) pairs.
fn uniform_settings(settings: &[String]) -> Result<Vec<(String, String)>, Failure> {
    let named =
        |s: &String| syntax::named(s).map_err(|e| Failure::Usage(format!("`--uniform`: {e}")));
    settings.iter().map(named).collect()
}

/// `N` comma-separated finite numbers given to `flag`.
fn numbers<const N: usize>(text: &str, flag: &str, form: &str) -> Result<[f32; N], Failure> {
    syntax::numbers(text)
        .ok_or_else(|| Failure::Usage(format!("`{flag} {text}`: give {N} numbers, {form}")))
}
