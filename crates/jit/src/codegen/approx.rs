//! EX2, LG2, POW and LIT's power inline, in f64x2: `pigment_numeric::approx`'s `exp2_f64`,
//! `log2_f64` and `power` step for step (the same series in the same Horner order, the same
//! divisions, no fused multiply-add), so that every lane gets the bits the scalar code gives, two
//! lanes per instruction instead of a helper call and four scalar evaluations.
//!
//! Operands here are fully converted fp32 values (the instructions pass their operands through:
//! see `Gen::clean`), so no f64 denormal arises and the DAZ mode of compiled code changes nothing.

use super::Gen;
use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::{types, InstBuilder, Value};
use pigment_numeric::approx::{INV_FACTORIAL, INV_ODD};
use std::f64::consts::{LN_2, SQRT_2};

/// 2^52 as the bits of an f64: adding it to a small non-negative integer-valued f64 puts the
/// integer in the low bits.
const TWO_52_BITS: i64 = 0x4330_0000_0000_0000;
const TWO_52: f64 = 4_503_599_627_370_496.0;

impl Gen<'_, '_> {
    /// `f` applied to the f64x2 halves (lanes 0-1, 2-3) of f32x4 `inputs`, its f64x2 results
    /// rounded back to f32 lanes.
    pub fn in_f64(
        &mut self,
        inputs: &[Value],
        mut f: impl FnMut(&mut Self, &[Value]) -> Value,
    ) -> Value {
        let halves: Vec<Value> = [false, true]
            .into_iter()
            .map(|high| {
                let wide: Vec<Value> = inputs
                    .iter()
                    .map(|&v| {
                        let v = if high { self.lanes(v, [2, 3, 0, 1]) } else { v };
                        self.b.ins().fvpromote_low(v)
                    })
                    .collect();
                let r = f(self, &wide);
                self.b.ins().fvdemote(r)
            })
            .collect();
        self.join_halves(halves[0], halves[1])
    }

    /// Lanes 0-1 of `lo` then lanes 0-1 of `hi` (fvdemote leaves the upper two lanes zero).
    pub fn join_halves(&mut self, lo: Value, hi: Value) -> Value {
        let mask: Vec<u8> = (0..8).chain(16..24).collect();
        let mask = self.b.func.dfg.immediates.push(mask.into());
        let lo = self.b.ins().bitcast(types::I8X16, self.little, lo);
        let hi = self.b.ins().bitcast(types::I8X16, self.little, hi);
        let r = self.b.ins().shuffle(lo, hi, mask);
        self.b.ins().bitcast(types::F32X4, self.little, r)
    }

    fn dsplat(&mut self, x: f64) -> Value {
        let bytes: Vec<u8> = (0..2).flat_map(|_| x.to_le_bytes()).collect();
        let c = self.b.func.dfg.constants.insert(bytes.into());
        self.b.ins().vconst(types::F64X2, c)
    }

    fn lsplat(&mut self, x: i64) -> Value {
        let bytes: Vec<u8> = (0..2).flat_map(|_| x.to_le_bytes()).collect();
        let c = self.b.func.dfg.constants.insert(bytes.into());
        self.b.ins().vconst(types::I64X2, c)
    }

    fn dbits(&mut self, v: Value) -> Value {
        self.b.ins().bitcast(types::I64X2, self.little, v)
    }

    fn dfloat(&mut self, v: Value) -> Value {
        self.b.ins().bitcast(types::F64X2, self.little, v)
    }

    /// `mask ? x : y` on f64 lanes.
    fn dpick(&mut self, mask: Value, x: Value, y: Value) -> Value {
        let (x, y) = (self.dbits(x), self.dbits(y));
        let r = self.b.ins().bitselect(mask, x, y);
        self.dfloat(r)
    }

    /// `x` where `x cc y` holds, else `v`, with `x`, `y` on f64 lanes; `replacement` a constant.
    fn dreplace(&mut self, cc: FloatCC, x: Value, y: f64, replacement: f64, v: Value) -> Value {
        let y = self.dsplat(y);
        let hit = self.b.ins().fcmp(cc, x, y);
        let r = self.dsplat(replacement);
        self.dpick(hit, r, v)
    }

    /// Horner's rule as `approx` folds it: `sum = c + t * sum` from the last coefficient, from 0.
    fn horner(&mut self, t: Value, coefficients: &[f64]) -> Value {
        let mut sum = self.dsplat(0.0);
        for &c in coefficients.iter().rev() {
            let product = self.b.ins().fmul(t, sum);
            let c = self.dsplat(c);
            sum = self.b.ins().fadd(c, product);
        }
        sum
    }

