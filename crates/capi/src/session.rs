//! Sessions: the source files requests read, held in memory by name (so that `#include`s and
//! Parasol imports resolve among them and never on disk unless a search path is given), and the
//! calls that run a request — compile, check, preprocess.

use crate::artifact::PigmentArtifact;
use crate::boundary::{self, guard, guard_value, Out};
use crate::diagnostics::PigmentDiagnostics;
use crate::error::PigmentError;
use crate::request::PigmentRequest;
use pigment::Session;
use std::ffi::c_char;

/// The source files a request may read. Owned by the caller; free it with
/// `pigment_session_free`. A session may move between threads, but two threads must not use one
/// at the same time without a lock: adding a source while another thread compiles is a data
/// race.
#[derive(Debug)]
pub struct PigmentSession {
    session: Session,
}

impl PigmentSession {
    /// The library's session, to change.
    pub(crate) fn get_mut(&mut self) -> &mut Session {
        &mut self.session
    }
}

/// What C is promised: every object may be handed to another thread.
const _: () = {
    const fn send<T: Send>() {}
    send::<PigmentSession>();
    send::<PigmentRequest>();
    send::<PigmentArtifact>();
    send::<PigmentDiagnostics>();
    send::<PigmentError>();
};

/// A session whose `#include`s resolve only among the sources added to it (and in the search
/// paths added to it). NULL only if Pigment failed inside (it does not on a working system).
#[no_mangle]
pub extern "C" fn pigment_session_new() -> *mut PigmentSession {
    guard_value(std::ptr::null_mut(), || {
        Ok(boundary::into_raw(PigmentSession {
            session: Session::new(),
        }))
    })
}

/// A session whose `#include`s may also be read from disk as a C compiler finds them — beside the
/// including file, then in the search paths — as the `pigment` command line does.
#[no_mangle]
pub extern "C" fn pigment_session_new_with_disk_access() -> *mut PigmentSession {
    guard_value(std::ptr::null_mut(), || {
        Ok(boundary::into_raw(PigmentSession {
            session: Session::with_disk_access(),
        }))
    })
}

/// Frees a session (NULL is ignored). Artifacts and diagnostics made from it stay valid.
///
/// # Safety
/// `session` is NULL or a session this library returned, freed once.
#[no_mangle]
pub unsafe extern "C" fn pigment_session_free(session: *mut PigmentSession) {
    // SAFETY: NULL or made by `into_raw` in this file, freed once.
    unsafe { boundary::free(session) }
}

/// Adds (or replaces) the source file `name` with the text `text`, both UTF-8. Names are paths
/// relative to each other: `#include "lib/tint.cgh"` in `main.cg` finds the source added as
/// `lib/tint.cgh`.
///
/// # Safety
/// `session` is NULL or a live session no other thread uses; `name` and `text` point to
/// `name_len` and `text_len` readable bytes (or are NULL with a length of 0).
#[no_mangle]
pub unsafe extern "C" fn pigment_session_add_source(
    session: *mut PigmentSession,
    name: *const c_char,
    name_len: usize,
    text: *const c_char,
    text_len: usize,
) -> *mut PigmentError {
    guard(|| {
        // SAFETY: NULL or live and unshared, by the contract.
        let session = unsafe { boundary::object_mut(session, "session") }?;
        // SAFETY: readable for the lengths given, by the contract.
        let name = unsafe { boundary::string(name, name_len, "name") }?;
        // SAFETY: as above.
        let text = unsafe { boundary::string(text, text_len, "text") }?;
        session.session.add_source(name, text);
        Ok(())
    })
}

/// Reads the file at `path` (UTF-8) from disk into the session, held under `path` as written.
/// Fails with `PIGMENT_ERROR_IO` when it cannot be read.
///
/// # Safety
/// `session` is NULL or a live session no other thread uses; `path` points to `path_len`
/// readable bytes (or is NULL with 0).
#[no_mangle]
pub unsafe extern "C" fn pigment_session_add_file(
    session: *mut PigmentSession,
    path: *const c_char,
    path_len: usize,
) -> *mut PigmentError {
    guard(|| {
        // SAFETY: NULL or live and unshared, by the contract.
        let session = unsafe { boundary::object_mut(session, "session") }?;
        // SAFETY: readable for the length given, by the contract.
        let path = unsafe { boundary::string(path, path_len, "path") }?;
        session
            .session
            .add_file(path)
            .map_err(PigmentError::from_library)?;
        Ok(())
    })
}

