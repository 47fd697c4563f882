//! The fp30 back end: shading IR ([`pigment_ir`]) to NV_fragment_program (`!!FP1.0`), as NVIDIA's
//! `cgc -profile fp30` compiled Cg.
//!
//! Pipeline ([`compile`]):
//! 1. IR → IR legalisation ([`legalize`]): [`legalize::Unroll`] (full unrolling with constant
//!    propagation, or C5013 at the loop), [`legalize::Predicate`] (every `if`/`switch` evaluated on both
//!    sides and merged with `select`; stores, `discard` and `return` predicated),
//!    [`legalize::IntToFloat`] (int values held and computed as integral floats, as cgc does),
//!    [`legalize::Lower`] (division, square root, ceil, trunc, round, clamp, lerp, and multi-step
//!    half/fixed operations into what the ISA computes exactly), with constant folding, CSE and DCE from `pigment_ir::pass`
//!    in between; the verifier runs after each pass;
//! 2. instruction selection ([`isel`]) into the machine form [`mir`];
//! 3. target constraints ([`constraints`]): one attribute and one parameter per instruction,
//!    literal merging, attribute copies for reduced-precision instructions;
//! 4. optimisation ([`opt`]): copy folding into producers (outputs, `_SAT`, condition codes) and
//!    dead-write elimination;
//! 5. register allocation ([`regalloc`]) and output ([`emit`]): an `nvfp` syntax tree that nvfp's
//!    validator accepts, and the text with cgc's header and trailer ([`header`], which also reads
//!    them back from a `.fp` file and gives them as JSON); [`uniforms`] gives the uniforms'
//!    DECLAREs (with their defaults) and their header lines under their Cg names.
#![forbid(unsafe_code)]

pub mod color_output;
pub mod constraints;
mod diag;
pub mod emit;
pub mod fast_math;
pub mod header;
pub mod interface;
pub mod isel;
pub mod legalize;
pub mod mir;
pub mod opt;
pub mod regalloc;
pub mod uniforms;

use diag::error_at;
use nvfp::isa::{AttribReg, OutputReg, TexTarget};
use nvfp::syntax::ast;
use pigment_diag::Diagnostic;
use pigment_ir::pass::{run_pass, Compact, ConstFold, Cse, Dce, Pass, Swizzles};
use pigment_ir::{Module, UniformIndex};

/// What the caller can choose.
#[derive(Clone, Debug)]
pub struct Options {
    /// Run the MIR optimisations (copy folding, dead writes). The IR's own clean-up (constant
    /// folding, CSE, DCE) always runs: the legalisation passes rely on it.
    pub optimize: bool,
    /// Regroup float products as cgc's `-fastmath` does ([`fast_math`]): not exact, so off by
    /// default; the command line turns it on, as cgc's default is.
    pub fast_math: bool,
    /// For a shader with several colour outputs: the one compiled to `o[COLR]` ([`color_output`]);
    /// `None` refuses any colour output but `COLOR0`, as cgc does.
    pub color_output: Option<u32>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            optimize: true,
            fast_math: false,
            color_output: None,
        }
    }
}

/// How one interface entity was bound, for reflection.
#[derive(Clone, Debug, PartialEq)]
pub enum Binding {
    /// A varying read from an attribute register.
    Input {
        name: String,
        register: AttribReg,
    },
    /// A uniform (element) the program reads: set it through the named local parameter `parameter`.
    Uniform {
        name: String,
        element: Option<u32>,
        parameter: String,
    },
    /// A sampler with a texture unit: one the program reads, or one naming `TEXUNITn`.
    Sampler {
        name: String,
        unit: u8,
        target: TexTarget,
    },
    Output {
        name: String,
        register: OutputReg,
    },
}

/// A compiled program.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub program: ast::Program,
    /// `!!FP1.0`, the header comments, the program, `END` and the trailer.
    pub text: String,
    pub bindings: Vec<Binding>,
    /// The header and trailer of [`Self::text`] as data.
    pub interface: header::ProgramInterface,
    /// Executable instructions.
    pub instructions: usize,
}

/// Runs one pass and says whether it changed anything; its own errors or a verifier failure become
/// diagnostics.
fn pass(module: &mut Module, p: &mut dyn Pass) -> Result<bool, Vec<Diagnostic>> {
    run_pass(module, p).map_err(|e| {
        vec![Diagnostic::error(format!(
            "internal: pass `{}` produced invalid IR: {:?}",
            e.pass, e.errors
        ))]
    })
}

