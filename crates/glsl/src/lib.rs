//! Pigment's shading IR written as GLSL that a person can read and maintain: desktop GLSL 1.10 to
//! 4.60, GLSL ES 1.00 to 3.20, and Vulkan GLSL (`#version 450` with sets, bindings and
//! locations: glslang's input for SPIR-V).
//!
//! `write` takes one IR function (a vertex or a fragment entry point) and a [`Version`], and
//! gives the shader's text and its reflection (`reflect`: [`Glsl::typed_reflection`] in the one
//! schema of every back end). The function is first cleaned by the
//! IR's own passes (constant folding, swizzle forwarding, CSE, dead-code elimination), then
//! written by `body` with the interface `interface` lays out.
//!
//! # Readable output
//!
//! Cg's names are kept: uniforms, samplers, attributes and fragment outputs carry the source name
//! with paths joined by `_` (`IN.video_size` → `IN_video_size`), prefixed with `cg_` only where
//! GLSL reserves the word; varyings are named by semantic (`v_TEXCOORD0`) so that stages compiled
//! apart match. Loops stay loops (`for (;;)` with the loop's state in locals; in ES 1.00, whose
//! Appendix A admits only counted loops, `for (int k = 0; k < 1023; k++)`, so a loop runs at most
//! 1023 times there), `if` stays `if`; a value used once in its own block is written inline, so
//! expressions read like the source.
//!
//! # What differs from the IR's meaning
//!
//! A GLSL shader computes in the target's arithmetic, not bit for bit as NV_fragment_program:
//!
//! * `half` and `fixed` are `float`s; in GLSL ES they are declared `mediump` and `lowp`, which lets
//!   (not makes) the driver compute them at lower precision: no result is rounded to fp16 or
//!   clamped to fx12's [-2, 2) after each step as fp30 does, so a program that relies on fx12
//!   saturation or fp16 overflow computes differently. The opt-in [`Precision::Fp30`]
//!   ([`write_precise`]; every version, by arithmetic before GLSL 3.30 and ES 3.00) rounds every `half` result to fp16 and
//!   clamps and quantises every `fixed` result to fx12 after each operation (`mad`, `dot` and
//!   `lerp` at every step, in the IR's order) through helper functions written before `main`,
//!   keeps NV's NaN rules (NaN through `min`, `max`, `clamp`, `sat`; `pow` NaN for a NaN operand,
//!   a negative base and 0^0), declares no `mediump`/`lowp` (the rounding is explicit, a
//!   driver's lower precision would only add to it), and declares the fragment outputs `precise`
//!   (GLSL 4.00, ES 3.20) or `invariant` (3.30, ES 3.00, 3.10; Mesa computes what an invariant
//!   output depends on exactly; earlier versions allow neither on a fragment output), so that the driver neither contracts nor reassociates what fp30 rounds step by
//!   step (llvmpipe folds (x·0.1)·10 into x otherwise);
//! * `rcp rsqrt sqrt exp2 log2 sin cos pow` are the target's, not NV's approximations; the IR's
//!   special cases (0^0 and negative bases of `pow`, NaN through `min`/`max`/`sat`, float denormals
//!   flushed) are the target's (llvmpipe gives NaN for `pow` of a negative base as the IR does,
//!   but 0 for `pow` of a NaN base, and the other operand for `min`/`max`/`clamp` of a NaN, where
//!   NV and the IR keep the NaN; the fp30 mode keeps it too);
//! * a float `dot` of vectors is written as the helper `cg_dot_stepwise` (before `main`): the
//!   products summed from x to w, the IR's order. GLSL's `dot` leaves the order and fusion to the
//!   driver (llvmpipe fuses it into `fma`s from w to x), and programs that compare dot products
//!   with `==` or `<` flip where the last bit differs; a product and a sum as written are not
//!   contracted by llvmpipe, so the helper computes what the IR does;
//! * from ES 3.00 every sampler is declared `highp`: ES's default `lowp` for 2D and cube samplers
//!   lets a driver return texels at low precision (llvmpipe does), where the IR's lookups give fp32;
//! * `round` is `floor(x + 0.5)` (the IR's halves-toward-+INF rounding, except where x + 0.5
//!   rounds in fp32); int division by 0 and float → int conversion out of range are undefined;
//! * `discard` ends the invocation (the IR's demotes it, keeping it a helper for derivatives);
//! * a shadow-compare lookup returns the comparison in all four components;
//! * run-time uniform indices are clamped into the array as the IR's are.
//!
//! A construct a version cannot express (a 1D or rectangle sampler in ES, packing before GLSL
//! 4.20 / ES 3.00, a semantic with no place) is an error that names the version, located at the
//! instruction where there is one: never a shader that does not compile.
#![forbid(unsafe_code)]

mod body;
pub mod expr;
mod interface;
pub mod names;
mod plan;
pub mod precision;
mod reflect;
mod sample;
pub mod version;

pub use precision::Precision;
pub use version::{Flavor, Version};

