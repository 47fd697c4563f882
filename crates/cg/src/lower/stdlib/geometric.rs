//! Geometric functions (cg-stdlib.md §3): dot, cross, length, distance, normalize (dot, rsqrt,
//! mul, as cgc), reflect i − 2·dot(n, i)·n, refract (the library's reference formula, 0 on total
//! internal reflection), faceforward, lit (NV's LIT on (NdotL, NdotH, 0, m)).

use super::super::val::Val;
use super::super::{Lowerer, R};
use super::Call;
use pigment_ir::{Op, Value};

impl Lowerer<'_> {
    pub(super) fn geometric(&mut self, call: &mut Call) -> R<Option<Val>> {
        let v = match call.name {
            "dot" => {
                let a = self.arg(call, 0)?;
                let b = self.arg(call, 1)?;
                self.em.binary(Op::Dot, a, b)
            }
            "cross" => {
                let a = self.arg(call, 0)?;
                let b = self.arg(call, 1)?;
                let a1 = self.em.swizzle(a, &[1, 2, 0]);
                let b1 = self.em.swizzle(b, &[2, 0, 1]);
                let a2 = self.em.swizzle(a, &[2, 0, 1]);
                let b2 = self.em.swizzle(b, &[1, 2, 0]);
                let p = self.em.binary(Op::Mul, a1, b1);
                let q = self.em.binary(Op::Mul, a2, b2);
                self.em.binary(Op::Sub, p, q)
            }
            "length" => {
                let a = self.arg(call, 0)?;
                self.length(a)
            }
            "distance" => {
                let a = self.arg(call, 0)?;
                let b = self.arg(call, 1)?;
                let d = self.em.binary(Op::Sub, a, b);
                self.length(d)
            }
            "normalize" => {
                let a = self.arg(call, 0)?;
                let d = self.em.binary(Op::Dot, a, a);
                let r = self.em.unary(Op::Rsqrt, d);
                let r = self.em.splat(r, self.em.ty(a).width);
                self.em.binary(Op::Mul, a, r)
            }
            "reflect" => {
                let i = self.arg(call, 0)?;
                let n = self.arg(call, 1)?;
                let d = self.em.binary(Op::Dot, n, i);
                let two = self.real_like(d, 2.0);
                let d2 = self.em.binary(Op::Mul, two, d);
                let d2 = self.em.splat(d2, self.em.ty(i).width);
                let s = self.em.binary(Op::Mul, d2, n);
                self.em.binary(Op::Sub, i, s)
            }
            "refract" => self.refract(call)?,
            "faceforward" => {
                let n = self.arg(call, 0)?;
                let i = self.arg(call, 1)?;
                let ng = self.arg(call, 2)?;
                let d = self.em.binary(Op::Dot, ng, i);
                let zero = self.real_like(d, 0.0);
                let facing = self.em.binary(Op::Lt, d, zero);
                let facing = self.em.splat(facing, self.em.ty(n).width);
                let flipped = self.em.unary(Op::Neg, n);
                self.em.select(facing, n, flipped)
            }
            "lit" => {
                let l = self.arg(call, 0)?;
                let h = self.arg(call, 1)?;
                let m = self.arg(call, 2)?;
                let zero = self.real_like(l, 0.0);
                let packed = self.em.construct(&[l, h, zero, m]);
                self.em.unary(Op::Lit, packed)
            }
            _ => return Ok(None),
        };
        Ok(Some(Val::Vec(v)))
    }

    fn length(&mut self, a: Value) -> Value {
        let d = self.em.binary(Op::Dot, a, a);
        self.em.unary(Op::Sqrt, d)
    }

    /// cosi = dot(−i, n); k = 1 − η²(1 − cosi²); t = η·i + (η·cosi − √|k|)·n; t·(k > 0).
    fn refract(&mut self, call: &Call) -> R<Value> {
        let i = self.arg(call, 0)?;
        let n = self.arg(call, 1)?;
        let eta = self.arg(call, 2)?;
        let w = self.em.ty(i).width;
        let ni = self.em.unary(Op::Neg, i);
        let cosi = self.em.binary(Op::Dot, ni, n);
        let one = self.real_like(cosi, 1.0);
        let c2 = self.em.binary(Op::Mul, cosi, cosi);
        let s2 = self.em.binary(Op::Sub, one, c2);
        let e2 = self.em.binary(Op::Mul, eta, eta);
        let es = self.em.binary(Op::Mul, e2, s2);
        let k = self.em.binary(Op::Sub, one, es);
        let ak = self.em.unary(Op::Abs, k);
        let root = self.em.unary(Op::Sqrt, ak);
        let ec = self.em.binary(Op::Mul, eta, cosi);
        let f = self.em.binary(Op::Sub, ec, root);
        let f = self.em.splat(f, w);
        let fn_ = self.em.binary(Op::Mul, f, n);
        let eta_w = self.em.splat(eta, w);
        let ei = self.em.binary(Op::Mul, eta_w, i);
        let t = self.em.binary(Op::Add, ei, fn_);
        let zero = self.real_like(k, 0.0);
        let inside = self.em.binary(Op::Gt, k, zero);
        let kind = self.em.ty(i).kind;
        let mask = self.em.cvt(inside, kind);
        let mask = self.em.splat(mask, w);
        Ok(self.em.binary(Op::Mul, t, mask))
    }
}
