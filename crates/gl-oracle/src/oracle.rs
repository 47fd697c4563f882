//! [`Oracle`]: one llvmpipe context that draws the reference quad with an ARB fragment program and reads the
//! floats back, or times repeated draws for the benchmark.

use crate::context::Context;
use crate::display::{DisplayRef, Renderer};
use crate::error::OracleError;
use crate::framebuffer::Framebuffer;
use crate::gl::Gl;
use crate::glcheck::check;
use crate::program::LoadedProgram;
use crate::quad;
use crate::texture::{BoundTextures, OracleTexture};
use std::marker::PhantomData;
use std::time::{Duration, Instant};

/// What a draw reads besides its fragment attributes: `program.local[N]` values and textures by unit.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Inputs {
    pub locals: Vec<(u32, [f32; 4])>,
    pub textures: Vec<(u32, OracleTexture)>,
}

/// Mesa's llvmpipe, ready to draw the reference quad.
///
/// A GL context is current on one thread, so an `Oracle` stays on the thread that made it: it is neither
/// `Send` nor `Sync`. Several oracles may live at once, on one thread or many; they share the process's one
/// EGL display (see [`Oracle::with_threads`]).
pub struct Oracle {
    pub(crate) context: Context,
    pub(crate) framebuffer: Framebuffer,
    renderer: String,
    _bound_to_thread: PhantomData<*const ()>,
}

impl Oracle {
    /// An oracle with llvmpipe's default rasterizer thread count: the `LP_NUM_THREADS` the process started
    /// with, else one per CPU. If another oracle is alive, this one shares its display and thread count.
    pub fn new() -> Result<Oracle, OracleError> {
        Oracle::create(None)
    }

    /// An oracle whose llvmpipe rasterizes with `threads` threads (0: in the drawing thread itself).
    ///
    /// llvmpipe reads `LP_NUM_THREADS` when the EGL display is initialised, and the display is shared by all
    /// oracles of the process. So this works whenever no other oracle is alive: the last oracle to drop
    /// terminates the display and the next one starts a fresh llvmpipe screen. While an oracle with a
    /// different count lives, this fails with [`OracleError::ThreadCountConflict`]. It sets the process's
    /// `LP_NUM_THREADS`, `LIBGL_ALWAYS_SOFTWARE` and `GALLIUM_DRIVER` environment variables.
    pub fn with_threads(threads: u32) -> Result<Oracle, OracleError> {
        Oracle::create(Some(threads))
    }

    /// An oracle on the system's own GL driver instead of llvmpipe, for [`Oracle::draw_nv_program`]: it
    /// needs GL_NV_fragment_program, which NVIDIA's drivers still implement. It cannot live in one process
    /// beside an llvmpipe oracle ([`OracleError::RendererConflict`]).
    pub fn native() -> Result<Oracle, OracleError> {
        Oracle::open(Renderer::Native)
    }

    fn create(threads: Option<u32>) -> Result<Oracle, OracleError> {
        Oracle::open(Renderer::Llvmpipe { threads })
    }

    fn open(kind: Renderer) -> Result<Oracle, OracleError> {
        let context = Context::create(DisplayRef::acquire(kind)?)?;
        let renderer = context.check_renderer(kind)?;
        let framebuffer = Framebuffer::create(&context.gl)?;
        quad::set_fixed_state(&context.gl)?;
        Ok(Oracle {
            context,
            framebuffer,
            renderer,
            _bound_to_thread: PhantomData,
        })
    }

    /// GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    pub fn renderer(&self) -> &str {
        &self.renderer
    }

    /// Draws the reference quad at `width` x `height` with the ARB fragment program `arb_program_text`
    /// (`!!ARBfp1.0 ... END`) and returns `width * height * 4` floats, RGBA per pixel, row 0 at the bottom:
    /// `pigment run --raw`'s layout. Killed fragments keep the clear colour (0, 0, 0, 0).
    pub fn draw_reference_quad(
        &mut self,
        arb_program_text: &str,
        width: u32,
        height: u32,
        inputs: &Inputs,
    ) -> Result<Vec<f32>, OracleError> {
        self.draw_loaded(width, height, inputs, |gl| {
            LoadedProgram::load(gl, arb_program_text)
        })
    }

    /// Binds the draw with the fragment program `load` gives, clears, draws and reads back.
    fn draw_loaded(
        &mut self,
        width: u32,
        height: u32,
        inputs: &Inputs,
        load: impl for<'gl> FnOnce(&'gl Gl) -> Result<LoadedProgram<'gl>, OracleError>,
    ) -> Result<Vec<f32>, OracleError> {
        self.context.make_current()?;
        let gl = &self.context.gl;
        let _bound = bind_draw_with(gl, &mut self.framebuffer, width, height, inputs, load)?;
        self.framebuffer.clear(gl)?;
        quad::draw(gl)?;
        self.framebuffer.read(gl)
    }

    /// Draws the quad `repetitions` times (each a clear and a draw) and waits for GL to finish, returning the
    /// time from the first draw to the end of the last; loading the program and textures is not counted.
    pub fn time_draws(
        &mut self,
        arb_program_text: &str,
        width: u32,
        height: u32,
        inputs: &Inputs,
        repetitions: u32,
    ) -> Result<Duration, OracleError> {
        self.context.make_current()?;
        let gl = &self.context.gl;
        let _bound = bind_draw(
            gl,
            &mut self.framebuffer,
            arb_program_text,
            width,
            height,
            inputs,
        )?;
        finish(gl)?;
        let start = Instant::now();
        for _ in 0..repetitions {
            self.framebuffer.clear(gl)?;
            quad::draw(gl)?;
        }
        finish(gl)?;
        Ok(start.elapsed())
    }
}

