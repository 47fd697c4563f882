//! [`Emitter`]: the IR builder as lowering uses it. Operations on constants are folded with the
//! IR's own [`eval`] (so folding means exactly what the interpreter would compute), which keeps
//! constant indices, case values and loop bounds visible as constants; identity swizzles and
//! same-kind conversions emit nothing. cgc's identities that depart from IEEE arithmetic (a product
//! with a known zero is zero) are applied to the whole function afterwards, by
//! `pigment_ir::pass::Identities`.

use pigment_ir::eval::eval;
use pigment_ir::{FunctionBuilder, Op, ScalarKind, SourceLoc, Swizzle, Type, Value, Vector};
use std::collections::HashMap;

pub struct Emitter {
    pub b: FunctionBuilder,
    /// The values known to be constants, with their value.
    consts: HashMap<Value, Vector>,
    loc: Option<SourceLoc>,
}

impl Emitter {
    pub fn new(name: &str) -> Emitter {
        Emitter {
            b: FunctionBuilder::new(name),
            consts: HashMap::new(),
            loc: None,
        }
    }

    /// Sets the location of what is emitted next; returns the previous one (to restore).
    pub fn set_loc(&mut self, loc: Option<SourceLoc>) -> Option<SourceLoc> {
        let old = self.loc;
        self.loc = loc;
        self.b.set_loc(loc);
        old
    }

    pub fn ty(&self, v: Value) -> Type {
        self.b
            .function()
            .values
            .try_get(v)
            .map_or(Type::FLOAT, |i| i.ty)
    }

    pub fn known(&self, v: Value) -> Option<Vector> {
        self.consts.get(&v).copied()
    }

    pub fn constant(&mut self, value: Vector) -> Value {
        let v = self.b.constant(value);
        self.consts.insert(v, value);
        v
    }

    /// A real constant of `kind` (each component rounded to the kind).
    pub fn reals(&mut self, kind: ScalarKind, values: &[f32]) -> Value {
        self.constant(Vector::reals(kind, values))
    }

    /// `value` in every one of the `width` components of a `kind` vector.
    pub fn real_splat(&mut self, kind: ScalarKind, value: f32, width: u8) -> Value {
        self.reals(kind, &vec![value; width as usize])
    }

    pub fn int(&mut self, value: i32) -> Value {
        self.constant(Vector::ints(&[value]))
    }

    pub fn bool(&mut self, value: bool) -> Value {
        self.constant(Vector::bools(&[value]))
    }

    /// The value 0 (false) of any type.
    pub fn zero(&mut self, ty: Type) -> Value {
        self.constant(Vector::zero(ty))
    }

    /// The number 1 (true) of any type.
    pub fn one(&mut self, ty: Type) -> Value {
        let n = ty.width as usize;
        let v = match ty.kind {
            ScalarKind::Bool => Vector::bools(&vec![true; n]),
            ScalarKind::Int => Vector::ints(&vec![1; n]),
            k => Vector::reals(k, &vec![1.0; n]),
        };
        self.constant(v)
    }

    /// Any pure operation, folded when every operand is a known constant.
    pub fn op(&mut self, op: Op, args: &[Value]) -> Value {
        let known: Option<Vec<Vector>> = args.iter().map(|a| self.known(*a)).collect();
        if let Some(values) = known {
            if let Some(result) = eval(op, &values) {
                return self.constant(result);
            }
        }
        self.b.op(op, args)
    }

    pub fn unary(&mut self, op: Op, a: Value) -> Value {
        self.op(op, &[a])
    }

    pub fn binary(&mut self, op: Op, a: Value, b: Value) -> Value {
        self.op(op, &[a, b])
    }

    pub fn select(&mut self, cond: Value, a: Value, b: Value) -> Value {
        if a == b {
            return a;
        }
        self.op(Op::Select, &[cond, a, b])
    }

    /// Components of `a` by index; the identity selection is `a` itself.
    pub fn swizzle(&mut self, a: Value, components: &[u8]) -> Value {
        let width = self.ty(a).width as usize;
        let identity = components.len() == width
            && components.iter().enumerate().all(|(i, &c)| c as usize == i);
        if identity {
            return a;
        }
        match Swizzle::new(components) {
            Some(s) => self.op(Op::Swizzle(s), &[a]),
            None => a,
        }
    }

    pub fn extract(&mut self, a: Value, index: u8) -> Value {
        self.swizzle(a, &[index])
    }

    /// A scalar repeated `width` times (a width-1 value stays as it is for width 1).
    pub fn splat(&mut self, scalar: Value, width: u8) -> Value {
        self.swizzle(scalar, &[0, 0, 0, 0][..width.clamp(1, 4) as usize])
    }

    /// `a` widened to `width` components when it is a scalar.
    pub fn broadcast(&mut self, a: Value, width: u8) -> Value {
        if self.ty(a).width == 1 && width > 1 {
            self.splat(a, width)
        } else {
            a
        }
    }

    pub fn construct(&mut self, parts: &[Value]) -> Value {
        match parts {
            [one] => *one,
            _ => self.op(Op::Construct, parts),
        }
    }

    /// `a` converted to `kind` (nothing when it already has that kind).
    pub fn cvt(&mut self, a: Value, kind: ScalarKind) -> Value {
        if self.ty(a).kind == kind {
            a
        } else {
            self.unary(Op::Cvt(kind), a)
        }
    }

    /// A value from single components `(value, index)`, grouped into swizzles of runs that come
    /// from one value and concatenated.
    pub fn assemble(&mut self, comps: &[(Value, u8)]) -> Value {
        let mut parts = Vec::new();
        let mut i = 0;
        while i < comps.len() {
            let src = comps[i].0;
            let mut idx = vec![comps[i].1];
            let mut j = i + 1;
            while j < comps.len() && comps[j].0 == src {
                idx.push(comps[j].1);
                j += 1;
            }
            parts.push(self.swizzle(src, &idx));
            i = j;
        }
        self.construct(&parts)
    }

    /// Every component of `v` as `(v, index)`.
    pub fn components(&self, v: Value) -> Vec<(Value, u8)> {
        (0..self.ty(v).width).map(|i| (v, i)).collect()
    }
}
