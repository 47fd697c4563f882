//! Compile requests built from C: made with a source name and a target spelling
//! (`"spirv"`, `"glsl:es300"`, as `pigment compile --target` reads them), then given a language,
//! entry, stage, Parasol units, Cg options and precision one setter at a time, so that the
//! request's layout never becomes part of the ABI.

use crate::boundary::{self, guard, Out, Outcome};
use crate::error::PigmentError;
use pigment::{CompileRequest, Emit, Language, Precision, Stage};
use std::ffi::c_char;

/// A source language.
pub type PigmentLanguage = u32;
/// From the source's extension (`.cg`, `.cgh`, `.isl`, `.p`, `.fp`): the default.
pub const PIGMENT_LANGUAGE_AUTO: PigmentLanguage = 0;
/// NVIDIA's Cg.
pub const PIGMENT_LANGUAGE_CG: PigmentLanguage = 1;
/// SGI's Interactive Shading Language.
pub const PIGMENT_LANGUAGE_ISL: PigmentLanguage = 2;
/// io7m's Parasol.
pub const PIGMENT_LANGUAGE_PARASOL: PigmentLanguage = 3;
/// An NV_fragment_program (`!!FP1.0`).
pub const PIGMENT_LANGUAGE_FP: PigmentLanguage = 4;

/// A shader stage.
pub type PigmentStage = u32;
/// No stage: in a request, the profile's or target's own (the default); in an output, not a
/// shader stage.
pub const PIGMENT_STAGE_NONE: PigmentStage = 0;
/// The vertex stage.
pub const PIGMENT_STAGE_VERTEX: PigmentStage = 1;
/// The fragment stage.
pub const PIGMENT_STAGE_FRAGMENT: PigmentStage = 2;

/// What a compile produces of its target.
pub type PigmentEmit = u32;
/// The target's code (the default).
pub const PIGMENT_EMIT_CODE: PigmentEmit = 0;
/// The shading IR as the front end lowered it (text).
pub const PIGMENT_EMIT_IR: PigmentEmit = 1;
/// The shading IR after fp30's legalisation (text).
pub const PIGMENT_EMIT_IR_LEGAL: PigmentEmit = 2;

/// How the GLSL, naga and ARB targets compute `half` and `fixed`.
pub type PigmentPrecision = u32;
/// As the target's own types do (the default).
pub const PIGMENT_PRECISION_TARGET: PigmentPrecision = 0;
/// As fp30 computes (fp16 rounding, fx12 clamping after each operation).
pub const PIGMENT_PRECISION_FP30: PigmentPrecision = 1;

/// A compile request. Owned by the caller; free it with `pigment_request_free`. One request may
/// be compiled any number of times, in any session.
#[derive(Debug)]
pub struct PigmentRequest {
    request: CompileRequest,
}

impl PigmentRequest {
    /// The library's request.
    pub(crate) fn get(&self) -> &CompileRequest {
        &self.request
    }
}

/// The code C reads for a stage.
pub(crate) fn stage_code(stage: Stage) -> PigmentStage {
    match stage {
        Stage::Vertex => PIGMENT_STAGE_VERTEX,
        Stage::Fragment => PIGMENT_STAGE_FRAGMENT,
    }
}

/// Makes a request to compile the session's source `source` to `target` (a `--target` spelling:
/// `fp30`, `arbfp1`, `arbvp1`, `glsl:VERSION`, `spirv`, `wgsl`, `msl`, `hlsl`,
/// `glsl-naga:VERSION`, `web`), every other setting at its default. `*out` receives the request,
/// or NULL when the call fails (`PIGMENT_ERROR_INVALID_ARGUMENT` for an unknown target).
///
/// # Safety
/// `source` and `target` point to `source_len` and `target_len` readable bytes (either may be
/// NULL when its length is 0); `out` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn pigment_request_new(
    source: *const c_char,
    source_len: usize,
    target: *const c_char,
    target_len: usize,
    out: *mut *mut PigmentRequest,
) -> *mut PigmentError {
    guard(|| {
        // SAFETY: NULL or writable, by the contract.
        let out = unsafe { Out::new(out, std::ptr::null_mut(), "out") }?;
        // SAFETY: readable for the lengths given, by the contract.
        let source = unsafe { boundary::string(source, source_len, "source") }?;
        // SAFETY: as above.
        let target = unsafe { boundary::string(target, target_len, "target") }?;
        let target = target
            .parse()
            .map_err(|e: pigment::target::UnknownTarget| boundary::invalid(e.to_string()))?;
        let request = CompileRequest::new(source, target);
        out.set(boundary::into_raw(PigmentRequest { request }));
        Ok(())
    })
}

