//! Scalar/vector math (cg-stdlib.md §1) and the boolean reductions (§2), componentwise.
//!
//! Formulas where the library page or cgc's fp30 code fixes one: `clamp` = max(a, min(x, b));
//! `sign` = (x > 0) − (x < 0); `fmod` = frac(|x/y|)·|y| with x's sign; `exp` = pow(2.718282, x)
//! (cgc's POW with base e); `log`, `log10` = log2 times ln 2, log10 2; `tan` = sin/cos;
//! `smoothstep` = t²(3 − 2t) with t = saturate((x − a)/(b − a)); the inverse trigonometric
//! functions are the library's reference polynomials (`pigment_ir::libm`); `tanh` =
//! (e²ˣ − 1)/(e²ˣ + 1); `noise` is 0, as cgc folds it; `pow` with a known exponent is cgc's rewrite
//! (`pow.rs`); `step` and `smoothstep` smear scalar arguments to the widest argument's width, as
//! cgc resolves them (`check/stdlib/table.rs`).

use super::super::val::Val;
use super::super::{Lowerer, R};
use super::Call;
use pigment_ir::{Op, Value};

/// cgc's literal base for `exp` (`{2.718282}.x`), which is not the f32 nearest e.
#[allow(clippy::approx_constant)]
const E: f32 = 2.718282;
const LN_2: f32 = std::f32::consts::LN_2;
const LOG10_2: f32 = std::f32::consts::LOG10_2;
const PI: f32 = std::f32::consts::PI;

