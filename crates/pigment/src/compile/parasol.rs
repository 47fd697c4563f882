//! Parasol units, always with the standard library: one shader lowered to the IR and written for
//! fp30 (one program per colour output, since fp30 writes one), GLSL or a naga target; or a
//! program's two shaders, connected, as GLSL.
//!
//! ```
//! use pigment::{CompileRequest, Session, Stage};
//! let mut session = Session::new();
//! session.add_source(
//!     "flat.p",
//!     "package demo;\n\
//!      module Flat is\n\
//!        shader fragment f is\n\
//!          out colour : vector_4f as 0;\n\
//!        with\n\
//!          value c = new vector_4f (1.0, 0.5, 0.25, 1.0);\n\
//!        as\n\
//!          out colour = c;\n\
//!        end;\n\
//!      end;\n",
//! );
//! let request = CompileRequest::new("flat.p", "glsl:330".parse().unwrap()).entry("demo.Flat.f");
//! let glsl = session.compile(&request).unwrap();
//! assert_eq!(glsl.outputs[0].stage, Some(Stage::Fragment));
//! assert!(glsl.text().unwrap().starts_with("#version 330"));
//! ```

use super::cg::naga_output;
use super::{CompileRequest, Emit};
use crate::artifact::{Artifact, Code, Output, Reflection};
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::{Session, Target};
use pigment_diag::{Diagnostic, SourceFiles};
use pigment_ir::{Function, Module, Stage};

type Units = Vec<pigment_parasol::ast::Unit>;

/// Reads and checks the request's units with the standard library: the files, the units and the
/// warnings.
pub(crate) fn check(
    session: &Session,
    request: &CompileRequest,
) -> Result<(SourceFiles, Units, Diagnostics)> {
    let mut sources = Vec::new();
    for name in std::iter::once(&request.source).chain(&request.units) {
        sources.push((name.clone(), session.source(name)?.to_string()));
    }
    let mut files = SourceFiles::new();
    let (units, diags) = pigment_parasol::check_sources(&mut files, &sources, false);
    let mut found = Diagnostics::new();
    found.extend(&files, &diags);
    if found.has_errors() {
        return Err(Error::Rejected(found));
    }
    Ok((files, units, found))
}

pub(super) fn compile(session: &Session, request: &CompileRequest) -> Result<Artifact> {
    if let Some(program) = &request.vertex_entry {
        return compile_program(session, request, program);
    }
    let Some(shader) = &request.entry else {
        return Err(Error::Request(
            "a Parasol compile needs `--shader package.Module.name` or `--program package.Module.name`".into(),
        ));
    };
    if request.emit != Emit::Code && request.target.naga().is_some() {
        return Err(Error::Request("`--emit ir` takes no `--target`".into()));
    }
    let (files, units, mut found) = check(session, request)?;
    let rejected = |errors: &[Diagnostic], found: &Diagnostics| {
        let mut all = found.clone();
        all.extend(&files, errors);
        Error::Rejected(all)
    };
    // The version checks come first, as the reference's do: an exclusion is the message even
    // where the shader could not be lowered.
    if let Target::Glsl(version) = request.target {
        let excluded = version_check(&units, shader, version);
        if !excluded.is_empty() {
            return Err(rejected(&excluded, &found));
        }
    }
    let func =
        pigment_parasol::lower::lower_shader(&units, shader).map_err(|d| rejected(&[d], &found))?;
    let name = last_part(shader).to_string();
    let stage = func.stage;
    let outputs = match request.target {
        Target::Glsl(version) => {
            let written =
                pigment_glsl::write(&func, version).map_err(|d| rejected(&[d], &found))?;
            let ext = if stage == Stage::Vertex {
                "vert"
            } else {
                "frag"
            };
            vec![text(
                format!("{name}.{ext}"),
                stage,
                written.text,
                Some(Reflection::new(
                    written.typed_reflection,
                    written.reflection,
                )),
            )]
        }
        Target::Fp30 => {
            fp30(func, request.emit, &name).map_err(|errors| rejected(&errors, &found))?
        }
        target => {
            let Some(naga) = target.naga() else {
                return Err(Error::Request(format!(
                    "a Parasol shader compiles to fp30, glsl:VERSION, spirv, wgsl, msl, hlsl or glsl-naga:VERSION, not `{target}`"
                )));
            };
            let emitted = pigment_naga::emit(&func, naga).map_err(|d| rejected(&[d], &found))?;
            vec![naga_output(&name, stage, naga, emitted)?]
        }
    };
    Ok(Artifact {
        outputs,
        warnings: std::mem::take(&mut found),
    })
}

