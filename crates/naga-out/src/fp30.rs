//! The opt-in fp30 precision mode (`LowerOptions::fp30_precision`): the IR's `fp30_precision`
//! pass (`pigment_ir::pass::Fp30Precision`, which has the mode's rules) makes every rounding of a
//! `half` or `fixed` result and every NV rule explicit, and this module spells its operations in
//! naga: `round_half` and `round_fixed` on the f32's bits and by arithmetic, `nv_min`, `nv_max`,
//! `nv_clamp`, `nv_sat` and `nv_pow` with selections that keep NV's NaNs (`nan_kept`). `nv_rsqrt`,
//! `nv_sin` and `nv_cos` are the target's `inverseSqrt`, `sin` and `cos` (NV's steps for the
//! last two are not written here yet; crates/glsl writes them). Off, the default, `half` and
//! `fixed` are plain f32 (see the crate doc).
//!
//! fp16 rounding works on the f32's bits (ties to even at fp16's 10 fraction bits; multiples of
//! 2^-24 below 2^-14; ±INF from 65520 on), so it does not depend on how the driver rounds
//! conversions.

use crate::lower::{LResult, Lowerer};
use naga::{
    BinaryOperator as Bin, Block as NBlock, Expression, Handle, Literal, MathFunction as M,
};
use pigment_ir::pass::{Fp30Precision, Pass};
use pigment_ir::{Function, Op, Rule, ScalarKind, Type, Value};

/// `func` with the fp30 mode's roundings and NV rules made explicit operations.
pub(crate) fn explicit(func: &Function) -> Function {
    let mut func = func.clone();
    Fp30Precision.run(&mut func);
    func
}

