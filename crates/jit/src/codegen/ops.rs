//! The instructions of section 3.11.5 in compiled code, one quad (four lanes) at a time, each step
//! rounded as `nvfp`'s `exec/ops.rs` and `pigment_numeric::steps` round it. The long operations call
//! the Rust helpers of [`crate::helpers`] through [`Gen::call`]; the approximations are inline
//! (`codegen::approx`).

use super::{Gen, Vec4};
use crate::helpers::{code_of, texture_code, PACK, PRECISIONS, UNPACK};
use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::{InstBuilder, Value};
use nvfp::exec::decode::Step;
use nvfp::isa::{Opcode, Precision};
use pigment_numeric::approx;
use pigment_numeric::Comparison;

impl Gen<'_, '_> {
    /// The result of `step` (every component, whether written or not) from its loaded operands.
    pub fn compute(&mut self, step: &Step, ops: [Vec4; 3]) -> Vec4 {
        let p = step.precision;
        let [a, b, c] = ops;
        use Opcode::*;
        match step.opcode {
            Add => self.each2(a, b, |g, x, y| {
                let r = g.b.ins().fadd(x, y);
                g.last(p, r)
            }),
            Sub => self.each2(a, b, |g, x, y| {
                let r = g.b.ins().fsub(x, y);
                g.last(p, r)
            }),
            Mul => self.each2(a, b, |g, x, y| {
                let r = g.b.ins().fmul(x, y);
                g.last(p, r)
            }),
            Mad => std::array::from_fn(|k| self.mad(p, a[k], b[k], c[k])),
            Lrp => std::array::from_fn(|k| {
                let tx = self.mul(p, a[k], b[k]);
                let one = self.fsplat(1.0);
                let u = self.b.ins().fsub(one, a[k]);
                let u = self.inner(p, u);
                let uy = self.mul(p, u, c[k]);
                let r = self.b.ins().fadd(tx, uy);
                self.last(p, r)
            }),
            Min => self.each2(a, b, |g, x, y| g.min_max(x, y, false)),
            Max => self.each2(a, b, |g, x, y| g.min_max(x, y, true)),
            Seq => self.set(a, b, Comparison::Eq),
            Sne => self.set(a, b, Comparison::Ne),
            Sge => self.set(a, b, Comparison::Ge),
            Sgt => self.set(a, b, Comparison::Gt),
            Sle => self.set(a, b, Comparison::Le),
            Slt => self.set(a, b, Comparison::Lt),
            Sfl => [self.fsplat(0.0); 4],
            Str => [self.fsplat(1.0); 4],
            Mov => a,
            Flr => a.map(|x| {
                let x = self.flushed(x);
                let r = self.b.ins().floor(x);
                self.last_integral(p, r)
            }),
            Frc => a.map(|x| {
                let x = self.flushed(x);
                let f = self.b.ins().floor(x);
                let r = self.b.ins().fsub(x, f);
                self.last_integral(p, r)
            }),
            Ddx => a.map(|x| self.derivative(p, x, [1, 1, 3, 3], [0, 0, 2, 2])),
            Ddy => a.map(|x| self.derivative(p, x, [2, 3, 2, 3], [0, 1, 0, 1])),
            Dp3 => [self.dot(p, &a[..3], &b[..3]); 4],
            Dp4 => [self.dot(p, &a, &b); 4],
            Dst => {
                let one = self.fsplat(1.0);
                let y = self.b.ins().fmul(a[1], b[1]);
                [one, self.last(p, y), a[2], b[3]]
            }
            Lit => self.lit(p, a),
            Rfl => self.reflect(p, a, b),
            X2d => {
                let row = |g: &mut Self, r: usize, m0: usize, m1: usize| {
                    let first = g.mul(p, b[0], c[m0]);
                    let first = g.b.ins().fadd(a[r], first);
                    let first = g.inner(p, first);
                    let second = g.mul(p, b[1], c[m1]);
                    let sum = g.b.ins().fadd(first, second);
                    g.last(p, sum)
                };
                let x = row(self, 0, 0, 1);
                let y = row(self, 1, 2, 3);
                [x, y, x, y]
            }
            Rcp | Rsq | Ex2 | Lg2 | Pow | Sin | Cos => [self.approx(step.opcode, p, a[0], b[0]); 4],
            Pk2h | Pk2us | Pk4b | Pk4ub => {
                self.spill(0, &a);
                self.call(self.helpers.pack, &[code_of(&PACK, step.opcode)]);
                [self.reload(0); 4]
            }
            Up2h | Up2us | Up4b | Up4ub => {
                self.spill(0, &[a[0]]);
                let op = code_of(&UNPACK, step.opcode);
                self.call(self.helpers.unpack, &[op, code_of(&PRECISIONS, p)]);
                std::array::from_fn(|k| self.reload(4 * k))
            }
            Tex | Txp | Txd => {
                let (unit, target) = step.texture.expect("texture instructions name a unit");
                self.spill(0, &a);
                if step.opcode == Txd {
                    self.spill(16, &b);
                    self.spill(32, &c);
                }
                let code = texture_code(unit, target, step.opcode, p);
                self.call_texture(code);
                std::array::from_fn(|k| self.reload(4 * k))
            }
            Kil => unreachable!("KIL has no result"),
        }
    }

    /// `last` for FLR and FRC. At fp32 their results need no flush: the operand is already a flushed
    /// fp32 value (converted, or read from a slot that holds only such values), whose floor is an
    /// integer or ±0, and x − floor(x) is 0, x itself (0 < x < 1), 1 + x ≥ 2^-24 (−1 < x < 0) or a
    /// multiple of x's ulp ≥ 2^-23 (|x| ≥ 1). Only the NaN conversion remains, done lazily.
    fn last_integral(&mut self, p: Precision, v: Value) -> Value {
        match p {
            Precision::R => {
                self.dirty.insert(v);
                v
            }
            _ => self.last(p, v),
        }
    }

