//! One fragment run on the machine and reported as JSON (what `pigment eval` prints): the
//! fragment runs as a quad of four identical fragments, so derivatives are 0. Floats are written
//! as the shortest decimal that reads back to the same f32; NaN and the infinities as the strings
//! "NaN", "Infinity" and "-Infinity" (JSON has no such numbers).
//!
//! ```
//! use pigment::render::eval::{evaluate, quad_input};
//! use pigment::render::{bindings, machine, Bindings, Executor};
//! use pigment::Session;
//!
//! let mut session = Session::new();
//! session.add_source("half.fp", "!!FP1.0\nMULR o[COLR], f[TEX0], 0.5;\nEND\n");
//! let (loaded, _) = pigment::program::load_nv(&session, "half.fp").unwrap();
//! let bound = bindings::bind(&loaded, &Bindings::default()).unwrap();
//! let input = quad_input(&[("TEX0".to_string(), [1.0, 0.1, f32::INFINITY, -2.0])]).unwrap();
//! let (machine, _, _) = machine(&loaded.program, Executor::Interpreter);
//! let json = evaluate(&machine, &loaded.program, &input, &bound, false);
//! assert_eq!(json.to_string(), r#"{"killed":false,"outputs":{"COLR":[0.5,0.05,"Infinity",-1.0]}}"#);
//! ```

use super::Bound;
use crate::error::{Error, Result};
use nvfp::exec::{Machine, QuadInput};
use nvfp::isa::{AttribReg, OutputReg};
use nvfp::program::{DestReg, Program};
use serde_json::{Map, Value};

/// The four identical fragments of the quad, from attribute values by register name (`WPOS`,
/// `COL0`, `COL1`, `FOGC`, `TEX0`-`TEX7`).
pub fn quad_input(attributes: &[(String, [f32; 4])]) -> Result<QuadInput> {
    let mut input = QuadInput::default();
    for (name, value) in attributes {
        let reg = AttribReg::from_name(name).ok_or_else(|| {
            Error::Request(format!(
                "`{name}` is not an attribute (WPOS, COL0, COL1, FOGC, TEX0-TEX7)"
            ))
        })?;
        input.attribs[reg.index()] = [*value; 4];
    }
    Ok(input)
}

/// Runs `input` through `machine` and reports whether the fragment was killed and each output
/// register the program writes (components never written as `null`; of `o[DEPR]` only z, the
/// one the depth buffer takes); with `dump`, every temporary and the condition codes too.
pub fn evaluate(
    machine: &Machine,
    program: &Program,
    input: &QuadInput,
    bound: &Bound,
    dump: bool,
) -> Value {
    let (output, trace) = machine.run_quad_traced(input, &bound.params, &bound.textures);
    let mut result = Map::new();
    result.insert("killed".into(), Value::Bool(output.killed[0]));
    let mut outputs = Map::new();
    for reg in [OutputReg::Colr, OutputReg::Colh, OutputReg::Depr] {
        if let Some(written) = components_written(program, reg) {
            let (value, written) = match reg {
                OutputReg::Depr => (
                    [0.0, 0.0, output.depth[0], 0.0],
                    [false, false, written[2], false],
                ),
                _ => (output.color[0], written),
            };
            outputs.insert(reg.name().into(), vector(value, written));
        }
    }
    result.insert("outputs".into(), Value::Object(outputs));
    if dump {
        let registers = trace
            .temps
            .iter()
            .map(|t| (t.register.name(), vector(t.values[0], [true; 4])))
            .collect();
        result.insert("registers".into(), Value::Object(registers));
        let cc = trace.cc[0].iter().map(|c| Value::from(c.name())).collect();
        result.insert("cc".into(), Value::Array(cc));
    }
    Value::Object(result)
}

/// Which components of an output register any instruction writes; `None` if none does.
fn components_written(program: &Program, reg: OutputReg) -> Option<[bool; 4]> {
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

fn float(x: f32) -> Value {
    if x.is_nan() {
        Value::from("NaN")
    } else if x.is_infinite() {
        Value::from(if x > 0.0 { "Infinity" } else { "-Infinity" })
    } else {
        // Rust prints the shortest representation that round-trips as f32; reading that as f64
        // keeps it short in the JSON text (the widened f64 would print 0.10000000149011612).
        let shortest: f64 = format!("{x}").parse().unwrap_or(x as f64);
        serde_json::Number::from_f64(shortest).map_or(Value::Null, Value::Number)
    }
}

/// A vector with the components that were never written as `null`.
fn vector(v: [f32; 4], written: [bool; 4]) -> Value {
    Value::Array(
        (0..4)
            .map(|c| if written[c] { float(v[c]) } else { Value::Null })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_shortest_and_specials_as_strings() {
        assert_eq!(float(0.1).to_string(), "0.1");
        assert_eq!(float(-2.0).to_string(), "-2.0");
        assert_eq!(float(f32::NAN).to_string(), "\"NaN\"");
        assert_eq!(float(f32::NEG_INFINITY).to_string(), "\"-Infinity\"");
        assert_eq!(
            vector([1.0, 2.0, 3.0, 4.0], [true, false, true, false]).to_string(),
            "[1.0,null,3.0,null]"
        );
    }
}
