//! Rendering on the NV_fragment_program machine: a program loaded with its header's bindings, its
//! parameters and textures bound ([`bindings`]), run by the JIT or the interpreter over the
//! reference quad (`shared/specs/reference-quad.md`: s, t in [0, 1] across the target).

pub mod bindings;
pub mod eval;
pub mod isl;
pub mod stages;
pub mod vertex;
pub mod vertex_textures;

use crate::compile::{cg, CompileRequest};
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
pub use crate::program::{load_compiled, Loaded};
use crate::{Language, Session};
pub use bindings::{Bindings, Bound, TextureSlot, Unbound};
use nvfp::exec::Machine;
use nvfp::program::Program;
pub use nvfp::render::{Framebuffer, RowSink};
use std::time::{Duration, Instant};

/// What runs a program's fragments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Executor {
    /// Code compiled by Cranelift where the host has it (x86_64, aarch64), else the interpreter.
    #[default]
    Jit,
    /// The interpreter, which defines the machine's results (the JIT equals it bit for bit).
    Interpreter,
}

/// The machine that runs `program`, and a warning when the JIT was asked for but cannot compile
/// it (the interpreter runs instead), with the JIT's compile time.
pub fn machine(
    program: &Program,
    executor: Executor,
) -> (Machine, Option<std::time::Duration>, Option<String>) {
    if executor == Executor::Interpreter || !nvfp_jit::enabled_by_default() {
        return (Machine::new(program), None, None);
    }
    match nvfp_jit::machine(program) {
        (machine, Ok(time)) => (machine, Some(time), None),
        (machine, Err(e)) => (machine, None, Some(format!("{e}; interpreting"))),
    }
}

/// How to render the reference quad.
#[derive(Clone, Debug)]
pub struct RenderOptions {
    /// The target's width in pixels.
    pub width: u32,
    /// The target's height in pixels.
    pub height: u32,
    /// Parameter values and textures.
    pub bindings: Bindings,
    /// What runs the fragments.
    pub executor: Executor,
    /// The most bytes the render may allocate (`nvfp::budget`), checked before allocating.
    pub memory_budget: u64,
}

impl RenderOptions {
    /// A `width` x `height` target with nothing bound, run by the JIT.
    pub fn new(width: u32, height: u32) -> RenderOptions {
        RenderOptions {
            width,
            height,
            bindings: Bindings::default(),
            executor: Executor::Jit,
            memory_budget: nvfp::budget::DEFAULT_MEMORY_BUDGET,
        }
    }
}

/// How long the work took.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timings {
    /// The JIT's compile time (`None`: the interpreter ran).
    pub jit_compile: Option<Duration>,
    /// Shading every fragment.
    pub shading: Duration,
}

/// A rendered picture and what was said on the way.
pub struct Rendered {
    /// The picture: RGBA f32 per pixel, bottom row first, unclamped.
    pub image: Framebuffer,
    /// The compiler's and the header's warnings.
    pub warnings: Diagnostics,
    /// What the bindings did not bind.
    pub unbound: Vec<Unbound>,
    /// The machine's warning where the JIT was asked for but the interpreter ran.
    pub executor_warning: Option<String>,
    /// How long the work took.
    pub timings: Timings,
}

/// Hands every row of a finished picture to `sink`.
pub fn send_rows(sink: &dyn RowSink, image: &Framebuffer) {
    nvfp::render::send_rows(sink, image.width as usize, &image.pixels);
}

