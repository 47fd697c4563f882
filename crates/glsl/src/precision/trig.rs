//! NV's SIN and COS in GLSL for the fp30 mode: `cg_nv_sin` and `cg_nv_cos` run pigment_numeric's
//! plan of the machine's steps (`approx::plain`), one statement per step, instead of the driver's
//! `sin` and `cos`, whose last bits differ from NV's (noise shaders' `fract(sin(x) · 43758.5453)`
//! magnifies them). Only basic arithmetic, `abs`, `floor`, `fract` and `?:` on floats: every
//! version has them, and llvmpipe keeps each as written (crates/glsl's tests/precision.rs
//! `nv_sine_and_cosine_draw_the_machines_bits`), which gives the machine's bits for |x| < 1.3·10^7.
//! Selections are `?:`, never `mix` (which is not exact).

use crate::expr::float_literal;
use crate::version::Version;
use pigment_numeric::approx::plain::{plan, Function, Operand, Step};

/// The helper's name for `function`.
pub(super) fn name(function: Function) -> &'static str {
    match function {
        Function::Sine => "cg_nv_sin",
        Function::Cosine => "cg_nv_cos",
    }
}

/// Both helpers and their vec2-vec4 overloads, as GLSL text for `version`.
pub(super) fn helpers(version: Version) -> String {
    let mut text = String::from(
        "\n// NV's SIN and COS, the fp30 machine's steps one by one (its bits where the driver keeps\n// each operation as written)\n",
    );
    for function in [Function::Sine, Function::Cosine] {
        text.push_str(&scalar(function, version));
        let f = name(function);
        for n in 2..=4 {
            let parts: Vec<String> = "xyzw"[..n].chars().map(|c| format!("{f}(x.{c})")).collect();
            text.push_str(&format!(
                "vec{n} {f}(vec{n} x)\n{{\n    return vec{n}({});\n}}\n",
                parts.join(", ")
            ));
        }
    }
    text
}

/// The scalar helper for `function`: step k into `sk`, the last one returned.
fn scalar(function: Function, version: Version) -> String {
    let get = |o: Operand| match o {
        Operand::Input => "x".to_string(),
        Operand::Step(k) => format!("s{k}"),
        Operand::Const(c) => float_literal(c.to_bits(), version).text,
    };
    let steps = plan(function);
    let mut text = format!("float {}(float x)\n{{\n", name(function));
    for (k, step) in steps.iter().enumerate() {
        let value = match *step {
            Step::Abs(a) => format!("abs({})", get(a)),
            Step::Add(a, b) => format!("{} + {}", get(a), get(b)),
            Step::Sub(a, b) => format!("{} - {}", get(a), get(b)),
            Step::Mul(a, b) => format!("{} * {}", get(a), get(b)),
            Step::Reciprocal(a) => format!("1.0 / {}", get(a)),
            Step::Floor(a) => format!("floor({})", get(a)),
            Step::Fract(a) => format!("fract({})", get(a)),
            Step::SelectLess {
                a,
                b,
                then,
                otherwise,
            } => format!(
                "{} < {} ? {} : {}",
                get(a),
                get(b),
                get(then),
                get(otherwise)
            ),
        };
        text.push_str(&format!("    float s{k} = {value};\n"));
    }
    text.push_str(&format!("    return s{};\n}}\n", steps.len() - 1));
    text
}
