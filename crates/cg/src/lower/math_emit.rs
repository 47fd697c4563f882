//! The Cg lowering's emitter as an emitter of `pigment_ir::libm`'s formulas, which then fold as
//! the rest of the lowering does.

use super::emit::Emitter;
use pigment_ir::libm::Emit;
use pigment_ir::{Op, Type, Value};

impl Emit for Emitter {
    fn value_type(&self, v: Value) -> Type {
        self.ty(v)
    }

    fn emit_op(&mut self, op: Op, args: &[Value]) -> Value {
        self.op(op, args)
    }

    fn emit_select(&mut self, cond: Value, a: Value, b: Value) -> Value {
        self.select(cond, a, b)
    }

    fn constant_like(&mut self, like: Value, x: f32) -> Value {
        let t = self.ty(like);
        self.real_splat(t.kind, x, t.width)
    }
}
