//! Drawing the reference quad with a GLSL program (a vertex and a fragment shader linked
//! together): compiling and linking with GL's own logs as errors, binding attributes and fragment
//! outputs by name before the link (for versions without `layout(location)`), and setting
//! uniforms and sampler units by name. The quad feeds both the fixed-function attributes (what
//! GLSL 1.10/1.20's `gl_Vertex`, `gl_MultiTexCoordN` read) and the generic ones at NVIDIA's
//! aliasing (`POSITION` 0, `COLOR0` 3, `COLOR1` 4, `TEXCOORDn` 8+n).

use crate::error::OracleError;
use crate::gl::{self, types::GLuint, Gl};
use crate::glcheck::check;
use crate::oracle::Oracle;
use crate::quad;
use crate::texture::{BoundTextures, OracleTexture};
use std::ffi::CString;

/// A uniform's value: one 1-4 component element per array element, as floats or as ints (int and
/// bool uniforms).
#[derive(Clone, Debug, PartialEq)]
pub struct GlslUniform {
    pub name: String,
    pub width: u8,
    pub int: bool,
    pub elements: Vec<[f32; 4]>,
}

/// What a GLSL draw binds besides the shaders.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GlslInputs {
    pub uniforms: Vec<GlslUniform>,
    /// Sampler uniforms by name and the unit each reads.
    pub samplers: Vec<(String, u32)>,
    pub textures: Vec<(u32, OracleTexture)>,
    /// Vertex inputs by name and generic attribute location, bound before linking.
    pub attributes: Vec<(String, u32)>,
    /// Fragment outputs by name and colour number, bound before linking.
    pub outputs: Vec<(String, u32)>,
    /// Values of generic attributes the quad does not feed (1, 2, 5-7), the same at every
    /// vertex: what a runtime gives with `glVertexAttrib4f` (libretro's white `COLOR`).
    pub constant_attributes: Vec<(u32, [f32; 4])>,
}

/// A linked program object, deleted (with its shaders) when dropped.
struct LinkedProgram<'gl> {
    gl: &'gl Gl,
    program: GLuint,
    shaders: Vec<GLuint>,
}

impl Drop for LinkedProgram<'_> {
    fn drop(&mut self) {
        // SAFETY: the context that made these objects is current for the whole draw.
        unsafe {
            self.gl.UseProgram(0);
            for &s in &self.shaders {
                self.gl.DeleteShader(s);
            }
            self.gl.DeleteProgram(self.program);
        }
    }
}

fn c_string(text: &str) -> Result<CString, OracleError> {
    CString::new(text)
        .map_err(|_| OracleError::InvalidInput("a name or shader contains NUL".into()))
}

/// GL's info log of a shader (`program == false`) or program object.
fn info_log(gl: &Gl, object: GLuint, program: bool) -> String {
    let mut length = 0;
    // SAFETY: the context is current; `length` is a valid GLint destination.
    unsafe {
        if program {
            gl.GetProgramiv(object, gl::INFO_LOG_LENGTH, &mut length)
        } else {
            gl.GetShaderiv(object, gl::INFO_LOG_LENGTH, &mut length)
        }
    };
    let mut buffer = vec![0u8; length.max(1) as usize];
    let mut written = 0;
    // SAFETY: `buffer` holds `length` bytes, the size GL is told.
    unsafe {
        if program {
            gl.GetProgramInfoLog(
                object,
                length.max(1),
                &mut written,
                buffer.as_mut_ptr().cast(),
            )
        } else {
            gl.GetShaderInfoLog(
                object,
                length.max(1),
                &mut written,
                buffer.as_mut_ptr().cast(),
            )
        }
    };
    buffer.truncate(written.max(0) as usize);
    String::from_utf8_lossy(&buffer).trim().to_string()
}

fn compile(
    gl: &Gl,
    kind: gl::types::GLenum,
    text: &str,
    what: &'static str,
) -> Result<GLuint, OracleError> {
    let source = c_string(text)?;
    let mut ok = 0;
    // SAFETY: the context is current; `source` is NUL-terminated and outlives the call.
    let shader = unsafe {
        let shader = gl.CreateShader(kind);
        gl.ShaderSource(shader, 1, &source.as_ptr(), std::ptr::null());
        gl.CompileShader(shader);
        gl.GetShaderiv(shader, gl::COMPILE_STATUS, &mut ok);
        shader
    };
    if ok == 0 {
        let log = info_log(gl, shader, false);
        // SAFETY: the context is current; `shader` is a shader name it made.
        unsafe { gl.DeleteShader(shader) };
        return Err(OracleError::Glsl { what, log });
    }
    Ok(shader)
}

fn link<'gl>(
    gl: &'gl Gl,
    vertex: &str,
    fragment: &str,
    inputs: &GlslInputs,
) -> Result<LinkedProgram<'gl>, OracleError> {
    let vs = compile(gl, gl::VERTEX_SHADER, vertex, "vertex shader")?;
    let mut linked = LinkedProgram {
        gl,
        program: 0,
        shaders: vec![vs],
    };
    linked.shaders.push(compile(
        gl,
        gl::FRAGMENT_SHADER,
        fragment,
        "fragment shader",
    )?);
    // SAFETY: the context is current; the shader names are live.
    unsafe {
        linked.program = gl.CreateProgram();
        for &s in &linked.shaders {
            gl.AttachShader(linked.program, s);
        }
    }
    for (name, location) in &inputs.attributes {
        let n = c_string(name)?;
        // SAFETY: `n` is NUL-terminated; the program name is live.
        unsafe { gl.BindAttribLocation(linked.program, *location, n.as_ptr()) };
    }
    for (name, color) in &inputs.outputs {
        let n = c_string(name)?;
        // SAFETY: as above.
        unsafe { gl.BindFragDataLocation(linked.program, *color, n.as_ptr()) };
    }
    let mut ok = 0;
    // SAFETY: the context is current; `ok` is a valid GLint destination.
    unsafe {
        gl.LinkProgram(linked.program);
        gl.GetProgramiv(linked.program, gl::LINK_STATUS, &mut ok);
    }
    if ok == 0 {
        return Err(OracleError::Glsl {
            what: "program link",
            log: info_log(gl, linked.program, true),
        });
    }
    // SAFETY: the program linked.
    unsafe { gl.UseProgram(linked.program) };
    check(gl, "using the GLSL program")?;
    Ok(linked)
}

