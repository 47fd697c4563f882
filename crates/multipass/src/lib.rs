//! Multipass: splitting a fragment function too large for one fp30 program into several passes,
//! in the spirit of Chan, Ng, Sen, Proudfoot and Hanrahan, "Efficient Partitioning of Fragment
//! Shaders for Multipass Rendering" (Graphics Hardware 2002).
//!
//! [`partition`] first compiles the function as it is: if fp30 accepts it within the [`Limits`]
//! it is one pass. Otherwise the function is legalised as fp30 would (loops unrolled, `if`s
//! turned into `select`s, the kill gathered into one final `if %k { discard }`), which leaves a
//! straight-line dataflow graph (`graph`), and the graph is cut greedily in program order
//! (`search`): a segment grows while the passes it needs still compile; at a cut, the values
//! computed before it and read after it are stored, four scalars to a float RGBA render target,
//! one target per pass (`build`), and later passes read them back as rectangle textures at
//! `WPOS.xy`, as `FB` is read. Among the cuts that fit, a cost model (passes, instructions,
//! texture reads; [`Cost`]) picks the cheapest per instruction of progress. Constants, inputs,
//! uniforms, swizzles and computations of a few instructions from them (reading `FB`, say) are
//! repeated in every pass that reads them instead of being stored. The stores and
//! the kill go to the final pass, whose `COLOR` is the shader's result; `FB` (the frame buffer's
//! colour before the shader) may be read by any pass, and always means that first colour.
//!
//! It works on any fragment function (ISL's surfaces are the ones that need it today), which is
//! why it is a crate of its own above the fp30 back end, not part of a front end.
#![forbid(unsafe_code)]

mod build;
mod graph;
mod search;

use pigment_diag::Diagnostic;
use pigment_fp30::{Binding, Compiled, Options};
use pigment_ir::{Function, InstKind, Module};
use std::fmt;

/// What one pass may use: fp30's limits by default; smaller ones split sooner (tests use them to
/// split small shaders).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Executable instructions per program.
    pub instructions: usize,
    /// Texture units (distinct samplers a program reads, render targets included).
    pub texture_units: usize,
    /// Passes a partition may have before it gives up.
    pub passes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            instructions: nvfp::isa::limits::MAX_INSTRUCTIONS,
            texture_units: usize::from(nvfp::isa::TEXTURE_UNITS),
            passes: 64,
        }
    }
}

/// The cost model that chooses among cuts, in units of one instruction per pixel.
#[derive(Clone, Debug)]
pub struct Cost {
    /// What one more pass costs beyond its instructions (drawing the geometry again, writing a
    /// target): the reason few passes beat short ones.
    pub pass: f64,
    /// What one texture read of a stored value costs beyond its instruction (the memory traffic).
    pub texture: f64,
}

impl Default for Cost {
    fn default() -> Self {
        Cost {
            pass: 100.0,
            texture: 4.0,
        }
    }
}

/// A render target a pass reads: its sampler (a rectangle sampler the pass declares, read at
/// `WPOS.xy`) and which target it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetRead {
    pub sampler: String,
    pub target: usize,
}

/// Where a pass's `COLOR` goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassOutput {
    /// Float RGBA render target `n` (the frame's size, unclamped f32), read by later passes.
    Target(usize),
    /// The frame buffer: this is the shader's result (the last pass).
    Final,
}

/// One pass: an IR fragment function, its fp30 program, the targets it reads and where its
/// colour goes.
#[derive(Clone, Debug)]
pub struct Pass {
    /// The shader's function itself when it is one pass; for a split, a function made from
    /// fp30's legalised form of it (`<name>_pass<n>`), with the shader's whole interface (what
    /// it does not read binds nothing), the samplers `target<n>` of the targets it reads and,
    /// unless it is the final pass, one `COLOR` output.
    pub function: Function,
    pub compiled: Compiled,
    /// The render targets bound to its samplers. Its other samplers are the shader's own (`FB`,
    /// textures), bound as for a single pass.
    pub reads: Vec<TargetRead>,
    pub writes: PassOutput,
}

/// The passes in the order they are drawn, over the same geometry; the last writes the frame.
///
/// To render it: make `targets` float RGBA render targets of the frame's size (f32, unclamped);
/// draw each pass in order with the vertex stage a single pass would use, binding its `FB`
/// sampler (if it has one) to the frame buffer as it was before the shader (every pass that reads
/// `FB` reads that same colour) and each of its [`TargetRead`]s to the target it names, as a
/// rectangle texture with nearest filtering; store its `COLOR` into the target [`Pass::writes`]
/// names, or, for the final pass, into the frame. A parameter is set on every pass whose program
/// declares it (a pass that does not read it has no such local parameter). A pass other than the
/// final one never kills, so every pixel the geometry covers gets a value in every target.
#[derive(Clone, Debug)]
pub struct Partition {
    pub passes: Vec<Pass>,
    /// How many float RGBA render targets the passes use (numbered from 0).
    pub targets: usize,
}

impl Partition {
    /// The pass whose colour is the shader's result (the last one).
    pub fn final_pass(&self) -> Option<&Pass> {
        self.passes.iter().find(|p| p.writes == PassOutput::Final)
    }
}

/// [`partition_with`] fp30's limits and the default cost model.
pub fn partition(func: &Function, options: &Options) -> Result<Partition, Vec<Diagnostic>> {
    partition_with(func, options, &Limits::default(), &Cost::default())
}