/// The function `entry` of `module`, legalised to straight-line IR (what instruction selection
/// reads). Exposed for tests and tools.
pub fn legalize_ir(module: &Module, entry: &str) -> Result<Module, Vec<Diagnostic>> {
    let Some(h) = module.function(entry) else {
        return Err(vec![Diagnostic::error(format!(
            "no function `{entry}` in the module"
        ))]);
    };
    if let Err(errors) = pigment_ir::verify(module) {
        return Err(errors
            .iter()
            .map(|e| Diagnostic::error(format!("invalid IR: {e:?}")))
            .collect());
    }
    let func = &module.functions[h];
    if func.stage != pigment_ir::Stage::Fragment {
        return Err(vec![error_at(
            first_loc(&func.body),
            format!(
                "profile fp30 compiles fragment programs; `{entry}` is a {} function",
                func.stage.name()
            ),
        )]);
    }
    legalize_function(func)
}

/// [`legalize_ir`] for a function of either stage, which the caller has verified: the straight-line
/// form other branch-free targets (arbvp1) select instructions from too.
pub fn legalize_function(func: &pigment_ir::Function) -> Result<Module, Vec<Diagnostic>> {
    let mut m = Module::new();
    let h = m.functions.append(func.clone());
    let mut unroll = legalize::Unroll::default();
    pass(&mut m, &mut unroll)?;
    if !unroll.errors.is_empty() {
        return Err(unroll.errors);
    }
    // Unrolling leaves most of the arena's values undefined (the constants it folded), and
    // every later pass sizes its tables by the arena (memory, issue 30).
    pass(&mut m, &mut Compact)?;
    pass(&mut m, &mut ConstFold)?;
    pass(&mut m, &mut Dce)?;
    let refused = legalize::refuse_bit_operations(&m.functions[h]);
    if !refused.is_empty() {
        return Err(refused);
    }
    let mut predicate = legalize::Predicate::default();
    pass(&mut m, &mut predicate)?;
    if !predicate.errors.is_empty() {
        return Err(predicate.errors);
    }
    pass(&mut m, &mut legalize::IntToFloat)?;
    pass(&mut m, &mut legalize::Lower)?;
    pass(&mut m, &mut Swizzles)?;
    pass(&mut m, &mut ConstFold)?;
    pass(&mut m, &mut Cse)?;
    pass(&mut m, &mut Dce)?;
    Ok(m)
}

/// `module` with `entry` reduced to its colour output `n` ([`color_output::select`]).
fn with_color_output(module: &Module, entry: &str, n: u32) -> Result<Module, Vec<Diagnostic>> {
    let mut module = module.clone();
    if let Some(h) = module.function(entry) {
        color_output::select(&mut module.functions[h], n)?;
    }
    Ok(module)
}

/// The first source location in `block` (for errors about a whole function, which has none).
fn first_loc(block: &pigment_ir::Block) -> Option<pigment_ir::SourceLoc> {
    let mut found = None;
    pigment_ir::walk(block, &mut |inst| found = found.or(inst.loc));
    found
}

/// [`fast_math::FastMath`] until it changes nothing (each round may expose a new product to regroup),
/// with the clean-up that folds the constant products it forms.
fn apply_fast_math(m: &mut Module) -> Result<(), Vec<Diagnostic>> {
    for _ in 0..8 {
        if !pass(m, &mut fast_math::FastMath)? {
            break;
        }
        pass(m, &mut ConstFold)?;
        pass(m, &mut Cse)?;
        pass(m, &mut Dce)?;
    }
    Ok(())
}

