//! The reference interpreter: runs a function for the four fragments of a 2x2 quad and so defines what
//! the IR means.
//!
//! Fragment `i` of a quad sits at `(i & 1, i >> 1)`, y up: 0 bottom-left, 1 bottom-right, 2 top-left,
//! 3 top-right. `ddx` is right − left in the fragment's row, `ddy` top − bottom in its column (each a
//! `sub` of the operand's kind), the same value for both fragments of the pair.
//!
//! Execution is in lockstep with a per-fragment active mask, like a GPU without branches: every pure
//! instruction is evaluated for all four fragments, whether or not they are active, so derivatives and
//! implicit texture derivatives are defined everywhere (as with NV_fragment_program's predication).
//! Only effects follow the mask: `store` and `discard` act for active fragments, and `break`,
//! `continue` and `return` deactivate the fragments that take them. A region's results, for a fragment
//! whose branch did not yield (it broke out, say, or the region was skipped), are zero.

mod exec;

use crate::function::{Function, Sampler, SourceLoc, Stage};
use crate::types::WriteMask;
use crate::vector::Vector;
use crate::Handle;
use std::fmt;

/// A texture lookup asked of the embedder.
#[derive(Clone, Debug)]
pub struct SampleRequest<'a> {
    pub sampler: Handle<Sampler>,
    pub info: &'a Sampler,
    /// Which fragment of the quad asks (0..4).
    pub fragment: usize,
    /// The coordinates of the four fragments (components beyond the coordinate's width are 0), so the
    /// embedder can compute the level of detail from their differences (projected or not).
    pub quad_coords: [[f32; 4]; 4],
    /// The coordinate's width.
    pub width: u8,
    /// True for `texproj`: the last coordinate component is q.
    pub projective: bool,
    /// Explicit derivatives for `texgrad`.
    pub gradients: Option<([f32; 4], [f32; 4])>,
    /// The explicit level of detail of `texlod` (the embedder uses it instead of derivatives).
    pub lod: Option<f32>,
    /// The bias of `texbias`, added to the level of detail the derivatives give.
    pub bias: Option<f32>,
    /// The level of a `texfetch`, whose `quad_coords` are then texel indices (integers), read
    /// without filtering or wrapping.
    pub fetch_level: Option<i32>,
}

/// Texture lookups, supplied by the embedder (the NV_fragment_program machine's texture units, a test
/// fake, ...).
pub trait Textures {
    fn sample(&mut self, request: &SampleRequest) -> [f32; 4];
}

/// Every lookup returns (0, 0, 0, 0), as a unit with no texture does.
pub struct NoTextures;

impl Textures for NoTextures {
    fn sample(&mut self, _: &SampleRequest) -> [f32; 4] {
        [0.0; 4]
    }
}

/// The values given to a run.
#[derive(Clone, Debug, Default)]
pub struct Bindings {
    /// Per fragment of the quad, one value per input (in `Function::inputs` order).
    pub inputs: [Vec<Vector>; 4],
    /// One list of elements per uniform (one element for a non-array uniform).
    pub uniforms: Vec<Vec<Vector>>,
}

/// Limits that turn runaway programs into errors.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Iterations one execution of a loop may take.
    pub max_loop_iterations: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_loop_iterations: 1 << 16,
        }
    }
}

/// What one output holds after a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutputValue {
    /// The stored components (never-written ones are 0).
    pub value: Vector,
    pub written: WriteMask,
}

/// The result of one fragment.
#[derive(Clone, Debug, PartialEq)]
pub struct FragmentResult {
    /// One per output, in `Function::outputs` order.
    pub outputs: Vec<OutputValue>,
    pub discarded: bool,
}

/// The result of one vertex.
#[derive(Clone, Debug, PartialEq)]
pub struct VertexResult {
    /// One per output (the clip position and the varyings), in `Function::outputs` order.
    pub outputs: Vec<OutputValue>,
}

/// Why a run failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InterpError {
    pub loc: Option<SourceLoc>,
    pub message: String,
}

impl fmt::Display for InterpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Runs `func` for a quad. The function must verify; inputs and uniforms must match its declarations.
pub fn run_quad(
    func: &Function,
    bindings: &Bindings,
    textures: &mut dyn Textures,
    limits: Limits,
) -> Result<[FragmentResult; 4], InterpError> {
    QuadRunner::new(func)?.run(bindings, textures, limits)
}

/// A function verified once and run for many quads ([`run_quad`] verifies it at every call),
/// its value storage allocated once.
///
/// ```
/// use pigment_ir::interp::{Bindings, Limits, NoTextures, QuadRunner};
/// use pigment_ir::Vector;
/// let module = pigment_ir::parse(
///     "fn main(in $t: float @TEXCOORD0, out $o: float @COLOR) {\n  %0: float = input $t\n  \
///      %1: float = add %0, %0\n  store $o, %1\n}\n",
/// )
/// .unwrap();
/// let func = &module.functions.iter().next().unwrap().1;
/// let mut runner = QuadRunner::new(func).unwrap();
/// for x in [1.0f32, 2.5] {
///     let bindings = Bindings {
///         inputs: std::array::from_fn(|_| vec![Vector::floats(&[x])]),
///         uniforms: Vec::new(),
///     };
///     let quad = runner.run(&bindings, &mut NoTextures, Limits::default()).unwrap();
///     assert_eq!(quad[0].outputs[0].value.f32(0), 2.0 * x);
/// }
/// ```
pub struct QuadRunner<'f> {
    func: &'f Function,
    vals: Vec<exec::Lanes>,
}

impl<'f> QuadRunner<'f> {
    /// `func`, verified (an error names the first rule it breaks).
    pub fn new(func: &'f Function) -> Result<QuadRunner<'f>, InterpError> {
        exec::verified(func)?;
        Ok(QuadRunner {
            func,
            vals: Vec::new(),
        })
    }

    /// Runs the function for a quad; inputs and uniforms must match its declarations.
    pub fn run(
        &mut self,
        bindings: &Bindings,
        textures: &mut dyn Textures,
        limits: Limits,
    ) -> Result<[FragmentResult; 4], InterpError> {
        exec::run_verified(self.func, bindings, textures, limits, &mut self.vals)
    }
}

/// Runs `func` for one fragment (a quad of four copies of it, so derivatives are 0).
pub fn run_fragment(
    func: &Function,
    inputs: &[Vector],
    uniforms: &[Vec<Vector>],
    textures: &mut dyn Textures,
) -> Result<FragmentResult, InterpError> {
    let bindings = Bindings {
        inputs: std::array::from_fn(|_| inputs.to_vec()),
        uniforms: uniforms.to_vec(),
    };
    let [first, ..] = run_quad(func, &bindings, textures, Limits::default())?;
    Ok(first)
}

/// Runs vertex function `func` for one vertex: `inputs` are its attributes (in `Function::inputs`
/// order), `uniforms` one list of elements per uniform. A fragment function is refused.
pub fn run_vertex(
    func: &Function,
    inputs: &[Vector],
    uniforms: &[Vec<Vector>],
    textures: &mut dyn Textures,
) -> Result<VertexResult, InterpError> {
    if func.stage != Stage::Vertex {
        return Err(InterpError {
            loc: None,
            message: format!("`{}` is a fragment function, not a vertex one", func.name),
        });
    }
    let bindings = Bindings {
        inputs: std::array::from_fn(|_| inputs.to_vec()),
        uniforms: uniforms.to_vec(),
    };
    let [first, ..] = run_quad(func, &bindings, textures, Limits::default())?;
    Ok(VertexResult {
        outputs: first.outputs,
    })
}
