//! An OpenGL compatibility-profile context on the shared surfaceless display, current without any surface,
//! with the GL entry points loaded through `eglGetProcAddress`.

use crate::display::{egl_error, has_word, DisplayRef, Renderer};
use crate::error::OracleError;
use crate::gl::{self, Gl};
use crate::glcheck::{check, get_string};
use khronos_egl as egl;
use std::ffi::c_void;

pub(crate) struct Context {
    pub(crate) gl: Gl,
    context: egl::Context,
    // Declared last so the context is destroyed before the display can be terminated.
    display: DisplayRef,
}

impl Context {
    /// Creates the context and makes it current on the calling thread.
    pub(crate) fn create(display: DisplayRef) -> Result<Context, OracleError> {
        let egl = display.egl;
        let extensions = egl
            .query_string(Some(display.display), egl::EXTENSIONS)
            .map_err(|e| egl_error("eglQueryString(EGL_EXTENSIONS)", e))?
            .to_string_lossy()
            .into_owned();
        for extension in ["EGL_KHR_surfaceless_context", "EGL_KHR_create_context"] {
            if !has_word(&extensions, extension) {
                return Err(OracleError::MissingExtension {
                    api: "EGL",
                    extension,
                });
            }
        }
        egl.bind_api(egl::OPENGL_API)
            .map_err(|e| egl_error("eglBindAPI(EGL_OPENGL_API)", e))?;
        // SURFACE_TYPE 0 accepts configs of any surface kind: the surfaceless platform has no window configs,
        // which EGL's default (EGL_WINDOW_BIT) would ask for.
        let wanted = [
            egl::RENDERABLE_TYPE,
            egl::OPENGL_BIT,
            egl::SURFACE_TYPE,
            0,
            egl::NONE,
        ];
        let config = egl
            .choose_first_config(display.display, &wanted)
            .map_err(|e| egl_error("eglChooseConfig", e))?
            .ok_or(OracleError::Egl {
                call: "eglChooseConfig",
                error: "no config renders OpenGL".into(),
            })?;
        // ARB_fragment_program exists only in the compatibility profile; with no version asked for, Mesa
        // gives the highest compatibility version it has.
        let attributes = [
            egl::CONTEXT_OPENGL_PROFILE_MASK,
            egl::CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
            egl::NONE,
        ];
        let context = egl
            .create_context(display.display, config, None, &attributes)
            .map_err(|e| egl_error("eglCreateContext (OpenGL compatibility profile)", e))?;
        let gl = Gl::load_with(|name| {
            egl.get_proc_address(name)
                .map_or(std::ptr::null(), |f| f as *const c_void)
        });
        let created = Context {
            gl,
            context,
            display,
        };
        created.make_current()?;
        created.check_entry_points()?;
        Ok(created)
    }

    /// The generated bindings panic when an entry point that failed to load is called; fail here instead.
    fn check_entry_points(&self) -> Result<(), OracleError> {
        let gl = &self.gl;
        let entry_points = [
            ("glProgramStringARB", gl.ProgramStringARB.is_loaded()),
            ("glBindProgramARB", gl.BindProgramARB.is_loaded()),
            ("glGenProgramsARB", gl.GenProgramsARB.is_loaded()),
            (
                "glProgramLocalParameter4fvARB",
                gl.ProgramLocalParameter4fvARB.is_loaded(),
            ),
            ("glClampColor", gl.ClampColor.is_loaded()),
            ("glGenFramebuffers", gl.GenFramebuffers.is_loaded()),
            ("glGenerateMipmap", gl.GenerateMipmap.is_loaded()),
            ("glTexImage3D", gl.TexImage3D.is_loaded()),
            ("glSecondaryColor3f", gl.SecondaryColor3f.is_loaded()),
            ("glFogCoordf", gl.FogCoordf.is_loaded()),
            ("glMultiTexCoord4f", gl.MultiTexCoord4f.is_loaded()),
        ];
        match entry_points.iter().find(|(_, loaded)| !loaded) {
            Some((name, _)) => Err(OracleError::Egl {
                call: "eglGetProcAddress",
                error: format!("{name} is missing"),
            }),
            None => Ok(()),
        }
    }

    /// Makes the context current on this thread unless it already is (another oracle on the same thread
    /// may have taken over).
    pub(crate) fn make_current(&self) -> Result<(), OracleError> {
        let egl = self.display.egl;
        if egl.get_current_context() == Some(self.context) {
            return Ok(());
        }
        egl.make_current(self.display.display, None, None, Some(self.context))
            .map_err(|e| egl_error("eglMakeCurrent (surfaceless)", e))
    }

    /// The GL_RENDERER string, after checking that the context is what `renderer` asked for: llvmpipe with
    /// ARB_fragment_program, or a native driver with NV_fragment_program.
    pub(crate) fn check_renderer(&self, renderer: Renderer) -> Result<String, OracleError> {
        let name = get_string(&self.gl, gl::RENDERER);
        check(&self.gl, "querying GL_RENDERER")?;
        let required = match renderer {
            Renderer::Llvmpipe { .. } if !name.contains("llvmpipe") => {
                return Err(OracleError::NotLlvmpipe { renderer: name });
            }
            Renderer::Llvmpipe { .. } => "GL_ARB_fragment_program",
            Renderer::Native => "GL_NV_fragment_program",
        };
        let extensions = get_string(&self.gl, gl::EXTENSIONS);
        check(&self.gl, "querying GL_EXTENSIONS")?;
        if !has_word(&extensions, required) {
            return Err(OracleError::MissingExtension {
                api: "OpenGL",
                extension: required,
            });
        }
        Ok(name)
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        let egl = self.display.egl;
        // Failures cannot be reported from drop; the display's termination reclaims whatever is left.
        if egl.get_current_context() == Some(self.context) {
            let _ = egl.make_current(self.display.display, None, None, None);
        }
        let _ = egl.destroy_context(self.display.display, self.context);
    }
}