impl Lowerer<'_> {
    /// `op` on `args` with result type `ty`, the fp30_precision pass's operations spelled as NV
    /// computes them.
    pub(crate) fn op_in_kind(
        &mut self,
        op: Op,
        args: &[Value],
        ty: Type,
        b: &mut NBlock,
    ) -> LResult<Handle<Expression>> {
        let rounded = match op {
            Op::RoundHalf => ScalarKind::Half,
            Op::RoundFixed => ScalarKind::Fixed,
            Op::Nv(rule @ (Rule::Min | Rule::Max | Rule::Clamp | Rule::Saturate | Rule::Pow)) => {
                let a = self.value_list(args)?;
                return self.nan_kept(Op::plain(rule), &a, args, ty, b);
            }
            // The target's inverseSqrt (undefined below 0 in SPIR-V), sin and cos.
            Op::Nv(rule) => return self.op(Op::plain(rule), args, ty, b),
            _ => return self.op(op, args, ty, b),
        };
        let a = self.value_list(args)?;
        Ok(self.round_to(rounded, a[0], ty.width, b))
    }

    /// `min`, `max`, `clamp`, `sat` or `pow` with NV's NaN rules, which the targets leave
    /// undefined (Mesa's min/max/clamp return the other operand, its pow of a NaN base 0): MIN and
    /// MAX give NaN for a NaN operand, saturation keeps it, POW gives NaN for a NaN operand, a
    /// negative base and 0^0 (nv_fragment_program.txt, MIN/MAX case 2, POW cases 1-3).
    fn nan_kept(
        &mut self,
        op: Op,
        a: &[Handle<Expression>],
        args: &[Value],
        ty: Type,
        b: &mut NBlock,
    ) -> LResult<Handle<Expression>> {
        let w = ty.width;
        let plain = self.op(op, args, ty, b)?;
        let kept = match op {
            Op::Pow => {
                let nan_bits = self.splat_u(0x7fc0_0000, w, b);
                let nan = self.cast(nan_bits, naga::ScalarKind::Float, b);
                let zero = self.splat_f(0.0, w, b);
                let base_zero = self.binary(Bin::Equal, a[0], zero, b);
                let zero_nan = self.select(base_zero, nan, plain, b);
                let exp_zero = self.binary(Bin::Equal, a[1], zero, b);
                let r = self.select(exp_zero, zero_nan, plain, b);
                let negative = self.binary(Bin::Less, a[0], zero, b);
                let r = self.select(negative, nan, r, b);
                self.with_nan_of(a[1], r, b)
            }
            Op::Min | Op::Max | Op::Clamp => {
                a[1..].iter().fold(plain, |r, &x| self.with_nan_of(x, r, b))
            }
            _ => plain,
        };
        Ok(self.with_nan_of(a[0], kept, b))
    }

    /// `x` where it is NaN, else `r`.
    fn with_nan_of(
        &mut self,
        x: Handle<Expression>,
        r: Handle<Expression>,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        let nan = self.is_nan(x, b);
        self.select(nan, x, r, b)
    }

    /// Whether `x` is NaN, as `!(x == x)`: naga writes `x != x` as SPIR-V's OpFOrdNotEqual, false
    /// for NaN, and WGSL has no `isNan`.
    fn is_nan(&mut self, x: Handle<Expression>, b: &mut NBlock) -> Handle<Expression> {
        let equal = self.binary(Bin::Equal, x, x, b);
        self.logical_not(equal, b)
    }

    /// `e` (`w` components) rounded to `kind` (half or fixed).
    fn round_to(
        &mut self,
        kind: ScalarKind,
        e: Handle<Expression>,
        w: u8,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        if kind == ScalarKind::Fixed {
            self.rounded_fx12(e, w, b)
        } else {
            self.rounded_fp16(e, w, b)
        }
    }

    pub(crate) fn splat_u(&mut self, x: u32, w: u8, b: &mut NBlock) -> Handle<Expression> {
        let l = self.push(Expression::Literal(Literal::U32(x)), b);
        self.splat(l, w, b)
    }

    fn cast(
        &mut self,
        e: Handle<Expression>,
        kind: naga::ScalarKind,
        b: &mut NBlock,
    ) -> Handle<Expression> {
        self.push(
            Expression::As {
                expr: e,
                kind,
                convert: None,
            },
            b,
        )
    }

    /// fp16 rounding: the bits rounded at fraction bit 13 (ties to even) in fp16's normal range,
    /// multiples of 2^-24 below 2^-14, ±INF (x times INF) from 65520 on; NaN stays NaN.
    fn rounded_fp16(&mut self, x: Handle<Expression>, w: u8, b: &mut NBlock) -> Handle<Expression> {
        let bits = self.cast(x, naga::ScalarKind::Uint, b);
        let thirteen = self.splat_u(13, w, b);
        let one = self.splat_u(1, w, b);
        let shifted = self.binary(Bin::ShiftRight, bits, thirteen, b);
        let odd = self.binary(Bin::And, shifted, one, b);
        let bias = self.splat_u(0xfff, w, b);
        let up = self.binary(Bin::Add, bits, bias, b);
        let up = self.binary(Bin::Add, up, odd, b);
        let mask = self.splat_u(0xffff_e000, w, b);
        let kept = self.binary(Bin::And, up, mask, b);
        let normal = self.cast(kept, naga::ScalarKind::Float, b);
        // Below 2^-14: fp16 denormals, multiples of 2^-24 (naga's `round` is ties to even).
        let scale = self.splat_f(16_777_216.0, w, b);
        let scaled = self.binary(Bin::Multiply, x, scale, b);
        let steps = self.math(M::Round, &[scaled], b);
        let tiny = self.binary(Bin::Divide, steps, scale, b);
        let inf_bits = self.splat_u(0x7f80_0000, w, b);
        let inf = self.cast(inf_bits, naga::ScalarKind::Float, b);
        let huge = self.binary(Bin::Multiply, x, inf, b);
        let a = self.math(M::Abs, &[x], b);
        let min_normal = self.splat_f(6.103_515_6e-5, w, b);
        let is_tiny = self.binary(Bin::Less, a, min_normal, b);
        let r = self.select(is_tiny, tiny, normal, b);
        let limit = self.splat_f(65520.0, w, b);
        let in_range = self.binary(Bin::Less, a, limit, b);
        self.select(in_range, r, huge, b)
    }

    /// fx12: NaN is 0, clamped to [-2, 2047/1024], rounded to a multiple of 1/1024 (ties to even).
    fn rounded_fx12(&mut self, x: Handle<Expression>, w: u8, b: &mut NBlock) -> Handle<Expression> {
        let lo = self.splat_f(-2.0, w, b);
        let hi = self.splat_f(2047.0 / 1024.0, w, b);
        let c = self.math(M::Clamp, &[x, lo, hi], b);
        let scale = self.splat_f(1024.0, w, b);
        let scaled = self.binary(Bin::Multiply, c, scale, b);
        let steps = self.math(M::Round, &[scaled], b);
        let q = self.binary(Bin::Divide, steps, scale, b);
        let zero = self.splat_f(0.0, w, b);
        let nan = self.is_nan(x, b);
        self.select(nan, zero, q, b)
    }
}
