//! ARB_fragment_program (cgc's `arbfp1` profile) from the shading IR.
//!
//! An ARB fragment program is an NV_fragment_program without the half and fixed precisions,
//! condition codes, derivatives, packing and explicit-LOD or gradient lookups. So [`arbfp1`]
//! compiles a fragment function the way fp30 does, after two steps of its own:
//!
//! 1. what ARB cannot express at all (`ddx`/`ddy`, pack/unpack, `texlod`/`texbias`/`texgrad`) is
//!    a located error naming the profile;
//! 2. every `half` and `fixed` becomes `float` ([`promote::promote_to_float`]): ARB computes in
//!    fp32, so the program computes what the source would with `float` everywhere (no fp16
//!    rounding, no fx12 clamping);
//!
//! then the fp30 back end compiles it (loops unrolled, `if`s predicated, registers allocated), and
//! [`from_nv`] translates the NV program instruction by instruction into ARB (condition codes
//! become `CMP`s on a temporary, SEQ/SNE pairs of SGEs, ...; its documentation has the table).
//!
//! # The program's interface
//!
//! The text starts `!!ARBfp1.0`, then cgc's header comments with `#profile arbfp1`: the `#var`
//! lines of fp30's header with each uniform's binding `c[N]`, N its `program.local` slot (64 + k
//! for the k-th uniform: slots 0-63 are left to the application's own locals), and the defaults
//! in `#default` lines, which a runtime loads with `glProgramLocalParameter4fvARB` (ARB programs
//! have no initialised parameters). Samplers keep fp30's texture units; varyings read
//! `fragment.texcoord[n]`, `fragment.color`, ...
#![forbid(unsafe_code)]

pub mod from_nv;
pub mod promote;
pub mod vertex;

pub use vertex::{arbvp1, ArbVertexProgram};

use pigment_diag::Diagnostic;
use pigment_fp30::header::ProgramInterface;
use pigment_ir::{walk, Function, InstKind, Module, Op, SampleForm};

/// A compiled ARB fragment program.
#[derive(Clone, Debug)]
pub struct ArbProgram {
    /// `!!ARBfp1.0`, the header comments, the instructions and `END`.
    pub text: String,
    /// Each DECLAREd uniform element's `program.local` slot and default value, in the order fp30
    /// declares them (variables in the order the program first uses them, see
    /// `pigment_fp30::uniforms::declares`; unread variables not at all).
    pub locals: Vec<(u32, [f32; 4])>,
    /// The DECLARE name of each of [`Self::locals`] (`IN$video_size`, `k$1`:
    /// `pigment_fp30::interface::param_name`), to give a slot the value of a uniform element.
    pub local_names: Vec<String>,
    /// The header as data (fp30's, with ARB bindings).
    pub interface: ProgramInterface,
}

/// What `func` uses that `profile` has no instruction for: errors at each use.
fn unsupported(func: &Function, profile: &str) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    walk(&func.body, &mut |inst| {
        let what = match &inst.kind {
            InstKind::Op { op, .. } if op.is_derivative() => Some("derivatives (`ddx`, `ddy`)"),
            InstKind::Op {
                op: Op::Pack(_) | Op::Unpack(_),
                ..
            } => Some("packing instructions"),
            InstKind::Sample { .. } if func.stage == pigment_ir::Stage::Vertex => {
                Some("texture lookups in vertex programs")
            }
            InstKind::Sample { form, .. } => match form {
                SampleForm::Lod { .. } => Some("lookups with an explicit level of detail"),
                SampleForm::Bias { .. } => Some("lookups with a level-of-detail bias"),
                SampleForm::Grad { .. } => Some("lookups with explicit derivatives"),
                SampleForm::Fetch { .. } => Some("texel fetches (`texelFetch`)"),
                SampleForm::Plain | SampleForm::Proj => None,
            },
            _ => None,
        };
        if let Some(what) = what {
            let d = Diagnostic::error(format!("profile `{profile}` has no {what}"));
            errors.push(match inst.loc {
                Some(l) => d.at(l.file, l.span),
                None => d,
            });
        }
    });
    errors
}

