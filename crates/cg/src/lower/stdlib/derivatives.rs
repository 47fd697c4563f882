//! Derivatives (cg-stdlib.md §5) and the fragment-only helpers (§8): `ddx`, `ddy`,
//! `fwidth` = |ddx| + |ddy|, `clip(x)` = discard when any component is negative, and `debug`,
//! which does nothing without cgc's `-debug`.

use super::super::val::Val;
use super::super::{Lowerer, R};
use super::Call;
use pigment_ir::Op;

impl Lowerer<'_> {
    pub(super) fn derivative_or_fragment(&mut self, call: &mut Call) -> R<Option<Val>> {
        let v = match call.name {
            "ddx" | "ddy" => {
                let x = self.arg(call, 0)?;
                let op = if call.name == "ddx" { Op::Ddx } else { Op::Ddy };
                self.em.unary(op, x)
            }
            "fwidth" => {
                let x = self.arg(call, 0)?;
                let dx = self.em.unary(Op::Ddx, x);
                let dy = self.em.unary(Op::Ddy, x);
                let adx = self.em.unary(Op::Abs, dx);
                let ady = self.em.unary(Op::Abs, dy);
                self.em.binary(Op::Add, adx, ady)
            }
            "clip" => {
                let x = self.arg(call, 0)?;
                let zero = self.real_like(x, 0.0);
                let negative = self.em.binary(Op::Lt, x, zero);
                let any = self.em.unary(Op::Any, negative);
                self.em.b.begin_if(any, &[]);
                self.em.b.discard();
                self.em.b.end_if();
                return Ok(Some(Self::nothing()));
            }
            "debug" => return Ok(Some(Self::nothing())),
            _ => return Ok(None),
        };
        Ok(Some(Val::Vec(v)))
    }
}