/// Frees a request (NULL is ignored).
///
/// # Safety
/// `request` is NULL or a request this library returned, freed once.
#[no_mangle]
pub unsafe extern "C" fn pigment_request_free(request: *mut PigmentRequest) {
    // SAFETY: NULL or made by `into_raw` in `pigment_request_new`, freed once.
    unsafe { boundary::free(request) }
}

/// Changes the request behind `request` with `change`.
///
/// # Safety
/// `request` is NULL or a live request no other thread uses.
unsafe fn edit(
    request: *mut PigmentRequest,
    change: impl FnOnce(&mut CompileRequest) -> Outcome<()>,
) -> *mut PigmentError {
    guard(|| {
        // SAFETY: NULL or live and unshared, by the contract.
        let request = unsafe { boundary::object_mut(request, "request") }?;
        change(&mut request.request)
    })
}

/// Sets the language (`PIGMENT_LANGUAGE_*`; `PIGMENT_ERROR_INVALID_ARGUMENT` for another value).
///
/// # Safety
/// `request` is NULL or a live request no other thread uses.
#[no_mangle]
pub unsafe extern "C" fn pigment_request_set_language(
    request: *mut PigmentRequest,
    language: PigmentLanguage,
) -> *mut PigmentError {
    // SAFETY: the contract is `edit`'s.
    unsafe {
        edit(request, |r| {
            r.language = match language {
                PIGMENT_LANGUAGE_AUTO => None,
                PIGMENT_LANGUAGE_CG => Some(Language::Cg),
                PIGMENT_LANGUAGE_ISL => Some(Language::Isl),
                PIGMENT_LANGUAGE_PARASOL => Some(Language::Parasol),
                PIGMENT_LANGUAGE_FP => Some(Language::NvProgram),
                other => return Err(boundary::invalid(format!("unknown language {other}"))),
            };
            Ok(())
        })
    }
}

/// Sets the stage (`PIGMENT_STAGE_*`; `PIGMENT_STAGE_NONE`: the profile's or target's own).
///
/// # Safety
/// `request` is NULL or a live request no other thread uses.
#[no_mangle]
pub unsafe extern "C" fn pigment_request_set_stage(
    request: *mut PigmentRequest,
    stage: PigmentStage,
) -> *mut PigmentError {
    // SAFETY: the contract is `edit`'s.
    unsafe {
        edit(request, |r| {
            r.stage = match stage {
                PIGMENT_STAGE_NONE => None,
                PIGMENT_STAGE_VERTEX => Some(Stage::Vertex),
                PIGMENT_STAGE_FRAGMENT => Some(Stage::Fragment),
                other => return Err(boundary::invalid(format!("unknown stage {other}"))),
            };
            Ok(())
        })
    }
}

/// Sets what to produce (`PIGMENT_EMIT_*`).
///
/// # Safety
/// `request` is NULL or a live request no other thread uses.
#[no_mangle]
pub unsafe extern "C" fn pigment_request_set_emit(
    request: *mut PigmentRequest,
    emit: PigmentEmit,
) -> *mut PigmentError {
    // SAFETY: the contract is `edit`'s.
    unsafe {
        edit(request, |r| {
            r.emit = match emit {
                PIGMENT_EMIT_CODE => Emit::Code,
                PIGMENT_EMIT_IR => Emit::Ir,
                PIGMENT_EMIT_IR_LEGAL => Emit::IrLegal,
                other => return Err(boundary::invalid(format!("unknown emit {other}"))),
            };
            Ok(())
        })
    }
}

/// Sets the precision of `half` and `fixed` (`PIGMENT_PRECISION_*`).
///
/// # Safety
/// `request` is NULL or a live request no other thread uses.
#[no_mangle]
pub unsafe extern "C" fn pigment_request_set_precision(
    request: *mut PigmentRequest,
    precision: PigmentPrecision,
) -> *mut PigmentError {
    // SAFETY: the contract is `edit`'s.
    unsafe {
        edit(request, |r| {
            r.precision = match precision {
                PIGMENT_PRECISION_TARGET => Precision::Target,
                PIGMENT_PRECISION_FP30 => Precision::Fp30,
                other => return Err(boundary::invalid(format!("unknown precision {other}"))),
            };
            Ok(())
        })
    }
}

/// Reads the string argument `what` and hands it to `change`.
///
/// # Safety
/// `request` is NULL or a live request no other thread uses; `text` points to `len` readable
/// bytes (or is NULL with `len` 0).
unsafe fn edit_with_string(
    request: *mut PigmentRequest,
    text: *const c_char,
    len: usize,
    what: &'static str,
    change: impl FnOnce(&mut CompileRequest, String),
) -> *mut PigmentError {
    // SAFETY: the contract is `edit`'s and `boundary::string`'s.
    unsafe {
        edit(request, |r| {
            let text = boundary::string(text, len, what)?;
            change(r, text.to_string());
            Ok(())
        })
    }
}

