//! ISL: each surface and atmosphere shader of a file (or the one the request names) lowered with
//! no lights (`ambient()`, `diffuse()` and `specular(e)` are then (0, 0, 0, 1)) and compiled for
//! fp30 — one program when it fits, else the passes `pigment_multipass` splits it into
//! (`NAME.passN.fp` and the pass description `NAME.passes.txt`). Each carries cgc's header,
//! whose `#var` lines name the parameters as the shader's formals do, the frame buffer as the
//! rectangle sampler `FB` and a pass's render targets as `target<n>`. `Emit::Ir` gives the
//! lowered IR of each whole shader instead.
//!
//! ```
//! use pigment::{CompileRequest, Session, Target};
//! let mut session = Session::new();
//! session.add_source(
//!     "tint.isl",
//!     "surface tint(parameter color c = color(1, 0.5, 0, 1)) { FB = c; }\n",
//! );
//! let artifact = session.compile(&CompileRequest::new("tint.isl", Target::Fp30)).unwrap();
//! assert_eq!(artifact.outputs[0].name, "tint.fp");
//! assert!(artifact.text().unwrap().starts_with("!!FP1.0"));
//! ```

use super::{CompileRequest, Emit};
use crate::artifact::{Artifact, Code, Output, Reflection};
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::{Session, Target};
use pigment_diag::{Diagnostic, SourceFiles};
use pigment_ir::Stage;
use pigment_isl::ast::{FuncKind, Item, ShaderKind, Unit};

/// The file parsed and checked into `files`: the unit, or the diagnostics.
pub fn checked_into(
    files: &mut SourceFiles,
    name: &str,
    text: &str,
    found: &mut Diagnostics,
) -> Result<Unit> {
    let file = files.add(name.to_string(), text.to_string());
    let (unit, diags) = pigment_isl::parse_and_check(file, text);
    found.extend(files, &diags);
    if diags.iter().any(Diagnostic::is_error) {
        return Err(Error::Rejected(found.clone()));
    }
    Ok(unit)
}

/// Checks the request's source and its further units (every one an ISL file).
pub(super) fn check(session: &Session, request: &CompileRequest) -> Result<Diagnostics> {
    let mut files = SourceFiles::new();
    let mut found = Diagnostics::new();
    let mut rejected = false;
    for name in std::iter::once(&request.source).chain(&request.units) {
        match checked_into(&mut files, name, session.source(name)?, &mut found) {
            Ok(_) => {}
            Err(Error::Rejected(_)) => rejected = true,
            Err(other) => return Err(other),
        }
    }
    match rejected {
        true => Err(Error::Rejected(found)),
        false => Ok(found),
    }
}

/// The names of `unit`'s shaders of the kinds `wanted` accepts, in file order.
pub fn shaders_of(unit: &Unit, wanted: impl Fn(ShaderKind) -> bool) -> Vec<&str> {
    unit.items
        .iter()
        .filter_map(|item| match item {
            Item::Func(f) if matches!(f.kind, FuncKind::Shader(kind, _) if wanted(kind)) => {
                Some(f.name.text.as_str())
            }
            _ => None,
        })
        .collect()
}

pub(super) fn compile(session: &Session, request: &CompileRequest) -> Result<Artifact> {
    if request.target != Target::Fp30 {
        return Err(Error::Request(format!(
            "ISL compiles to `--target fp30`, not `{}`",
            request.target
        )));
    }
    let mut files = SourceFiles::new();
    let mut found = Diagnostics::new();
    let text = session.source(&request.source)?;
    let unit = checked_into(&mut files, &request.source, text, &mut found)?;
    let shaders: Vec<String> = match &request.entry {
        Some(name) => vec![name.clone()],
        None => shaders_of(&unit, |k| {
            matches!(k, ShaderKind::Surface | ShaderKind::Atmosphere)
        })
        .into_iter()
        .map(str::to_string)
        .collect(),
    };
    if shaders.is_empty() {
        return Err(Error::Request(format!(
            "`{}` has no surface or atmosphere shader to compile",
            request.source
        )));
    }
    let rejected = |errors: &[Diagnostic]| {
        let mut all = found.clone();
        all.extend(&files, errors);
        Error::Rejected(all)
    };
    let mut outputs = Vec::new();
    for shader in &shaders {
        let func = pigment_isl::lower_surface(&unit, shader).map_err(|e| rejected(&e))?;
        if request.emit != Emit::Code {
            let mut module = pigment_ir::Module::new();
            module.functions.append(func);
            outputs.push(output(
                format!("{shader}.ir"),
                pigment_ir::print(&module),
                None,
            ));
            continue;
        }
        let options = pigment_fp30::Options::default();
        let partition = pigment_multipass::partition(&func, &options).map_err(|e| rejected(&e))?;
        match partition.passes.as_slice() {
            [one] => outputs.push(program(format!("{shader}.fp"), &one.compiled)),
            passes => {
                let description = partition.to_string();
                outputs.push(output(format!("{shader}.passes.txt"), description, None));
                for (n, pass) in passes.iter().enumerate() {
                    outputs.push(program(format!("{shader}.pass{n}.fp"), &pass.compiled));
                }
            }
        }
    }
    Ok(Artifact {
        outputs,
        warnings: found,
    })
}

fn program(name: String, compiled: &pigment_fp30::Compiled) -> Output {
    let reflection = Some(Reflection::fp30(&compiled.interface));
    output(name, compiled.text.clone(), reflection)
}

fn output(name: String, text: String, reflection: Option<Reflection>) -> Output {
    let stage = (!name.ends_with(".txt")).then_some(Stage::Fragment);
    Output {
        name,
        stage,
        code: Code::Text(text),
        reflection,
    }
}
