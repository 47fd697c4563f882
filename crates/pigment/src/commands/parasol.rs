//! Parasol units (chosen by the `.p` extension), always with the standard library:
//! `pigment check FILE.p...` prints one `FILE:LINE:COL: error[CODE]: message` per error on stderr;
//! `pigment compile FILE.p... --shader package.Module.name --target fp30` lowers a fragment shader
//! into the IR and compiles it to NV_fragment_program; `--emit ir` prints the lowered IR of a
//! fragment or vertex shader instead. Pigment's GLSL writer (`--target glsl:VERSION`) and the
//! naga targets (`--target spirv|wgsl|msl|hlsl|glsl-naga:V`) take the same lowered function,
//! vertex or fragment.

use crate::cli::{CheckArgs, CompileArgs, EmitStage, ReflectFormat, RenderArgs};
use crate::commands::compile::write_output;
use crate::commands::{glsl_target, naga_target};
use crate::failure::{CommandResult, Failure};
use crate::load::read_source;
use pigment_diag::{Diagnostic, SourceFiles};
use std::path::{Path, PathBuf};

/// Whether a path names a Parasol unit.
pub fn is_parasol(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "p")
}

pub fn check(args: &CheckArgs) -> CommandResult {
    checked(&args.program, &args.units).map(|_| ())
}

type Units = (SourceFiles, Vec<pigment_parasol::ast::Unit>);

/// Reads and checks the units, printing the diagnostics; the files and units when there are no
/// errors.
fn checked(first: &Path, rest: &[PathBuf]) -> Result<Units, Failure> {
    let mut sources = Vec::new();
    for path in std::iter::once(first).chain(rest.iter().map(PathBuf::as_path)) {
        sources.push((path.display().to_string(), read_source(path)?));
    }
    let mut files = SourceFiles::new();
    let (units, diags) = pigment_parasol::check_sources(&mut files, &sources, false);
    print(&files, &diags);
    if diags.iter().any(Diagnostic::is_error) {
        return Err(Failure::Rejected);
    }
    Ok((files, units))
}

fn print(files: &SourceFiles, diags: &[Diagnostic]) {
    for d in diags {
        eprint!("{}", pigment_diag::render(files, d));
    }
}

pub fn compile(args: &CompileArgs) -> CommandResult {
    if let Some(program) = &args.parasol_program {
        return compile_program(args, program);
    }
    let Some(shader) = &args.shader else {
        return Err(Failure::Usage(
            "a Parasol compile needs `--shader package.Module.name` or `--program package.Module.name`".into(),
        ));
    };
    let target = args.target.as_deref().unwrap_or("fp30");
    // Checked before the units are read, so that a misspelt target is the only message.
    let glsl = glsl_target::parse_target(target).transpose()?;
    let naga = match target {
        "fp30" => None,
        _ if glsl.is_some() => None,
        other => Some(naga_target::request(args, other)?),
    };
    let (files, units) = checked(&args.program, &args.units)?;
    let rejected = |errors: &[Diagnostic]| {
        print(&files, errors);
        Failure::Rejected
    };
    // The version checks come first, as the reference's do: an exclusion is the message even
    // where the shader could not be lowered.
    if let Some(version) = glsl {
        let excluded = version_check(&units, shader, version);
        if !excluded.is_empty() {
            return Err(rejected(&excluded));
        }
    }
    let func = pigment_parasol::lower::lower_shader(&units, shader).map_err(|d| rejected(&[d]))?;
    if let Some(version) = glsl {
        let written = pigment_glsl::write(&func, version).map_err(|d| rejected(&[d]))?;
        return match args.reflect {
            Some(ReflectFormat::Json) => write_output(args, &format!("{:#}\n", written.reflection)),
            None => write_output(args, &written.text),
        };
    }
    if let Some(request) = naga {
        let emitted = pigment_naga::emit(&func, request.target).map_err(|d| rejected(&[d]))?;
        return naga_target::write_emitted(args, request, emitted);
    }
    let mut module = pigment_ir::Module::new();
    let entry = func.name.clone();
    module.functions.append(func);
    if args.emit == EmitStage::Ir {
        return write_output(args, &pigment_ir::print(&module));
    }
    // The module holds this one function.
    let func = &module.functions[pigment_ir::Handle::from_index(0)];
    let colors = pigment_fp30::color_output::color_outputs(func);
    if colors.len() < 2 {
        let compiled = pigment_fp30::compile(&module, &entry, &pigment_fp30::Options::default())
            .map_err(|errors| rejected(&errors))?;
        return write_output(args, &compiled.text);
    }
    compile_each_color_output(args, &module, &entry, &colors, &rejected)
}

