//! [`Emitter`]: the IR builder as lowering uses it. Operations on constants are folded with the
//! IR's own [`eval`] (so folding means exactly what the interpreter would compute), which keeps
//! constant indices, case values and loop bounds visible as constants; identity swizzles and
//! same-kind conversions emit nothing. One rewrite departs from the interpreter on purpose: a
//! product with a known zero is zero, as cgc folds it (see [`Emitter::zero_product`]).

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
        if let Some(zero) = self.zero_product(op, args) {
            return zero;
        }
        self.b.op(op, args)
    }

    /// cgc folds `x * 0` and `dot(x, 0)` to 0 whatever `x` is, when one factor is a constant whose
    /// every component is zero (`t.xy * float2(0, 0)` and `0 * t.z` become `MOVR o, {0}`, while
    /// `t.xy * float2(0, 1)` keeps its MUL; cgc 3.1 `-profile fp30`). That differs from IEEE
    /// arithmetic only for an infinite or NaN `x` — and there shaders depend on it: libretro's xBRZ
    /// samples `coord + (1 / size) * float2(0, 0)`, which cgc's program reads at `coord` even where
    /// `size` is 0. So lowering makes the same rewrite, and the IR means what cgc's program computes.
    fn zero_product(&mut self, op: Op, args: &[Value]) -> Option<Value> {
        if !matches!(op, Op::Mul | Op::Dot) {
            return None;
        }
        let is_zero = |v: &Vector| (0..v.width()).all(|i| v.f32(i) == 0.0);
        let real = |t: Type| {
            matches!(
                t.kind,
                ScalarKind::Float | ScalarKind::Half | ScalarKind::Fixed
            )
        };
        let has_zero = args
            .iter()
            .any(|&a| real(self.ty(a)) && self.known(a).is_some_and(|v| is_zero(&v)));
        if !has_zero {
            return None;
        }
        let types: Vec<Type> = args.iter().map(|&a| self.ty(a)).collect();
        let ty = op.result_type(&types).ok()?;
        Some(self.zero(ty))
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