/// Binds `bindings` for `loaded` and lets `draw` shade a new target of `options`' size with it.
pub fn shade(
    loaded: &Loaded,
    bindings: &Bindings,
    options: &RenderOptions,
    draw: impl FnOnce(&nvfp::render::Shader<'_>, &mut Framebuffer),
) -> Result<Rendered> {
    shade_with_units(loaded, bindings, &[], options, draw)
}

/// [`shade`] with textures the caller made (`units`: unit and texture, an ISL pass's frame buffer
/// and render targets) bound after `bindings`' own.
pub fn shade_with_units(
    loaded: &Loaded,
    bindings: &Bindings,
    units: &[(u8, nvfp::texture::Texture)],
    options: &RenderOptions,
    draw: impl FnOnce(&nvfp::render::Shader<'_>, &mut Framebuffer),
) -> Result<Rendered> {
    shade_into(loaded, bindings, units, options, |shader| {
        let mut image = Framebuffer::new(options.width, options.height);
        draw(shader, &mut image);
        image
    })
}

/// Binds `bindings` and `units` for `loaded`, makes the machine and lets `draw` shade with it,
/// timing the shading; `draw` returns the picture (empty where a sink took it instead).
fn shade_into(
    loaded: &Loaded,
    bindings: &Bindings,
    units: &[(u8, nvfp::texture::Texture)],
    options: &RenderOptions,
    draw: impl FnOnce(&nvfp::render::Shader<'_>) -> Framebuffer,
) -> Result<Rendered> {
    charge_render(options)?;
    let mut bound = bindings::bind(loaded, bindings)?;
    for (unit, texture) in units {
        bound.textures.bind(*unit, texture.clone());
    }
    let (machine, jit_compile, executor_warning) = machine(&loaded.program, options.executor);
    let shader = nvfp::render::Shader {
        program: &loaded.program,
        machine: &machine,
        params: &bound.params,
        textures: &bound.textures,
    };
    let start = Instant::now();
    let image = draw(&shader);
    Ok(Rendered {
        image,
        warnings: Diagnostics::new(),
        unbound: bound.unbound,
        executor_warning,
        timings: Timings {
            jit_compile,
            shading: start.elapsed(),
        },
    })
}

/// Refuses a render whose target would not fit `options.memory_budget`.
pub fn charge_render(options: &RenderOptions) -> Result<()> {
    let mut budget = nvfp::budget::MemoryBudget::new(options.memory_budget);
    budget
        .charge_pixels(
            "render target",
            options.width,
            options.height,
            nvfp::budget::RENDER_BYTES_PER_PIXEL,
        )
        .map_err(Error::Request)
}

/// Renders the reference quad with `loaded` into a new target of `options`' size.
pub fn reference_quad(loaded: &Loaded, options: &RenderOptions) -> Result<Rendered> {
    reference_quad_streamed(loaded, options, &(), Keep::Picture)
}

/// Whether a streamed render keeps the whole picture besides handing its rows to a sink.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// [`Rendered::image`] holds the picture.
    Picture,
    /// The sink is the only one to see the picture, which is never held whole: each band is
    /// shaded into a buffer of its thread's where the renderer can
    /// ([`nvfp::render::shade_reference_quad_to_sink`]), and [`Rendered::image`] is empty (0 x 0).
    SinkOnly,
}

/// [`reference_quad`], handing each band of rows to `sink` as soon as it is shaded, keeping the
/// picture as `keep` says.
pub fn reference_quad_streamed(
    loaded: &Loaded,
    options: &RenderOptions,
    sink: &dyn RowSink,
    keep: Keep,
) -> Result<Rendered> {
    let (width, height) = (options.width, options.height);
    shade_into(
        loaded,
        &options.bindings,
        &[],
        options,
        |shader| match keep {
            Keep::Picture => {
                let mut image = Framebuffer::new(width, height);
                nvfp::render::shade_reference_quad_streamed(shader, &mut image, sink);
                image
            }
            Keep::SinkOnly => {
                nvfp::render::shade_reference_quad_to_sink(shader, width, height, sink);
                Framebuffer::new(0, 0)
            }
        },
    )
}

impl Session {
    /// Loads the request's program on the machine: an NV_fragment_program as written, or a Cg
    /// fragment entry compiled for fp30. The warnings come with it.
    pub fn load(&self, request: &CompileRequest) -> Result<(Loaded, Diagnostics)> {
        match request.resolved_language()? {
            Language::NvProgram => crate::program::load_nv(self, &request.source),
            Language::Cg => {
                let mut found = Diagnostics::new();
                let compiled = cg::compile_fragment(self, request, &mut found)?;
                Ok((load_compiled(compiled)?, found))
            }
            other => Err(Error::Request(format!(
                "{other} programs render through their own scenes and stages, not the reference quad alone"
            ))),
        }
    }

    /// Renders the reference quad with the request's fragment program (NV_fragment_program, or Cg
    /// compiled for fp30); with a vertex entry (Cg), through both stages ([`stages`]). Textures
    /// bound by sampler name serve the fragment program.
    ///
    /// ```
    /// use pigment::{render::RenderOptions, CompileRequest, Session, Target};
    /// let mut session = Session::new();
    /// session.add_source("uv.cg", "float4 main(float4 t : TEXCOORD0) : COLOR { return t; }\n");
    /// let request = CompileRequest::new("uv.cg", Target::Fp30);
    /// let rendered = session.render(&request, &RenderOptions::new(4, 4)).unwrap();
    /// // f[TEX0] holds (s, t, 0, 1) at the pixel's centre: the first pixel is at (1/8, 1/8).
    /// assert_eq!(rendered.image.pixels[0], [0.125, 0.125, 0.0, 1.0]);
    /// ```
    pub fn render(&self, request: &CompileRequest, options: &RenderOptions) -> Result<Rendered> {
        self.render_streamed(request, options, &(), Keep::Picture)
    }

    /// [`Session::render`], handing the picture's rows to `sink` as they are finished: band by
    /// band while the reference quad is shaded (so that writing files overlaps shading, as
    /// [`nvfp::image::FrameFiles`] does), all at once after a render through a vertex stage.
    /// With [`Keep::SinkOnly`] the returned image is empty and the reference quad's picture is
    /// never held whole (`pigment run` writing its files).
    ///
    /// ```
    /// use pigment::render::{Keep, RenderOptions, RowSink};
    /// use pigment::{CompileRequest, Session, Target};
    /// use std::sync::Mutex;
    ///
    /// /// Adds up the red channel of every row it is handed.
    /// struct RedSum(Mutex<f32>);
    /// impl RowSink for RedSum {
    ///     fn rows_done(&self, _first_row: usize, pixels: &[[f32; 4]]) {
    ///         *self.0.lock().unwrap() += pixels.iter().map(|p| p[0]).sum::<f32>();
    ///     }
    /// }
    ///
    /// let mut session = Session::new();
    /// session.add_source("s.cg", "float4 main(float4 t : TEXCOORD0) : COLOR { return t.xxxx; }\n");
    /// let request = CompileRequest::new("s.cg", Target::Fp30);
    /// let sum = RedSum(Mutex::new(0.0));
    /// let options = RenderOptions::new(4, 2);
    /// let rendered = session.render_streamed(&request, &options, &sum, Keep::SinkOnly).unwrap();
    /// assert!(rendered.image.pixels.is_empty());
    /// // s at the columns' centres: 1/8, 3/8, 5/8, 7/8, on each of the two rows.
    /// assert_eq!(*sum.0.lock().unwrap(), 4.0);
    /// ```
    pub fn render_streamed(
        &self,
        request: &CompileRequest,
        options: &RenderOptions,
        sink: &dyn RowSink,
        keep: Keep,
    ) -> Result<Rendered> {
        let mut rendered = self.render_to(request, options, sink, keep)?;
        if keep == Keep::SinkOnly {
            rendered.image = Framebuffer::new(0, 0);
        }
        Ok(rendered)
    }

    /// [`Session::render_streamed`] before an image that was held anyway is dropped.
    fn render_to(
        &self,
        request: &CompileRequest,
        options: &RenderOptions,
        sink: &dyn RowSink,
        keep: Keep,
    ) -> Result<Rendered> {
        if request.resolved_language()? == Language::Parasol {
            let rendered = parasol(self, request, options)?;
            send_rows(sink, &rendered.image);
            return Ok(rendered);
        }
        let (loaded, mut warnings) = self.load(request)?;
        let mut rendered = match &request.vertex_entry {
            None => reference_quad_streamed(&loaded, options, sink, keep)?,
            Some(entry) => {
                let lowered = cg::lower_vertex(self, request, entry, &mut warnings)?;
                let stage = stages::VertexStage {
                    function: lowered.function(entry)?,
                    attribute: &|input, s, t| vertex::attribute(input.semantic.as_deref(), s, t),
                };
                let rendered = stages::render_through(&loaded, stage, options)?;
                send_rows(sink, &rendered.image);
                rendered
            }
        };
        rendered.warnings = warnings;
        Ok(rendered)
    }
}

/// A Parasol program (`request.vertex_entry`, `package.Module.name`): its vertex shader run per
/// vertex of the quad, its inputs taking, in declaration order, the quad's position, texture
/// coordinate, colour and second coordinate set ((0, 0, 0, 1) after that); its fragment shader
/// compiled for fp30 and run on the machine.
fn parasol(
    session: &Session,
    request: &CompileRequest,
    options: &RenderOptions,
) -> Result<Rendered> {
    let Some(program) = &request.vertex_entry else {
        return Err(Error::Request(
            "rendering Parasol needs `--program package.Module.name`".into(),
        ));
    };
    let lowered = crate::compile::parasol::lower_program(session, request, program)?;
    let mut module = pigment_ir::Module::new();
    let entry = lowered.fragment.name.clone();
    module.functions.append(lowered.fragment.clone());
    let compiled = pigment_fp30::compile(&module, &entry, &pigment_fp30::Options::default())
        .map_err(|errors| lowered.rejected(&errors))?;
    let loaded = load_compiled(compiled)?;
    let vertex = &lowered.vertex;
    let attribute = |input: &pigment_ir::Input, s: f32, t: f32| {
        const ORDER: [&str; 4] = ["POSITION", "TEXCOORD0", "COLOR0", "TEXCOORD1"];
        let place = vertex.inputs.iter().position(|(_, i)| i.name == input.name);
        vertex::attribute(place.and_then(|k| ORDER.get(k)).copied(), s, t)
    };
    let stage = stages::VertexStage {
        function: vertex,
        attribute: &attribute,
    };
    let mut rendered = stages::render_through(&loaded, stage, options)?;
    rendered.warnings = lowered.warnings.clone();
    Ok(rendered)
}
