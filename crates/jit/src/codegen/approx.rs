//! The approximations (RCP, RSQ, EX2, LG2, POW and LIT's power, SIN, COS) inline on f32x4:
//! `pigment_numeric::approx` writes each one once as a sequence of [`Lanes`] steps, and this
//! implementation of [`Lanes`] emits every step as one f32x4 (or i32x4) instruction, so that the four
//! lanes get exactly the bits the scalar code gives, with no helper call and no f64.
//!
//! The sequences are designed to give the same bits whether the CPU reads denormal operands as zero or
//! not (see `approx`'s "Denormal intermediates"), so they need nothing from the DAZ rules of
//! `format.rs` beyond the operands' usual treatment: RCP and RSQ read lazily converted operands (a
//! denormal reads as the zero the flush would make of it), the others fully converted ones.

use super::Gen;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, InstBuilder, Value};
use pigment_numeric::approx::Lanes;

impl Lanes for Gen<'_, '_> {
    type F = Value;
    type I = Value;
    type M = Value;
    fn float_const(&mut self, x: f32) -> Value {
        self.fsplat(x)
    }
    fn int_const(&mut self, x: i32) -> Value {
        self.isplat(x as i64)
    }
    fn add(&mut self, a: Value, b: Value) -> Value {
        self.b.ins().fadd(a, b)
    }
    fn sub(&mut self, a: Value, b: Value) -> Value {
        self.b.ins().fsub(a, b)
    }
    fn mul(&mut self, a: Value, b: Value) -> Value {
        self.b.ins().fmul(a, b)
    }
    fn div(&mut self, a: Value, b: Value) -> Value {
        self.b.ins().fdiv(a, b)
    }
    fn sqrt(&mut self, a: Value) -> Value {
        self.b.ins().sqrt(a)
    }
    fn lt(&mut self, a: Value, b: Value) -> Value {
        self.fmask(FloatCC::LessThan, a, b)
    }
    fn gt(&mut self, a: Value, b: Value) -> Value {
        self.fmask(FloatCC::GreaterThan, a, b)
    }
    fn int_lt(&mut self, a: Value, b: Value) -> Value {
        self.b.ins().icmp(IntCC::SignedLessThan, a, b)
    }
    fn int_eq(&mut self, a: Value, b: Value) -> Value {
        self.b.ins().icmp(IntCC::Equal, a, b)
    }
    fn both(&mut self, a: Value, b: Value) -> Value {
        self.b.ins().band(a, b)
    }
    fn select(&mut self, m: Value, a: Value, b: Value) -> Value {
        self.pick(m, a, b)
    }
    fn bits_of(&mut self, a: Value) -> Value {
        self.bits(a)
    }
    fn float_of(&mut self, a: Value) -> Value {
        self.float(a)
    }
    fn int_to_float(&mut self, a: Value) -> Value {
        self.b.ins().fcvt_from_sint(types::F32X4, a)
    }
    fn int_add(&mut self, a: Value, b: Value) -> Value {
        self.b.ins().iadd(a, b)
    }
    fn int_sub(&mut self, a: Value, b: Value) -> Value {
        self.b.ins().isub(a, b)
    }
    fn int_and(&mut self, a: Value, b: Value) -> Value {
        self.b.ins().band(a, b)
    }
    fn int_xor(&mut self, a: Value, b: Value) -> Value {
        self.b.ins().bxor(a, b)
    }
    fn shl(&mut self, a: Value, n: u32) -> Value {
        self.b.ins().ishl_imm_u(a, n as i64)
    }
    fn sshr(&mut self, a: Value, n: u32) -> Value {
        self.b.ins().sshr_imm_u(a, n as i64)
    }
}
