//! Loading an ARB_fragment_program, ARB_vertex_program or (on a native driver) NV_fragment_program into GL,
//! turning a load failure into an error with GL's own message and byte position, and setting its local
//! parameters.

use crate::error::OracleError;
use crate::gl::{self, types::GLenum, types::GLuint, Gl};
use crate::glcheck::{check, get_string};

/// The program of one draw, enabled while this lives and deleted when it goes out of scope.
pub(crate) struct LoadedProgram<'gl> {
    gl: &'gl Gl,
    name: GLuint,
    /// GL_FRAGMENT_PROGRAM_ARB, GL_VERTEX_PROGRAM_ARB or GL_FRAGMENT_PROGRAM_NV.
    target: GLenum,
}

impl<'gl> LoadedProgram<'gl> {
    /// Loads `text` (`!!ARBfp1.0 ... END`), binds it and enables fragment programs.
    pub(crate) fn load(gl: &'gl Gl, text: &str) -> Result<LoadedProgram<'gl>, OracleError> {
        LoadedProgram::load_target(gl, gl::FRAGMENT_PROGRAM_ARB, text)
    }

    /// Loads `text` (`!!ARBvp1.0 ... END`), binds it and enables vertex programs.
    pub(crate) fn load_vertex(gl: &'gl Gl, text: &str) -> Result<LoadedProgram<'gl>, OracleError> {
        LoadedProgram::load_target(gl, gl::VERTEX_PROGRAM_ARB, text)
    }

    /// Loads `text` (`!!FP1.0 ... END`) with LoadProgramNV, binds it and enables NV fragment programs.
    /// NV_fragment_program reports a rejected program as ARB_fragment_program does (same error enums).
    pub(crate) fn load_nv(gl: &'gl Gl, text: &str) -> Result<LoadedProgram<'gl>, OracleError> {
        let length = program_length(text)?;
        let target = gl::FRAGMENT_PROGRAM_NV;
        let mut name = 0;
        // SAFETY: the context is current; `name` is a valid destination for one program name.
        unsafe { gl.GenProgramsNV(1, &mut name) };
        let program = LoadedProgram { gl, name, target };
        check(gl, "creating the NV program")?;
        // SAFETY: the context is current; `text` is `length` readable bytes (GL takes no terminator).
        unsafe { gl.LoadProgramNV(target, name, length, text.as_ptr()) };
        program.check_loaded()?;
        // SAFETY: the context is current; `name` now names a fragment program.
        unsafe {
            gl.BindProgramNV(target, name);
            gl.Enable(target);
        }
        check(gl, "binding and enabling the NV program")?;
        Ok(program)
    }

    fn load_target(
        gl: &'gl Gl,
        target: GLenum,
        text: &str,
    ) -> Result<LoadedProgram<'gl>, OracleError> {
        let length = program_length(text)?;
        let mut name = 0;
        // SAFETY: the context is current; `name` is a valid destination for one program name.
        unsafe {
            gl.GenProgramsARB(1, &mut name);
            gl.BindProgramARB(target, name);
        }
        let program = LoadedProgram { gl, name, target };
        check(gl, "creating the ARB program")?;
        // SAFETY: the context is current; `text` is `length` readable bytes (GL takes no terminator).
        unsafe {
            gl.ProgramStringARB(
                target,
                gl::PROGRAM_FORMAT_ASCII_ARB,
                length,
                text.as_ptr().cast(),
            )
        };
        program.check_loaded()?;
        // SAFETY: the context is current.
        unsafe { gl.Enable(target) };
        check(gl, "enabling the ARB program target")?;
        Ok(program)
    }

    /// After glProgramStringARB: GL reports a rejected program by GL_INVALID_OPERATION plus an error position
    /// and string (ARB_fragment_program, "Errors").
    fn check_loaded(&self) -> Result<(), OracleError> {
        let gl = self.gl;
        // SAFETY: the context is current.
        let rejected = unsafe { gl.GetError() } == gl::INVALID_OPERATION;
        let mut position = -1;
        // SAFETY: the context is current; `position` is a valid GLint destination.
        unsafe { gl.GetIntegerv(gl::PROGRAM_ERROR_POSITION_ARB, &mut position) };
        let message = get_string(gl, gl::PROGRAM_ERROR_STRING_ARB);
        if rejected || position != -1 {
            let message = if message.is_empty() {
                "no message from GL".to_string()
            } else {
                message
            };
            return Err(OracleError::Program {
                position: i64::from(position),
                message,
            });
        }
        check(gl, "loading the ARB program")
    }

    /// Sets `program.local[index]` (NV: `p[index]`) for each entry.
    pub(crate) fn set_locals(&self, locals: &[(u32, [f32; 4])]) -> Result<(), OracleError> {
        let mut max = 0;
        // SAFETY: the context is current; `max` is a valid GLint destination.
        unsafe {
            if self.target == gl::FRAGMENT_PROGRAM_NV {
                self.gl
                    .GetIntegerv(gl::MAX_FRAGMENT_PROGRAM_LOCAL_PARAMETERS_NV, &mut max)
            } else {
                self.gl
                    .GetProgramivARB(self.target, gl::MAX_PROGRAM_LOCAL_PARAMETERS_ARB, &mut max)
            }
        };
        check(self.gl, "querying the local parameter count")?;
        for (index, value) in locals {
            if i64::from(*index) >= i64::from(max) {
                return Err(OracleError::InvalidInput(format!(
                    "program.local[{index}] is not below {max}"
                )));
            }
            // SAFETY: the context is current, the program bound; `value` points at four floats.
            unsafe {
                self.gl
                    .ProgramLocalParameter4fvARB(self.target, *index, value.as_ptr())
            };
        }
        check(self.gl, "setting local parameters")
    }
}

impl LoadedProgram<'_> {
    /// Sets each named local parameter (`DECLARE name;`) of an NV program.
    pub(crate) fn set_named(&self, named: &[(String, [f32; 4])]) -> Result<(), OracleError> {
        for (parameter, value) in named {
            let length = program_length(parameter)?;
            // SAFETY: the context is current; `parameter` is `length` readable bytes, `value` four floats.
            unsafe {
                self.gl.ProgramNamedParameter4fvNV(
                    self.name,
                    length,
                    parameter.as_ptr(),
                    value.as_ptr(),
                )
            };
            check(self.gl, "setting a named parameter")?;
        }
        Ok(())
    }
}

/// `text`'s length as GL's `GLsizei`.
fn program_length(text: &str) -> Result<i32, OracleError> {
    i32::try_from(text.len()).map_err(|_| {
        OracleError::InvalidInput(format!("program text of {} bytes is too long", text.len()))
    })
}

impl Drop for LoadedProgram<'_> {
    fn drop(&mut self) {
        // SAFETY: the context that made the program is current (programs live only within one draw call).
        unsafe {
            self.gl.Disable(self.target);
            self.gl.DeleteProgramsARB(1, &self.name);
        }
    }
}
