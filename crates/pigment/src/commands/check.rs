//! `pigment check PROGRAM`: does the program load (NV_fragment_program) or check (Cg)?

use crate::cgfront::run_front_end;
use crate::cli::{CheckArgs, Lang};
use crate::failure::{CommandResult, Failure};
use crate::load::{language_of, load_fragment_program};

pub fn check(args: &CheckArgs) -> CommandResult {
    match language_of(&args.program, args.cg.lang)? {
        Lang::Fp => load_fragment_program(&args.program).map(|_| ()),
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
