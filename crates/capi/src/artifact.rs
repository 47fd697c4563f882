//! Artifacts: what a compile (or a preprocess) produced, read by C one output at a time through a
//! [`PigmentOutput`] view — its name, stage, bytes (text, or SPIR-V as little-endian words, the
//! bytes `pigment compile -o FILE` writes) and reflection JSON — plus the warnings.

use crate::boundary::{self, guard, guard_value, Out};
use crate::diagnostics::PigmentDiagnostics;
use crate::error::PigmentError;
use crate::request::{stage_code, PigmentStage, PIGMENT_STAGE_NONE};
use crate::text::{self, Text};
use std::ffi::c_char;

/// What a compile produced. Owned by the caller; free it with `pigment_artifact_free`.
#[derive(Debug)]
pub struct PigmentArtifact {
    outputs: Vec<OutputData>,
    warnings: PigmentDiagnostics,
}

/// One output with its bytes ready for C.
#[derive(Debug)]
struct OutputData {
    name: Text,
    stage: PigmentStage,
    binary: bool,
    bytes: Text,
    reflection: Option<Text>,
}

impl PigmentArtifact {
    /// The library's artifact, copied into C buffers.
    pub(crate) fn new(artifact: &pigment::Artifact) -> PigmentArtifact {
        let outputs = artifact
            .outputs
            .iter()
            .map(|o| OutputData {
                name: Text::new(o.name.as_str()),
                stage: o.stage.map_or(PIGMENT_STAGE_NONE, stage_code),
                binary: matches!(o.code, pigment::Code::SpirV(_)),
                bytes: Text::new(o.code.to_bytes()),
                // Pretty-printed with a final newline: what `--reflect json` prints.
                reflection: o
                    .reflection
                    .as_ref()
                    .map(|r| Text::new(r.to_pretty_string())),
            })
            .collect();
        PigmentArtifact {
            outputs,
            warnings: PigmentDiagnostics::new(&artifact.warnings),
        }
    }

    /// A preprocess's result: one text output named after the source, with no stage.
    pub(crate) fn preprocessed(
        source: &str,
        text: String,
        warnings: &pigment::Diagnostics,
    ) -> PigmentArtifact {
        PigmentArtifact {
            outputs: vec![OutputData {
                name: Text::new(source),
                stage: PIGMENT_STAGE_NONE,
                binary: false,
                bytes: Text::new(text),
                reflection: None,
            }],
            warnings: PigmentDiagnostics::new(warnings),
        }
    }
}

/// One output of an artifact, as `pigment_artifact_output` fills it in. Every pointer is owned by
/// the artifact and valid until it is freed; each buffer has a NUL after its last byte (not
/// counted in its length), so text may also be read as a C string.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PigmentOutput {
    /// A file name for it (`main.fp`, `shader.vert`, `index.html`), UTF-8.
    pub name: *const c_char,
    /// `name`'s length in bytes.
    pub name_len: usize,
    /// `PIGMENT_STAGE_VERTEX`, `PIGMENT_STAGE_FRAGMENT`, or `PIGMENT_STAGE_NONE` for an output
    /// that is not a shader stage (a page, a pass description, preprocessed text).
    pub stage: PigmentStage,
    /// Whether `bytes` is binary (SPIR-V: little-endian 32-bit words) rather than UTF-8 text.
    pub is_binary: bool,
    /// The code.
    pub bytes: *const u8,
    /// `bytes`'s length.
    pub bytes_len: usize,
    /// The bindings as JSON text in the one reflection schema of every target,
    /// `pigment-reflection-2` (docs/reflection.md; what `pigment compile --reflect json` prints),
    /// or NULL where the target describes none.
    pub reflection: *const c_char,
    /// `reflection`'s length in bytes.
    pub reflection_len: usize,
}

impl PigmentOutput {
    /// Every pointer NULL, every number 0: what a failed call leaves.
    fn empty() -> PigmentOutput {
        PigmentOutput {
            name: std::ptr::null(),
            name_len: 0,
            stage: PIGMENT_STAGE_NONE,
            is_binary: false,
            bytes: std::ptr::null(),
            bytes_len: 0,
            reflection: std::ptr::null(),
            reflection_len: 0,
        }
    }
}

/// How many outputs the artifact has (one program; two for both GLSL stages; several for a page
/// or ISL passes); 0 for NULL.
///
/// # Safety
/// `artifact` is NULL or a live artifact.
#[no_mangle]
pub unsafe extern "C" fn pigment_artifact_output_count(artifact: *const PigmentArtifact) -> usize {
    guard_value(0, || {
        // SAFETY: NULL or live, by the contract.
        Ok(unsafe { artifact.as_ref() }.map_or(0, |a| a.outputs.len()))
    })
}

/// Fills `*out` with output `index` (0-based, in the order a reader wants them: vertex before
/// fragment, passes in order). Fails with `PIGMENT_ERROR_NULL_POINTER` for a NULL argument and
/// `PIGMENT_ERROR_INVALID_ARGUMENT` for an index past the end; `*out` is then zeroed.
///
/// # Safety
/// `artifact` is NULL or a live artifact; `out` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn pigment_artifact_output(
    artifact: *const PigmentArtifact,
    index: usize,
    out: *mut PigmentOutput,
) -> *mut PigmentError {
    guard(|| {
        // SAFETY: NULL or writable, by the contract.
        let out = unsafe { Out::new(out, PigmentOutput::empty(), "out") }?;
        // SAFETY: NULL or live, by the contract.
        let artifact = unsafe { boundary::object(artifact, "artifact") }?;
        let output = artifact.outputs.get(index).ok_or_else(|| {
            boundary::invalid(format!(
                "output {index} asked for, but the artifact has {}",
                artifact.outputs.len()
            ))
        })?;
        let (reflection, reflection_len) = text::optional(output.reflection.as_ref());
        out.set(PigmentOutput {
            name: output.name.ptr(),
            name_len: output.name.len(),
            stage: output.stage,
            is_binary: output.binary,
            bytes: output.bytes.ptr().cast(),
            bytes_len: output.bytes.len(),
            reflection,
            reflection_len,
        });
        Ok(())
    })
}

/// The warnings found while compiling (the program compiled), owned by the artifact: valid until
/// it is freed, never freed by the caller. NULL for NULL.
///
/// # Safety
/// `artifact` is NULL or a live artifact.
#[no_mangle]
pub unsafe extern "C" fn pigment_artifact_warnings(
    artifact: *const PigmentArtifact,
) -> *const PigmentDiagnostics {
    guard_value(std::ptr::null(), || {
        // SAFETY: NULL or live, by the contract.
        let artifact = unsafe { artifact.as_ref() };
        Ok(artifact.map_or(std::ptr::null(), |a| {
            &a.warnings as *const PigmentDiagnostics
        }))
    })
}

/// Frees an artifact (NULL is ignored); every pointer read from it is invalid after.
///
/// # Safety
/// `artifact` is NULL or an artifact this library returned, freed once.
#[no_mangle]
pub unsafe extern "C" fn pigment_artifact_free(artifact: *mut PigmentArtifact) {
    // SAFETY: NULL or made by `into_raw` in this crate, freed once.
    unsafe { boundary::free(artifact) }
}