/// The fragment function `func` as passes that each compile for fp30 with `options` within
/// `limits`: one when the function fits, else as many as the cuts need. Errors other than a
/// program too large (an unknown operation, no output, ...) are fp30's, reported as they are; a
/// function that cannot be cut to fit is an error located at the instruction that does not fit.
pub fn partition_with(
    func: &Function,
    options: &Options,
    limits: &Limits,
    cost: &Cost,
) -> Result<Partition, Vec<Diagnostic>> {
    match compile(func, options, limits) {
        Fit::Yes(compiled) => Ok(Partition {
            passes: vec![Pass {
                function: func.clone(),
                compiled: *compiled,
                reads: Vec::new(),
                writes: PassOutput::Final,
            }],
            targets: 0,
        }),
        Fit::Error(d) => Err(d),
        Fit::TooLarge(reasons) => split(func, options, limits, cost).map_err(|errors| {
            // Why one pass was not enough explains why splitting was tried.
            errors
                .into_iter()
                .map(|e| {
                    reasons
                        .iter()
                        .fold(e, |e, r| e.with_note(format!("as one pass: {}", r.message)))
                })
                .collect()
        }),
    }
}

/// The partition of a function too large for one pass.
fn split(
    func: &Function,
    options: &Options,
    limits: &Limits,
    cost: &Cost,
) -> Result<Partition, Vec<Diagnostic>> {
    let legal = pigment_fp30::legalize_function(func)?;
    let Some((_, legal)) = legal.functions.iter().next() else {
        return Err(vec![Diagnostic::error(
            "internal: legalisation lost the function",
        )]);
    };
    search::Search::new(legal, &func.name, options, limits, cost).run()
}

/// Whether a function fits one pass.
pub(crate) enum Fit {
    /// Boxed: a compiled program is large, and most attempts fail.
    Yes(Box<Compiled>),
    /// Too many instructions, registers or texture units: the reasons.
    TooLarge(Vec<Diagnostic>),
    /// Something splitting cannot cure.
    Error(Vec<Diagnostic>),
}

/// Compiles `func` alone and checks it against `limits`.
pub(crate) fn compile(func: &Function, options: &Options, limits: &Limits) -> Fit {
    let mut units = read_samplers(func);
    if units > limits.texture_units {
        // Lookups that legalisation removes (dead, or the same lookup twice) need no unit.
        units = legal_samplers(func).unwrap_or(units);
    }
    if units > limits.texture_units {
        let msg = format!(
            "the program reads {units} textures; a pass has {} texture units",
            limits.texture_units
        );
        return Fit::TooLarge(vec![Diagnostic::error(msg)]);
    }
    let mut m = Module::new();
    m.functions.append(func.clone());
    match pigment_fp30::compile(&m, &func.name, options) {
        Ok(c) if c.instructions > limits.instructions => {
            let msg = format!(
                "{} instructions; a pass has {}",
                c.instructions, limits.instructions
            );
            Fit::TooLarge(vec![Diagnostic::error(msg)])
        }
        Ok(c) => Fit::Yes(Box::new(c)),
        Err(d) if d.iter().all(too_large) => Fit::TooLarge(d),
        Err(d) => Fit::Error(d),
    }
}

/// fp30's errors that a smaller program avoids: C6001 (registers) and C6002 (instructions).
fn too_large(d: &Diagnostic) -> bool {
    d.message.starts_with("C6001") || d.message.starts_with("C6002")
}

/// The distinct samplers `func` reads: each needs a texture unit. (fp30 binds them; counted here
/// because a sampler beyond the sixteenth would have no unit of its own.)
fn read_samplers(func: &Function) -> usize {
    let mut seen = Vec::new();
    pigment_ir::walk(&func.body, &mut |i| {
        if let InstKind::Sample { sampler, .. } = i.kind {
            if !seen.contains(&sampler) {
                seen.push(sampler);
            }
        }
    });
    seen.len()
}

/// [`read_samplers`] of `func` legalised as fp30 legalises it; `None` if it does not legalise.
fn legal_samplers(func: &Function) -> Option<usize> {
    if !pigment_ir::verify_function(func).is_empty() {
        return None;
    }
    let legal = pigment_fp30::legalize_function(func).ok()?;
    let (_, f) = legal.functions.iter().next()?;
    Some(read_samplers(f))
}

/// A render target holds one component of a stored value: target `target`, channel `channel`
/// (0-3 for r, g, b, a).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Slot {
    pub(crate) target: usize,
    pub(crate) channel: u8,
}

/// The pass description `pigment compile` prints: per pass, what it reads (attributes, textures,
/// render targets) and what it writes.
impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} pass(es), {} render target(s)",
            self.passes.len(),
            self.targets
        )?;
        for (n, p) in self.passes.iter().enumerate() {
            write!(f, "pass {n}: {} instructions", p.compiled.instructions)?;
            let inputs = names(&p.compiled, |b| match b {
                Binding::Input { name, .. } => Some(name.clone()),
                _ => None,
            });
            let textures = names(&p.compiled, |b| match b {
                Binding::Sampler { name, .. } if !p.reads.iter().any(|r| r.sampler == *name) => {
                    Some(name.clone())
                }
                _ => None,
            });
            write!(
                f,
                "; inputs {}; textures {}",
                list(&inputs),
                list(&textures)
            )?;
            let targets: Vec<String> = p
                .reads
                .iter()
                .map(|r| format!("target {} as `{}`", r.target, r.sampler))
                .collect();
            write!(f, "; reads {}", list(&targets))?;
            match p.writes {
                PassOutput::Target(t) => writeln!(f, "; writes target {t}")?,
                PassOutput::Final => writeln!(f, "; writes COLOR (the result)")?,
            }
        }
        Ok(())
    }
}

fn names(c: &Compiled, pick: impl Fn(&Binding) -> Option<String>) -> Vec<String> {
    c.bindings.iter().filter_map(pick).collect()
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "none".into()
    } else {
        items.join(", ")
    }
}
