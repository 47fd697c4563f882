//! SIN and COS as a straight-line plan of plain arithmetic steps, for targets that cannot run
//! [`super::sine_steps`] as written: no bit casts (GLSL before 3.30, ARB_fragment_program), and a
//! driver that folds `(x + c) − c` (Mesa does), which removes the 2^23 rounding trick of
//! `reduce_half_pi`. The back ends write each [`Step`] as one target operation, so the target
//! computes the machine's bits wherever it keeps basic operations as written (llvmpipe does; the
//! back ends' tests draw it), and the plan is checked here against the machine's [`super::sine`]
//! and [`super::cosine`] with [`evaluate`].
//!
//! The steps are the machine's, with bit operations replaced by exact arithmetic:
//!
//! * k = a·(2/π) rounded to the nearest integer, ties to even: `floor`, the fraction f (exact for
//!   a·(2/π) < 2^23), then up by one where f > 1/2, or f = 1/2 and the floor is odd (`fract` of
//!   half the floor is 1/2). The machine's `+ 2^23` rounds the same way while a·(2/π) < 2^23.
//! * the Cody-Waite reduction, the clamp to [−1, 1], the Horner polynomials: the same operations
//!   with the same constants ([`super::HALF_PI_PARTS`], [`super::SIN_SERIES`], [`super::COS_SERIES`]).
//! * the quadrant q = k + quadrants: `fract(q/2)` says odd (cos instead of sin), `fract(q/4) ≥ 1/2`
//!   says negate (q/2, q/4 and their fractions are exact for integers below 2^24).
//! * the sign of x for SIN: the result times −1 where `1/x < 0`, which holds for −0 too.
//!
//! So the plan equals the machine bit for bit for |x| < 2^23·π/2 ≈ 1.3·10^7 (`evaluate`'s tests);
//! beyond, k is an integer the machine rounds to even in steps of 2, and the two differ (both stay
//! in [−1, 1]). NaN and ±INF give NaN in both.

use super::{COS_SERIES, HALF_PI_PARTS, SIN_SERIES, TWO_OVER_PI};

/// An operand of a step: the argument, an earlier step's result, or a constant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Operand {
    Input,
    Step(usize),
    Const(f32),
}

/// One operation, f32 in and out, each correctly rounded (the arithmetic ones) or exact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step {
    Abs(Operand),
    Add(Operand, Operand),
    Sub(Operand, Operand),
    Mul(Operand, Operand),
    /// 1/x (only its sign is used: a target's approximate reciprocal serves).
    Reciprocal(Operand),
    Floor(Operand),
    /// x − floor(x), as ARB's FRC and GLSL's `fract` define it.
    Fract(Operand),
    /// `a < b ? then : otherwise` (IEEE `<`: false where either is NaN).
    SelectLess {
        a: Operand,
        b: Operand,
        then: Operand,
        otherwise: Operand,
    },
}

/// Which function a plan computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    Sine,
    Cosine,
}

/// The steps of `function`; the last one's result is the function's value.
pub fn plan(function: Function) -> Vec<Step> {
    let mut p = Plan(Vec::new());
    let (quadrants, odd) = match function {
        Function::Sine => (0.0, true),
        Function::Cosine => (1.0, false),
    };
    let a = p.push(Step::Abs(Operand::Input));
    let (k, r) = reduce_half_pi(&mut p, a);
    let r2 = p.push(Step::Mul(r, r));
    let r3 = p.push(Step::Mul(r2, r));
    let sin_series = horner(&mut p, r2, &SIN_SERIES);
    let sin_tail = p.push(Step::Mul(r3, sin_series));
    let sin = p.push(Step::Add(r, sin_tail));
    let cos = horner(&mut p, r2, &COS_SERIES);
    let q = match quadrants {
        0.0 => k,
        n => p.push(Step::Add(k, Operand::Const(n))),
    };
    let half = p.push(Step::Mul(q, Operand::Const(0.5)));
    let odd_quadrant = p.push(Step::Fract(half));
    let v = p.select_less(odd_quadrant, Operand::Const(0.25), sin, cos);
    let quarter = p.push(Step::Mul(q, Operand::Const(0.25)));
    let turn = p.push(Step::Fract(quarter));
    let negated = p.push(Step::Mul(v, Operand::Const(-1.0)));
    let v = p.select_less(turn, Operand::Const(0.5), v, negated);
    if odd {
        let inverse = p.push(Step::Reciprocal(Operand::Input));
        let sign = p.select_less(
            inverse,
            Operand::Const(0.0),
            Operand::Const(-1.0),
            Operand::Const(1.0),
        );
        p.push(Step::Mul(v, sign));
    }
    p.0
}

struct Plan(Vec<Step>);

impl Plan {
    fn push(&mut self, step: Step) -> Operand {
        self.0.push(step);
        Operand::Step(self.0.len() - 1)
    }

    fn select_less(
        &mut self,
        a: Operand,
        b: Operand,
        then: Operand,
        otherwise: Operand,
    ) -> Operand {
        self.push(Step::SelectLess {
            a,
            b,
            then,
            otherwise,
        })
    }
}