/// The names of the program's active `mat4` uniforms.
fn matrix_uniforms(gl: &Gl, program: GLuint) -> Vec<String> {
    let mut count = 0;
    // SAFETY: the context is current; `count` is a valid GLint destination.
    unsafe { gl.GetProgramiv(program, gl::ACTIVE_UNIFORMS, &mut count) };
    let mut names = Vec::new();
    for index in 0..count.max(0) as u32 {
        let mut name = [0u8; 256];
        let (mut written, mut size, mut ty) = (0, 0, 0);
        // SAFETY: `name` holds 256 bytes, the size GL is told; the others are valid destinations.
        unsafe {
            gl.GetActiveUniform(
                program,
                index,
                name.len() as i32,
                &mut written,
                &mut size,
                &mut ty,
                name.as_mut_ptr().cast(),
            )
        };
        if ty == gl::FLOAT_MAT4 {
            let name = &name[..written.max(0) as usize];
            names.push(String::from_utf8_lossy(name).to_string());
        }
    }
    names
}

/// Sets each uniform that the program has (the linker drops unused ones, which is not an error).
/// A `mat4` uniform takes four 4-component elements, its columns.
fn set_uniforms(gl: &Gl, program: GLuint, inputs: &GlslInputs) -> Result<(), OracleError> {
    let matrices = matrix_uniforms(gl, program);
    for u in &inputs.uniforms {
        let n = c_string(&u.name)?;
        // SAFETY: `n` is NUL-terminated; the program is linked and in use.
        let location = unsafe { gl.GetUniformLocation(program, n.as_ptr()) };
        if location < 0 {
            continue;
        }
        let count = u.elements.len() as i32;
        let floats: Vec<f32> = u
            .elements
            .iter()
            .flat_map(|e| e[..u.width as usize].to_vec())
            .collect();
        let ints: Vec<i32> = floats.iter().map(|&x| x as i32).collect();
        if matrices.contains(&u.name) && u.width == 4 && count % 4 == 0 {
            // SAFETY: `floats` holds count / 4 column-major matrices.
            unsafe { gl.UniformMatrix4fv(location, count / 4, gl::FALSE, floats.as_ptr()) };
            check(gl, "setting a matrix uniform")?;
            continue;
        }
        // SAFETY: the vectors hold `count` elements of `width` components each.
        unsafe {
            match (u.int, u.width) {
                (false, 1) => gl.Uniform1fv(location, count, floats.as_ptr()),
                (false, 2) => gl.Uniform2fv(location, count, floats.as_ptr()),
                (false, 3) => gl.Uniform3fv(location, count, floats.as_ptr()),
                (false, _) => gl.Uniform4fv(location, count, floats.as_ptr()),
                (true, 1) => gl.Uniform1iv(location, count, ints.as_ptr()),
                (true, 2) => gl.Uniform2iv(location, count, ints.as_ptr()),
                (true, 3) => gl.Uniform3iv(location, count, ints.as_ptr()),
                (true, _) => gl.Uniform4iv(location, count, ints.as_ptr()),
            }
        }
        check(gl, "setting a uniform")?;
    }
    for (name, unit) in &inputs.samplers {
        let n = c_string(name)?;
        // SAFETY: as above.
        unsafe {
            let location = gl.GetUniformLocation(program, n.as_ptr());
            if location >= 0 {
                gl.Uniform1i(location, *unit as i32);
            }
        }
        check(gl, "setting a sampler's unit")?;
    }
    Ok(())
}

impl Oracle {
    /// Draws the reference quad at `width` x `height` through the GLSL `vertex` and `fragment`
    /// shaders and returns the floats as [`Oracle::draw_reference_quad`] does.
    pub fn draw_glsl(
        &mut self,
        vertex: &str,
        fragment: &str,
        width: u32,
        height: u32,
        inputs: &GlslInputs,
    ) -> Result<Vec<f32>, OracleError> {
        self.context.make_current()?;
        let gl = &self.context.gl;
        self.framebuffer.prepare(gl, width, height)?;
        let _textures = BoundTextures::upload(gl, &inputs.textures)?;
        // SAFETY: the context is current.
        unsafe { gl.Disable(gl::FRAGMENT_PROGRAM_ARB) };
        let program = link(gl, vertex, fragment, inputs)?;
        set_uniforms(gl, program.program, inputs)?;
        for (index, v) in &inputs.constant_attributes {
            // SAFETY: the context is current; `v` is four floats.
            unsafe { gl.VertexAttrib4fv(*index, v.as_ptr()) };
        }
        check(gl, "setting constant attributes")?;
        self.framebuffer.clear(gl)?;
        let drawn = quad::draw_generic(gl).and_then(|()| self.framebuffer.read(gl));
        for (index, _) in &inputs.constant_attributes {
            // SAFETY: as above; GL's initial value of a generic attribute.
            unsafe { gl.VertexAttrib4f(*index, 0.0, 0.0, 0.0, 1.0) };
        }
        drawn
    }
}
