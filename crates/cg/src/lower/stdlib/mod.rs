//! The standard library (cg-stdlib.md) in IR operations, one module per family. Arguments arrive
//! converted to the chosen overload's parameter types; `out` arguments are written afterwards.
//! Where cgc's fp30 code shows how it computed a function (cg-stdlib-fp30-probe.tsv), the same
//! formula is used, so results agree with what cgc's programs computed.

mod derivatives;
mod geometric;
mod math;
mod matrix;
mod pack;
mod pow;
mod texture;

use super::val::Val;
use super::{Lowerer, R};
use crate::check::stdlib::{stdlib, BuiltinId};
use crate::check::types::Type as CgType;
use crate::syntax::ast::{ExprId, Span};
use pigment_ir::Value;

/// A library call being lowered: its name, its input arguments, its declared result, and the
/// values of its `out` parameters (filled in by the family that lowers it).
pub(crate) struct Call<'c> {
    pub name: &'c str,
    pub args: Vec<Val>,
    pub ret: &'c CgType,
    pub outs: Vec<Val>,
    pub span: Span,
}

impl Call<'_> {
    /// Input argument `i` as a scalar or vector.
    pub fn v(&self, i: usize) -> Option<Value> {
        self.args.get(i).and_then(Val::vector)
    }
}

impl Lowerer<'_> {
    pub(super) fn builtin(&mut self, id: BuiltinId, args: &[ExprId], span: Span) -> R<Val> {
        let b = stdlib().get(id);
        let mut inputs = Vec::new();
        let mut places = Vec::new();
        for (&a, (ty, dir)) in args.iter().zip(&b.params) {
            if dir.is_output() {
                places.push((self.place(a)?, ty.clone(), self.type_of(a)));
            }
            if dir.is_input() {
                inputs.push(self.rvalue(a)?);
            }
        }
        let mut call = Call {
            name: &b.name,
            args: inputs,
            ret: &b.ret,
            outs: Vec::new(),
            span,
        };
        let lowered = match self.math(&mut call)? {
            Some(v) => Some(v),
            None => match self.geometric(&mut call)? {
                Some(v) => Some(v),
                None => match self.matrix(&mut call)? {
                    Some(v) => Some(v),
                    None => match self.derivative_or_fragment(&mut call)? {
                        Some(v) => Some(v),
                        None => match self.texture(&mut call)? {
                            Some(v) => Some(v),
                            None => self.pack(&mut call)?,
                        },
                    },
                },
            },
        };
        let Some(value) = lowered else {
            return self.error(
                span,
                format!(
                    "the standard library function `{}` is not supported",
                    b.name
                ),
            );
        };
        for ((place, param_ty, arg_ty), v) in places.into_iter().zip(call.outs) {
            let v = self.convert(v, &param_ty, &arg_ty, span)?;
            self.write_place(&place, v, span)?;
        }
        Ok(value)
    }

    /// The value a `void` function gives.
    pub(super) fn nothing() -> Val {
        Val::Struct(Vec::new())
    }

    /// Input `i` of `call` as one IR value, or an error for a shape the family cannot take.
    pub(super) fn arg(&mut self, call: &Call, i: usize) -> R<Value> {
        match call.v(i) {
            Some(v) => Ok(v),
            None => self.error(
                call.span,
                format!("`{}` expects a scalar or vector", call.name),
            ),
        }
    }

    /// The widest input's width: the width of a call whose scalar inputs smear (`step(a, v2)`).
    pub(super) fn widest(&mut self, call: &Call) -> R<u8> {
        let mut width = 1;
        for i in 0..call.args.len() {
            let v = self.arg(call, i)?;
            width = width.max(self.em.ty(v).width);
        }
        Ok(width)
    }

    /// Input `i` widened to `width` components when it is a scalar.
    pub(super) fn arg_as(&mut self, call: &Call, i: usize, width: u8) -> R<Value> {
        let v = self.arg(call, i)?;
        Ok(self.em.broadcast(v, width))
    }
}
