//! The render target: a framebuffer object with one RGBA32F colour renderbuffer, resized on demand, read back
//! as floats with row 0 at the bottom (glReadPixels' order, which is also `pigment run --raw`'s).

use crate::error::OracleError;
use crate::gl::{self, types::GLuint, Gl};
use crate::glcheck::check;

pub(crate) struct Framebuffer {
    framebuffer: GLuint,
    renderbuffer: GLuint,
    size: (u32, u32),
}

impl Framebuffer {
    /// Creates the framebuffer, bound for drawing and reading, with no storage yet, and turns colour
    /// clamping off so values leave the program and come back exactly as stored.
    pub(crate) fn create(gl: &Gl) -> Result<Framebuffer, OracleError> {
        let mut framebuffer = 0;
        let mut renderbuffer = 0;
        // SAFETY: the context is current; the pointers are to local variables of the right type.
        unsafe {
            gl.GenFramebuffers(1, &mut framebuffer);
            gl.GenRenderbuffers(1, &mut renderbuffer);
            gl.BindFramebuffer(gl::FRAMEBUFFER, framebuffer);
            gl.BindRenderbuffer(gl::RENDERBUFFER, renderbuffer);
        }
        check(gl, "creating the framebuffer")?;
        // SAFETY: the context is current.
        unsafe {
            gl.ClampColor(gl::CLAMP_VERTEX_COLOR, gl::FALSE as u32);
            gl.ClampColor(gl::CLAMP_FRAGMENT_COLOR, gl::FALSE as u32);
            gl.ClampColor(gl::CLAMP_READ_COLOR, gl::FALSE as u32);
        }
        check(gl, "turning colour clamping off")?;
        Ok(Framebuffer {
            framebuffer,
            renderbuffer,
            size: (0, 0),
        })
    }

    /// Gives the colour buffer `width` x `height` float texels (keeping them when the size is unchanged),
    /// binds the framebuffer and sets the viewport to cover it.
    pub(crate) fn prepare(&mut self, gl: &Gl, width: u32, height: u32) -> Result<(), OracleError> {
        let (w, h) = gl_size(gl, width, height)?;
        // SAFETY: the context is current and the names were created by `create`.
        unsafe {
            gl.BindFramebuffer(gl::FRAMEBUFFER, self.framebuffer);
            gl.BindRenderbuffer(gl::RENDERBUFFER, self.renderbuffer);
            if self.size != (width, height) {
                gl.RenderbufferStorage(gl::RENDERBUFFER, gl::RGBA32F, w, h);
                gl.FramebufferRenderbuffer(
                    gl::FRAMEBUFFER,
                    gl::COLOR_ATTACHMENT0,
                    gl::RENDERBUFFER,
                    self.renderbuffer,
                );
            }
        }
        check(gl, "allocating the RGBA32F colour buffer")?;
        self.size = (width, height);
        // SAFETY: the context is current.
        let status = unsafe { gl.CheckFramebufferStatus(gl::FRAMEBUFFER) };
        if status != gl::FRAMEBUFFER_COMPLETE {
            return Err(OracleError::Gl {
                step: "completing the framebuffer",
                error: format!("status 0x{status:04X}"),
            });
        }
        // SAFETY: the context is current.
        unsafe {
            gl.DrawBuffer(gl::COLOR_ATTACHMENT0);
            gl.ReadBuffer(gl::COLOR_ATTACHMENT0);
            gl.Viewport(0, 0, w, h);
        }
        check(gl, "setting the viewport")
    }

    /// Fills the colour buffer with (0, 0, 0, 0): what killed fragments keep.
    pub(crate) fn clear(&self, gl: &Gl) -> Result<(), OracleError> {
        // SAFETY: the context is current.
        unsafe {
            gl.ClearColor(0.0, 0.0, 0.0, 0.0);
            gl.Clear(gl::COLOR_BUFFER_BIT);
        }
        check(gl, "clearing the colour buffer")
    }

    /// The colour buffer as W*H*4 floats, row 0 (bottom) first.
    pub(crate) fn read(&self, gl: &Gl) -> Result<Vec<f32>, OracleError> {
        let (width, height) = self.size;
        let (w, h) = gl_size(gl, width, height)?;
        let mut pixels = vec![0.0f32; width as usize * height as usize * 4];
        // SAFETY: the context is current, the framebuffer holds `width` x `height` RGBA texels, PACK_ALIGNMENT
        // is irrelevant for 16-byte texels, and `pixels` has room for all of them as floats.
        unsafe {
            gl.PixelStorei(gl::PACK_ALIGNMENT, 4);
            gl.ReadPixels(0, 0, w, h, gl::RGBA, gl::FLOAT, pixels.as_mut_ptr().cast());
        }
        check(gl, "reading the colour buffer back")?;
        Ok(pixels)
    }
}

/// `width` x `height` as GL sizes, checked against the implementation's renderbuffer limit.
fn gl_size(gl: &Gl, width: u32, height: u32) -> Result<(i32, i32), OracleError> {
    let mut max = 0;
    // SAFETY: the context is current; `max` is a valid GLint destination.
    unsafe { gl.GetIntegerv(gl::MAX_RENDERBUFFER_SIZE, &mut max) };
    let fits = |n: u32| n >= 1 && i64::from(n) <= i64::from(max);
    if fits(width) && fits(height) {
        Ok((width as i32, height as i32))
    } else {
        Err(OracleError::InvalidInput(format!(
            "target size {width}x{height} is outside 1..={max} per side"
        )))
    }
}
