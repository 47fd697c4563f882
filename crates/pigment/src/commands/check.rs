//! `pigment check PROGRAM`: does the program load (NV_fragment_program) or check (Cg)? With
//! `--reflect json`, also print the interface the program's header comments describe.

use crate::cgfront::run_front_end;
use crate::cli::{CheckArgs, Lang, ReflectFormat};
use crate::failure::{CommandResult, Failure};
use crate::load::{language_of, load_fragment_program};

pub fn check(args: &CheckArgs) -> CommandResult {
    match language_of(&args.program, args.cg.lang)? {
        Lang::Fp => {
            let loaded = load_fragment_program(&args.program)?;
            if args.reflect == Some(ReflectFormat::Json) {
                let json = loaded.interface.to_json();
                println!(
                    "{}",
                    serde_json::to_string_pretty(&json).unwrap_or_default()
                );
            }
            Ok(())
        }
        Lang::Cg if args.reflect.is_some() => Err(Failure::Usage(
            "--reflect reads a compiled program's header: give it a `.fp` file".into(),
        )),
        Lang::Cg => {
            let front = run_front_end(&args.program, &args.cg)?;
            if front.has_errors() {
                Err(Failure::Rejected)
            } else {
                Ok(())
            }
        }
    }
}
