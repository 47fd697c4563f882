//! Small safe wrappers over the generated GL bindings: error checking after each step and string queries.

use crate::error::OracleError;
use crate::gl::{self, Gl};
use std::ffi::CStr;

/// Fails with every error GL has queued since the last check, naming the step that caused them.
pub(crate) fn check(gl: &Gl, step: &'static str) -> Result<(), OracleError> {
    let mut errors = Vec::new();
    // GL keeps one flag per error kind, so a handful of reads drains it; the bound guards a broken driver.
    for _ in 0..8 {
        // SAFETY: glGetError has no preconditions beyond a current context, which every caller holds.
        let code = unsafe { gl.GetError() };
        if code == gl::NO_ERROR {
            break;
        }
        errors.push(error_name(code));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(OracleError::Gl {
            step,
            error: errors.join(", "),
        })
    }
}

fn error_name(code: gl::types::GLenum) -> String {
    match code {
        gl::INVALID_ENUM => "GL_INVALID_ENUM".into(),
        gl::INVALID_VALUE => "GL_INVALID_VALUE".into(),
        gl::INVALID_OPERATION => "GL_INVALID_OPERATION".into(),
        gl::INVALID_FRAMEBUFFER_OPERATION => "GL_INVALID_FRAMEBUFFER_OPERATION".into(),
        gl::OUT_OF_MEMORY => "GL_OUT_OF_MEMORY".into(),
        gl::STACK_OVERFLOW => "GL_STACK_OVERFLOW".into(),
        gl::STACK_UNDERFLOW => "GL_STACK_UNDERFLOW".into(),
        other => format!("0x{other:04X}"),
    }
}

/// `glGetString(name)` as text; empty when GL returns no string.
pub(crate) fn get_string(gl: &Gl, name: gl::types::GLenum) -> String {
    // SAFETY: a current context is held by every caller; the result is NULL or a NUL-terminated string owned
    // by GL that stays valid at least until the next GL call, and is copied out at once.
    unsafe {
        let ptr = gl.GetString(name);
        if ptr.is_null() {
            String::new()
        } else {
            CStr::from_ptr(ptr.cast()).to_string_lossy().into_owned()
        }
    }
}
