//! Int division and remainder as fp30 computes them (floats, the RCP of the machine, the truncation
//! pattern of `legalize::IntToFloat`) give C's truncating quotient and remainder exactly: the
//! legalised IR runs in the reference interpreter, which computes RCP, MUL and FLR as the machine
//! does, over every dividend of a range and divisors of both signs (run-time and constant),
//! including those whose plain RCP·MUL quotient falls short (41 / 41 would give 0). The expected
//! values are Rust's i32 `/` and `%`, which truncate as C does.

use pigment_ir::interp::{run_quad, Bindings, Limits, NoTextures};
use pigment_ir::*;

/// `a / b` and `a % b` (the Cg front end's a − (a / b)·b) of int4 varyings, or of `a` by the
/// constant `divisor` when one is given.
fn program(divisor: Option<i32>) -> Module {
    let b = match divisor {
        Some(d) => format!("  %1: int4 = const {d}, {d}, {d}, {d}"),
        None => "  %1: int4 = input $b".to_string(),
    };
    let text = format!(
        "fn main(
    in $a: int4 @TEXCOORD0,
    in $b: int4 @TEXCOORD1,
    out $q: float4 @COLOR,
    out $r: float4 @COLOR1,
) {{
  %0: int4 = input $a
{b}
  %2: int4 = div %0, %1
  %3: int4 = mul %2, %1
  %4: int4 = sub %0, %3
  %5: float4 = cvt %2
  %6: float4 = cvt %4
  store $q, %5
  store $r, %6
}}
"
    );
    let module = parse(&text).expect("a valid module");
    pigment_fp30::legalize_ir(&module, "main").expect("legalises")
}

/// Runs the legalised program on `pairs` (16 a quad) and returns the pairs it gets wrong.
fn wrong_pairs(legal: &Module, pairs: &[(i32, i32)]) -> Vec<String> {
    let func = &legal.functions[Handle::from_index(0)];
    let mut wrong = Vec::new();
    for quad in pairs.chunks(16) {
        let mut bindings = Bindings::default();
        for (f, inputs) in bindings.inputs.iter_mut().enumerate() {
            let lane = |i: usize| quad.get(f * 4 + i).copied().unwrap_or((0, 1));
            inputs.push(Vector::ints(&[0, 1, 2, 3].map(|i| lane(i).0)));
            inputs.push(Vector::ints(&[0, 1, 2, 3].map(|i| lane(i).1)));
        }
        let out = run_quad(func, &bindings, &mut NoTextures, Limits::default()).expect("runs");
        for (f, fragment) in out.iter().enumerate() {
            let q = fragment.outputs[0].value.to_f32s();
            let r = fragment.outputs[1].value.to_f32s();
            for i in 0..4 {
                let Some(&(a, b)) = quad.get(f * 4 + i) else {
                    continue;
                };
                if q[i] != (a / b) as f32 || r[i] != (a % b) as f32 {
                    wrong.push(format!("{a} / {b}: {} rem {}", q[i], r[i]));
                }
            }
        }
    }
    wrong
}

const DIVISORS: [i32; 11] = [1, 2, 3, 7, 41, 49, 97, 127, 255, 1000, 4095];

#[test]
fn run_time_division_truncates_exactly() {
    let legal = program(None);
    let mut pairs = Vec::new();
    let divisors = (1..=64).chain(DIVISORS);
    for b in divisors.flat_map(|b| [b, -b]) {
        pairs.extend((-2100..=2100).map(|a| (a, b)));
        // Exact multiples up to 2^21, where the quotient is most easily one short.
        pairs.extend((1..=(1 << 21) / b.abs()).step_by(97).map(|k| (k * b, b)));
    }
    let wrong = wrong_pairs(&legal, &pairs);
    assert!(
        wrong.is_empty(),
        "{} wrong: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(10)]
    );
}

#[test]
fn constant_division_truncates_exactly() {
    for b in DIVISORS.into_iter().flat_map(|b| [b, -b]) {
        let legal = program(Some(b));
        let mut pairs: Vec<(i32, i32)> = (-5000..=5000).map(|a| (a, b)).collect();
        pairs.extend((1..=(1 << 22) / b.abs()).step_by(89).map(|k| (k * b, b)));
        let wrong = wrong_pairs(&legal, &pairs);
        assert!(
            wrong.is_empty(),
            "divisor {b}: {:?}",
            &wrong[..wrong.len().min(10)]
        );
    }
}
