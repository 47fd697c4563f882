//! `pigment compile PROGRAM.cg --target arbfp1|arbvp1` (or cgc's `--profile arbfp1|arbvp1`): the
//! fragment entry as an ARB_fragment_program, the vertex entry as an ARB_vertex_program (crates/arb),
//! with cgc's header; `--reflect json` prints its
//! bindings as fp30's do.

use crate::cli::{CompileArgs, EmitStage, PrecisionArg, ReflectFormat};
use crate::commands::compile::{lower_stage, reject, write_output};
use crate::failure::{CommandResult, Failure};
use pigment_ir::Stage;

/// Whether `args` asks for an ARB program: `--target arbfp1|arbvp1`, or the profile without a
/// target.
pub fn requested(args: &CompileArgs) -> Option<&str> {
    let named = args.target.as_deref().unwrap_or(args.cg.profile.as_str());
    matches!(named, "arbfp1" | "arbvp1").then_some(named)
}

pub fn compile(args: &CompileArgs, profile: &str) -> CommandResult {
    if args.emit != EmitStage::Fp {
        return Err(Failure::Usage("`--emit` takes no ARB target".into()));
    }
    let entry = &args.cg.entry;
    let (text, interface) = if profile == "arbvp1" {
        let (front, module) = lower_stage(args, Stage::Vertex, "arbvp1")?;
        let arb =
            pigment_arb::arbvp1(&module, entry).map_err(|errors| reject(&front, entry, errors))?;
        (arb.text, arb.interface)
    } else {
        let (front, module) = lower_stage(args, Stage::Fragment, "arbfp1")?;
        let options = pigment_arb::FragmentOptions {
            fp30: pigment_fp30::Options {
                fast_math: !args.cg.no_fast_math,
                ..pigment_fp30::Options::default()
            },
            stepwise_dots: args.precision == PrecisionArg::Fp30,
            nan_rules: args.precision == PrecisionArg::Fp30,
            half_rounding: args.precision == PrecisionArg::Fp30,
            nv_trigonometry: args.precision == PrecisionArg::Fp30,
        };
        let arb = pigment_arb::arbfp1(&module, entry, &options)
            .map_err(|errors| reject(&front, entry, errors))?;
        (arb.text, arb.interface)
    };
    match args.reflect {
        Some(ReflectFormat::Json) => write_output(args, &format!("{:#}\n", interface.to_json())),
        None => write_output(args, &text),
    }
}