/// fp30 has one colour register, so a shader with several colour outputs compiles to one program
/// per output: with `-o FILE.fp`, output 0 in FILE.fp and output n in FILE.outN.fp; without, output
/// 0 on stdout and a note naming the others.
fn compile_each_color_output(
    args: &CompileArgs,
    module: &pigment_ir::Module,
    entry: &str,
    colors: &[(u32, pigment_ir::Handle<pigment_ir::Output>)],
    rejected: &dyn Fn(&[Diagnostic]) -> Failure,
) -> CommandResult {
    for &(n, _) in colors {
        let options = pigment_fp30::Options {
            color_output: Some(n),
            ..pigment_fp30::Options::default()
        };
        let compiled =
            pigment_fp30::compile(module, entry, &options).map_err(|errors| rejected(&errors))?;
        let note = format!("\n# colour output {n} of {}\n", colors.len());
        let text = compiled.text.replacen('\n', &note, 1);
        match (&args.output, n) {
            (None, 0) => print!("{text}"),
            (None, _) => {}
            (Some(path), n) => {
                let path = if n == 0 {
                    path.clone()
                } else {
                    path.with_extension(format!("out{n}.fp"))
                };
                std::fs::write(&path, text).map_err(|e| {
                    Failure::Output(format!("cannot write `{}`: {e}", path.display()))
                })?;
            }
        }
    }
    if args.output.is_none() {
        eprintln!(
            "note: `{entry}` has {} colour outputs and fp30 writes one: this is output 0; \
             `-o FILE.fp` writes output n to FILE.outN.fp",
            colors.len()
        );
    }
    Ok(())
}

/// `--program`: the program's two shaders, connected, as GLSL: `-o DIR` writes `DIR/NAME.vert` and
/// `DIR/NAME.frag` (NAME the program's last path part); without `-o` both are printed, vertex first.
fn compile_program(args: &CompileArgs, program: &str) -> CommandResult {
    let target = args.target.as_deref().unwrap_or("fp30");
    let Some(version) = glsl_target::parse_target(target).transpose()? else {
        return Err(Failure::Usage(format!(
            "`--program` writes GLSL (`--target glsl:VERSION`); compile one shader for `{target}` with `--shader`"
        )));
    };
    let (files, units) = checked(&args.program, &args.units)?;
    let rejected = |errors: &[Diagnostic]| {
        print(&files, errors);
        Failure::Rejected
    };
    let (vertex_path, fragment_path) =
        pigment_parasol::lower::program_shaders(&units, program).map_err(|d| rejected(&[d]))?;
    let mut excluded = version_check(&units, &vertex_path, version);
    excluded.extend(version_check(&units, &fragment_path, version));
    if !excluded.is_empty() {
        return Err(rejected(&excluded));
    }
    let (vertex, fragment) =
        pigment_parasol::lower::lower_program(&units, program).map_err(|d| rejected(&[d]))?;
    let vs = pigment_glsl::write(&vertex, version).map_err(|d| rejected(&[d]))?;
    let fs = pigment_glsl::write(&fragment, version).map_err(|d| rejected(&[d]))?;
    let Some(dir) = &args.output else {
        print!("{}\n{}", vs.text, fs.text);
        return Ok(());
    };
    let name = program.rsplit('.').next().unwrap_or(program);
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::Output(format!("cannot create `{}`: {e}", dir.display())))?;
    for (ext, text) in [("vert", &vs.text), ("frag", &fs.text)] {
        let path = dir.join(format!("{name}.{ext}"));
        std::fs::write(&path, text)
            .map_err(|e| Failure::Output(format!("cannot write `{}`: {e}", path.display())))?;
    }
    Ok(())
}

/// The attribute a Parasol program's vertex input gets in `pigment render`, by its place among the
/// vertex shader's inputs: position, texture coordinate, colour and second coordinate set of the
/// reference quad (vertex_quad.rs gives their values), (0, 0, 0, 1) after that.
fn parasol_attribute(
    func: &pigment_ir::Function,
    input: &pigment_ir::Input,
    s: f32,
    t: f32,
) -> [f32; 4] {
    const ORDER: [&str; 4] = ["POSITION", "TEXCOORD0", "COLOR0", "TEXCOORD1"];
    let place = func.inputs.iter().position(|(_, i)| i.name == input.name);
    let semantic = place.and_then(|k| ORDER.get(k)).copied();
    crate::commands::vertex_quad::attribute(semantic, s, t)
}

/// `pigment render FILE.p... --program pkg.M.name -o OUT.png`: the program's vertex shader run per
/// vertex of the quad, its fragment shader compiled for fp30 and run on the machine.
pub fn render(args: &RenderArgs) -> CommandResult {
    let Some(program) = &args.parasol_program else {
        return Err(Failure::Usage(
            "rendering Parasol needs `--program package.Module.name`".into(),
        ));
    };
    let (files, units) = checked(&args.program, &args.units)?;
    let rejected = |errors: &[Diagnostic]| {
        print(&files, errors);
        Failure::Rejected
    };
    let (vertex, fragment) =
        pigment_parasol::lower::lower_program(&units, program).map_err(|d| rejected(&[d]))?;
    let loaded = crate::commands::render::compile_function(fragment, rejected)?;
    crate::commands::render_stages::render_through(args, &vertex, &loaded, &|input, s, t| {
        parasol_attribute(&vertex, input, s, t)
    })
}

/// The reference compiler's version checks for GLSL 1.10, 1.20 and ES 1.00
/// (`pigment_parasol::versions`); other versions have none.
fn version_check(
    units: &[pigment_parasol::ast::Unit],
    shader: &str,
    version: pigment_glsl::Version,
) -> Vec<Diagnostic> {
    use pigment_parasol::versions::{exclusions, LegacyVersion};
    let legacy = match (version.is_es(), version.number) {
        (false, 110) => LegacyVersion::Glsl110,
        (false, 120) => LegacyVersion::Glsl120,
        (true, 100) => LegacyVersion::Es100,
        _ => return Vec::new(),
    };
    exclusions(units, shader, legacy)
}