/// Compiles the function `entry` of `module` to an fp30 program.
pub fn compile(
    module: &Module,
    entry: &str,
    options: &Options,
) -> Result<Compiled, Vec<Diagnostic>> {
    let selected;
    let module = match options.color_output {
        Some(n) => {
            selected = with_color_output(module, entry, n)?;
            &selected
        }
        None => module,
    };
    let mut legal = legalize_ir(module, entry)?;
    if options.fast_math {
        apply_fast_math(&mut legal)?;
    }
    let func = &legal.functions[pigment_ir::Handle::from_index(0)];
    let iface = interface::bind(func)?;
    let bad_defaults = uniforms::check_defaults(func);
    if !bad_defaults.is_empty() {
        return Err(bad_defaults);
    }
    let mut mir = isel::select(func, &iface)?;
    constraints::legalize(&mut mir);
    if options.optimize {
        opt::optimize(&mut mir);
    }
    if !writes_an_output(&mir) {
        return Err(vec![error_at(
            None,
            format!(
                "`{entry}` writes no output: a fragment program must write at least one \
                 output register (COLOR or DEPTH)"
            ),
        )]);
    }
    // Checked before allocation, which only reorders instructions and whose scheduling takes time
    // quadratic in their number (a program of 64,000 took a minute to be refused).
    let instructions = mir.insts.len();
    if instructions > nvfp::isa::limits::MAX_INSTRUCTIONS {
        return Err(vec![error_at(
            None,
            format!("C6002: instruction limit of 1024 exceeded ({instructions} instructions)"),
        )]);
    }
    let regs = regalloc::allocate(&mut mir).map_err(|file| {
        vec![error_at(
            None,
            format!(
                "C6001: temporary register limit exceeded ({} registers)",
                if file == mir::File::R {
                    "R0-R31"
                } else {
                    "H0-H63"
                }
            ),
        )]
    })?;
    let units = regalloc::budget_units(&regs, &mir);
    if units > nvfp::isa::limits::MAX_REGISTER_UNITS {
        return Err(vec![error_at(
            None,
            format!(
                "C6001: register limit exceeded ({units} register units of 64: R registers, \
                 o[COLR] and o[DEPR] count two, H registers and o[COLH] one)"
            ),
        )]);
    }
    let program = emit::program(func, &mir, &regs);
    let instructions = mir.insts.len();
    let (r, h) = emit::register_counts(&regs, &mir);
    let kills = mir.insts.iter().any(|i| i.opcode == nvfp::isa::Opcode::Kil);
    let printed = nvfp::syntax::print(&program);
    let body = printed.strip_prefix("!!FP1.0\n").unwrap_or(&printed);
    let mut interface = emit::interface(func, &iface, &mir, kills);
    interface.stats = Some(header::Stats {
        instructions: instructions as u32,
        r_regs: r,
        h_regs: h,
    });
    Ok(Compiled {
        program,
        text: interface.wrap(body),
        bindings: bindings(func, &iface, &mir),
        interface,
        instructions,
    })
}

/// Whether some instruction writes an output register. NV_fragment_program 3.11.1.3: "A fragment
/// program will fail to load if it does not write to at least one output register." cgc printed
/// such a program (`void main() {}`) anyway, with no instruction; here it is an error.
fn writes_an_output(mir: &mir::Mir) -> bool {
    mir.insts
        .iter()
        .any(|i| matches!(i.dst, Some(mir::Dst::Out(_))))
}

fn bindings(
    func: &pigment_ir::Function,
    iface: &interface::Interface,
    mir: &mir::Mir,
) -> Vec<Binding> {
    let mut out = Vec::new();
    for (h, i) in func.inputs.iter() {
        if let Some(register) = iface.inputs[h.index()] {
            out.push(Binding::Input {
                name: i.name.clone(),
                register,
            });
        }
    }
    for (_, u) in func.uniforms.iter() {
        let elements: Vec<Option<u32>> = match u.array_len {
            Some(n) => (0..n).map(Some).collect(),
            None => vec![None],
        };
        for element in elements {
            let parameter = interface::param_name(&u.name, element);
            if mir.params.contains(&parameter) {
                out.push(Binding::Uniform {
                    name: u.name.clone(),
                    element,
                    parameter,
                });
            }
        }
    }
    for (h, s) in func.samplers.iter() {
        // A sampler the program neither reads nor names a unit for has none to bind.
        if let Some(unit) = iface.sampler_units[h.index()] {
            out.push(Binding::Sampler {
                name: s.name.clone(),
                unit,
                target: interface::target_for(s.dim),
            });
        }
    }
    for (h, o) in func.outputs.iter() {
        if let Some(register) = iface.outputs[h.index()] {
            out.push(Binding::Output {
                name: o.name.clone(),
                register,
            });
        }
    }
    let _ = UniformIndex::Const(0);
    out
}