/// k = a·(2/π) rounded to an integer (ties to even) and r = a − k·π/2 clamped to [−1, 1]: the
/// machine's `reduce_half_pi` without the 2^23 trick.
fn reduce_half_pi(p: &mut Plan, a: Operand) -> (Operand, Operand) {
    use Operand::Const;
    let scaled = p.push(Step::Mul(a, Const(TWO_OVER_PI)));
    let floor = p.push(Step::Floor(scaled));
    let f = p.push(Step::Sub(scaled, floor));
    let half_floor = p.push(Step::Mul(floor, Const(0.5)));
    let parity = p.push(Step::Fract(half_floor));
    // 1 where the floor is odd (parity 1/2), 0 where even.
    let odd = p.push(Step::Add(parity, parity));
    let at_half = p.select_less(f, Const(0.5), Const(0.0), odd);
    let up = p.select_less(Const(0.5), f, Const(1.0), at_half);
    let k = p.push(Step::Add(floor, up));
    let mut r = a;
    for part in HALF_PI_PARTS {
        let product = p.push(Step::Mul(k, Const(part)));
        r = p.push(Step::Sub(r, product));
    }
    let r = p.select_less(r, Const(-1.0), Const(-1.0), r);
    let r = p.select_less(Const(1.0), r, Const(1.0), r);
    (k, r)
}

/// The machine's `horner`: `c[0] + t·(c[1] + t·(… + t·c[n]))`, the sum as `c + product`.
fn horner(p: &mut Plan, t: Operand, coefficients: &[f32]) -> Operand {
    let (&last, rest) = coefficients.split_last().expect("coefficients");
    let mut sum = Operand::Const(last);
    for &c in rest.iter().rev() {
        let product = p.push(Step::Mul(t, sum));
        sum = p.push(Step::Add(Operand::Const(c), product));
    }
    sum
}

/// The plan's value at `x` with Rust's f32 arithmetic: what a target that keeps every step as
/// written computes.
pub fn evaluate(steps: &[Step], x: f32) -> f32 {
    let mut values: Vec<f32> = Vec::with_capacity(steps.len());
    for step in steps {
        let get = |o: Operand| match o {
            Operand::Input => x,
            Operand::Step(i) => values[i],
            Operand::Const(c) => c,
        };
        let v = match *step {
            Step::Abs(a) => get(a).abs(),
            Step::Add(a, b) => get(a) + get(b),
            Step::Sub(a, b) => get(a) - get(b),
            Step::Mul(a, b) => get(a) * get(b),
            Step::Reciprocal(a) => 1.0 / get(a),
            Step::Floor(a) => get(a).floor(),
            Step::Fract(a) => get(a) - get(a).floor(),
            Step::SelectLess {
                a,
                b,
                then,
                otherwise,
            } => match get(a) < get(b) {
                true => get(then),
                false => get(otherwise),
            },
        };
        values.push(v);
    }
    *values.last().expect("a plan has steps")
}

#[cfg(test)]
mod tests {
    use super::super::{cosine, sine};
    use super::*;

    /// Below this, the plan is the machine (the module documentation).
    const EXACT_BELOW: f32 = 13_176_794.0;

    fn assert_same(x: f32) {
        for (function, machine) in [
            (Function::Sine, sine as fn(f32) -> f32),
            (Function::Cosine, cosine),
        ] {
            let (want, got) = (machine(x), evaluate(&plan(function), x));
            let alike = want.to_bits() == got.to_bits() || (want.is_nan() && got.is_nan());
            assert!(alike, "{function:?}({x:e}): machine {want:e}, plan {got:e}");
        }
    }

    /// A deterministic stream of f32 bit patterns (xorshift), for inputs spread over every exponent.
    fn stream(mut state: u32, n: usize) -> impl Iterator<Item = u32> {
        (0..n).map(move |_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        })
    }

    #[test]
    fn plan_is_the_machine_on_random_arguments_of_every_magnitude() {
        let xs = stream(0x9E37_79B9, 400_000)
            .map(f32::from_bits)
            .filter(|x| x.abs() < EXACT_BELOW);
        for x in xs {
            assert_same(x);
        }
    }

    #[test]
    fn plan_is_the_machine_near_multiples_of_quarter_pi_and_at_ties() {
        // Around n·π/4 (the rounding of k changes at odd n), a few ulps either side, and at
        // arguments where a·(2/π) is exactly n + 1/2 or just beside it (the ties k rounds to even).
        for n in 0..20_000 {
            let centre = n as f32 * std::f32::consts::FRAC_PI_4;
            let tie = (n as f32 + 0.5) / TWO_OVER_PI;
            for base in [centre, tie] {
                let mut x = base;
                for _ in 0..4 {
                    x = f32::from_bits(x.to_bits().saturating_sub(1));
                }
                for _ in 0..9 {
                    assert_same(x);
                    assert_same(-x);
                    x = f32::from_bits(x.to_bits() + 1);
                }
            }
        }
    }

    #[test]
    fn plan_is_the_machine_on_special_values() {
        for x in [
            0.0,
            -0.0,
            1e-45,
            -1e-45,
            1e-30,
            f32::INFINITY,
            -f32::INFINITY,
            f32::NAN,
        ] {
            assert_same(x);
        }
    }
}