use pigment_diag::Diagnostic;
use pigment_ir::{pass, Function, Module, Stage};

/// A written shader and its reflection.
#[derive(Clone, Debug)]
pub struct Glsl {
    pub text: String,
    /// Every uniform, sampler, attribute, varying and output with its Cg name, GLSL name, semantic
    /// and binding in the deprecated `pigment-reflect-glsl-1` JSON, which only `--reflect
    /// json-v1` still prints (the playground reads [`Glsl::typed_reflection`]); removed next
    /// release.
    pub reflection: serde_json::Value,
    /// The same in the one reflection of every back end ([`pigment_ir::reflect`]).
    pub typed_reflection: pigment_ir::reflect::Reflection,
}

/// The IR's cleanup passes, repeated until nothing changes (at most a few rounds).
fn cleaned(func: &Function) -> Function {
    let mut module = Module::new();
    module.functions.append(func.clone());
    for _ in 0..4 {
        let mut changed = false;
        let passes: [&mut dyn pass::Pass; 4] = [
            &mut pass::ConstFold,
            &mut pass::Swizzles,
            &mut pass::Cse,
            &mut pass::Dce,
        ];
        for p in passes {
            changed |= pass::run_pass(&mut module, p).unwrap_or(false);
        }
        if !changed {
            break;
        }
    }
    let h = module.functions.handles().next();
    h.map(|h| module.functions[h].clone())
        .unwrap_or_else(|| func.clone())
}

/// What a runtime with its own conventions (libretro's slang shaders, say) puts in place of the
/// writer's declarations, by IR name: uniforms read as given expressions (one per array element)
/// and not declared, samplers named as given and not declared (the caller declares them), vertex
/// attributes renamed and placed at the given locations, or read as given expressions (of the
/// input's width) and not declared.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    pub uniforms: std::collections::HashMap<String, Vec<String>>,
    pub samplers: std::collections::HashMap<String, String>,
    pub attributes: std::collections::HashMap<String, (String, u32)>,
    pub inputs: std::collections::HashMap<String, String>,
}

/// Writes `func` as a GLSL shader of `version`.
pub fn write(func: &Function, version: Version) -> Result<Glsl, Diagnostic> {
    write_with(func, version, &Overrides::default())
}

/// `write` with a runtime's [`Overrides`].
pub fn write_with(
    func: &Function,
    version: Version,
    overrides: &Overrides,
) -> Result<Glsl, Diagnostic> {
    write_precise(func, version, overrides, Precision::Target)
}

/// [`write_with`] computing `half` and `fixed` as `precision` says ([`Precision::Fp30`]: rounded
/// after each operation as fp30 does).
pub fn write_precise(
    func: &Function,
    version: Version,
    overrides: &Overrides,
    precision: Precision,
) -> Result<Glsl, Diagnostic> {
    precision.check(version).map_err(Diagnostic::error)?;
    let mut func = cleaned(func);
    if precision == Precision::Fp30 {
        // The mode's rules, made explicit operations that `precision::Helpers` spells.
        pigment_ir::pass::Pass::run(&mut pigment_ir::pass::Fp30Precision, &mut func);
    }
    let mut namer = names::Namer::default();
    let iface = interface::build(&func, version, &mut namer, overrides, precision)?;
    let plan = plan::plan(&func, version);
    let (statements, body_extensions, helpers) =
        body::Body::new(&func, version, &iface, plan, &mut namer).write()?;
    let mut extensions = iface.extensions.clone();
    for e in body_extensions {
        if !extensions.contains(&e) {
            extensions.push(e);
        }
    }
    let mut text = format!("{}\n", version.directive());
    for e in &extensions {
        text.push_str(&format!("#extension {e} : require\n"));
    }
    text.push_str(&format!(
        "// {} shader `{}`, written by Pigment\n",
        func.stage.name(),
        func.name
    ));
    text.push_str(&precision_header(version, func.stage));
    if !iface.declarations.is_empty() {
        text.push('\n');
        for d in &iface.declarations {
            text.push_str(d);
            text.push('\n');
        }
    }
    text.push_str(&helpers.text(version));
    text.push_str("\nvoid main()\n{\n");
    text.push_str(&statements);
    text.push_str("}\n");
    let reflection = reflect::reflect(&func, version, &iface);
    let typed_reflection = reflect::typed(&func, version, &iface);
    Ok(Glsl {
        text,
        reflection,
        typed_reflection,
    })
}

/// ES fragment shaders have no default float precision: highp where the implementation has it.
fn precision_header(version: Version, stage: Stage) -> String {
    match (version.is_es(), stage, version.number) {
        (true, Stage::Fragment, 100) => "#ifdef GL_FRAGMENT_PRECISION_HIGH\nprecision highp float;\n#else\nprecision mediump float;\n#endif\n".into(),
        (true, Stage::Fragment, _) => "precision highp float;\nprecision highp int;\n".into(),
        _ => String::new(),
    }
}
