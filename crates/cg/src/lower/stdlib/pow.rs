//! `pow(x, y)` (cg-stdlib.md §1). With an exponent known when the call is lowered, cgc's fp30 code
//! does not use POW for the exponents 0, 1, 2, 3, −1, 0.5 and −0.5: it returns 1, `x`, `x·x`,
//! `(x·x)·x`, RCP x, sqrt x (RCP of RSQ) and RSQ x, per component of a vector exponent (observed
//! with cgc 3.1 `-profile fp30`: `pow(t.x, 2.0)` is `MULR o, f[TEX0], f[TEX0]`, `pow(t.x, 4.0)`
//! stays `POWR`). The rewrite changes results, not only speed: the fragment program's POW is NaN
//! for a negative base (nv-fragment-program-notes.md §5), while `x·x` is not, and 0^0 is 1. Shaders
//! written against cgc depend on that — libretro's bicubic filters square signed distances with
//! `pow(x, 2.0)` — so lowering matches it, and the IR says what cgc's program computes.

use super::super::Lowerer;
use pigment_ir::{Op, Value};

/// What cgc computes for one known exponent.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Power {
    One,
    Base,
    Square,
    Cube,
    Reciprocal,
    Root,
    ReciprocalRoot,
    /// Any other exponent: the POW instruction.
    General,
}

impl Power {
    fn of(exponent: f32) -> Power {
        const REWRITTEN: [(f32, Power); 7] = [
            (0.0, Power::One),
            (1.0, Power::Base),
            (2.0, Power::Square),
            (3.0, Power::Cube),
            (-1.0, Power::Reciprocal),
            (0.5, Power::Root),
            (-0.5, Power::ReciprocalRoot),
        ];
        REWRITTEN
            .iter()
            .find(|(e, _)| *e == exponent)
            .map_or(Power::General, |&(_, p)| p)
    }
}

impl Lowerer<'_> {
    /// `pow(x, y)` with `y` already as wide as `x`.
    pub(super) fn pow(&mut self, x: Value, y: Value) -> Value {
        let Some(exponent) = self.em.known(y) else {
            return self.em.binary(Op::Pow, x, y);
        };
        let powers: Vec<Power> = (0..exponent.width())
            .map(|i| Power::of(exponent.f32(i)))
            .collect();
        if powers.iter().all(|&p| p == Power::General) {
            return self.em.binary(Op::Pow, x, y);
        }
        // Each distinct rewrite is computed once, on the components that use it; `place` says
        // where each component's result lies (group, position in the group).
        let mut groups: Vec<(Power, Vec<u8>)> = Vec::new();
        let mut place = Vec::new();
        for (lane, &power) in powers.iter().enumerate() {
            let group = match groups.iter().position(|(p, _)| *p == power) {
                Some(g) => g,
                None => {
                    groups.push((power, Vec::new()));
                    groups.len() - 1
                }
            };
            place.push((group, groups[group].1.len() as u8));
            groups[group].1.push(lane as u8);
        }
        let results: Vec<Value> = groups
            .iter()
            .map(|(power, lanes)| {
                let base = self.em.swizzle(x, lanes);
                let exponent = self.em.swizzle(y, lanes);
                self.power(*power, base, exponent)
            })
            .collect();
        let comps: Vec<(Value, u8)> = place.iter().map(|&(g, at)| (results[g], at)).collect();
        self.em.assemble(&comps)
    }

    fn power(&mut self, power: Power, x: Value, y: Value) -> Value {
        match power {
            Power::One => {
                let ty = self.em.ty(x);
                self.em.one(ty)
            }
            Power::Base => x,
            Power::Square => self.em.binary(Op::Mul, x, x),
            Power::Cube => {
                let square = self.em.binary(Op::Mul, x, x);
                self.em.binary(Op::Mul, square, x)
            }
            Power::Reciprocal => self.em.unary(Op::Rcp, x),
            Power::Root => self.em.unary(Op::Sqrt, x),
            Power::ReciprocalRoot => self.em.unary(Op::Rsqrt, x),
            Power::General => self.em.binary(Op::Pow, x, y),
        }
    }
}
