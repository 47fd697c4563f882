//! NV's SIN and COS written with ARB instructions, for `--precision fp30`
//! ([`super::Style::nv_trigonometry`]): ARB leaves SIN and COS to the implementation, and Mesa's
//! differ from NV's in the last bits, which noise shaders (`frac(sin(x) · 43758.5453)`) magnify.
//! The program is pigment_numeric's plan of NV's steps (`approx::plain`), one ARB instruction (two
//! for a selection) per step, each result in one component of a scratch temporary. It computes the
//! machine's bits where the implementation keeps MUL, ADD, FLR, FRC and CMP as written, which
//! llvmpipe does (tests/llvmpipe.rs `nv_sine_and_cosine_draw_the_machines_bits`), for |x| < 1.3·10^7.

use super::operand::number;
use super::writer::Writer;
use pigment_numeric::approx::plain::{plan, Function, Operand, Step};

/// Components of scratch temporaries handed out one at a time, four to a temporary.
struct Slots {
    scratch: String,
    used: usize,
}

impl Slots {
    fn next(&mut self, w: &mut Writer) -> String {
        if self.used.is_multiple_of(4) {
            self.scratch = w.scratch();
        }
        self.used += 1;
        format!(
            "{}.{}",
            self.scratch,
            ['x', 'y', 'z', 'w'][(self.used - 1) % 4]
        )
    }
}

/// SIN or COS (`function`) of the scalar `x` into `result` (`sat`: `_SAT` or empty).
pub(crate) fn sine_cosine(w: &mut Writer, function: Function, result: &str, x: &str, sat: &str) {
    let steps = plan(function);
    let mut places: Vec<String> = Vec::with_capacity(steps.len());
    let mut slots = Slots {
        scratch: String::new(),
        used: 0,
    };
    for (i, step) in steps.iter().enumerate() {
        let last = i + 1 == steps.len();
        let place = match last {
            true => result.to_string(),
            false => slots.next(w),
        };
        let sat = if last { sat } else { "" };
        let get = |o: Operand| match o {
            Operand::Input => x.to_string(),
            Operand::Step(k) => places[k].clone(),
            Operand::Const(c) => format!("{{{}}}.x", number(c)),
        };
        let line = match *step {
            Step::Abs(a) => format!("ABS{sat} {place}, {};", get(a)),
            Step::Add(a, b) => format!("ADD{sat} {place}, {}, {};", get(a), get(b)),
            Step::Sub(a, b) => format!("SUB{sat} {place}, {}, {};", get(a), get(b)),
            Step::Mul(a, b) => format!("MUL{sat} {place}, {}, {};", get(a), get(b)),
            Step::Reciprocal(a) => format!("RCP{sat} {place}, {};", get(a)),
            Step::Floor(a) => format!("FLR{sat} {place}, {};", get(a)),
            Step::Fract(a) => format!("FRC{sat} {place}, {};", get(a)),
            Step::SelectLess {
                a,
                b,
                then,
                otherwise,
            } => {
                // SLT gives 1 where a < b (0 for NaN); CMP picks `then` where its negation is < 0.
                let t = slots.next(w);
                w.line(format!("SLT {t}, {}, {};", get(a), get(b)));
                format!("CMP{sat} {place}, -{t}, {}, {};", get(then), get(otherwise))
            }
        };
        w.line(line);
        places.push(place);
    }
}
