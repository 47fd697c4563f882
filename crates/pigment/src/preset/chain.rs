//! A preset's passes compiled once and run as a filter chain, frame after frame, as an emulator
//! runs it (by default each pass in fp32 in the IR's interpreter, as RetroArch's Cg runtime runs it
//! on a current GPU; with `nv30`, as fp30 on the NV_fragment_program machine): [`Session::filter_chain`] compiles, then
//! [`FilterChain::run`] renders frames of an input picture into a viewport.

use super::passes::{compile_pass, CompiledPass};
use super::{pass_sizes, Picture, Preset};
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::render::Executor;
use crate::Session;
use pigment_preset::chain::{Bindings, Chain, PassProgram};
use std::time::Duration;

/// How a preset's chain is compiled and bounded.
#[derive(Clone, Debug)]
pub struct ChainOptions {
    /// `#pragma parameter` values chosen by the user, over the preset's own.
    pub parameters: Vec<(String, f32)>,
    /// Draw as an NV30-era Cg runtime would: every pass compiled for fp30 as written and run on
    /// the machine, a pass that does not fit fp30 with its parameters as uniforms compiled with
    /// them as the shader's `#else` macros (one that fits neither way is an error naming it), and
    /// a last pass with a scale of its own drawn at that size. By default (`false`) every pass
    /// runs in fp32 with its parameters as uniforms (compiled for fp30 where that holds it, in the
    /// IR's interpreter where it does not), and the last pass is drawn into the viewport, as
    /// RetroArch's Cg runtime on a current GPU and librashader do.
    pub nv30: bool,
    /// What runs the passes compiled for fp30 on the machine (the JIT or its interpreter).
    pub executor: Executor,
    /// The most bytes the chain's pictures may take, checked before a run.
    pub memory_budget: u64,
    /// The most frames one run may render.
    pub max_frames: u32,
}

impl Default for ChainOptions {
    fn default() -> ChainOptions {
        ChainOptions {
            parameters: Vec::new(),
            nv30: false,
            executor: Executor::Jit,
            memory_budget: nvfp::budget::DEFAULT_MEMORY_BUDGET,
            max_frames: pigment_preset::chain::MAX_FRAMES,
        }
    }
}

/// A preset compiled for the machine, ready to render frames.
pub struct FilterChain<'p> {
    preset: &'p Preset,
    passes: Vec<CompiledPass>,
    luts: Vec<Picture>,
    parameters: Vec<(String, f32)>,
    options: ChainOptions,
    notes: Vec<String>,
    warnings: Diagnostics,
}

impl Session {
    /// Compiles every pass of `preset` (loaded by [`Session::load_preset`]) and decodes its
    /// look-up textures. A pass that does not compile is an [`Error::Rejected`] whose last entry
    /// names the pass.
    pub fn filter_chain<'p>(
        &self,
        preset: &'p Preset,
        options: &ChainOptions,
    ) -> Result<FilterChain<'p>> {
        let parameters = self.preset_parameters(preset, &options.parameters)?;
        let mut notes = Vec::new();
        let mut warnings = Diagnostics::new();
        let passes = preset
            .passes
            .iter()
            .enumerate()
            .map(|(i, pass)| {
                let shader = pass.shader.display().to_string();
                let executor = options.executor;
                compile_pass(
                    self,
                    i,
                    &shader,
                    executor,
                    options.nv30,
                    &mut notes,
                    &mut warnings,
                )
            })
            .collect::<Result<Vec<_>>>()?;
        let luts = preset
            .textures
            .iter()
            .map(|lut| self.read_picture(&lut.path.display().to_string()))
            .collect::<Result<Vec<_>>>()?;
        Ok(FilterChain {
            preset,
            passes,
            luts,
            parameters,
            options: options.clone(),
            notes,
            warnings,
        })
    }
}

/// A compiled pass lent to the chain runner.
struct Lent<'a>(&'a CompiledPass);

impl PassProgram for Lent<'_> {
    fn shade(&self, b: &Bindings, w: u32, h: u32) -> std::result::Result<Vec<[f32; 4]>, String> {
        self.0.shade(b, w, h)
    }
}

impl FilterChain<'_> {
    /// The parameter values the passes run with.
    pub fn parameters(&self) -> &[(String, f32)] {
        &self.parameters
    }

    /// What compiling had to do: a pass run in the IR's interpreter because fp30 cannot hold it
    /// (or, NV30, compiled again with its parameters as macros), a pass the machine interprets
    /// because the JIT could not compile it.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// The compiler's warnings, in the passes' files.
    pub fn warnings(&self) -> &Diagnostics {
        &self.warnings
    }

    /// The JIT's compile time of each pass (`None` where an interpreter runs it: the IR's by
    /// default, the machine's with `--no-jit`).
    pub fn jit_compile_times(&self) -> Vec<Option<Duration>> {
        self.passes.iter().map(|p| p.jit_compile).collect()
    }

    /// Renders `frames` frames of `input` (top row first) into a `viewport`, handing each final
    /// picture (top row first) to `emit` with its number from 0; an error `emit` returns stops
    /// the run. The frame count and the pictures' memory are checked before any pass runs.
    pub fn run(
        &self,
        input: &Picture,
        viewport: (u32, u32),
        frames: u32,
        emit: impl FnMut(u32, &Picture) -> std::result::Result<(), String>,
    ) -> Result<()> {
        pigment_preset::chain::check_frames(frames, self.options.max_frames)
            .map_err(Error::Request)?;
        let input_size = (input.width, input.height);
        let sizes = pass_sizes(self.preset, input_size, viewport, self.options.nv30)?;
        let lut_texels = self
            .luts
            .iter()
            .map(|l| l.width as u64 * l.height as u64)
            .sum();
        let peak = pigment_preset::chain::peak_bytes(&sizes, input_size, lut_texels);
        nvfp::budget::MemoryBudget::new(self.options.memory_budget)
            .charge("the preset's pictures", peak)
            .map_err(Error::Request)?;
        let chain = Chain {
            preset: self.preset,
            programs: self.passes.iter().map(Lent).collect(),
            luts: self.luts.clone(),
            parameters: self.parameters.clone(),
            sizes,
            rules: chain_rules(self.options.nv30),
        };
        chain.run(input, frames, emit).map_err(Error::Output)
    }
}

/// The framebuffers of the runtime a chain draws as: RetroArch's GL Cg runtime with `nv30`,
/// else the slang runtimes'.
pub fn chain_rules(nv30: bool) -> pigment_preset::chain::ChainRules {
    match nv30 {
        true => pigment_preset::chain::ChainRules::CgGl,
        false => pigment_preset::chain::ChainRules::Slang,
    }
}