    /// `exp2_f64`.
    pub fn exp2_f64(&mut self, x: Value) -> Value {
        // n = x.round() (half away from zero): trunc(x), one further when |x - trunc(x)| >= 1/2.
        let truncated = self.b.ins().trunc(x);
        let fraction = self.b.ins().fsub(x, truncated);
        let magnitude = self.b.ins().fabs(fraction);
        let half = self.dsplat(0.5);
        let away = self
            .b
            .ins()
            .fcmp(FloatCC::GreaterThanOrEqual, magnitude, half);
        // ±1 with x's sign.
        let sign = self.lsplat(i64::MIN);
        let x_bits = self.dbits(x);
        let sign = self.b.ins().band(x_bits, sign);
        let one = self.lsplat(1.0f64.to_bits() as i64);
        let step = self.b.ins().bor(one, sign);
        let step = self.dfloat(step);
        let zero = self.dsplat(0.0);
        let step = self.dpick(away, step, zero);
        let n = self.b.ins().fadd(truncated, step);
        let t = self.b.ins().fsub(x, n);
        let ln2 = self.dsplat(LN_2);
        let t = self.b.ins().fmul(t, ln2);
        let series = self.horner(t, &INV_FACTORIAL);
        // 2^n from its bits: (1023 + n) << 52, the integer read out of n + 1023 + 2^52.
        let offset = self.dsplat(1023.0 + TWO_52);
        let biased = self.b.ins().fadd(n, offset);
        let biased = self.dbits(biased);
        let base = self.lsplat(TWO_52_BITS);
        let biased = self.b.ins().isub(biased, base);
        let scale = self.b.ins().ishl_imm_u(biased, 52);
        let scale = self.dfloat(scale);
        let r = self.b.ins().fmul(series, scale);
        // The special cases, last first so that the first listed wins.
        let r = self.dreplace(FloatCC::LessThan, x, -200.0, 0.0, r);
        let r = self.dreplace(FloatCC::GreaterThan, x, 200.0, f64::INFINITY, r);
        self.dreplace(FloatCC::Unordered, x, 0.0, f64::NAN, r)
    }

    /// `log2_f64`, for x an f32 value (zero, normal, infinite or NaN) widened.
    pub fn log2_f64(&mut self, x: Value) -> Value {
        let bits = self.dbits(x);
        let exponent = self.b.ins().ushr_imm_u(bits, 52);
        let mask = self.lsplat(0x7FF);
        let exponent = self.b.ins().band(exponent, mask);
        // The biased exponent as an f64: its bits under 2^52's, minus 2^52 (exact).
        let base = self.lsplat(TWO_52_BITS);
        let exponent = self.b.ins().bor(exponent, base);
        let exponent = self.dfloat(exponent);
        let two_52 = self.dsplat(TWO_52);
        let exponent = self.b.ins().fsub(exponent, two_52);
        let bias = self.dsplat(1023.0);
        let exponent = self.b.ins().fsub(exponent, bias);
        let fraction = self.lsplat(0x000F_FFFF_FFFF_FFFF);
        let m = self.b.ins().band(bits, fraction);
        let one_bits = self.lsplat(1023 << 52);
        let m = self.b.ins().bor(m, one_bits);
        let m = self.dfloat(m);
        // Centre the mantissa on 1: halve it (exactly) above sqrt(2), one more in the exponent.
        let sqrt2 = self.dsplat(SQRT_2);
        let above = self.b.ins().fcmp(FloatCC::GreaterThan, m, sqrt2);
        let half = self.dsplat(0.5);
        let halved = self.b.ins().fmul(m, half);
        let m = self.dpick(above, halved, m);
        let one = self.dsplat(1.0);
        let zero = self.dsplat(0.0);
        let carry = self.dpick(above, one, zero);
        let exponent = self.b.ins().fadd(exponent, carry);
        let below = self.b.ins().fsub(m, one);
        let beyond = self.b.ins().fadd(m, one);
        let s = self.b.ins().fdiv(below, beyond);
        let s2 = self.b.ins().fmul(s, s);
        let series = self.horner(s2, &INV_ODD);
        let two = self.dsplat(2.0);
        let r = self.b.ins().fmul(two, s);
        let r = self.b.ins().fmul(r, series);
        let ln2 = self.dsplat(LN_2);
        let r = self.b.ins().fdiv(r, ln2);
        let r = self.b.ins().fadd(exponent, r);
        // The special cases, last first so that the first listed wins.
        let r = self.dreplace(FloatCC::Equal, x, f64::INFINITY, f64::INFINITY, r);
        let r = self.dreplace(FloatCC::Equal, x, 0.0, f64::NEG_INFINITY, r);
        let r = self.dreplace(FloatCC::LessThan, x, 0.0, f64::NAN, r);
        self.dreplace(FloatCC::Unordered, x, 0.0, f64::NAN, r)
    }

    /// `approx::power` of f32 lanes, as f32 lanes (before the precision's conversion).
    pub fn power(&mut self, a: Value, b: Value) -> Value {
        let r = self.in_f64(&[a, b], |g, v| {
            let log = g.log2_f64(v[0]);
            let x = g.b.ins().fmul(v[1], log);
            g.exp2_f64(x)
        });
        // `power_exception`: POW(+INF, b < 0) = +INF.
        let inf = self.fsplat(f32::INFINITY);
        let infinite = self.fmask(FloatCC::Equal, a, inf);
        let zero = self.fsplat(0.0);
        let negative = self.fmask(FloatCC::LessThan, b, zero);
        let both = self.b.ins().band(infinite, negative);
        self.pick(both, inf, r)
    }
}