    fn each2(
        &mut self,
        a: Vec4,
        b: Vec4,
        mut f: impl FnMut(&mut Self, Value, Value) -> Value,
    ) -> Vec4 {
        std::array::from_fn(|k| f(self, a[k], b[k]))
    }

    /// An inner (rounded) product.
    fn mul(&mut self, p: Precision, x: Value, y: Value) -> Value {
        let r = self.b.ins().fmul(x, y);
        self.inner(p, r)
    }

    /// `steps::mad`.
    fn mad(&mut self, p: Precision, x: Value, y: Value, z: Value) -> Value {
        let product = self.mul(p, x, y);
        let r = self.b.ins().fadd(product, z);
        self.last(p, r)
    }

    /// `steps::dot`: rounded products summed from x on, each partial sum rounded. (The last partial
    /// sum's inner rounding is dropped: the full conversion after it gives the same bits.)
    fn dot(&mut self, p: Precision, a: &[Value], b: &[Value]) -> Value {
        let mut sum = self.mul(p, a[0], b[0]);
        for k in 1..a.len() {
            let product = self.mul(p, a[k], b[k]);
            sum = self.b.ins().fadd(sum, product);
            if k + 1 < a.len() {
                sum = self.inner(p, sum);
            }
        }
        self.last(p, sum)
    }

    /// SEQ .. SLT: 1.0 where the IEEE comparison holds, else 0.0.
    fn set(&mut self, a: Vec4, b: Vec4, comparison: Comparison) -> Vec4 {
        let cc = match comparison {
            Comparison::Eq => FloatCC::Equal,
            Comparison::Ne => FloatCC::NotEqual,
            Comparison::Lt => FloatCC::LessThan,
            Comparison::Le => FloatCC::LessThanOrEqual,
            Comparison::Gt => FloatCC::GreaterThan,
            Comparison::Ge => FloatCC::GreaterThanOrEqual,
        };
        std::array::from_fn(|k| {
            let holds = self.fmask(cc, a[k], b[k]);
            let (one, zero) = (self.fsplat(1.0), self.fsplat(0.0));
            self.pick(holds, one, zero)
        })
    }

    /// DDX / DDY within the quad: `plus[i] - minus[i]`, rounded.
    fn derivative(&mut self, p: Precision, x: Value, plus: [u8; 4], minus: [u8; 4]) -> Value {
        let hi = self.lanes(x, plus);
        let lo = self.lanes(x, minus);
        let r = self.b.ins().fsub(hi, lo);
        self.last(p, r)
    }

    /// LIT: (1, max(x, 0), x > 0 ? POW(max(y, 0), w) : 0, 1), where max keeps NaN; the power is
    /// computed in every lane and kept where x > 0.
    fn lit(&mut self, p: Precision, a: Vec4) -> Vec4 {
        let zero = self.fsplat(0.0);
        let floor_at_zero = |g: &mut Self, v: Value| {
            let below = g.fmask(FloatCC::LessThan, v, zero);
            g.pick(below, zero, v)
        };
        let x = floor_at_zero(self, a[0]);
        let y = floor_at_zero(self, a[1]);
        let power = approx::power_steps(self, y, a[3]);
        let power = self.last(p, power);
        let lit = self.fmask(FloatCC::GreaterThan, x, zero);
        let z = self.pick(lit, power, zero);
        let z = self.taint(z, &[power]);
        let one = self.fsplat(1.0);
        [one, x, z, one]
    }

    /// RFL, as `exec/ops.rs` computes it: w is 0 (never written).
    fn reflect(&mut self, p: Precision, axis: Vec4, dir: Vec4) -> Vec4 {
        let dot3 = |g: &mut Self, u: Vec4, v: Vec4| {
            let x = g.mul(p, u[0], v[0]);
            let y = g.mul(p, u[1], v[1]);
            let xy = g.b.ins().fadd(x, y);
            let xy = g.inner(p, xy);
            let z = g.mul(p, u[2], v[2]);
            let s = g.b.ins().fadd(xy, z);
            g.inner(p, s)
        };
        let length2 = dot3(self, axis, axis);
        let d = dot3(self, axis, dir);
        let two = self.fsplat(2.0);
        let twice = self.mul(p, two, d);
        let scale = self.b.ins().fdiv(twice, length2);
        let scale = self.inner(p, scale);
        let zero = self.fsplat(0.0);
        let mut out = [zero; 4];
        for k in 0..3 {
            let s = self.mul(p, scale, axis[k]);
            let r = self.b.ins().fsub(s, dir[k]);
            out[k] = self.last(p, r);
        }
        out
    }

    /// RCP, RSQ, EX2, LG2, POW, SIN, COS of the scalar operands `a` (and `b` for POW) inline: the
    /// steps of `pigment_numeric::approx` on f32x4 (see `codegen::approx`), then the precision's
    /// conversion.
    fn approx(&mut self, opcode: Opcode, p: Precision, a: Value, b: Value) -> Value {
        let r = match opcode {
            Opcode::Rcp => approx::reciprocal_steps(self, a),
            Opcode::Rsq => approx::reciprocal_sqrt_steps(self, a),
            Opcode::Ex2 => approx::exp2_steps(self, a),
            Opcode::Lg2 => approx::log2_steps(self, a),
            Opcode::Pow => approx::power_steps(self, a, b),
            Opcode::Sin => approx::sine_steps(self, a),
            Opcode::Cos => approx::cosine_steps(self, a),
            _ => unreachable!("{opcode:?} is no approximation"),
        };
        self.last(p, r)
    }
}
