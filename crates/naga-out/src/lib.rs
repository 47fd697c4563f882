//! Pigment's shading IR lowered into a [`naga::Module`], checked by naga's validator (every check
//! on) and written by naga's back ends as SPIR-V, WGSL, MSL, HLSL or GLSL.
//!
//! [`lower`] builds a module with one entry point per IR function; [`emit`] lowers and writes one
//! target. Where each input, output and resource goes is [`interface`]'s documentation.
//!
//! # What differs from the IR's meaning
//!
//! naga's operations are those of the targets' shading languages, so the written shaders compute
//! the IR's formulas in the targets' arithmetic:
//!
//! * `half` and `fixed` are computed in f32 (no rounding to fp16 or fx12 after each step) unless
//!   [`LowerOptions::fp30_precision`] (`emit_with`, `--precision fp30`) asks for the opt-in mode
//!   that rounds every half result to fp16 and clamps and quantises every fixed result to fx12
//!   after each operation, as fp30 does; `float` denormals are whatever the target does (the IR
//!   flushes them);
//! * `rcp rsqrt sqrt exp2 log2 sin cos` are the target's, not NV's approximations and special
//!   cases (`pow` of a negative base, NaN in the IR, is undefined in the targets: lavapipe gives
//!   NaN too, but 0 for `pow` of a NaN base); `min`/`max` of NaN or ±0, `sat` of NaN (the IR
//!   keeps NaN) and `dot`'s order of sums are the target's, except in the fp30 mode, which keeps
//!   NV's NaN rules for `min`, `max`, `clamp`, `sat` and `pow`; `mad` may be fused;
//! * the IR's `ne` of floats is `!(a == b)`, true for NaN as NV's SNE (naga's `!=` is ordered);
//! * float → int conversion out of range (the IR saturates, NaN → 0) is undefined in SPIR-V;
//! * `pack_4byte`/`unpack_4byte` clamp to [-1, 1] where NV allows -128/127;
//! * the IR's exact formulas are spelled out where naga's differ: `round` (halves toward +INF, as
//!   floor(x) + (fract(x) ≥ 0.5)), int `div` (x / 0 = 0; naga gives x), `select` per component,
//!   `clamp` (min of max), `lerp`, `lit`, `dst`;
//! * `discard` keeps the IR's demote semantics: a flag, and a kill at the end of the program;
//! * `ddy` is negated on the y-down targets so that it stays top − bottom; `WPOS` is the target's
//!   fragment coordinate (y from the top on Vulkan, WebGPU, Metal and Direct3D).
//!
//! * a shadow-compare lookup (a coordinate one component wider than the sampler needs, before the
//!   projective q) reads a depth texture through a comparison sampler: the reference is that
//!   component (divided by q for `texproj`), clamped to [0, 1] as GL clamps it, compared with
//!   the texel's depth by the sampler's comparison function (the runtime's to set: ARB_shadow's
//!   default, which the NV machine's `Texture::with_depth_compare` and vk-oracle use, is LEQUAL,
//!   1 where reference ≤ depth) and returned in all four components (DEPTH_TEXTURE_MODE
//!   INTENSITY, as the GLSL writer's); 2D, RECT and CUBE, at the implicit level in a fragment
//!   function and at level 0 in a vertex function or on a rectangle (`--reflect json` gives such
//!   a texture and sampler `"shadow": true`).
//!
//! IR constructs naga cannot express (a sampler read both with and without a depth comparison,
//! 1D and 3D shadow lookups, shadow lookups with an explicit level, bias or derivatives outside
//! a rectangle, bool varyings, semantics with no place) are errors located at the instruction
//! where there is one; a module the validator rejects is an error at the instruction the failing
//! expression came from, never a module handed on.
#![forbid(unsafe_code)]

mod flow;
mod fp30;
/// The binding model this back end places entities by (it lives below every back end).
pub use pigment_ir::slots as interface;
mod lower;
mod ops;
pub mod random;
pub mod reflect;
mod resources;
pub mod targets;
mod types;

pub use lower::LowerOptions;
pub use targets::{emit, emit_with, Emitted, Target};

use naga::valid::{Capabilities, ValidationFlags, Validator};
use pigment_diag::Diagnostic;
use pigment_ir::Function;

/// A validated naga module of one IR function.
#[derive(Debug)]
pub struct Lowered {
    pub module: naga::Module,
    pub info: naga::valid::ModuleInfo,
}

/// Lowers `func` into a naga module and validates it with every check on.
pub fn lower(func: &Function, options: LowerOptions) -> Result<Lowered, Diagnostic> {
    let explicit;
    let func = match options.fp30_precision {
        true => {
            explicit = fp30::explicit(func);
            &explicit
        }
        false => func,
    };
    let (module, locs) = lower::Lowerer::new(func, options).run()?;
    let info = validate(&module).map_err(|(message, span)| {
        let d = Diagnostic::error(format!("naga rejects the lowered module: {message}"));
        let loc = span
            .and_then(|s| s.to_range())
            .and_then(|r| r.start.checked_sub(1))
            .and_then(|i| locs.get(i).copied().flatten());
        match loc {
            Some(loc) => d.at(loc.file, loc.span),
            None => d,
        }
    })?;
    Ok(Lowered { module, info })
}

/// naga's validator with every check on; an error is its message (with causes) and the span of
/// the failing part.
pub fn validate(
    module: &naga::Module,
) -> Result<naga::valid::ModuleInfo, (String, Option<naga::Span>)> {
    // fp16 packing (`pack_2half`) needs the f16-in-f32 functions, which every target has.
    Validator::new(
        ValidationFlags::all(),
        Capabilities::SHADER_FLOAT16_IN_FLOAT32,
    )
    .validate(module)
    .map_err(|e| {
        let span = e.spans().next().map(|(s, _)| *s);
        (error_chain(e.as_inner()), span)
    })
}

/// An error and its sources, joined by `: `.
pub fn error_chain(e: &dyn std::error::Error) -> String {
    let mut message = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        message.push_str(": ");
        message.push_str(&s.to_string());
        source = s.source();
    }
    message
}