impl Lowerer<'_> {
    pub(super) fn math(&mut self, call: &mut Call) -> R<Option<Val>> {
        let simple = match call.name {
            "abs" => Some(Op::Abs),
            "saturate" => Some(Op::Sat),
            "floor" => Some(Op::Floor),
            "ceil" => Some(Op::Ceil),
            "round" => Some(Op::Round),
            "trunc" => Some(Op::Trunc),
            "frac" => Some(Op::Fract),
            "sqrt" => Some(Op::Sqrt),
            "rsqrt" => Some(Op::Rsqrt),
            "exp2" => Some(Op::Exp2),
            "log2" => Some(Op::Log2),
            "sin" => Some(Op::Sin),
            "cos" => Some(Op::Cos),
            _ => None,
        };
        if let Some(op) = simple {
            let x = self.arg(call, 0)?;
            return Ok(Some(Val::Vec(self.em.unary(op, x))));
        }
        let binary = match call.name {
            "min" => Some(Op::Min),
            "max" => Some(Op::Max),
            _ => None,
        };
        if let Some(op) = binary {
            let a = self.arg(call, 0)?;
            let w = self.em.ty(a).width;
            let b = self.arg_as(call, 1, w)?;
            return Ok(Some(Val::Vec(self.em.binary(op, a, b))));
        }
        let v = match call.name {
            "pow" => {
                let x = self.arg(call, 0)?;
                let w = self.em.ty(x).width;
                let y = self.arg_as(call, 1, w)?;
                self.pow(x, y)
            }
            "clamp" => {
                // Cg's clamp is max(a, min(x, b)) (the Cg reference implementation, and cgc's MIN
                // then MAX, even when folding constants: clamp(3, 2, 1) is 2). It differs from the
                // IR's `clamp` (min(max(x, a), b)) only when a > b, where the lower bound wins;
                // shaders rely on that (super-xbr's anti-ringing bounds cross).
                let x = self.arg(call, 0)?;
                let w = self.em.ty(x).width;
                let lo = self.arg_as(call, 1, w)?;
                let hi = self.arg_as(call, 2, w)?;
                let below = self.em.binary(Op::Min, x, hi);
                self.em.binary(Op::Max, below, lo)
            }
            "lerp" => {
                let a = self.arg(call, 0)?;
                let w = self.em.ty(a).width;
                let b = self.arg_as(call, 1, w)?;
                let c = self.arg_as(call, 2, w)?;
                self.em.op(Op::Lerp, &[a, b, c])
            }
            "sign" => {
                let x = self.arg(call, 0)?;
                let zero = self.real_like(x, 0.0);
                let pos = self.em.binary(Op::Gt, x, zero);
                let neg = self.em.binary(Op::Lt, x, zero);
                let kind = self.em.ty(x).kind;
                let pos = self.em.cvt(pos, kind);
                let neg = self.em.cvt(neg, kind);
                self.em.binary(Op::Sub, pos, neg)
            }
            "step" => {
                let w = self.widest(call)?;
                let a = self.arg_as(call, 0, w)?;
                let x = self.arg_as(call, 1, w)?;
                let ge = self.em.binary(Op::Ge, x, a);
                self.em.cvt(ge, self.em.ty(a).kind)
            }
            "smoothstep" => self.smoothstep(call)?,
            "fmod" => {
                let x = self.arg(call, 0)?;
                let y = self.arg_as(call, 1, self.em.ty(x).width)?;
                self.fmod(x, y)
            }
            "mod" => {
                // GLSL's floored modulo (cgc accepts it): x - y * floor(x / y).
                let x = self.arg(call, 0)?;
                let y = self.arg_as(call, 1, self.em.ty(x).width)?;
                let q = self.em.binary(Op::Div, x, y);
                let fq = self.em.unary(Op::Floor, q);
                let m = self.em.binary(Op::Mul, y, fq);
                self.em.binary(Op::Sub, x, m)
            }
            "modf" => {
                let x = self.arg(call, 0)?;
                let whole = self.em.unary(Op::Trunc, x);
                call.outs.push(Val::Vec(whole));
                self.em.binary(Op::Sub, x, whole)
            }
            "frexp" => self.frexp(call)?,
            "ldexp" => {
                let x = self.arg(call, 0)?;
                let n = self.arg_as(call, 1, self.em.ty(x).width)?;
                let scale = self.em.unary(Op::Exp2, n);
                self.em.binary(Op::Mul, x, scale)
            }
            "exp" => {
                let x = self.arg(call, 0)?;
                self.exp(x)
            }
            "log" | "log10" => {
                let x = self.arg(call, 0)?;
                let l = self.em.unary(Op::Log2, x);
                let k = self.real_like(x, if call.name == "log" { LN_2 } else { LOG10_2 });
                self.em.binary(Op::Mul, l, k)
            }
            "tan" => {
                let x = self.arg(call, 0)?;
                let s = self.em.unary(Op::Sin, x);
                let c = self.em.unary(Op::Cos, x);
                self.em.binary(Op::Div, s, c)
            }
            "sincos" => {
                let x = self.arg(call, 0)?;
                let s = self.em.unary(Op::Sin, x);
                let c = self.em.unary(Op::Cos, x);
                call.outs.push(Val::Vec(s));
                call.outs.push(Val::Vec(c));
                return Ok(Some(Self::nothing()));
            }
            "asin" | "acos" => {
                let x = self.arg(call, 0)?;
                pigment_ir::libm::asin_acos(&mut self.em, x, call.name == "asin")
            }
            "atan" => {
                let y = self.arg(call, 0)?;
                let one = self.real_like(y, 1.0);
                pigment_ir::libm::atan2(&mut self.em, y, one)
            }
            "atan2" => {
                let y = self.arg(call, 0)?;
                let x = self.arg_as(call, 1, self.em.ty(y).width)?;
                pigment_ir::libm::atan2(&mut self.em, y, x)
            }
            "sinh" | "cosh" => {
                let x = self.arg(call, 0)?;
                let up = self.exp(x);
                let minus = self.em.unary(Op::Neg, x);
                let down = self.exp(minus);
                let op = if call.name == "sinh" {
                    Op::Sub
                } else {
                    Op::Add
                };
                let both = self.em.binary(op, up, down);
                let half = self.real_like(x, 0.5);
                self.em.binary(Op::Mul, both, half)
            }
            "tanh" => {
                let x = self.arg(call, 0)?;
                let two = self.real_like(x, 2.0);
                let x2 = self.em.binary(Op::Mul, x, two);
                let e2 = self.exp(x2);
                let one = self.real_like(x, 1.0);
                let num = self.em.binary(Op::Sub, e2, one);
                let den = self.em.binary(Op::Add, e2, one);
                self.em.binary(Op::Div, num, den)
            }
            "degrees" | "radians" => {
                let x = self.arg(call, 0)?;
                let k = if call.name == "degrees" {
                    180.0 / PI
                } else {
                    PI / 180.0
                };
                let k = self.real_like(x, k);
                self.em.binary(Op::Mul, x, k)
            }
            "isnan" => {
                let x = self.arg(call, 0)?;
                self.em.binary(Op::Ne, x, x)
            }
            "isinf" | "isfinite" => {
                // x − x is 0 for every finite x and NaN for ±INF and NaN. (Not x·0: the fast-math
                // identities of pigment_ir::pass::Identities, part of lowering, make that 0.)
                let x = self.arg(call, 0)?;
                let zero = self.real_like(x, 0.0);
                let scaled = self.em.binary(Op::Sub, x, x);
                if call.name == "isfinite" {
                    self.em.binary(Op::Eq, scaled, zero)
                } else {
                    let not_nan = self.em.binary(Op::Eq, x, x);
                    let odd = self.em.binary(Op::Ne, scaled, zero);
                    self.em.binary(Op::And, not_nan, odd)
                }
            }
            "noise" => {
                let z = self.zero_of(call.ret, call.span)?;
                return Ok(Some(z));
            }
            "all" | "any" => {
                let x = self.arg(call, 0)?;
                let t = self.em.ty(x);
                let b = if t.kind == pigment_ir::ScalarKind::Bool {
                    x
                } else {
                    let zero = self.em.zero(t);
                    self.em.binary(Op::Ne, x, zero)
                };
                let op = if call.name == "all" { Op::All } else { Op::Any };
                self.em.unary(op, b)
            }
            _ => return Ok(None),
        };
        Ok(Some(Val::Vec(v)))
    }

    fn exp(&mut self, x: Value) -> Value {
        let e = self.real_like(x, E);
        self.em.binary(Op::Pow, e, x)
    }

    fn smoothstep(&mut self, call: &Call) -> R<Value> {
        let w = self.widest(call)?;
        let a = self.arg_as(call, 0, w)?;
        let b = self.arg_as(call, 1, w)?;
        let x = self.arg_as(call, 2, w)?;
        let num = self.em.binary(Op::Sub, x, a);
        let den = self.em.binary(Op::Sub, b, a);
        let q = self.em.binary(Op::Div, num, den);
        let t = self.em.unary(Op::Sat, q);
        let two = self.real_like(t, 2.0);
        let three = self.real_like(t, 3.0);
        let two_t = self.em.binary(Op::Mul, two, t);
        let poly = self.em.binary(Op::Sub, three, two_t);
        let tt = self.em.binary(Op::Mul, t, t);
        Ok(self.em.binary(Op::Mul, tt, poly))
    }

    fn fmod(&mut self, x: Value, y: Value) -> Value {
        let q = self.em.binary(Op::Div, x, y);
        let aq = self.em.unary(Op::Abs, q);
        let f = self.em.unary(Op::Fract, aq);
        let ay = self.em.unary(Op::Abs, y);
        let r = self.em.binary(Op::Mul, f, ay);
        let neg_r = self.em.unary(Op::Neg, r);
        let zero = self.real_like(x, 0.0);
        let negative = self.em.binary(Op::Lt, x, zero);
        self.em.select(negative, neg_r, r)
    }

    /// Mantissa in [0.5, 1) and exponent with x = m·2^e; 0 gives 0 and 0.
    fn frexp(&mut self, call: &mut Call) -> R<Value> {
        let x = self.arg(call, 0)?;
        let ax = self.em.unary(Op::Abs, x);
        let l = self.em.unary(Op::Log2, ax);
        let fl = self.em.unary(Op::Floor, l);
        let one = self.real_like(x, 1.0);
        let e = self.em.binary(Op::Add, fl, one);
        let ne = self.em.unary(Op::Neg, e);
        let scale = self.em.unary(Op::Exp2, ne);
        let m = self.em.binary(Op::Mul, x, scale);
        let zero = self.real_like(x, 0.0);
        let is_zero = self.em.binary(Op::Eq, x, zero);
        let e = self.em.select(is_zero, zero, e);
        call.outs.push(Val::Vec(e));
        Ok(self.em.select(is_zero, zero, m))
    }
}
