//! `pigment render SURFACE.isl`: the scene the command line describes (`--light`, each
//! `--light-param` belonging to the `--light` before it, `--atmosphere`, `--uniform`, `--param`,
//! `--texture`, `--clear`, `--scene`, `--camera`) handed to the library's
//! [`pigment::Session::render_isl`], and the picture written as `pigment run` writes it.

use crate::bindings::{read, warn_unbound};
use crate::cli::{IslArgs, RenderArgs};
use crate::failure::print_entries;
use crate::failure::{from_library, CommandResult, Failure};
use crate::values::{parse_assignment, parse_size};
use pigment::render::isl::{IslScene, Light};
use pigment::render::{Executor, RenderOptions};
use pigment::Session;

pub fn render(args: &RenderArgs) -> CommandResult {
    let isl = &args.isl;
    let mut session = Session::with_disk_access();
    let source = session.add_file(&args.program).map_err(from_library)?;
    let mut bindings_args = args.target.bindings.clone();
    bindings_args.params = Vec::new();
    for param in &args.target.bindings.params {
        bindings_args.params.extend(rows(param)?);
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
    let (width, height) = parse_size(&args.target.size).map_err(Failure::Usage)?;
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
    let mut lights: Vec<Light> = isl.lights.iter().map(|spec| light(spec)).collect();
    for (param, owner) in isl.light_params.iter().zip(&isl.light_param_owners) {
        let Some(light) = owner.and_then(|i| lights.get_mut(i)) else {
            return Err(Failure::Usage(format!(
                "`--light-param {param}` must follow the `--light` it sets"
            )));
        };
        for row in rows(param)? {
            light
                .params
                .push(parse_assignment(&row).map_err(Failure::Usage)?);
        }
    }
    Ok(lights)
}

/// `--light PLACE[=NAME]`.
fn light(spec: &str) -> Light {
    let is_name = |name: &str| {
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    match spec.rsplit_once('=') {
        Some((at, name)) if is_name(name) => Light {
            name: Some(name.to_string()),
            ..Light::new(at)
        },
        _ => Light::new(spec),
    }
}

/// One `NAME=VALUES` as the machine's parameters: a matrix's 16 numbers split into its four rows
/// (`NAME[i]`), anything else as it is.
fn rows(param: &str) -> Result<Vec<String>, Failure> {
    let Some((name, values)) = param.split_once('=') else {
        return Err(Failure::Usage(format!(
            "`{param}`: give NAME=VALUES, the values separated by commas"
        )));
    };
    let numbers: Vec<&str> = values.split(',').collect();
    if numbers.len() != 16 {
        return Ok(vec![param.to_string()]);
    }
    Ok(numbers
        .chunks(4)
        .enumerate()
        .map(|(i, row)| format!("{name}[{i}]={}", row.join(",")))
        .collect())
}

/// `--uniform NAME=VALUE`s as (name, value) pairs.
fn uniform_settings(settings: &[String]) -> Result<Vec<(String, String)>, Failure> {
    settings
        .iter()
        .map(|s| {
            s.split_once('=')
                .map(|(n, v)| (n.trim().to_string(), v.to_string()))
                .ok_or_else(|| Failure::Usage(format!("`--uniform {s}`: give NAME=VALUE")))
        })
        .collect()
}

/// `N` comma-separated finite numbers given to `flag`.
fn numbers<const N: usize>(text: &str, flag: &str, form: &str) -> Result<[f32; N], Failure> {
    let parsed: Vec<f32> = text
        .split(',')
        .map(|c| c.trim().parse::<f32>())
        .collect::<Result<_, _>>()
        .ok()
        .filter(|c: &Vec<f32>| c.len() == N && c.iter().all(|v| v.is_finite()))
        .ok_or_else(|| Failure::Usage(format!("`{flag} {text}`: give {N} numbers, {form}")))?;
    let mut out = [0.0; N];
    out.copy_from_slice(&parsed);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lights_take_a_name_after_their_place() {
        let l = light("a.isl:key=left");
        assert_eq!(
            (l.place.as_str(), l.name.as_deref()),
            ("a.isl:key", Some("left"))
        );
        assert_eq!(light("sun.isl").name, None);
    }

    #[test]
    fn matrices_split_into_rows() {
        let r = rows("m=1,0,0,0,0,1,0,0,0,0,1,0,0,0,5,1").unwrap();
        assert_eq!(r.len(), 4);
        assert_eq!(r[3], "m[3]=0,0,5,1");
        assert_eq!(rows("c=1,0.5,0").unwrap(), ["c=1,0.5,0"]);
        assert!(rows("c").is_err());
    }
}