/// Adds a directory that `#include` searches on disk (cgc's `-I`), after the sources in memory.
///
/// # Safety
/// As `pigment_session_add_file`.
#[no_mangle]
pub unsafe extern "C" fn pigment_session_add_search_path(
    session: *mut PigmentSession,
    dir: *const c_char,
    dir_len: usize,
) -> *mut PigmentError {
    guard(|| {
        // SAFETY: NULL or live and unshared, by the contract.
        let session = unsafe { boundary::object_mut(session, "session") }?;
        // SAFETY: readable for the length given, by the contract.
        let dir = unsafe { boundary::string(dir, dir_len, "dir") }?;
        session.session.add_search_path(dir);
        Ok(())
    })
}

/// Runs `call` on the session and request behind the pointers and hands its result to C through
/// `out` (checked, and set to NULL, first).
///
/// # Safety
/// `session` and `request` are NULL or live, and no thread changes either during the call; `out`
/// is NULL or writable.
unsafe fn run<T>(
    session: *const PigmentSession,
    request: *const PigmentRequest,
    out: *mut *mut T,
    what: &str,
    call: impl FnOnce(&Session, &pigment::CompileRequest) -> pigment::Result<T>,
) -> *mut PigmentError {
    guard(|| {
        // SAFETY: NULL or writable, by the contract.
        let out = unsafe { Out::new(out, std::ptr::null_mut(), what) }?;
        // SAFETY: NULL or live and unchanged, by the contract.
        let session = unsafe { boundary::object(session, "session") }?;
        // SAFETY: as above.
        let request = unsafe { boundary::object(request, "request") }?;
        let result = call(&session.session, request.get()).map_err(PigmentError::from_library)?;
        out.set(boundary::into_raw(result));
        Ok(())
    })
}

/// Compiles `request` with the sources of `session`. `*artifact` receives the artifact (owned by
/// the caller, freed with `pigment_artifact_free`), or NULL when the call fails: a rejected
/// program's error carries its diagnostics (`PIGMENT_ERROR_REJECTED`).
///
/// # Safety
/// `session` and `request` are NULL or live, and no thread changes them during the call;
/// `artifact` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn pigment_session_compile(
    session: *const PigmentSession,
    request: *const PigmentRequest,
    artifact: *mut *mut PigmentArtifact,
) -> *mut PigmentError {
    // SAFETY: the contract is `run`'s.
    unsafe {
        run(session, request, artifact, "artifact", |s, r| {
            Ok(PigmentArtifact::new(&s.compile(r)?))
        })
    }
}

/// Checks `request`'s source (and units) without compiling. `*warnings` receives the warnings of
/// a well-formed program (owned by the caller, freed with `pigment_diagnostics_free`), or NULL
/// when the call fails.
///
/// # Safety
/// As `pigment_session_compile`, with `warnings` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn pigment_session_check(
    session: *const PigmentSession,
    request: *const PigmentRequest,
    warnings: *mut *mut PigmentDiagnostics,
) -> *mut PigmentError {
    // SAFETY: the contract is `run`'s.
    unsafe {
        run(session, request, warnings, "warnings", |s, r| {
            Ok(PigmentDiagnostics::new(&s.check(r)?))
        })
    }
}

/// Preprocesses `request`'s Cg source (cgc's `-E`). `*artifact` receives an artifact with one text
/// output (named as the source, `PIGMENT_STAGE_NONE`, no reflection) and the warnings, or NULL
/// when the call fails.
///
/// # Safety
/// As `pigment_session_compile`.
#[no_mangle]
pub unsafe extern "C" fn pigment_session_preprocess(
    session: *const PigmentSession,
    request: *const PigmentRequest,
    artifact: *mut *mut PigmentArtifact,
) -> *mut PigmentError {
    // SAFETY: the contract is `run`'s.
    unsafe {
        run(session, request, artifact, "artifact", |s, r| {
            let (text, found) = s.preprocess(r)?;
            Ok(PigmentArtifact::preprocessed(&r.source, text, &found))
        })
    }
}