impl Oracle {
    /// Draws the reference quad with the NV fragment program `nv_program_text` (`!!FP1.0 ... END`) loaded
    /// as it is, on an oracle made by [`Oracle::native`]: `inputs.locals` set `p[N]`, `named` the
    /// `DECLARE`d parameters. Returns the floats as [`Oracle::draw_reference_quad`] does.
    pub fn draw_nv_program(
        &mut self,
        nv_program_text: &str,
        width: u32,
        height: u32,
        inputs: &Inputs,
        named: &[(String, [f32; 4])],
    ) -> Result<Vec<f32>, OracleError> {
        self.draw_loaded(width, height, inputs, |gl| {
            let program = LoadedProgram::load_nv(gl, nv_program_text)?;
            program.set_named(named)?;
            Ok(program)
        })
    }
}

/// An ARB vertex program (`!!ARBvp1.0 ... END`) and its `program.local[N]` values, for
/// [`Oracle::draw_with_vertex_program`].
#[derive(Clone, Copy, Debug)]
pub struct VertexProgram<'a> {
    pub text: &'a str,
    pub locals: &'a [(u32, [f32; 4])],
}

impl Oracle {
    /// [`Oracle::draw_reference_quad`] with the ARB vertex program `vertex` transforming the
    /// quad's vertices (their conventional attributes: `vertex.position`, `vertex.texcoord[n]`,
    /// `vertex.color`, ... as the reference quad gives them). Vertex colours are not clamped, so
    /// `result.color` reaches the fragment program as the vertex program wrote it.
    pub fn draw_with_vertex_program(
        &mut self,
        vertex: VertexProgram<'_>,
        fragment_text: &str,
        width: u32,
        height: u32,
        inputs: &Inputs,
    ) -> Result<Vec<f32>, OracleError> {
        self.context.make_current()?;
        let gl = &self.context.gl;
        let _bound = bind_draw(
            gl,
            &mut self.framebuffer,
            fragment_text,
            width,
            height,
            inputs,
        )?;
        let program = LoadedProgram::load_vertex(gl, vertex.text)?;
        program.set_locals(vertex.locals)?;
        // SAFETY: the context is current.
        unsafe { gl.ClampColor(crate::gl::CLAMP_VERTEX_COLOR, u32::from(crate::gl::FALSE)) };
        check(gl, "unclamping vertex colours")?;
        self.framebuffer.clear(gl)?;
        let drawn = quad::draw(gl).and_then(|()| self.framebuffer.read(gl));
        // SAFETY: the context is current.
        unsafe { gl.ClampColor(crate::gl::CLAMP_VERTEX_COLOR, u32::from(crate::gl::TRUE)) };
        drawn
    }
}

/// The GL objects of one draw; they are deleted when this is dropped.
struct BoundDraw<'gl> {
    _textures: BoundTextures<'gl>,
    _program: LoadedProgram<'gl>,
}

/// Sizes the target, uploads the textures and loads the ARB program with its locals.
fn bind_draw<'gl>(
    gl: &'gl Gl,
    framebuffer: &mut Framebuffer,
    arb_program_text: &str,
    width: u32,
    height: u32,
    inputs: &Inputs,
) -> Result<BoundDraw<'gl>, OracleError> {
    bind_draw_with(gl, framebuffer, width, height, inputs, |gl| {
        LoadedProgram::load(gl, arb_program_text)
    })
}

/// Sizes the target, uploads the textures and loads the program `load` gives with its locals.
fn bind_draw_with<'gl>(
    gl: &'gl Gl,
    framebuffer: &mut Framebuffer,
    width: u32,
    height: u32,
    inputs: &Inputs,
    load: impl FnOnce(&'gl Gl) -> Result<LoadedProgram<'gl>, OracleError>,
) -> Result<BoundDraw<'gl>, OracleError> {
    framebuffer.prepare(gl, width, height)?;
    let textures = BoundTextures::upload(gl, &inputs.textures)?;
    let program = load(gl)?;
    program.set_locals(&inputs.locals)?;
    Ok(BoundDraw {
        _textures: textures,
        _program: program,
    })
}

fn finish(gl: &Gl) -> Result<(), OracleError> {
    // SAFETY: the context is current.
    unsafe { gl.Finish() };
    check(gl, "waiting for GL to finish")
}
