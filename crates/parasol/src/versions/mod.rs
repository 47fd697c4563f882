//! The reference compiler's GLSL version checks: what excludes GLSL 1.10, 1.20 and ES 1.00 for a
//! shader, each a located error `error[GLSL_VERSION_EXCLUDED]` (a name of ours: the reference
//! reports exclusions without a code) naming the construct. The rules (jparasol's version checker,
//! and the spec's notes on the texture functions):
//!
//! * an input or output of a vertex or fragment shader whose type is not `float`, `vector_2f`,
//!   `vector_3f`, `vector_4f`, `matrix_3x3f` or `matrix_4x4f` (an integer or boolean attribute or
//!   varying) excludes 1.10, 1.20 and ES 1.00;
//! * a fragment shader with more than one data output (depth aside) excludes ES 1.00;
//! * an external the shader reaches whose declaration says `restrict N PROFILE;` excludes that
//!   version (`externals`): in the standard library, as in the reference's,
//!   `Sampler2D.texture_with_lod` and `Sampler2D.texture_with_offset` exclude 1.10, 1.20 and ES
//!   1.00.
//!
//! Pigment's GLSL writer could express some of these (integer varyings as floats, explicit LOD
//! through an extension); the checks keep the reference's verdicts, so that a program Pigment
//! accepts for a version is one the reference accepts too.

mod externals;

use crate::ast::Unit;
use crate::ast::{IoKind, Shader, StageShader};
use crate::check::env::Env;
use crate::check::types::Ty;
use pigment_diag::Diagnostic;

/// The versions the checks can exclude.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegacyVersion {
    Glsl110,
    Glsl120,
    Es100,
}

impl LegacyVersion {
    pub fn name(self) -> &'static str {
        match self {
            LegacyVersion::Glsl110 => "GLSL 1.10",
            LegacyVersion::Glsl120 => "GLSL 1.20",
            LegacyVersion::Es100 => "GLSL ES 1.00",
        }
    }
}

const CODE: &str = "GLSL_VERSION_EXCLUDED";

/// Why `version` cannot express shader `path` (`package.Module.name`).
pub fn exclusions(units: &[Unit], path: &str, version: LegacyVersion) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let env = Env::new(units);
    let found = path.rsplit_once('.').and_then(|(module, name)| {
        let m = env.modules.get(module)?;
        Some((m, *m.shaders.get(name)?))
    });
    if let Some((m, shader)) = found {
        if let Shader::Vertex(s) | Shader::Fragment(s) = shader {
            let stage = if matches!(shader, Shader::Vertex(_)) {
                "vertex"
            } else {
                "fragment"
            };
            io_types(&env, m, s, stage, version, &mut out);
            if stage == "fragment" && version == LegacyVersion::Es100 {
                output_count(m.file, s, &mut out);
            }
            out.extend(externals::restricted(&env, m, s, version));
        }
    }
    out
}

fn io_types(
    env: &Env,
    m: &crate::check::env::ModuleInfo,
    s: &StageShader,
    stage: &str,
    version: LegacyVersion,
    out: &mut Vec<Diagnostic>,
) {
    for io in &s.ios {
        let what = match io.kind {
            IoKind::Input => "input",
            IoKind::Output(_) | IoKind::OutputMain | IoKind::OutputDepth => "output",
            IoKind::Parameter => continue,
        };
        let ty = crate::lower::resolve_type(env, m, &io.ty);
        let permitted = matches!(ty, Ty::Float | Ty::Vector(_, true) | Ty::Matrix(_));
        if !permitted {
            out.push(
                Diagnostic::error(format!(
                    "the {stage} shader {what} `{}` is of type `{}`, but {} permits only float, \
                     vector_2f, vector_3f, vector_4f, matrix_3x3f and matrix_4x4f attributes and \
                     varyings (the reference compiler's version check)",
                    io.name.text,
                    io.ty,
                    version.name()
                ))
                .with_code(CODE)
                .at(m.file, io.name.span),
            );
        }
    }
}

fn output_count(file: pigment_diag::FileId, s: &StageShader, out: &mut Vec<Diagnostic>) {
    let data: Vec<_> = s
        .ios
        .iter()
        .filter(|io| matches!(io.kind, IoKind::Output(_)))
        .collect();
    if let Some(second) = data.get(1) {
        out.push(
            Diagnostic::error(format!(
                "the fragment shader declares more than one output (`{}` is its second); GLSL \
                 ES 1.00 has one (the reference compiler's version check)",
                second.name.text
            ))
            .with_code(CODE)
            .at(file, second.name.span),
        );
    }
}
