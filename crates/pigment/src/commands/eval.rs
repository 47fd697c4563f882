//! `pigment eval PROGRAM`: run one fragment and print its results as JSON.
//!
//! The fragment runs as a quad of four identical fragments, so derivatives are 0.

use crate::bindings::bind;
use crate::cli::EvalArgs;
use crate::failure::{CommandResult, Failure};
use crate::json;
use crate::load::load_fragment_program;
use crate::values::parse_assignment;
use nvfp::exec::QuadInput;
use nvfp::isa::{AttribReg, OutputReg};
use nvfp::program::{DestReg, Program};
use serde_json::{Map, Value};

pub fn eval(args: &EvalArgs) -> CommandResult {
    let loaded = load_fragment_program(&args.program)?;
    let program = &loaded.program;
    let bound = bind(&loaded, &args.bindings)?;
    let input = quad_input(&args.attrs)?;
    let machine = crate::commands::executor::machine(program, &args.exec);
    let (output, trace) = machine.run_quad_traced(&input, &bound.params, &bound.textures);

    let mut result = Map::new();
    result.insert("killed".into(), Value::Bool(output.killed[0]));
    let mut outputs = Map::new();
    for reg in [OutputReg::Colr, OutputReg::Colh, OutputReg::Depr] {
        if let Some(written) = output_components_written(program, reg) {
            let value = if reg == OutputReg::Depr {
                [0.0, 0.0, output.depth[0], 0.0]
            } else {
                output.color[0]
            };
            // Only z of o[DEPR] reaches the depth buffer; the other components are reported as null.
            let written = if reg == OutputReg::Depr {
                [false, false, written[2], false]
            } else {
                written
            };
            outputs.insert(reg.name().into(), json::vector(value, written));
        }
    }
    result.insert("outputs".into(), Value::Object(outputs));
    if args.dump {
        let mut registers = Map::new();
        for temp in &trace.temps {
            registers.insert(
                temp.register.name(),
                json::vector(temp.values[0], [true; 4]),
            );
        }
        result.insert("registers".into(), Value::Object(registers));
        let cc = trace.cc[0].iter().map(|c| Value::from(c.name())).collect();
        result.insert("cc".into(), Value::Array(cc));
    }
    println!("{}", Value::Object(result));
    Ok(())
}

/// The four identical fragments of the quad, from `--attr NAME=x,y,z,w` options.
fn quad_input(attrs: &[String]) -> Result<QuadInput, Failure> {
    let mut input = QuadInput::default();
    for attr in attrs {
        let (name, value) = parse_assignment(attr).map_err(Failure::Usage)?;
        let reg = AttribReg::from_name(&name).ok_or_else(|| {
            Failure::Usage(format!(
                "`--attr {attr}`: `{name}` is not an attribute (WPOS, COL0, COL1, FOGC, TEX0-TEX7)"
            ))
        })?;
        input.attribs[reg.index()] = [value; 4];
    }
    Ok(input)
}

/// Which components of an output register any instruction writes; `None` if none does.
fn output_components_written(program: &Program, reg: OutputReg) -> Option<[bool; 4]> {
    let mut written = [false; 4];
    let mut any = false;
    for dst in program.instructions.iter().filter_map(|i| i.dst.as_ref()) {
        if dst.register == DestReg::Output(reg) {
            any = true;
            for (c, w) in written.iter_mut().enumerate() {
                *w |= dst.write_mask.enabled(c);
            }
        }
    }
    any.then_some(written)
}