/// How [`arbfp1`] compiles.
#[derive(Clone, Debug, Default)]
pub struct FragmentOptions {
    /// The fp30 back end's (fast math, ...).
    pub fp30: pigment_fp30::Options,
    /// Dot products rounded and summed as NV does, where a driver would fuse ARB's DP3/DP4
    /// (`pigment compile --precision fp30`; see [`from_nv::Style::stepwise_dots`]).
    pub stepwise_dots: bool,
    /// NV's NaN rules where Mesa's ARB instructions differ (`pigment compile --precision fp30`;
    /// see [`from_nv::Style::nan_rules`]).
    pub nan_rules: bool,
    /// `half` kept and its results rounded to fp16 as NV computes them, where by default arbfp1
    /// computes `half` as `float` (`pigment compile --precision fp30`; see
    /// [`from_nv::Style::half_rounding`]).
    pub half_rounding: bool,
    /// SIN and COS as NV computes them (`pigment compile --precision fp30`; see
    /// [`from_nv::Style::nv_trigonometry`]).
    pub nv_trigonometry: bool,
}

/// Compiles the fragment function `entry` of `module` for arbfp1.
pub fn arbfp1(
    module: &Module,
    entry: &str,
    options: &FragmentOptions,
) -> Result<ArbProgram, Vec<Diagnostic>> {
    let Some(h) = module.function(entry) else {
        return Err(vec![Diagnostic::error(format!(
            "no entry function `{entry}`"
        ))]);
    };
    let mut func = module.functions[h].clone();
    let errors = unsupported(&func, "arbfp1");
    if !errors.is_empty() {
        return Err(errors);
    }
    promote::promote(
        &mut func,
        match options.half_rounding {
            true => promote::Promote::Fixed,
            false => promote::Promote::HalfAndFixed,
        },
    );
    let mut promoted = Module::new();
    promoted.functions.append(func);
    let compiled = pigment_fp30::compile(&promoted, entry, &options.fp30)?;
    let program = nvfp::validate::load(&compiled.program, pigment_diag::FileId(0))?;
    let style = from_nv::Style {
        fp32: true,
        stepwise_dots: options.stepwise_dots,
        nan_rules: options.nan_rules,
        half_rounding: options.half_rounding,
        nv_trigonometry: options.nv_trigonometry,
    };
    let translation = from_nv::translate_with(&program, style)
        .map_err(|u| vec![Diagnostic::error(format!("profile `arbfp1`: {}", u.what))])?;
    let interface = arb_interface(compiled.interface, &translation.named_locals, &program);
    let text = with_header(&translation.text, &interface);
    Ok(ArbProgram {
        text,
        locals: translation.named_locals,
        local_names: program
            .named_locals
            .iter()
            .map(|d| d.name.clone())
            .collect(),
        interface,
    })
}

/// fp30's header made arbfp1's: the profile, and each DECLAREd uniform's binding as `c[slot]`.
fn arb_interface(
    mut interface: ProgramInterface,
    locals: &[(u32, [f32; 4])],
    program: &nvfp::program::Program,
) -> ProgramInterface {
    interface.profile = Some("arbfp1".into());
    interface.notes = vec!["pigment arbfp1 back end (fp30, translated to ARB)".into()];
    interface.stats = None;
    for var in &mut interface.vars {
        let declared = program
            .named_locals
            .iter()
            .position(|d| d.name == var.resource);
        if let Some(slot) = declared.and_then(|k| locals.get(k)) {
            var.resource = format!("c[{}]", slot.0);
        }
    }
    interface
}

/// The header comments right after the `!!ARBfp1.0` line.
pub(crate) fn with_header(text: &str, interface: &ProgramInterface) -> String {
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    format!("{first}\n{}{rest}", interface.header())
}
