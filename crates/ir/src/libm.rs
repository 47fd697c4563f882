//! The inverse trigonometric functions as IR: the Cg standard library's reference implementations
//! (NVIDIA's Cg Toolkit documents each function with the code it stands for), which cgc compiles
//! for profiles without such instructions. Front ends that need `asin`, `acos` or `atan2` emit
//! them through [`Emit`], so that every front end computes them the same way (Cg's lowering and
//! ISL's parameter arithmetic do).

use crate::{FunctionBuilder, Op, ScalarKind, Type, Value, Vector};

/// What the formulas need of an emitter: the type of a value, operations, selects, conversions
/// and constants of a value's shape. [`FunctionBuilder`] is one; a front end's own emitter (one
/// that folds as it goes, say) can be another.
pub trait Emit {
    fn value_type(&self, v: Value) -> Type;
    fn emit_op(&mut self, op: Op, args: &[Value]) -> Value;
    fn emit_select(&mut self, cond: Value, a: Value, b: Value) -> Value;
    /// `x` in every component of a value of `like`'s kind and width.
    fn constant_like(&mut self, like: Value, x: f32) -> Value;
}

impl Emit for FunctionBuilder {
    fn value_type(&self, v: Value) -> Type {
        self.function().ty(v)
    }

    fn emit_op(&mut self, op: Op, args: &[Value]) -> Value {
        self.op(op, args)
    }

    fn emit_select(&mut self, cond: Value, a: Value, b: Value) -> Value {
        self.select(cond, a, b)
    }

    fn constant_like(&mut self, like: Value, x: f32) -> Value {
        let t = self.function().ty(like);
        self.constant(Vector::reals(t.kind, &vec![x; t.width as usize]))
    }
}

const PI: f32 = std::f32::consts::PI;
const HALF_PI: f32 = std::f32::consts::FRAC_PI_2;

/// `asin(x)` (or `acos(x)` when `asin` is false): the library's polynomial in |x| times
/// √(1 − |x|), reflected for negative x (|error| < 7e-5).
pub fn asin_acos(e: &mut impl Emit, x: Value, asin: bool) -> Value {
    let kind = e.value_type(x).kind;
    let zero = e.constant_like(x, 0.0);
    let negative = e.emit_op(Op::Lt, &[x, zero]);
    let negate = convert(e, negative, kind);
    let ax = e.emit_op(Op::Abs, &[x]);
    let mut ret = e.constant_like(x, -0.0187293);
    for c in [0.074261, -0.2121144, 1.5707288] {
        let k = e.constant_like(x, c);
        ret = e.emit_op(Op::Mad, &[ret, ax, k]);
    }
    let one = e.constant_like(x, 1.0);
    let rest = e.emit_op(Op::Sub, &[one, ax]);
    let root = e.emit_op(Op::Sqrt, &[rest]);
    let two = e.constant_like(x, 2.0);
    let twice_negate = e.emit_op(Op::Mul, &[two, negate]);
    if asin {
        let half_pi = e.constant_like(x, HALF_PI);
        let prod = e.emit_op(Op::Mul, &[root, ret]);
        let r = e.emit_op(Op::Sub, &[half_pi, prod]);
        let flip = e.emit_op(Op::Mul, &[twice_negate, r]);
        e.emit_op(Op::Sub, &[r, flip])
    } else {
        let r = e.emit_op(Op::Mul, &[ret, root]);
        let flip = e.emit_op(Op::Mul, &[twice_negate, r]);
        let r = e.emit_op(Op::Sub, &[r, flip]);
        let pi = e.constant_like(x, PI);
        e.emit_op(Op::Mad, &[negate, pi, r])
    }
}

/// `atan2(y, x)`: the library's odd polynomial in min(|x|, |y|) / max(|x|, |y|), then the octant.
pub fn atan2(e: &mut impl Emit, y: Value, x: Value) -> Value {
    let ax = e.emit_op(Op::Abs, &[x]);
    let ay = e.emit_op(Op::Abs, &[y]);
    let hi = e.emit_op(Op::Max, &[ax, ay]);
    let lo = e.emit_op(Op::Min, &[ax, ay]);
    let t = e.emit_op(Op::Div, &[lo, hi]);
    let t2 = e.emit_op(Op::Mul, &[t, t]);
    let mut p = e.constant_like(x, -0.013_480_47);
    for c in [
        0.057_477_314,
        -0.121_239_07,
        0.195_635_93,
        -0.332_994_6,
        0.999_995_6,
    ] {
        let k = e.constant_like(x, c);
        p = e.emit_op(Op::Mad, &[p, t2, k]);
    }
    let mut r = e.emit_op(Op::Mul, &[p, t]);
    let half_pi = e.constant_like(x, HALF_PI);
    let steep = e.emit_op(Op::Gt, &[ay, ax]);
    let alt = e.emit_op(Op::Sub, &[half_pi, r]);
    r = e.emit_select(steep, alt, r);
    let zero = e.constant_like(x, 0.0);
    let left = e.emit_op(Op::Lt, &[x, zero]);
    let pi = e.constant_like(x, PI);
    let alt = e.emit_op(Op::Sub, &[pi, r]);
    r = e.emit_select(left, alt, r);
    let below = e.emit_op(Op::Lt, &[y, zero]);
    let alt = e.emit_op(Op::Neg, &[r]);
    e.emit_select(below, alt, r)
}

/// `v` as `kind` (nothing when it already is).
fn convert(e: &mut impl Emit, v: Value, kind: ScalarKind) -> Value {
    if e.value_type(v).kind == kind {
        v
    } else {
        e.emit_op(Op::Cvt(kind), &[v])
    }
}
