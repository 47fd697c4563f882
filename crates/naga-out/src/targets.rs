//! The targets: naga's writers on a lowered module, each with the options this crate documents
//! (bindings as [`crate::interface`] places them).

use crate::{lower, reflect, LowerOptions, Lowered};
use naga::back;
use pigment_diag::Diagnostic;
use pigment_ir::Function;

/// A naga back end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// SPIR-V 1.0 for Vulkan.
    SpirV,
    Wgsl,
    /// Metal Shading Language 2.0.
    Msl,
    /// HLSL shader model 5.1.
    Hlsl,
    /// GLSL of the version (`330`, `450`; `300es`, `310es` for OpenGL ES), naga's writer (texture
    /// and sampler combined).
    GlslNaga(naga::back::glsl::Version),
}

impl Target {
    /// Whether window y grows downward in the target API (all but OpenGL).
    pub fn y_down(self) -> bool {
        !matches!(self, Target::GlslNaga(_))
    }

    /// `spirv`, `wgsl`, `msl`, `hlsl` or `glsl-naga:VERSION` (`330`, `450`, `300es`, ...).
    pub fn parse(text: &str) -> Option<Target> {
        Some(match text {
            "spirv" => Target::SpirV,
            "wgsl" => Target::Wgsl,
            "msl" => Target::Msl,
            "hlsl" => Target::Hlsl,
            _ => {
                let v = text.strip_prefix("glsl-naga:")?;
                let version = match v.strip_suffix("es") {
                    Some(n) => naga::back::glsl::Version::new_gles(n.parse().ok()?),
                    None => naga::back::glsl::Version::Desktop(v.parse().ok()?),
                };
                // naga's writer refuses the versions it does not support, with an error.
                Target::GlslNaga(version)
            }
        })
    }
}

/// A written shader: SPIR-V words or text, and the bindings it uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Emitted {
    pub spirv: Option<Vec<u32>>,
    pub text: Option<String>,
    /// **Deprecated**: the bindings in the JSON of earlier releases, which only `--reflect
    /// json-v1` still prints (the playground reads [`Emitted::typed_reflection`]); removed next
    /// release.
    pub reflection: serde_json::Value,
    /// The bindings in the one reflection of every back end ([`pigment_ir::reflect`]).
    pub typed_reflection: pigment_ir::reflect::Reflection,
}

/// Lowers `func`, validates it and writes it for `target`.
pub fn emit(func: &Function, target: Target) -> Result<Emitted, Diagnostic> {
    emit_with(func, target, false)
}

/// [`emit`], with `half` and `fixed` rounded after each operation as fp30 does when
/// `fp30_precision` (the `fp30` module's opt-in mode).
pub fn emit_with(
    func: &Function,
    target: Target,
    fp30_precision: bool,
) -> Result<Emitted, Diagnostic> {
    let lowered = lower(
        func,
        LowerOptions {
            y_down: target.y_down(),
            fp30_precision,
        },
    )?;
    let stage = lowered.module.entry_points[0].stage;
    let name = func.name.clone();
    let fail = |what: &str, e: &dyn std::error::Error| {
        Diagnostic::error(format!(
            "naga's {what} writer fails on `{name}`: {}",
            crate::error_chain(e)
        ))
    };
    let Lowered { module, info } = &lowered;
    let mut out = Emitted {
        spirv: None,
        text: None,
        reflection: reflect::reflect(func, target),
        typed_reflection: reflect::typed(func, target),
    };
    match target {
        Target::SpirV => {
            let options = back::spv::Options {
                flags: back::spv::WriterFlags::empty(),
                ..back::spv::Options::default()
            };
            let words = back::spv::write_vec(module, info, &options, None)
                .map_err(|e| fail("SPIR-V", &e))?;
            out.spirv = Some(words);
        }
        Target::Wgsl => {
            let text = back::wgsl::write_string(module, info, back::wgsl::WriterFlags::empty())
                .map_err(|e| fail("WGSL", &e))?;
            out.text = Some(text);
        }
        Target::Msl => {
            let options = back::msl::Options {
                lang_version: (2, 0),
                ..Default::default()
            };
            let (text, _) = back::msl::write_string(module, info, &options, &Default::default())
                .map_err(|e| fail("MSL", &e))?;
            out.text = Some(text);
        }
        Target::Hlsl => {
            let options = back::hlsl::Options::default();
            let pipeline = back::hlsl::PipelineOptions::default();
            let mut text = String::new();
            back::hlsl::Writer::new(&mut text, &options, &pipeline)
                .write(module, info, None)
                .map_err(|e| fail("HLSL", &e))?;
            out.text = Some(text);
        }
        Target::GlslNaga(version) => {
            let options = back::glsl::Options {
                version,
                writer_flags: back::glsl::WriterFlags::empty(),
                ..Default::default()
            };
            let pipeline = back::glsl::PipelineOptions {
                shader_stage: stage,
                entry_point: name.clone(),
                multiview: None,
            };
            let mut text = String::new();
            back::glsl::Writer::new(
                &mut text,
                module,
                info,
                &options,
                &pipeline,
                Default::default(),
            )
            .and_then(|mut w| w.write())
            .map_err(|e| fail("GLSL", &e))?;
            out.text = Some(text);
        }
    }
    Ok(out)
}
