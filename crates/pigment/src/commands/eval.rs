//! `pigment eval PROGRAM`: run one fragment and print its results as JSON
//! ([`pigment::render::eval`]).

use crate::bindings::bind;
use crate::cli::EvalArgs;
use crate::failure::{from_library, CommandResult};
use crate::load::load_fragment_program;
use pigment::render::eval::{evaluate, quad_input};

pub fn eval(args: &EvalArgs) -> CommandResult {
    let loaded = load_fragment_program(&args.program)?;
    let bound = bind(&loaded, &args.bindings)?;
    let attributes = args
        .attrs
        .iter()
        .map(|attr| pigment::syntax::assignment(attr))
        .collect::<Result<Vec<_>, _>>()
        .map_err(from_library)?;
    let input = quad_input(&attributes)
        .map_err(|e| crate::failure::Failure::Usage(format!("`--attr`: {e}")))?;
    let machine = crate::commands::executor::machine(&loaded.program, &args.exec);
    let json = evaluate(&machine, &loaded.program, &input, &bound, args.dump);
    println!("{json}");
    Ok(())
}