/// Sets the entry: the Cg function (`main` by default), the ISL shader (every surface and
/// atmosphere shader by default), or the Parasol shader `package.Module.name`.
///
/// # Safety
/// `request` is NULL or a live request no other thread uses; `entry` points to `len` readable
/// bytes (or is NULL with `len` 0).
#[no_mangle]
pub unsafe extern "C" fn pigment_request_set_entry(
    request: *mut PigmentRequest,
    entry: *const c_char,
    len: usize,
) -> *mut PigmentError {
    // SAFETY: the contract is `edit_with_string`'s.
    unsafe { edit_with_string(request, entry, len, "entry", |r, s| r.entry = Some(s)) }
}

/// Sets a vertex entry compiled with the entry (Cg: both stages), or a Parasol program
/// `package.Module.name` whose two shaders are connected.
///
/// # Safety
/// As `pigment_request_set_entry`.
#[no_mangle]
pub unsafe extern "C" fn pigment_request_set_vertex_entry(
    request: *mut PigmentRequest,
    entry: *const c_char,
    len: usize,
) -> *mut PigmentError {
    // SAFETY: the contract is `edit_with_string`'s.
    unsafe {
        edit_with_string(request, entry, len, "entry", |r, s| {
            r.vertex_entry = Some(s)
        })
    }
}

/// Adds a further Parasol unit, by its name in the session, compiled with the source.
///
/// # Safety
/// As `pigment_request_set_entry`.
#[no_mangle]
pub unsafe extern "C" fn pigment_request_add_unit(
    request: *mut PigmentRequest,
    unit: *const c_char,
    len: usize,
) -> *mut PigmentError {
    // SAFETY: the contract is `edit_with_string`'s.
    unsafe { edit_with_string(request, unit, len, "unit", |r, s| r.units.push(s)) }
}

/// Sets the Cg profile whose rules the checker applies (cgc's `-profile`: `fp30`, `arbfp1`,
/// `vp40`, ...; by default the target's own).
///
/// # Safety
/// As `pigment_request_set_entry`.
#[no_mangle]
pub unsafe extern "C" fn pigment_request_set_profile(
    request: *mut PigmentRequest,
    profile: *const c_char,
    len: usize,
) -> *mut PigmentError {
    // SAFETY: the contract is `edit_with_string`'s.
    unsafe {
        edit_with_string(request, profile, len, "profile", |r, s| {
            r.cg.profile = Some(s)
        })
    }
}

/// Defines a Cg macro before the source (cgc's `-D`): `NAME=VALUE`, or `NAME` alone when `value`
/// is NULL (a non-NULL `value` of length 0 is `NAME=`).
///
/// # Safety
/// `request` is NULL or a live request no other thread uses; `name` points to `name_len`
/// readable bytes (or is NULL with 0); `value` is NULL or points to `value_len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn pigment_request_add_define(
    request: *mut PigmentRequest,
    name: *const c_char,
    name_len: usize,
    value: *const c_char,
    value_len: usize,
) -> *mut PigmentError {
    // SAFETY: the contract is `edit`'s and `boundary::string`'s.
    unsafe {
        edit(request, |r| {
            let name = boundary::string(name, name_len, "name")?.to_string();
            let value = match value.is_null() {
                true if value_len > 0 => return Err(boundary::null("value")),
                true => None,
                false => Some(boundary::string(value, value_len, "value")?.to_string()),
            };
            r.cg.defines.push((name, value));
            Ok(())
        })
    }
}

/// Undefines a Cg macro (cgc's `-U`).
///
/// # Safety
/// As `pigment_request_set_entry`.
#[no_mangle]
pub unsafe extern "C" fn pigment_request_add_undefine(
    request: *mut PigmentRequest,
    name: *const c_char,
    len: usize,
) -> *mut PigmentError {
    // SAFETY: the contract is `edit_with_string`'s.
    unsafe { edit_with_string(request, name, len, "name", |r, s| r.cg.undefines.push(s)) }
}

/// Turns cgc's `-fastmath` regrouping of constant factors on (the default) or off.
///
/// # Safety
/// `request` is NULL or a live request no other thread uses.
#[no_mangle]
pub unsafe extern "C" fn pigment_request_set_fast_math(
    request: *mut PigmentRequest,
    on: bool,
) -> *mut PigmentError {
    // SAFETY: the contract is `edit`'s.
    unsafe {
        edit(request, |r| {
            r.cg.fast_math = on;
            Ok(())
        })
    }
}