fn text(name: String, stage: Stage, text: String, reflection: Option<Reflection>) -> Output {
    Output {
        name,
        stage: Some(stage),
        code: Code::Text(text),
        reflection,
    }
}

/// The last part of `package.Module.name`.
fn last_part(path: &str) -> &str {
    path.rsplit('.').next().unwrap_or(path)
}

/// fp30 has one colour register, so a shader with several colour outputs compiles to one program
/// per output: output 0 named `NAME.fp`, output n `NAME.outN.fp`, each noting which it is.
fn fp30(func: Function, emit: Emit, name: &str) -> Result<Vec<Output>, Vec<Diagnostic>> {
    let stage = func.stage;
    let entry = func.name.clone();
    let mut module = Module::new();
    let handle = module.functions.append(func);
    if emit != Emit::Code {
        let printed = pigment_ir::print(&module);
        return Ok(vec![text(format!("{name}.ir"), stage, printed, None)]);
    }
    let colors = pigment_fp30::color_output::color_outputs(&module.functions[handle]);
    if colors.len() < 2 {
        let compiled = pigment_fp30::compile(&module, &entry, &pigment_fp30::Options::default())?;
        let reflection = Some(Reflection::fp30(&compiled.interface));
        return Ok(vec![text(
            format!("{name}.fp"),
            stage,
            compiled.text,
            reflection,
        )]);
    }
    let mut outputs = Vec::new();
    for &(n, _) in &colors {
        let options = pigment_fp30::Options {
            color_output: Some(n),
            ..pigment_fp30::Options::default()
        };
        let compiled = pigment_fp30::compile(&module, &entry, &options)?;
        let note = format!("\n# colour output {n} of {}\n", colors.len());
        let file = match n {
            0 => format!("{name}.fp"),
            n => format!("{name}.out{n}.fp"),
        };
        let reflection = Some(Reflection::fp30(&compiled.interface));
        outputs.push(text(
            file,
            stage,
            compiled.text.replacen('\n', &note, 1),
            reflection,
        ));
    }
    Ok(outputs)
}

/// A Parasol program's two shaders lowered, with the files their diagnostics point into.
pub(crate) struct LoweredProgram {
    pub vertex: Function,
    pub fragment: Function,
    files: SourceFiles,
    pub warnings: Diagnostics,
}

impl LoweredProgram {
    /// The rejection of `errors` (in the program's files), after its warnings.
    pub fn rejected(&self, errors: &[Diagnostic]) -> Error {
        let mut all = self.warnings.clone();
        all.extend(&self.files, errors);
        Error::Rejected(all)
    }
}

/// The request's units checked and the program `program` lowered.
pub(crate) fn lower_program(
    session: &Session,
    request: &CompileRequest,
    program: &str,
) -> Result<LoweredProgram> {
    let (files, units, warnings) = check(session, request)?;
    match pigment_parasol::lower::lower_program(&units, program) {
        Ok((vertex, fragment)) => Ok(LoweredProgram {
            vertex,
            fragment,
            files,
            warnings,
        }),
        Err(d) => {
            let mut all = warnings;
            all.extend(&files, &[d]);
            Err(Error::Rejected(all))
        }
    }
}

/// A program's two shaders, connected, as GLSL: `NAME.vert` and `NAME.frag`.
fn compile_program(session: &Session, request: &CompileRequest, program: &str) -> Result<Artifact> {
    let Target::Glsl(version) = request.target else {
        return Err(Error::Request(format!(
            "`--program` writes GLSL (`--target glsl:VERSION`); compile one shader for `{}` with `--shader`",
            request.target
        )));
    };
    let (files, units, found) = check(session, request)?;
    let rejected = |errors: &[Diagnostic]| {
        let mut all = found.clone();
        all.extend(&files, errors);
        Error::Rejected(all)
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
    let name = last_part(program);
    Ok(Artifact {
        outputs: vec![
            text(
                format!("{name}.vert"),
                Stage::Vertex,
                vs.text,
                Some(Reflection::new(vs.typed_reflection, vs.reflection)),
            ),
            text(
                format!("{name}.frag"),
                Stage::Fragment,
                fs.text,
                Some(Reflection::new(fs.typed_reflection, fs.reflection)),
            ),
        ],
        warnings: found,
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
